import { Code, ConnectError, type UnaryRequest, type UnaryResponse } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { createAuthInterceptor } from "./transport";

function request(): UnaryRequest {
  return { header: new Headers(), method: { name: "GetCurrentUser" } } as unknown as UnaryRequest;
}

describe("auth interceptor", () => {
  it("sends the stored token as a bearer authorization header", async () => {
    const next = vi.fn(async (req: UnaryRequest) => ({ header: req.header }) as unknown as UnaryResponse);
    const interceptor = createAuthInterceptor({ getToken: () => "tok", onUnauthenticated: vi.fn() });
    const req = request();
    await interceptor(next as never)(req);
    expect(req.header.get("authorization")).toBe("Bearer tok");
  });

  it("sends no header when signed out", async () => {
    const next = vi.fn(async () => ({}) as UnaryResponse);
    const interceptor = createAuthInterceptor({ getToken: () => null, onUnauthenticated: vi.fn() });
    const req = request();
    await interceptor(next as never)(req);
    expect(req.header.has("authorization")).toBe(false);
  });

  it("drops the session when a sent token is refused", async () => {
    const onUnauthenticated = vi.fn();
    const interceptor = createAuthInterceptor({ getToken: () => "tok", onUnauthenticated });
    const next = vi.fn(async () => {
      throw new ConnectError("revoked", Code.Unauthenticated);
    });
    await expect(interceptor(next as never)(request())).rejects.toThrow("revoked");
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it("leaves the session alone on other failures and on a failed sign-in", async () => {
    const onUnauthenticated = vi.fn();
    const denied = vi.fn(async () => {
      throw new ConnectError("no", Code.PermissionDenied);
    });
    await expect(
      createAuthInterceptor({ getToken: () => "tok", onUnauthenticated })(denied as never)(request()),
    ).rejects.toThrow();
    const badLogin = vi.fn(async () => {
      throw new ConnectError("bad", Code.Unauthenticated);
    });
    await expect(
      createAuthInterceptor({ getToken: () => null, onUnauthenticated })(badLogin as never)(request()),
    ).rejects.toThrow();
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });
});
