/** The localStorage key that holds the sign-in token (spec: eris_token). */
export const TOKEN_KEY = "eris_token";

/** Where the sign-in token is kept between page loads. */
export interface TokenStore {
  get(): string | null;
  save(token: string): void;
  remove(): void;
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function createTokenStore(storage: KeyValueStorage, key = TOKEN_KEY): TokenStore {
  return {
    get() {
      try {
        const token = storage.getItem(key);
        return token ? token : null;
      } catch {
        // Storage can be unavailable (private mode, blocked cookies): then nobody is signed in.
        return null;
      }
    },
    save(token) {
      storage.setItem(key, token);
    },
    remove() {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing stored, nothing to remove.
      }
    },
  };
}
