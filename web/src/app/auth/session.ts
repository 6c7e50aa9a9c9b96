import { fromJson, toJson, type JsonValue } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";

import { hasCode } from "../../api/errors";
import type { SessionAnswer, SessionApi } from "../../api/sessionApi";
import { UserSchema, type User } from "../../gen/eris/identity/v1/identity_pb";
import { browserRefreshLock, TokenRefresher, type RefreshLock } from "./tokenRefresher";
import type { TokenStore } from "./tokenStore";

/** The gRPC call the session makes; the generated AuthService client fits, and tests pass fakes. */
export interface SessionAuthApi {
  getCurrentUser(req: object): Promise<{ user?: User; features?: string[]; businessTimeZone?: string }>;
}

export type SessionState =
  | { status: "restoring" }
  | { status: "signedOut" }
  | {
      status: "signedIn";
      user: User;
      /** Features switched on for this user (GetCurrentUser), e.g. "contracts_beta"; empty until known. */
      features?: readonly string[];
      /**
       * The business time zone (IANA name) from GetCurrentUser; absent until known (SignIn does not
       * say), when the app uses DEFAULT_BUSINESS_TIME_ZONE.
       */
      businessTimeZone?: string;
      /**
       * The password typed at sign-in, kept in memory only while a forced reset is pending, so that the
       * Change Password form can prefill and lock it. Gone after a reload.
       */
      pendingCurrentPassword?: string;
    };

type Listener = () => void;

/** What GetCurrentUser says about the signed-in user: the part of a signed-in state kept between loads. */
type Profile = Pick<Extract<SessionState, { status: "signedIn" }>, "user" | "features" | "businessTimeZone">;

/**
 * A short fingerprint of a token (FNV-1a), kept with the profile so that a profile is used only
 * with the token it was answered for: never for a token another user's sign-in stored, nor after a
 * refresh until the user has been read again. Not a secret and not a check of the token.
 */
function fingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The profile as kept in storage, for `token`: the user in the protobuf JSON form. */
export function profileText({ user, features = [], businessTimeZone }: Profile, token: string): string {
  return JSON.stringify({
    token: fingerprint(token),
    user: toJson(UserSchema, user),
    features,
    businessTimeZone: businessTimeZone ?? "",
  });
}

/**
 * The profile kept for `token`, or undefined when there is none, it was kept for another token or
 * it cannot be read (then the load waits for the server).
 */
