import { Code, ConnectError, type UnaryRequest, type UnaryResponse } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { SessionApi } from "../../api/sessionApi";
import { createAuthInterceptor } from "../../api/transport";
import { AuthService, Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser, memoryStorage } from "../../test/fakes";
import { fakeSessionApi } from "../../test/renderApp";
import { Session, type SessionAuthApi } from "./session";
import { REFRESH_LEAD_MS, refreshDelay, type RefreshLock } from "./tokenRefresher";
import { createTokenStore, type TokenStore } from "./tokenStore";

const MINUTE = 60_000;
const ended = () => new ConnectError("Your session has ended. Please sign in again.", Code.Unauthenticated);

/** One lock for every "tab" of a test, as navigator.locks is for the browser's tabs. */
function sharedLock(): RefreshLock {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** A tab of the app over shared storage: its session, and calls through its transport's interceptor. */
function openTab(
  storage: Storage,
  refresh: SessionApi["refresh"],
  lock: RefreshLock = sharedLock(),
  getCurrentUser: SessionAuthApi["getCurrentUser"] = async () => ({ user: makeUser() }),
) {
  const tokens = createTokenStore(storage);
  const api = { getCurrentUser: vi.fn(getCurrentUser) };
  const rest = fakeSessionApi({
    login: async () => ({ token: "access-1", expiresAt: Date.now() + 15 * MINUTE }),
    refresh,
  });
  const onSignedOut = vi.fn();
  const session = new Session(
    tokens,
    () => api,
    () => rest,
    onSignedOut,
    lock,
  );
  const interceptor = createAuthInterceptor(session);
  return { tokens, api, rest, session, onSignedOut, interceptor };
}

/** A server that accepts only the given access tokens; a call answers with the token it carried. */
function server(...accepted: string[]) {
  return vi.fn(async (req: UnaryRequest) => {
    const token = req.header.get("authorization")?.replace("Bearer ", "") ?? "";
    if (!accepted.includes(token)) {
      throw ended();
    }
    return { message: token } as unknown as UnaryResponse;
  });
}

function call(tab: ReturnType<typeof openTab>, next: ReturnType<typeof server>): Promise<unknown> {
  const req = { stream: false, header: new Headers(), method: AuthService.method.getCurrentUser };
  return tab
    .interceptor(next as never)(req as unknown as UnaryRequest)
    .then((res) => res.message);
}

/** Another tab stores a token of its own (it refreshed, signed in again or changed the password). */
function saveTokens(tokens: TokenStore, token: string) {
  tokens.save({ token, expiresAt: null });
}

/** A signed-in tab whose access token the server no longer accepts. */
async function signedInTab(
  refresh: SessionApi["refresh"],
  lock?: RefreshLock,
  getCurrentUser?: SessionAuthApi["getCurrentUser"],
) {
  const storage = memoryStorage();
  const tab = openTab(storage, refresh, lock, getCurrentUser);
  await tab.session.signIn("dana@eris.test", "pw");
  return { storage, tab };
}

/** A refresh that answers with `token`, good for 15 minutes (the refresh cookie is the browser's business). */
function refreshed(token: string) {
  return async () => ({ token, expiresAt: Date.now() + 15 * MINUTE });
}

/** Every key of the storage. */
function keys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? "").sort();
}

afterEach(() => {
  vi.useRealTimers();
});

