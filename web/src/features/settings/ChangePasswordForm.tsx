import { useState, type FormEvent } from "react";

import { Button, Callout, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { useNavigate } from "react-router";

import { hasCode, serverMessage } from "../../api/errors";
import { HOME_PATH } from "../../app/auth/guard";
import { useSession } from "../../app/auth/SessionContext";
import { FormError, ModalDialog } from "../../components/FormDialogParts";
import { toast } from "../../lib/toaster";
import { canSubmitPasswordChange, checkPasswordChange } from "./passwordRules";
import { SETTINGS_TEXTS } from "./texts";

export interface ChangePasswordFormProps {
  /** The user must change the password before doing anything else. */
  forced: boolean;
  /** On a forced reset right after sign-in: the password typed there, shown locked. */
  lockedCurrentPassword?: string;
}

/** Settings > Change Password. */
export function ChangePasswordForm({ forced, lockedCurrentPassword }: ChangePasswordFormProps) {
  const session = useSession();
  const navigate = useNavigate();
  const locked = lockedCurrentPassword !== undefined;
  const [current, setCurrent] = useState(lockedCurrentPassword ?? "");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = { current: locked ? lockedCurrentPassword : current, next, confirm };
  const canSubmit = canSubmitPasswordChange(change) && !busy;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) {
      return;
    }
    const problem = checkPasswordChange(change);
    setMessage(problem);
    if (problem) {
      return;
    }
    setBusy(true);
    try {
      await session.changePassword(change.current, change.next);
      setCurrent("");
      setNext("");
      setConfirm("");
      void toast.success(SETTINGS_TEXTS.changed);
      if (forced) {
        navigate(HOME_PATH, { replace: true });
      }
    } catch (err) {
      if (hasCode(err, Code.InvalidArgument, Code.FailedPrecondition)) {
        setMessage(serverMessage(err));
      } else if (hasCode(err, Code.Unauthenticated)) {
        // Most often the session has ended, and the login page shows; else say what the server said.
        if (session.getState().status === "signedIn") {
          setMessage(serverMessage(err) || SETTINGS_TEXTS.failed);
        }
      } else {
        setFailed(true);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="eris-narrow-form" onSubmit={handleSubmit} noValidate>
      {forced && (
        <Callout intent={Intent.WARNING} className="eris-form-note">
          {SETTINGS_TEXTS.forcedReset}
        </Callout>
      )}
      <FormGroup label={SETTINGS_TEXTS.currentPassword} labelFor="current-password">
        <InputGroup
          id="current-password"
          type="password"
          autoComplete="current-password"
          value={change.current}
          disabled={locked}
          onValueChange={setCurrent}
        />
      </FormGroup>
      <FormGroup
        label={SETTINGS_TEXTS.newPassword}
        labelFor="new-password"
        helperText={<span id="new-password-hint">{SETTINGS_TEXTS.newPasswordHint}</span>}
      >
        <InputGroup
          id="new-password"
          type="password"
          autoComplete="new-password"
          aria-describedby="new-password-hint"
          value={next}
          onValueChange={setNext}
        />
      </FormGroup>
      <FormGroup label={SETTINGS_TEXTS.confirmPassword} labelFor="confirm-password">
        <InputGroup
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onValueChange={setConfirm}
        />
      </FormGroup>
      <FormError message={message} />
      <Button type="submit" intent={Intent.PRIMARY} disabled={!canSubmit} loading={busy} text={SETTINGS_TEXTS.submit} />
      <ModalDialog
        isOpen={failed}
        title={SETTINGS_TEXTS.failedTitle}
        icon="error"
        style={{ width: 500 }}
        onClose={() => setFailed(false)}
      >
        <DialogBody>
          <p>{SETTINGS_TEXTS.failed}</p>
        </DialogBody>
        <DialogFooter
          actions={<Button intent={Intent.PRIMARY} text={SETTINGS_TEXTS.ok} onClick={() => setFailed(false)} />}
        />
      </ModalDialog>
    </form>
  );
}