function readProfile(text: string | null, token: string | null): Profile | undefined {
  if (!text || !token) {
    return undefined;
  }
  try {
    const kept = JSON.parse(text) as {
      token?: unknown;
      user?: JsonValue;
      features?: unknown;
      businessTimeZone?: unknown;
    };
    if (kept.token !== fingerprint(token)) {
      return undefined;
    }
    const user = fromJson(UserSchema, kept.user ?? null);
    const features = Array.isArray(kept.features) ? kept.features.filter((f) => typeof f === "string") : [];
    const businessTimeZone = typeof kept.businessTimeZone === "string" ? kept.businessTimeZone : "";
    return user.userId > 0n ? { user, features, businessTimeZone: businessTimeZone || undefined } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Waits before each new attempt at restoring a session when the server could not answer (a call
 * cancelled by a navigation, the network or a service briefly away): 0.3, 1 and 3 seconds.
 */
export const RESTORE_RETRY_DELAYS_MS: readonly number[] = [300, 1000, 3000];

/** Whether a failed GetCurrentUser means the stored tokens are no good (rather than "try again"). */
function refusesTokens(err: unknown): boolean {
  if (!(err instanceof ConnectError)) {
    return true;
  }
  return err.code === Code.Unauthenticated || err.code === Code.PermissionDenied || err.code === Code.NotFound;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Who is signed in. Being signed in means an access token is held in the token store (the refresh
 * token is an HttpOnly cookie the app never sees); the user record comes from the server
 * (GetCurrentUser), never from decoding a token.
 */
export class Session {
  private state: SessionState;
  private readonly listeners = new Set<Listener>();
  private readonly refresher: TokenRefresher;
  /** Whether the signed-in state is the server's answer of this load, not the profile kept from the last. */
  private confirmed = false;

  constructor(
    private readonly tokens: TokenStore,
    private readonly api: () => SessionAuthApi,
    private readonly sessionApi: () => SessionApi,
    private readonly onSignedOut: () => void = () => {},
    lock: RefreshLock = browserRefreshLock(),
    private readonly retryDelaysMs: readonly number[] = RESTORE_RETRY_DELAYS_MS,
  ) {
    const kept = readProfile(tokens.profile(), tokens.accessToken());
    this.state = kept
      ? { status: "signedIn", ...kept }
      : tokens.accessToken()
        ? { status: "restoring" }
        : { status: "signedOut" };
    this.refresher = new TokenRefresher({
      tokens,
      api: sessionApi,
      lock,
      onRefreshed: () => void this.reloadCurrentUser(),
      onEnded: () => this.drop(),
    });
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getToken = (): string | null => this.tokens.accessToken();

  /**
   * A token to retry with after the server refused `refused` (see TokenRefresher.renew); null, with
   * the session dropped, when the session has ended.
   */
  renewToken = (refused: string | null): Promise<string | null> => this.refresher.renew(refused);

  /**
   * Restores the session from the stored access token; a token the server refuses (and cannot
   * refresh) is removed. When the server cannot answer, it tries again a few times; if it still
   * cannot, the sign-in screen shows but the token is kept, so the next load restores the session.
   *
   * With the profile kept from the last answer, the session is signed in from the start, so the
   * screens draw and ask for their data while GetCurrentUser is asked (every call is still checked
   * by the server); the server's answer then replaces the profile, or its refusal ends the session.
   */
  async restore(): Promise<void> {
    if (!this.tokens.accessToken()) {
      this.set({ status: "signedOut" });
      return;
    }
    if (this.state.status !== "signedIn") {
      this.set({ status: "restoring" });
    }
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await this.api().getCurrentUser({});
        if (this.state.status === "signedOut" || this.confirmed) {
          return; // dropped, or signed in through the form, meanwhile
        }
        this.signedIn(answer);
        this.refresher.schedule();
        return;
      } catch (err) {
        if (refusesTokens(err)) {
          this.drop();
          return;
        }
        if (attempt >= this.retryDelaysMs.length) {
          this.set({ status: "signedOut" });
          return;
        }
        await sleep(this.retryDelaysMs[attempt]);
        if (this.state.status === "signedOut" || this.confirmed) {
          return;
        }
      }
    }
  }

  /**
   * Signs in (POST /api/user/login; the gateway sets the refresh cookie), then reads the user, the
   * features and the time zone with GetCurrentUser. On failure the stored token is removed, a
   * session opened meanwhile is ended, and the error is rethrown for the form.
   */
  async signIn(username: string, password: string): Promise<User> {
    let opened: string | null = null;
    try {
      const answer = await this.sessionApi().login({ username, password });
      this.tokens.saveProfile(null);
      this.tokens.save(answer);
      opened = answer.token;
      const user = this.signedIn(await this.api().getCurrentUser({}), password);
      this.refresher.schedule();
      return user;
    } catch (err) {
      if (opened) {
        // Signed in, but the user could not be read: end that session rather than leave its cookie.
        await this.logoutOnServer(this.tokens.accessToken() ?? opened, false);
      }
      this.drop();
      throw err;
    }
  }

  /**
   * Ends the session on the server (POST /api/user/logout, which also removes the refresh cookie)
   * and forgets it here, whether or not the server could be told. With `everywhere`, every session
   * of the user ends, on every device. Resolves to whether the server confirmed.
   */
  async signOut({ everywhere = false }: { everywhere?: boolean } = {}): Promise<boolean> {
    const confirmed = await this.logoutOnServer(this.tokens.accessToken(), everywhere);
    this.drop();
    return confirmed;
  }

  /** Forgets the session at once, e.g. when the server refused to refresh it. */
  drop(): void {
    this.confirmed = false;
    this.refresher.stop();
    this.tokens.remove();
    if (this.state.status !== "signedOut") {
      this.set({ status: "signedOut" });
      this.onSignedOut();
    }
  }

  /**
   * Changes the password (POST /api/user/changePassword). The gateway ends every other session and
   * answers with a fresh access token (and a fresh refresh cookie), which replaces the old one; the
   * reset flag is gone. A refused access token is renewed once, as for any call. Failures are
   * rethrown for the form.
   */
  async changePassword(oldPass: string, newPass: string): Promise<void> {
    const send = (token: string | null) => this.sessionApi().changePassword({ token, oldPass, newPass });
    const token = this.tokens.accessToken();
    let answer: SessionAnswer;
    try {
      answer = await send(token);
    } catch (err) {
      if (!hasCode(err, Code.Unauthenticated)) {
        throw err;
      }
      const renewed = await this.renewToken(token);
      if (!renewed) {
        throw err;
      }
      answer = await send(renewed);
    }
    this.passwordChanged(answer);
  }

  /** After a password change: the fresh token replaces the revoked one; the reset flag is gone. */
  private passwordChanged(answer: SessionAnswer): void {
    if (this.state.status !== "signedIn") {
      return;
    }
    this.tokens.save(answer);
    this.refresher.schedule();
    this.set({
      status: "signedIn",
      user: { ...this.state.user, forcePasswordReset: false },
      features: this.state.features,
      businessTimeZone: this.state.businessTimeZone,
    });
    this.keepProfile(this.state);
    void this.reloadCurrentUser();
  }

  /** Tells the server the session ends; false when it could not be told (it may have ended already). */
  private async logoutOnServer(token: string | null, everywhere: boolean): Promise<boolean> {
    try {
      await this.sessionApi().logout({ token, everywhere });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The user as stored now, with the features and the time zone, e.g. after a refresh (the role
   * Management just gave them) or a password change (a new version).
   */
  private async reloadCurrentUser(): Promise<void> {
    try {
      const answer = await this.api().getCurrentUser({});
      if (this.state.status === "signedIn" && answer.user?.userId === this.state.user.userId) {
        this.signedIn(answer, this.state.pendingCurrentPassword);
      }
    } catch {
      // Not fatal: the session goes on with the user as it was.
    }
  }

  /**
   * Signed in as GetCurrentUser answered, and that answer kept for the next load. `password` is the
   * one typed at sign-in, held in memory only while a forced reset is pending.
   */
  private signedIn(answer: Awaited<ReturnType<SessionAuthApi["getCurrentUser"]>>, password?: string): User {
    const { user, features = [], businessTimeZone } = answer;
    if (!user) {
      throw new Error("GetCurrentUser answered without a user");
    }
    const profile: Profile = { user, features, businessTimeZone: businessTimeZone || undefined };
    this.confirmed = true;
    this.set({
      status: "signedIn",
      ...profile,
      pendingCurrentPassword: user.forcePasswordReset ? password : undefined,
    });
    this.keepProfile(profile);
    return user;
  }

  /** Keeps the server's answer for the next load, with the token it goes with. */
  private keepProfile(profile: Profile): void {
    const token = this.tokens.accessToken();
    this.tokens.saveProfile(token ? profileText(profile, token) : null);
  }

  private set(state: SessionState): void {
    this.state = state;
    this.listeners.forEach((listener) => listener());
  }
}
