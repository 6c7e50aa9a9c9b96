import { useState, type FormEvent } from "react";

import { Button, Card, Elevation, FormGroup, H2, InputGroup, Intent, Link } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../../api/errors";
import { useSession } from "../../app/auth/SessionContext";
import { FormError } from "../../components/FormError";
import { LOGIN_TEXTS } from "./texts";

/**
 * The login message for a failed sign-in: the server's own text when sign-ins are throttled or
 * unavailable (it says how long to wait), else the spec's.
 */
export function loginFailureMessage(err: unknown): string {
  if (hasCode(err, Code.ResourceExhausted, Code.Unavailable)) {
    return serverMessage(err) || LOGIN_TEXTS.unavailable;
  }
  return LOGIN_TEXTS.failed;
}

/** The public sign-in screen (/). Where a signed-in user goes next is decided by the route guard. */
export function LoginPage() {
  const session = useSession();
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) {
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await session.signIn(login.trim(), password);
    } catch (err) {
      setError(loginFailureMessage(err));
      setPassword("");
      setBusy(false);
    }
  }

  return (
    <div className="eris-login">
      <Card elevation={Elevation.TWO} className="eris-login-card">
        <div className="eris-login-brand">
          <H2>{LOGIN_TEXTS.title}</H2>
          <span className="eris-muted">{LOGIN_TEXTS.subtitle}</span>
        </div>
        <form onSubmit={handleSubmit} noValidate>
          <FormGroup label={LOGIN_TEXTS.loginLabel} labelFor="login">
            <InputGroup
              id="login"
              name="login"
              autoComplete="username"
              autoFocus
              leftIcon="person"
              value={login}
              onValueChange={setLogin}
            />
          </FormGroup>
          <FormGroup label={LOGIN_TEXTS.passwordLabel} labelFor="password">
            <InputGroup
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              leftIcon="lock"
              value={password}
              onValueChange={setPassword}
            />
          </FormGroup>
          <FormError message={error} />
          <Button type="submit" intent={Intent.PRIMARY} fill loading={busy} text={LOGIN_TEXTS.submit} />
        </form>
        <div className="eris-login-links">
          {/* The spec's Forgot Password link has no target. */}
          <Link underline="hover">{LOGIN_TEXTS.forgotPassword}</Link>
        </div>
      </Card>
    </div>
  );
}