describe("token refresh", () => {
  it("refreshes a refused token with the refresh cookie and retries the call with the fresh one", async () => {
    const { storage, tab } = await signedInTab(refreshed("access-2"));
    expect(await call(tab, server("access-2"))).toBe("access-2");
    // No refresh token is sent: the browser adds the HttpOnly cookie itself.
    expect(tab.rest.refresh).toHaveBeenCalledWith();
    expect(storage.getItem("eris_token")).toBe("access-2");
    expect(keys(storage)).toEqual(["eris_session_profile", "eris_token", "eris_token_expires_at"]);
    expect(tab.session.getState().status).toBe("signedIn");
  });

  it("reads the user again after a refresh: a role changed by Management shows at once", async () => {
    let role = Role.SALES;
    const { tab } = await signedInTab(refreshed("access-2"), undefined, async () => ({ user: makeUser({ role }) }));
    role = Role.CUSTOMER_CARE;
    await call(tab, server("access-2"));
    await vi.waitFor(() =>
      expect(tab.session.getState()).toMatchObject({ status: "signedIn", user: { role: Role.CUSTOMER_CARE } }),
    );
  });

  it("shares one refresh between many calls refused at once, also in a browser without Web Locks", async () => {
    const { tab } = await signedInTab(refreshed("access-2"), (task) => task());
    const next = server("access-2");
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(tab, next)));
    expect(answers).toEqual(Array(5).fill("access-2"));
    expect(tab.rest.refresh).toHaveBeenCalledTimes(1);
  });

  it("drops the session when the refresh is refused", async () => {
    const { storage, tab } = await signedInTab(async () => {
      throw ended();
    });
    await expect(call(tab, server())).rejects.toThrow("session has ended");
    expect(tab.session.getState().status).toBe("signedOut");
    expect(tab.onSignedOut).toHaveBeenCalledTimes(1);
    expect(storage.getItem("eris_token")).toBeNull();
    expect(storage.length).toBe(0);
  });

  it("keeps the session when the refresh fails for another reason", async () => {
    const { storage, tab } = await signedInTab(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    await expect(call(tab, server())).rejects.toThrow("down");
    expect(tab.session.getState().status).toBe("signedIn");
    expect(storage.getItem("eris_token")).toBe("access-1");
  });

  it("ends the session without asking the server when no access token is left (signed out in another tab)", async () => {
    const { storage, tab } = await signedInTab(refreshed("never"));
    createTokenStore(storage).remove();
    await expect(call(tab, server("never"))).rejects.toThrow("session has ended");
    expect(tab.rest.refresh).not.toHaveBeenCalled();
    expect(tab.session.getState().status).toBe("signedOut");
  });

  it("does not bring back a session signed out while its refresh was on its way", async () => {
    const storage = memoryStorage();
    const tab = openTab(storage, async () => {
      createTokenStore(storage).remove();
      return { token: "access-late", expiresAt: null };
    });
    await tab.session.signIn("dana@eris.test", "pw");
    expect(await tab.session.renewToken("access-1")).toBeNull();
    expect(storage.length).toBe(0);
  });

  it("uses the token another tab stored while this one waited for the lock, without refreshing", async () => {
    const lock = sharedLock();
    const { storage, tab } = await signedInTab(refreshed("never"), async (task) =>
      lock(async () => {
        // The other tab held the lock and refreshed first.
        saveTokens(createTokenStore(storage), "access-other");
        return task();
      }),
    );
    expect(await call(tab, server("access-other"))).toBe("access-other");
    expect(tab.rest.refresh).not.toHaveBeenCalled();
    expect(tab.session.getState().status).toBe("signedIn");
  });

  it("uses a token another tab already stored, without waiting for the lock", async () => {
    const lock = vi.fn(sharedLock());
    const { storage, tab } = await signedInTab(refreshed("never"), lock as RefreshLock);
    const next = vi.fn(async (req: UnaryRequest) => {
      // The other tab refreshes while this tab's call is on its way with the old token.
      saveTokens(createTokenStore(storage), "access-other");
      return server("access-other")(req);
    });
    expect(await call(tab, next as never)).toBe("access-other");
    expect(lock).not.toHaveBeenCalled();
    expect(tab.rest.refresh).not.toHaveBeenCalled();
  });

  it("does not sign out when the refresh is refused because another tab replaced the refresh cookie", async () => {
    const storage = memoryStorage();
    const tab = openTab(storage, async () => {
      // A tab without the lock (or signing in again) rotated the refresh cookie first.
      saveTokens(createTokenStore(storage), "access-other");
      throw ended();
    });
    await tab.session.signIn("dana@eris.test", "pw");
    expect(await call(tab, server("access-other"))).toBe("access-other");
    expect(tab.session.getState().status).toBe("signedIn");
    expect(storage.getItem("eris_token")).toBe("access-other");
  });

  it("refreshes a minute before the access token expires, and again for the next one", async () => {
    vi.useFakeTimers();
    const { tab } = await signedInTab(refreshed("access-2"));
    await vi.advanceTimersByTimeAsync(14 * MINUTE - 1);
    expect(tab.rest.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.rest.refresh).toHaveBeenCalledTimes(1);
    expect(tab.tokens.accessToken()).toBe("access-2");
    await vi.advanceTimersByTimeAsync(14 * MINUTE);
    expect(tab.rest.refresh).toHaveBeenCalledTimes(2);
  });

  it("refreshes ahead in one tab only: the others take up the new token", async () => {
    vi.useFakeTimers();
    const lock = sharedLock();
    const storage = memoryStorage();
    const first = openTab(storage, refreshed("access-2"), lock);
    await first.session.signIn("dana@eris.test", "pw");
    const second = openTab(storage, refreshed("access-3"), lock);
    await second.session.restore();
    await vi.advanceTimersByTimeAsync(14 * MINUTE);
    expect(first.rest.refresh).toHaveBeenCalledTimes(1);
    expect(second.rest.refresh).not.toHaveBeenCalled();
    expect(storage.getItem("eris_token")).toBe("access-2");
  });

  it("stops refreshing ahead once signed out", async () => {
    vi.useFakeTimers();
    const { tab } = await signedInTab(refreshed("access-2"));
    await tab.session.signOut();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(tab.rest.refresh).not.toHaveBeenCalled();
  });

  it("waits a minute less than the token's life, or half of a life shorter than two minutes", () => {
    expect(refreshDelay(15 * MINUTE, 0)).toBe(15 * MINUTE - REFRESH_LEAD_MS);
    expect(refreshDelay(30_000, 0)).toBe(15_000);
    expect(refreshDelay(0, 10_000)).toBe(0);
  });
});
