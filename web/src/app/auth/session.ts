import type { User } from "../../gen/eris/identity/v1/identity_pb";
import type { TokenStore } from "./tokenStore";

/** The calls the session makes; the generated AuthService client fits, and tests pass fakes. */
export interface SessionAuthApi {
  signIn(req: { username: string; password: string }): Promise<{ user?: User; token: string }>;
  signOut(req: object): Promise<unknown>;
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
 * Who is signed in. Being signed in means a token is held in the token store; the user record comes
 * from the server (SignIn, GetCurrentUser, ChangePassword), never from decoding the token.
 */
export class Session {
  private state: SessionState;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly tokens: TokenStore,
    private readonly api: () => SessionAuthApi,
    private readonly onSignedOut: () => void = () => {},
  ) {
    this.state = tokens.get() ? { status: "restoring" } : { status: "signedOut" };
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getToken = (): string | null => this.tokens.get();

  /** Restores the session from a stored token; a token the server refuses is removed. */
  async restore(): Promise<void> {
    if (!this.tokens.get()) {
      this.set({ status: "signedOut" });
      return;
    }
    this.set({ status: "restoring" });
    try {
      const { user, features = [], businessTimeZone } = await this.api().getCurrentUser({});
      if (!user) {
        throw new Error("GetCurrentUser answered without a user");
      }
      this.set({ status: "signedIn", user, features, businessTimeZone: businessTimeZone || undefined });
    } catch {
      this.tokens.remove();
      this.set({ status: "signedOut" });
    }
  }

  /** Signs in; on failure the stored token is removed and the error is rethrown for the form. */
  async signIn(username: string, password: string): Promise<User> {
    try {
      const { user, token } = await this.api().signIn({ username, password });
      if (!user || !token) {
        throw new Error("SignIn answered without a user or token");
      }
      this.tokens.save(token);
      this.set({
        status: "signedIn",
        user,
        features: [],
        pendingCurrentPassword: user.forcePasswordReset ? password : undefined,
      });
      void this.loadCurrentUserDetails();
      return user;
    } catch (err) {
      this.drop();
      throw err;
    }
  }

  /** Revokes the token on the server (a failure there changes nothing here) and forgets it. */
  async signOut(): Promise<void> {
    if (this.tokens.get()) {
      try {
        await this.api().signOut({});
      } catch {
        // The token may already be expired or revoked; the client forgets it either way.
      }
    }
    this.drop();
  }

  /** Forgets the session at once, e.g. when the server refused the token. */
  drop(): void {
    this.tokens.remove();
    if (this.state.status !== "signedOut") {
      this.set({ status: "signedOut" });
      this.onSignedOut();
    }
  }

  /** After ChangePassword: the old token is revoked, so the fresh one replaces it; the reset flag is gone. */
  passwordChanged(token: string, user: User | undefined): void {
    if (this.state.status !== "signedIn") {
      return;
    }
    this.tokens.save(token);
    this.set({
      status: "signedIn",
      user: user ?? { ...this.state.user, forcePasswordReset: false },
      features: this.state.features,
      businessTimeZone: this.state.businessTimeZone,
    });
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
