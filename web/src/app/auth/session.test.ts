import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { makeUser, memoryStorage } from "../../test/fakes";
import { Session, type SessionAuthApi } from "./session";
import { createTokenStore, REFRESH_TOKEN_KEY, TOKEN_EXPIRY_KEY, TOKEN_KEY, tokensOf } from "./tokenStore";

function setup(api: Partial<SessionAuthApi> = {}, token?: string) {
  const storage = memoryStorage();
  if (token) {
    storage.setItem(TOKEN_KEY, token);
  }
  const tokens = createTokenStore(storage);
  const fullApi: SessionAuthApi = {
    signIn: vi.fn(async () => ({ user: makeUser(), token: "fresh-token", refreshToken: "fresh-refresh" })),
    signOut: vi.fn(async () => ({})),
    getCurrentUser: vi.fn(async () => ({ user: makeUser() })),
    refreshToken: vi.fn(async () => ({ user: makeUser(), token: "refreshed", refreshToken: "next-refresh" })),
    ...api,
  };
  const onSignedOut = vi.fn();
  const session = new Session(
    tokens,
    () => fullApi,
    onSignedOut,
    (task) => task(),
    [1, 1],
  );
  return { storage, tokens, api: fullApi, session, onSignedOut };
}

describe("token store", () => {
  it("saves, reads and removes both tokens and the expiry, under eris_token and eris_refresh_token", () => {
    const storage = memoryStorage();
    const tokens = createTokenStore(storage);
    expect(tokens.accessToken()).toBeNull();
    expect(tokens.refreshToken()).toBeNull();
    tokens.save({ token: "abc", refreshToken: "def", expiresAt: 1_700_000_000_000 });
    expect(storage.getItem("eris_token")).toBe("abc");
    expect(storage.getItem("eris_refresh_token")).toBe("def");
    expect(tokens.accessToken()).toBe("abc");
    expect(tokens.refreshToken()).toBe("def");
    expect(tokens.expiresAt()).toBe(1_700_000_000_000);
    tokens.save({ token: "ghi", refreshToken: "jkl", expiresAt: null });
    expect(tokens.expiresAt()).toBeNull();
    tokens.remove();
    for (const key of [TOKEN_KEY, REFRESH_TOKEN_KEY, TOKEN_EXPIRY_KEY]) {
      expect(storage.getItem(key)).toBeNull();
    }
    expect(tokens.accessToken()).toBeNull();
  });

  it("reads the tokens and the expiry from the server's answers", () => {
    const expireTime = timestampFromMs(1_700_000_900_000);
    expect(tokensOf({ token: "a", refreshToken: "r", expireTime })).toEqual({
      token: "a",
      refreshToken: "r",
      expiresAt: 1_700_000_900_000,
    });
  });

  it("treats unreadable storage as signed out", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {},
      removeItem: () => {
        throw new Error("denied");
      },
    };
    const tokens = createTokenStore(broken);
    expect(tokens.accessToken()).toBeNull();
    expect(tokens.expiresAt()).toBeNull();
    expect(() => tokens.remove()).not.toThrow();
  });
});

