import { timestampMs, type Timestamp } from "@bufbuild/protobuf/wkt";

/** The localStorage key that holds the access token (spec: eris_token). */
export const TOKEN_KEY = "eris_token";
/** The localStorage key that holds the refresh token. */
export const REFRESH_TOKEN_KEY = "eris_refresh_token";
/** The localStorage key that holds when the access token expires (milliseconds since the epoch). */
export const TOKEN_EXPIRY_KEY = "eris_token_expires_at";

/** The tokens of a session, as SignIn, RefreshToken and ChangePassword give them. */
export interface SessionTokens {
  /** The access token sent with every call. */
  token: string;
  /** Traded for the next access token; sent nowhere else. */
  refreshToken: string;
  /** When the access token stops being accepted (milliseconds since the epoch); null when unknown. */
  expiresAt: number | null;
}

/** The token fields the server's answers share. */
export interface TokenAnswer {
  token: string;
  expireTime?: Timestamp;
  refreshToken: string;
}

export function tokensOf({ token, expireTime, refreshToken }: TokenAnswer): SessionTokens {
  return { token, refreshToken, expiresAt: expireTime ? timestampMs(expireTime) : null };
}

/**
 * Where the session's tokens are kept between page loads. Every read goes to storage, which the
 * browser's tabs share: a token another tab saved is seen at once.
 */
export interface TokenStore {
  /** The access token, or null when signed out. */
  accessToken(): string | null;
  /** The refresh token, or null when there is none. */
  refreshToken(): string | null;
  /** When the stored access token expires (milliseconds since the epoch), or null when unknown. */
  expiresAt(): number | null;
  save(tokens: SessionTokens): void;
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

  return {
    accessToken: () => read(TOKEN_KEY),
    refreshToken: () => read(REFRESH_TOKEN_KEY),
    expiresAt() {
      const expiresAt = Number(read(TOKEN_EXPIRY_KEY));
      return expiresAt > 0 ? expiresAt : null;
    },
    save({ token, refreshToken, expiresAt }) {
      storage.setItem(REFRESH_TOKEN_KEY, refreshToken);
      if (expiresAt === null) {
        storage.removeItem(TOKEN_EXPIRY_KEY);
      } else {
        storage.setItem(TOKEN_EXPIRY_KEY, String(expiresAt));
      }
      // The access token last: other tabs look at it to tell whether the session has moved on.
      storage.setItem(TOKEN_KEY, token);
    },
    remove() {
      for (const key of [TOKEN_KEY, REFRESH_TOKEN_KEY, TOKEN_EXPIRY_KEY]) {
        try {
          storage.removeItem(key);
        } catch {
          // Nothing stored, nothing to remove.
        }
      }
    },
  };
}
