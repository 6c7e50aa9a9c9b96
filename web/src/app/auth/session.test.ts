import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { createSessionApi, type SessionApi } from "../../api/sessionApi";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser, memoryStorage } from "../../test/fakes";
import { fakeSessionApi } from "../../test/renderApp";
import { Session, type SessionAuthApi } from "./session";
import { createTokenStore, LEGACY_REFRESH_TOKEN_KEY, PROFILE_KEY, TOKEN_EXPIRY_KEY, TOKEN_KEY } from "./tokenStore";

function setup(
  api: Partial<SessionAuthApi> = {},
  token?: string,
  rest: Partial<SessionApi> = {},
  storage: Storage = memoryStorage(),
) {
  if (token) {
    storage.setItem(TOKEN_KEY, token);
  }
  const tokens = createTokenStore(storage);
  const fullApi: SessionAuthApi = {
    getCurrentUser: vi.fn(async () => ({ user: makeUser() })),
    ...api,
  };
  const sessionApi = fakeSessionApi({
    login: async () => ({ token: "fresh-token", expiresAt: null }),
    refresh: async () => ({ token: "refreshed", expiresAt: null }),
    changePassword: async () => ({ token: "new-token", expiresAt: null }),
    ...rest,
  });
  const onSignedOut = vi.fn();
  const session = new Session(
    tokens,
    () => fullApi,
    () => sessionApi,
    onSignedOut,
    (task) => task(),
    [1, 1],
  );
  return { storage, tokens, api: fullApi, sessionApi, session, onSignedOut };
}

/** Every key and value the storage holds, to look for anything refresh-like. */
function stored(storage: Storage): string {
  const entries = Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? "");
  return JSON.stringify(entries.map((key) => [key, storage.getItem(key)]));
}

/**
 * The gateway in cookie mode, as fetch sees it: sign-in and refresh set the HttpOnly refresh cookie
 * (which no script sees) and answer with the access token. The body also names a refresh token, as
 * a gateway not in cookie mode would: the app must store it nowhere.
 */
function gateway() {
  let issued = 0;
  return vi.fn(async () => {
    issued += 1;
    return new Response(
      JSON.stringify({
        user: { name: "Dana Scully" },
        id_token: `access-${issued}`,
        expires_at: "2030-01-01T00:00:00Z",
        refresh_token: `leaked-refresh-${issued}`,
        refresh_expires_at: "2030-01-01T12:00:00Z",
      }),
      { status: 200, headers: { "Content-Type": "application/json" } },
    );
  });
}