describe("session", () => {
  it("starts signed out without a stored token", async () => {
    const { session, api } = setup();
    expect(session.getState().status).toBe("signedOut");
    await session.restore();
    expect(session.getState().status).toBe("signedOut");
    expect(api.getCurrentUser).not.toHaveBeenCalled();
  });

  it("restores the session from a stored token", async () => {
    const { session, api } = setup({}, "stored");
    expect(session.getState().status).toBe("restoring");
    await session.restore();
    expect(api.getCurrentUser).toHaveBeenCalled();
    const state = session.getState();
    expect(state.status).toBe("signedIn");
    expect(state.status === "signedIn" && state.user.name).toBe("Dana Scully");
  });

  it("removes a stored token the server refuses", async () => {
    const { session, storage } = setup(
      {
        getCurrentUser: async () => {
          throw new ConnectError("expired", Code.Unauthenticated);
        },
      },
      "stale",
    );
    await session.restore();
    expect(session.getState().status).toBe("signedOut");
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("tries again when the server cannot answer, and keeps the tokens if it never does", async () => {
    let calls = 0;
    const flaky = setup(
      {
        getCurrentUser: async () => {
          calls += 1;
          if (calls === 1) {
            throw new ConnectError("navigated away", Code.Canceled);
          }
          return { user: makeUser() };
        },
      },
      "stored",
    );
    await flaky.session.restore();
    expect(flaky.session.getState().status).toBe("signedIn");
    expect(calls).toBe(2);

    const away = setup(
      {
        getCurrentUser: vi.fn(async () => {
          throw new ConnectError("no route", Code.Unavailable);
        }),
      },
      "stored",
    );
    await away.session.restore();
    expect(away.api.getCurrentUser).toHaveBeenCalledTimes(3);
    expect(away.session.getState().status).toBe("signedOut");
    expect(away.storage.getItem(TOKEN_KEY)).toBe("stored");
    expect(away.onSignedOut).not.toHaveBeenCalled();
  });

  it("stores both tokens on sign-in", async () => {
    const { session, storage, api } = setup();
    await session.signIn("dana@eris.test", "pw");
    expect(api.signIn).toHaveBeenCalledWith({ username: "dana@eris.test", password: "pw" });
    expect(storage.getItem(TOKEN_KEY)).toBe("fresh-token");
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBe("fresh-refresh");
    expect(session.getState()).toMatchObject({ status: "signedIn", pendingCurrentPassword: undefined });
  });

  it("keeps the typed password in memory only during a forced reset", async () => {
    const { session, storage } = setup({
      signIn: async () => ({ user: makeUser({ forcePasswordReset: true }), token: "t", refreshToken: "r" }),
    });
    await session.signIn("dana@eris.test", "Welcome-1");
    expect(session.getState()).toMatchObject({ status: "signedIn", pendingCurrentPassword: "Welcome-1" });
    const stored = [TOKEN_KEY, REFRESH_TOKEN_KEY, TOKEN_EXPIRY_KEY].map((key) => storage.getItem(key));
    expect(JSON.stringify(stored)).not.toContain("Welcome-1");
  });

  it("removes a stored token when sign-in fails", async () => {
    const failure = new ConnectError("bad", Code.Unauthenticated);
    const { session, storage } = setup(
      {
        signIn: async () => {
          throw failure;
        },
      },
      "old",
    );
    await expect(session.signIn("x", "y")).rejects.toBe(failure);
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(session.getState().status).toBe("signedOut");
  });

  it("sends the refresh token with SignOut and forgets both tokens", async () => {
    const { session, storage, api } = setup();
    await session.signIn("dana@eris.test", "pw");
    await session.signOut();
    expect(api.signOut).toHaveBeenCalledWith({ refreshToken: "fresh-refresh" });
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it("signs out even when the server call fails, and clears the cache", async () => {
    const { session, storage, api, onSignedOut } = setup({
      signOut: vi.fn(async () => {
        throw new ConnectError("down", Code.Unavailable);
      }),
    });
    await session.signIn("dana@eris.test", "pw");
    await session.signOut();
    expect(api.signOut).toHaveBeenCalled();
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(session.getState().status).toBe("signedOut");
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it("replaces both tokens and clears the reset flag after a password change", async () => {
    const { session, storage } = setup({
      signIn: async () => ({ user: makeUser({ forcePasswordReset: true }), token: "old-token", refreshToken: "old" }),
    });
    await session.signIn("dana@eris.test", "Welcome-1");
    session.passwordChanged({
      token: "new-token",
      refreshToken: "new-refresh",
      user: makeUser({ forcePasswordReset: false, version: 2n }),
    });
    expect(storage.getItem(TOKEN_KEY)).toBe("new-token");
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBe("new-refresh");
    const state = session.getState();
    expect(state.status === "signedIn" && state.user.forcePasswordReset).toBe(false);
    expect(state.status === "signedIn" && state.pendingCurrentPassword).toBeUndefined();
  });

  it("knows the user's features from GetCurrentUser, at restore and after sign-in", async () => {
    const getCurrentUser = vi.fn(async () => ({ user: makeUser(), features: ["contracts_beta"] }));
    const restored = setup({ getCurrentUser }, "stored");
    await restored.session.restore();
    expect(restored.session.getState()).toMatchObject({ status: "signedIn", features: ["contracts_beta"] });

    const fresh = setup({ getCurrentUser });
    await fresh.session.signIn("dana@eris.test", "pw");
    await vi.waitFor(() =>
      expect(fresh.session.getState()).toMatchObject({ status: "signedIn", features: ["contracts_beta"] }),
    );
  });

  it("keeps the business time zone from GetCurrentUser, at restore, after sign-in and a password change", async () => {
    const getCurrentUser = vi.fn(async () => ({ user: makeUser(), businessTimeZone: "America/Chicago" }));
    const restored = setup({ getCurrentUser }, "stored");
    await restored.session.restore();
    expect(restored.session.getState()).toMatchObject({ status: "signedIn", businessTimeZone: "America/Chicago" });
    restored.session.passwordChanged({ token: "new-token", refreshToken: "new-refresh" });
    expect(restored.session.getState()).toMatchObject({ businessTimeZone: "America/Chicago" });

    const fresh = setup({ getCurrentUser });
    await fresh.session.signIn("dana@eris.test", "pw");
    await vi.waitFor(() =>
      expect(fresh.session.getState()).toMatchObject({ status: "signedIn", businessTimeZone: "America/Chicago" }),
    );
  });

  it("leaves the business time zone unknown when the server does not name one", async () => {
    const { session } = setup({ getCurrentUser: vi.fn(async () => ({ user: makeUser(), businessTimeZone: "" })) }, "t");
    await session.restore();
    const state = session.getState();
    expect(state.status === "signedIn" && state.businessTimeZone).toBeUndefined();
  });

  it("notifies subscribers of every change", async () => {
    const { session } = setup();
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    await session.signIn("dana@eris.test", "pw");
    session.drop();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    await session.signIn("dana@eris.test", "pw");
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
