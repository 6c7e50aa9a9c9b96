import { Code, ConnectError } from "@connectrpc/connect";

import type { User } from "../../gen/eris/identity/v1/identity_pb";
import { browserRefreshLock, TokenRefresher, type RefreshApi, type RefreshLock } from "./tokenRefresher";
import { tokensOf, type TokenAnswer, type TokenStore } from "./tokenStore";

/** The calls the session makes; the generated AuthService client fits, and tests pass fakes. */
export interface SessionAuthApi extends RefreshApi {
  signIn(req: { username: string; password: string }): Promise<TokenAnswer & { user?: User }>;
  signOut(req: { refreshToken: string }): Promise<unknown>;
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
 * Who is signed in. Being signed in means tokens are held in the token store; the user record comes
 * from the server (SignIn, GetCurrentUser, ChangePassword, RefreshToken), never from decoding a token.
 */
export class Session {
  private state: SessionState;
  private readonly listeners = new Set<Listener>();
  private readonly refresher: TokenRefresher;

  constructor(
    private readonly tokens: TokenStore,
    private readonly api: () => SessionAuthApi,
    private readonly onSignedOut: () => void = () => {},
    lock: RefreshLock = browserRefreshLock(),
    private readonly retryDelaysMs: readonly number[] = RESTORE_RETRY_DELAYS_MS,
  ) {
    this.state = tokens.accessToken() ? { status: "restoring" } : { status: "signedOut" };
    this.refresher = new TokenRefresher({
      tokens,
      api,
      lock,
      onRefreshed: (user) => this.refreshed(user),
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
   * Restores the session from stored tokens; tokens the server refuses are removed. When the server
   * cannot answer, it tries again a few times; if it still cannot, the sign-in screen shows but the
   * tokens are kept, so the next load restores the session.
   */
  async restore(): Promise<void> {
    if (!this.tokens.accessToken()) {
      this.set({ status: "signedOut" });
      return;
    }
    this.set({ status: "restoring" });
    for (let attempt = 0; ; attempt++) {
      try {
        const { user, features = [], businessTimeZone } = await this.api().getCurrentUser({});
        if (!user) {
          throw new Error("GetCurrentUser answered without a user");
        }
        this.set({ status: "signedIn", user, features, businessTimeZone: businessTimeZone || undefined });
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
        if (this.state.status !== "restoring") {
          return;
        }
      }
    }
  }

  /** Signs in; on failure the stored tokens are removed and the error is rethrown for the form. */
  async signIn(username: string, password: string): Promise<User> {
    try {
      const answer = await this.api().signIn({ username, password });
      const { user } = answer;
      if (!user || !answer.token) {
        throw new Error("SignIn answered without a user or token");
      }
      this.tokens.save(tokensOf(answer));
      this.set({
        status: "signedIn",
        user,
        features: [],
        pendingCurrentPassword: user.forcePasswordReset ? password : undefined,
      });
      this.refresher.schedule();
      void this.loadCurrentUserDetails();
      return user;
    } catch (err) {
      this.drop();
      throw err;
    }
  }

  /** Ends the session on the server (a failure there changes nothing here) and forgets the tokens. */
  async signOut(): Promise<void> {
    if (this.tokens.accessToken()) {
      try {
        await this.api().signOut({ refreshToken: this.tokens.refreshToken() ?? "" });
      } catch {
        // The session may already have ended; the client forgets it either way.
      }
    }
    this.drop();
  }

  /** Forgets the session at once, e.g. when the server refused to refresh it. */
  drop(): void {
    this.refresher.stop();
    this.tokens.remove();
    if (this.state.status !== "signedOut") {
      this.set({ status: "signedOut" });
      this.onSignedOut();
    }
  }

  /** After ChangePassword: the old tokens are revoked, so the fresh ones replace them; the reset flag is gone. */
  passwordChanged(answer: TokenAnswer & { user?: User }): void {
    if (this.state.status !== "signedIn") {
      return;
    }
    const { user } = answer;
    this.tokens.save(tokensOf(answer));
    this.refresher.schedule();
    this.set({
      status: "signedIn",
      user: user ?? { ...this.state.user, forcePasswordReset: false },
      features: this.state.features,
      businessTimeZone: this.state.businessTimeZone,
    });
  }

  /** After a refresh: the user as stored now, e.g. with the role Management just gave them. */
  private refreshed(user: User | undefined): void {
    if (this.state.status === "signedIn" && user) {
      this.set({ ...this.state, user });
    }
  }

  /**
   * SignIn does not say which features are on nor the business time zone; GetCurrentUser does.
   * Until then optional tabs stay hidden and times use the default zone.
   */
  private async loadCurrentUserDetails(): Promise<void> {
    try {
      const { features = [], businessTimeZone } = await this.api().getCurrentUser({});
      if (this.state.status === "signedIn" && (features.length > 0 || businessTimeZone)) {
        this.set({ ...this.state, features, businessTimeZone: businessTimeZone || undefined });
      }
    } catch {
      // Not fatal: the session works without optional features.
    }
  }

  private set(state: SessionState): void {
    this.state = state;
    this.listeners.forEach((listener) => listener());
  }
}
