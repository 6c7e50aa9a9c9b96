import { Code } from "@connectrpc/connect";

import { hasCode } from "../../api/errors";
import type { SessionApi } from "../../api/sessionApi";
import type { TokenStore } from "./tokenStore";

/** The Web Lock that serializes refreshing across the browser's tabs. */
export const REFRESH_LOCK_NAME = "eris-refresh";
/** How long before its expiry an access token is replaced. */
export const REFRESH_LEAD_MS = 60_000;
/** The longest delay setTimeout keeps. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** Runs a task while holding the refresh lock. */
export type RefreshLock = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * The browser's Web Lock, shared by every tab of the app. Without Web Locks a tab only shares
 * its own refresh between its calls; a tab that loses a race with another is then told so by the
 * server and uses the other tab's tokens.
 */
export function browserRefreshLock(): RefreshLock {
  const locks = globalThis.navigator?.locks;
  if (!locks) {
    return (task) => task();
  }
  // The lock's promise settles as the task's does; lib.dom types it as a promise of the task's promise.
  return <T>(task: () => Promise<T>) => locks.request(REFRESH_LOCK_NAME, task) as Promise<unknown> as Promise<T>;
}

/** When to replace a token expiring at `expiresAt`: a minute ahead, or halfway for a shorter life. */
export function refreshDelay(expiresAt: number, now: number): number {
  const remaining = expiresAt - now;
  return Math.min(Math.max(remaining - REFRESH_LEAD_MS, remaining / 2, 0), MAX_TIMER_DELAY_MS);
}

/**
 * The call the refresher makes: POST /api/user/refresh, which trades the HttpOnly refresh cookie
 * (the app never sees it) for a fresh access token.
 */
export type RefreshApi = Pick<SessionApi, "refresh">;

export interface TokenRefresherOptions {
  tokens: TokenStore;
  api: () => RefreshApi;
  /** After a refresh made by this tab (the user's role may have changed meanwhile). */
  onRefreshed: () => void;
  /** The server refused the refresh: the session has ended. */
  onEnded: () => void;
  lock: RefreshLock;
}

/**
 * Asks for a fresh access token (the refresh cookie goes with the call) when an access token is
 * refused, and shortly before the access token expires. One refresh at a time, across tabs:
 * whoever holds the lock refreshes, the others find the fresh token in storage and use it.
 */
export class TokenRefresher {
  private inFlight: Promise<string | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: TokenRefresherOptions) {}

  /**
   * A token to use instead of `refused` (the token a call was refused with, null if it carried
   * none): one already stored by another call or tab, else a fresh one. Null when the session has
   * ended. Rejects, keeping the session, when the refresh failed for another reason (e.g. offline).
   */
  renew(refused: string | null): Promise<string | null> {
    const replaced = this.replacementFor(refused);
    if (replaced) {
      return Promise.resolve(replaced);
    }
    this.inFlight ??= this.options
      .lock(() => this.refreshUnlessReplaced(refused))
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  /** Replaces the stored access token shortly before it expires (when its expiry is known). */
  schedule(): void {
    this.stop();
    const token = this.options.tokens.accessToken();
    const expiresAt = this.options.tokens.expiresAt();
    if (token && expiresAt !== null) {
      this.timer = setTimeout(() => void this.refreshAhead(token), refreshDelay(expiresAt, Date.now()));
    }
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The stored access token when it is no longer the refused one. */
  private replacementFor(refused: string | null): string | null {
    const current = this.options.tokens.accessToken();
    return current && current !== refused ? current : null;
  }

  private async refreshUnlessReplaced(refused: string | null): Promise<string | null> {
    // Another tab may have refreshed while this one waited for the lock.
    const replaced = this.replacementFor(refused);
    if (replaced) {
      return replaced;
    }
    const { tokens, api, onRefreshed, onEnded } = this.options;
    // Signed out (here or in another tab): there is no session left to refresh.
    if (!tokens.accessToken()) {
      onEnded();
      return null;
    }
    try {
      const answer = await api().refresh();
      if (!tokens.accessToken()) {
        // Signed out while the refresh was on its way: the fresh token must not bring the session back.
        return null;
      }
      tokens.save(answer);
      onRefreshed();
      this.schedule();
      return answer.token;
    } catch (err) {
      if (!hasCode(err, Code.Unauthenticated)) {
        throw err;
      }
      // Refused because another tab (without the lock: a sign-in, a password change) replaced
      // the refresh cookie meanwhile: that tab's session goes on, and so does this one.
      const replacedMeanwhile = this.replacementFor(refused);
      if (replacedMeanwhile) {
        return replacedMeanwhile;
      }
      onEnded();
      return null;
    }
  }

  private async refreshAhead(token: string): Promise<void> {
    try {
      // Another tab may already have replaced the token: then wait for the new one's turn.
      if (await this.renew(token)) {
        this.schedule();
      }
    } catch {
      // Not fatal: the next call refused for the expired token refreshes again.
    }
  }
}
