import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { createSessionApi } from "./sessionApi";

const SESSION_ANSWER = {
  user: { name: "Dana Scully" },
  id_token: "access-1",
  expires_at: "2030-01-01T00:15:00Z",
  refresh_token: "",
  refresh_expires_at: "2030-01-01T12:00:00Z",
};

/** A gateway that answers every call with `status` and `body` (no body for 204). */
function gateway(status = 200, body: unknown = SESSION_ANSWER) {
  return vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json" },
      }),
  );
}

/** The one request a fake gateway received. */
function sent(fetch: ReturnType<typeof gateway>) {
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0];
  const headers = new Headers(init.headers);
  return { url, init, headers, body: JSON.parse(String(init.body)) as unknown };
}

function api(fetch: ReturnType<typeof gateway>) {
  return createSessionApi({ baseUrl: "https://eris.test", fetch: fetch as never });
}

describe("REST session calls", () => {
  it("signs in with the credentials, asking for the refresh token as a cookie", async () => {
    const fetch = gateway();
    expect(await api(fetch).login({ username: "dana@eris.test", password: "pw" })).toEqual({
      token: "access-1",
      expiresAt: Date.parse("2030-01-01T00:15:00Z"),
    });
    const { url, init, headers, body } = sent(fetch);
    expect(url).toBe("https://eris.test/api/user/login");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("same-origin");
    expect(headers.get("X-Eris-Session")).toBe("cookie");
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.has("Authorization")).toBe(false);
    expect(body).toEqual({ username: "dana@eris.test", password: "pw" });
  });

  it("refreshes with the cookie only: no token in the body, the session header, same-origin credentials", async () => {
    const fetch = gateway(200, { ...SESSION_ANSWER, id_token: "access-2" });
    expect((await api(fetch).refresh()).token).toBe("access-2");
    const { url, init, headers, body } = sent(fetch);
    expect(url).toBe("https://eris.test/api/user/refresh");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("same-origin");
    expect(headers.get("X-Eris-Session")).toBe("cookie");
    expect(headers.has("Authorization")).toBe(false);
    expect(body).toEqual({});
    expect(String(init.body)).not.toMatch(/token/i);
  });

  it("takes an answer without a known expiry, and refuses one without a token", async () => {
    expect((await api(gateway(200, { ...SESSION_ANSWER, expires_at: "" })).refresh()).expiresAt).toBeNull();
    await expect(api(gateway(200, { ...SESSION_ANSWER, id_token: "" })).refresh()).rejects.toBeInstanceOf(ConnectError);
  });

  it("signs out with the access token, here or everywhere", async () => {
    const here = gateway(204);
    await api(here).logout({ token: "access-1" });
    const one = sent(here);
    expect(one.url).toBe("https://eris.test/api/user/logout");
    expect(one.headers.get("Authorization")).toBe("Bearer access-1");
    expect(one.headers.get("X-Eris-Session")).toBe("cookie");
    expect(one.init.credentials).toBe("same-origin");
    expect(one.body).toEqual({});

    const everywhere = gateway(204);
    await api(everywhere).logout({ token: "access-1", everywhere: true });
    expect(sent(everywhere).body).toEqual({ everywhere: true });

    const tokenless = gateway(204);
    await api(tokenless).logout({ token: null });
    expect(sent(tokenless).headers.has("Authorization")).toBe(false);
  });

  it("changes the password with the access token", async () => {
    const fetch = gateway(200, { ...SESSION_ANSWER, id_token: "access-new" });
    const answer = await api(fetch).changePassword({ token: "access-1", oldPass: "old", newPass: "new-password" });
    expect(answer.token).toBe("access-new");
    const { url, headers, body, init } = sent(fetch);
    expect(url).toBe("https://eris.test/api/user/changePassword");
    expect(headers.get("Authorization")).toBe("Bearer access-1");
    expect(headers.get("X-Eris-Session")).toBe("cookie");
    expect(init.credentials).toBe("same-origin");
    expect(body).toEqual({ oldPass: "old", newPass: "new-password" });
  });

  it("turns the gateway's refusals into connect errors with its words", async () => {
    const cases: [number, string, string, Code][] = [
      [401, "unauthenticated", "Incorrect login or password.", Code.Unauthenticated],
      [
        429,
        "resource_exhausted",
        "Too many failed sign-in attempts. Please wait 5 minutes and try again.",
        Code.ResourceExhausted,
      ],
      [
        400,
        "invalid_argument",
        "The current password entered does not match your password.  Please try again.",
        Code.InvalidArgument,
      ],
      [503, "unavailable", "Sign-in is unavailable right now. Please try again in a moment.", Code.Unavailable],
    ];
    for (const [status, code, error, expected] of cases) {
      const failure = await api(gateway(status, { code, error }))
        .login({ username: "u", password: "p" })
        .catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(ConnectError);
      expect((failure as ConnectError).code).toBe(expected);
      expect((failure as ConnectError).rawMessage).toBe(error);
    }
  });

  it("reads the code from the status when the answer is not JSON, and a network failure as unavailable", async () => {
    const html = vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    const refused = await api(html as never)
      .refresh()
      .catch((err: unknown) => err);
    expect((refused as ConnectError).code).toBe(Code.Unavailable);

    const offline = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const failure = await api(offline as never)
      .refresh()
      .catch((err: unknown) => err);
    expect((failure as ConnectError).code).toBe(Code.Unavailable);
  });
});
