/** The localStorage key that holds the access token (spec: eris_token). */
export const TOKEN_KEY = "eris_token";
/** The localStorage key that holds when the access token expires (milliseconds since the epoch). */
export const TOKEN_EXPIRY_KEY = "eris_token_expires_at";
/**
 * Where earlier versions kept the refresh token. It now lives in an HttpOnly cookie no script can
 * read; a value left here from before is removed when the store is made.
 */
export const LEGACY_REFRESH_TOKEN_KEY = "eris_refresh_token";
/**
 * The localStorage key that holds the server's last answer about the signed-in user (who, role,
 * features, time zone), so that a reload can show the screens while that answer is asked again.
 * It goes with the token: removed whenever the token is.
 */
export const PROFILE_KEY = "eris_session_profile";

/** What the app keeps of a session: the access token and its expiry, never the refresh token. */
export interface SessionTokens {
  /** The access token sent with every call. */
  token: string;
  /** When the access token stops being accepted (milliseconds since the epoch); null when unknown. */
  expiresAt: number | null;
}

/**
 * Where the session's access token is kept between page loads. Every read goes to storage, which
 * the browser's tabs share: a token another tab saved is seen at once.
 */
export interface TokenStore {
  /** The access token, or null when signed out. */
  accessToken(): string | null;
  /** When the stored access token expires (milliseconds since the epoch), or null when unknown. */
  expiresAt(): number | null;
  save(tokens: SessionTokens): void;
  /** The signed-in user as the server last described them (stored text), or null when not kept. */
  profile(): string | null;
  /** Keeps (or, with null, forgets) the server's last description of the signed-in user. */
  saveProfile(text: string | null): void;
  /** Forgets the session: the access token, its expiry and the profile. */
  remove(): void;
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function createTokenStore(storage: KeyValueStorage): TokenStore {
  function read(key: string): string | null {
    try {
      return storage.getItem(key) || null;
    } catch {
      // Storage can be unavailable (private mode, blocked cookies): then nobody is signed in.
      return null;
    }
  }

  function removeKeys(...keys: string[]): void {
    for (const key of keys) {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing stored, nothing to remove.
      }
    }
  }

  // A refresh token an earlier version stored must not linger where scripts can read it.
  removeKeys(LEGACY_REFRESH_TOKEN_KEY);

  return {
    accessToken: () => read(TOKEN_KEY),
    expiresAt() {
      const expiresAt = Number(read(TOKEN_EXPIRY_KEY));
      return expiresAt > 0 ? expiresAt : null;
    },
    save({ token, expiresAt }) {
      if (expiresAt === null) {
        storage.removeItem(TOKEN_EXPIRY_KEY);
      } else {
        storage.setItem(TOKEN_EXPIRY_KEY, String(expiresAt));
      }
      // The access token last: other tabs look at it to tell whether the session has moved on.
      storage.setItem(TOKEN_KEY, token);
    },
    profile: () => read(PROFILE_KEY),
    saveProfile(text) {
      if (text === null) {
        removeKeys(PROFILE_KEY);
        return;
      }
      try {
        storage.setItem(PROFILE_KEY, text);
      } catch {
        // Full or blocked storage: the next load waits for the server instead.
      }
    },
    remove() {
      removeKeys(TOKEN_KEY, TOKEN_EXPIRY_KEY, PROFILE_KEY, LEGACY_REFRESH_TOKEN_KEY);
    },
  };
}
