import type { DescMethod } from "@bufbuild/protobuf";
import { Code, ConnectError, type UnaryRequest, type UnaryResponse } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { AuthService } from "../gen/eris/identity/v1/identity_pb";
import { createAuthInterceptor, type TransportSession } from "./transport";

function request(method: DescMethod = AuthService.method.getCurrentUser): UnaryRequest {
  return { stream: false, header: new Headers(), method } as unknown as UnaryRequest;
}

function session(token: string | null, renewed: string | null = null): TransportSession {
  return { getToken: () => token, renewToken: vi.fn(async () => renewed) };
}

/** A server that accepts only the given bearer tokens, and says which one a call carried. */
function serverAccepting(...tokens: string[]) {
  return vi.fn(async (req: UnaryRequest) => {
    const authorization = req.header.get("authorization") ?? "";
    if (!tokens.map((token) => `Bearer ${token}`).includes(authorization)) {
      throw new ConnectError("Your session has ended. Please sign in again.", Code.Unauthenticated);
    }
    return { message: authorization } as unknown as UnaryResponse;
  });
}

describe("auth interceptor", () => {
  it("sends the stored token as a bearer authorization header", async () => {
    const next = serverAccepting("tok");
    const req = request();
    await createAuthInterceptor(session("tok"))(next as never)(req);
    expect(req.header.get("authorization")).toBe("Bearer tok");
  });

  it("sends no header when signed out", async () => {
    const next = vi.fn(async () => ({}) as UnaryResponse);
    const req = request();
    await createAuthInterceptor(session(null))(next as never)(req);
    expect(req.header.has("authorization")).toBe(false);
  });

  it("retries a refused call once with the renewed token", async () => {
    const next = serverAccepting("fresh");
    const auth = session("old", "fresh");
    const res = await createAuthInterceptor(auth)(next as never)(request());
    expect(res.message).toBe("Bearer fresh");
    expect(auth.renewToken).toHaveBeenCalledWith("old");
    expect(next).toHaveBeenCalledTimes(2);
  });

  it("lets the refusal stand when the session has ended, and retries only once", async () => {
    const ended = session("old", null);
    await expect(createAuthInterceptor(ended)(serverAccepting() as never)(request())).rejects.toThrow("session");
    const refusedAgain = serverAccepting();
    const renewed = session("old", "also-refused");
    await expect(createAuthInterceptor(renewed)(refusedAgain as never)(request())).rejects.toThrow("session");
    expect(renewed.renewToken).toHaveBeenCalledTimes(1);
    expect(refusedAgain).toHaveBeenCalledTimes(2);
  });

  it("asks for a token also when a call without one is refused (signed out in another tab)", async () => {
    const auth = session(null, null);
    await expect(createAuthInterceptor(auth)(serverAccepting() as never)(request())).rejects.toThrow();
    expect(auth.renewToken).toHaveBeenCalledWith(null);
  });

  it("never renews for SignIn, RefreshToken and SignOut, nor for other failures", async () => {
    const auth = session("tok", "fresh");
    const interceptor = createAuthInterceptor(auth);
    for (const method of [AuthService.method.signIn, AuthService.method.refreshToken, AuthService.method.signOut]) {
      await expect(interceptor(serverAccepting() as never)(request(method))).rejects.toThrow();
    }
    const denied = vi.fn(async () => {
      throw new ConnectError("no", Code.PermissionDenied);
    });
    await expect(interceptor(denied as never)(request())).rejects.toThrow();
    expect(auth.renewToken).not.toHaveBeenCalled();
  });
});