describe("token store", () => {
  it("saves, reads and removes the access token and its expiry, under eris_token", () => {
    const storage = memoryStorage();
    const tokens = createTokenStore(storage);
    expect(tokens.accessToken()).toBeNull();
    tokens.save({ token: "abc", expiresAt: 1_700_000_000_000 });
    expect(storage.getItem("eris_token")).toBe("abc");
    expect(tokens.accessToken()).toBe("abc");
    expect(tokens.expiresAt()).toBe(1_700_000_000_000);
    expect(storage.length).toBe(2);
    tokens.save({ token: "ghi", expiresAt: null });
    expect(tokens.expiresAt()).toBeNull();
    tokens.remove();
    for (const key of [TOKEN_KEY, TOKEN_EXPIRY_KEY]) {
      expect(storage.getItem(key)).toBeNull();
    }
    expect(tokens.accessToken()).toBeNull();
  });

  it("removes a refresh token an earlier version left in storage, and keeps the access token", () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_KEY, "still-good");
    storage.setItem(LEGACY_REFRESH_TOKEN_KEY, "old-refresh");
    const tokens = createTokenStore(storage);
    expect(storage.getItem("eris_refresh_token")).toBeNull();
    expect(tokens.accessToken()).toBe("still-good");
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

  it("signs in over REST, stores the access token and the user's profile, and takes the user from GetCurrentUser", async () => {
    const getCurrentUser = vi.fn(async () => ({ user: makeUser({ name: "Walter Skinner" }) }));
    const { session, storage, sessionApi } = setup({ getCurrentUser });
    const user = await session.signIn("dana@eris.test", "pw");
    expect(sessionApi.login).toHaveBeenCalledWith({ username: "dana@eris.test", password: "pw" });
    expect(getCurrentUser).toHaveBeenCalledTimes(1);
    expect(user.name).toBe("Walter Skinner");
    expect(storage.getItem(TOKEN_KEY)).toBe("fresh-token");
    expect(JSON.parse(storage.getItem(PROFILE_KEY) ?? "{}")).toMatchObject({ user: { name: "Walter Skinner" } });
    expect(storage.length).toBe(2);
    expect(session.getState()).toMatchObject({
      status: "signedIn",
      user: { name: "Walter Skinner" },
      pendingCurrentPassword: undefined,
    });
  });

  it("writes nothing refresh-like to storage after a sign-in and a refresh over the real REST calls", async () => {
    const fetch = gateway();
    const storage = memoryStorage();
    const tokens = createTokenStore(storage);
    const sessionApi = createSessionApi({ baseUrl: "https://eris.test", fetch: fetch as never });
    const session = new Session(
      tokens,
      () => ({ getCurrentUser: async () => ({ user: makeUser() }) }),
      () => sessionApi,
      () => {},
      (task) => task(),
    );
    await session.signIn("dana@eris.test", "pw");
    expect(storage.getItem(TOKEN_KEY)).toBe("access-1");
    expect(await session.renewToken("access-1")).toBe("access-2");
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(storage.getItem(TOKEN_KEY)).toBe("access-2");
    expect(tokens.expiresAt()).toBe(Date.parse("2030-01-01T00:00:00Z"));
    expect(stored(storage)).not.toMatch(/refresh/i);
    expect(Array.from({ length: storage.length }, (_, i) => storage.key(i)).sort()).toEqual([
      PROFILE_KEY,
      TOKEN_KEY,
      TOKEN_EXPIRY_KEY,
    ]);
    session.drop();
  });

  it("keeps the typed password in memory only during a forced reset", async () => {
    const { session, storage } = setup({
      getCurrentUser: async () => ({ user: makeUser({ forcePasswordReset: true }) }),
    });
    await session.signIn("dana@eris.test", "Welcome-1");
    expect(session.getState()).toMatchObject({ status: "signedIn", pendingCurrentPassword: "Welcome-1" });
    expect(stored(storage)).not.toContain("Welcome-1");
  });

  it("removes a stored token when sign-in fails", async () => {
    const failure = new ConnectError("Incorrect login or password.", Code.Unauthenticated);
    const { session, storage, sessionApi } = setup({}, "old", {
      login: async () => {
        throw failure;
      },
    });
    await expect(session.signIn("x", "y")).rejects.toBe(failure);
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(session.getState().status).toBe("signedOut");
    expect(sessionApi.logout).not.toHaveBeenCalled();
  });

  it("ends the new session when the user cannot be read after signing in", async () => {
    const failure = new ConnectError("down", Code.Unavailable);
    const { session, storage, sessionApi } = setup({
      getCurrentUser: async () => {
        throw failure;
      },
    });
    await expect(session.signIn("dana@eris.test", "pw")).rejects.toBe(failure);
    expect(sessionApi.logout).toHaveBeenCalledWith({ token: "fresh-token", everywhere: false });
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(session.getState().status).toBe("signedOut");
  });

  it("signs out over REST with the access token, and forgets it", async () => {
    const { session, storage, sessionApi, onSignedOut } = setup();
    await session.signIn("dana@eris.test", "pw");
    expect(await session.signOut()).toBe(true);
    expect(sessionApi.logout).toHaveBeenCalledWith({ token: "fresh-token", everywhere: false });
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(storage.length).toBe(0);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it("signs out everywhere when asked", async () => {
    const { session, sessionApi } = setup();
    await session.signIn("dana@eris.test", "pw");
    await session.signOut({ everywhere: true });
    expect(sessionApi.logout).toHaveBeenCalledWith({ token: "fresh-token", everywhere: true });
    expect(session.getState().status).toBe("signedOut");
  });

  it("signs out even when the server call fails, and clears the cache", async () => {
    const { session, storage, sessionApi, onSignedOut } = setup({}, undefined, {
      logout: async () => {
        throw new ConnectError("down", Code.Unavailable);
      },
    });
    await session.signIn("dana@eris.test", "pw");
    expect(await session.signOut({ everywhere: true })).toBe(false);
    expect(sessionApi.logout).toHaveBeenCalled();
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(session.getState().status).toBe("signedOut");
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it("changes the password over REST, replaces the token and clears the reset flag", async () => {
    let resetPending = true;
    const { session, storage, sessionApi } = setup({
      getCurrentUser: async () => ({
        user: makeUser({ forcePasswordReset: resetPending, version: resetPending ? 1n : 2n }),
      }),
    });
    await session.signIn("dana@eris.test", "Welcome-1");
    resetPending = false;
    await session.changePassword("Welcome-1", "Chosen-password-1");
    expect(sessionApi.changePassword).toHaveBeenCalledWith({
      token: "fresh-token",
      oldPass: "Welcome-1",
      newPass: "Chosen-password-1",
    });
    expect(storage.getItem(TOKEN_KEY)).toBe("new-token");
    const state = session.getState();
    expect(state.status === "signedIn" && state.user.forcePasswordReset).toBe(false);
    expect(state.status === "signedIn" && state.pendingCurrentPassword).toBeUndefined();
    // The user is read again: the password change gave it a new version.
    await vi.waitFor(() => expect(session.getState()).toMatchObject({ user: { version: 2n } }));
  });

  it("renews a refused token once for a password change", async () => {
    let calls = 0;
    const { session, sessionApi, storage } = setup({}, undefined, {
      changePassword: async ({ token }) => {
        calls += 1;
        if (token !== "refreshed") {
          throw new ConnectError("Your session has ended.", Code.Unauthenticated);
        }
        return { token: "new-token", expiresAt: null };
      },
    });
    await session.signIn("dana@eris.test", "pw");
    await session.changePassword("pw", "Chosen-password-1");
    expect(sessionApi.refresh).toHaveBeenCalledTimes(1);
    expect(calls).toBe(2);
    expect(storage.getItem(TOKEN_KEY)).toBe("new-token");
  });

  it("passes a refused password change on to the form, keeping the session", async () => {
    const wrong = new ConnectError(
      "The current password entered does not match your password.  Please try again.",
      Code.InvalidArgument,
    );
    const { session, storage } = setup({}, undefined, {
      changePassword: async () => {
        throw wrong;
      },
    });
    await session.signIn("dana@eris.test", "pw");
    await expect(session.changePassword("bad", "Chosen-password-1")).rejects.toBe(wrong);
    expect(storage.getItem(TOKEN_KEY)).toBe("fresh-token");
    expect(session.getState().status).toBe("signedIn");
  });

  it("knows the user's features from GetCurrentUser, at restore and after sign-in", async () => {
    const getCurrentUser = vi.fn(async () => ({ user: makeUser(), features: ["contracts_beta"] }));
    const restored = setup({ getCurrentUser }, "stored");
    await restored.session.restore();
    expect(restored.session.getState()).toMatchObject({ status: "signedIn", features: ["contracts_beta"] });

    const fresh = setup({ getCurrentUser });
    await fresh.session.signIn("dana@eris.test", "pw");
    expect(fresh.session.getState()).toMatchObject({ status: "signedIn", features: ["contracts_beta"] });
  });

  it("keeps the business time zone from GetCurrentUser, at restore, after sign-in and a password change", async () => {
    const getCurrentUser = vi.fn(async () => ({ user: makeUser(), businessTimeZone: "America/Chicago" }));
    const restored = setup({ getCurrentUser }, "stored");
    await restored.session.restore();
    expect(restored.session.getState()).toMatchObject({ status: "signedIn", businessTimeZone: "America/Chicago" });
    await restored.session.changePassword("old-password", "new-password");
    expect(restored.session.getState()).toMatchObject({ businessTimeZone: "America/Chicago" });

    const fresh = setup({ getCurrentUser });
    await fresh.session.signIn("dana@eris.test", "pw");
    expect(fresh.session.getState()).toMatchObject({ status: "signedIn", businessTimeZone: "America/Chicago" });
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

describe("session kept between loads", () => {
  /** A storage holding what a load signed in as `user` left behind. */
  async function leftBySignIn(user = makeUser(), features: string[] = [], businessTimeZone = "") {
    const storage = memoryStorage();
    const first = setup({ getCurrentUser: async () => ({ user, features, businessTimeZone }) }, undefined, {}, storage);
    await first.session.signIn("dana@eris.test", "pw");
    return storage;
  }

  it("is signed in from the kept profile at once, and asks the server again", async () => {
    const storage = await leftBySignIn(makeUser({ role: Role.MANAGEMENT }), ["contracts_beta"], "America/Chicago");
    let answer: (value: { user: ReturnType<typeof makeUser> }) => void = () => {};
    const getCurrentUser = vi.fn(() => new Promise<{ user: ReturnType<typeof makeUser> }>((r) => (answer = r)));
    const { session } = setup({ getCurrentUser }, undefined, {}, storage);
    // Before anything is asked: the screens can draw for the user of the last load.
    expect(session.getState()).toMatchObject({
      status: "signedIn",
      user: { userId: 7n, role: Role.MANAGEMENT, name: "Dana Scully" },
      features: ["contracts_beta"],
      businessTimeZone: "America/Chicago",
    });
    const restoring = session.restore();
    expect(getCurrentUser).toHaveBeenCalledTimes(1);
    // Management made them Sales meanwhile: the server's answer wins, and is kept for the next load.
    answer({ user: makeUser({ role: Role.SALES, version: 2n }) });
    await restoring;
    expect(session.getState()).toMatchObject({ status: "signedIn", user: { role: Role.SALES, version: 2n } });
    // The next load starts from that answer.
    expect(setup({}, undefined, {}, storage).session.getState()).toMatchObject({ user: { role: Role.SALES } });
  });

  it("ends the session, forgetting token and profile, when the server refuses the token", async () => {
    const storage = await leftBySignIn();
    const { session, onSignedOut } = setup(
      {
        getCurrentUser: async () => {
          throw new ConnectError("revoked", Code.Unauthenticated);
        },
      },
      undefined,
      {},
      storage,
    );
    expect(session.getState().status).toBe("signedIn");
    await session.restore();
    expect(session.getState().status).toBe("signedOut");
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(storage.length).toBe(0);
  });

  it("waits for the server when the kept profile cannot be read, or is not the stored token's", async () => {
    const unreadable = memoryStorage();
    unreadable.setItem(TOKEN_KEY, "stored");
    unreadable.setItem(PROFILE_KEY, '{"user":{"userId":"not a number"}}');
    expect(setup({}, undefined, {}, unreadable).session.getState().status).toBe("restoring");

    const orphan = await leftBySignIn();
    orphan.removeItem(TOKEN_KEY);
    expect(setup({}, undefined, {}, orphan).session.getState().status).toBe("signedOut");

    // Kept for another token (another sign-in's, or before a refresh): the server is asked first.
    const replaced = await leftBySignIn();
    replaced.setItem(TOKEN_KEY, "another-users-token");
    expect(setup({}, undefined, {}, replaced).session.getState().status).toBe("restoring");
  });

  it("forgets the profile at sign-out, and a sign-in never starts from another user's", async () => {
    const storage = await leftBySignIn();
    const { session } = setup({}, undefined, {}, storage);
    await session.signOut();
    expect(storage.getItem(PROFILE_KEY)).toBeNull();

    const stale = await leftBySignIn(makeUser({ userId: 9n, name: "Alex Krycek" }));
    stale.removeItem(TOKEN_KEY);
    let keptDuringSignIn: string | null = "unread";
    const next = setup(
      {
        getCurrentUser: async () => {
          keptDuringSignIn = stale.getItem(PROFILE_KEY);
          return { user: makeUser() };
        },
      },
      undefined,
      {},
      stale,
    );
    await next.session.signIn("dana@eris.test", "pw");
    expect(keptDuringSignIn).toBeNull();
    expect(JSON.parse(stale.getItem(PROFILE_KEY) ?? "{}")).toMatchObject({ user: { name: "Dana Scully" } });
  });
});
