import type { DescMethod } from "@bufbuild/protobuf";
import { Code, ConnectError, type Interceptor, type Transport } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";

import { AuthService } from "../gen/eris/identity/v1/identity_pb";

/** What the transport needs from the session: the token to send and a new one when it is refused. */
export interface TransportSession {
  /** The stored access token, or null when signed out. */
  getToken(): string | null;
  /**
   * Called when a call is answered Unauthenticated, with the token it carried: a token to retry
   * with, or null when the session has ended (and has been dropped).
   */
  renewToken(refused: string | null): Promise<string | null>;
}

/**
 * Calls whose refusal says nothing about the session's access token: signing in and refreshing
 * check credentials of their own, and signing out never trades for fresh tokens. The app signs
 * in, refreshes and signs out through the gateway's REST calls (api/sessionApi.ts, with the
 * refresh cookie), which do not pass through here; should these gRPC methods be called, a refusal
 * must still not start a refresh (which would call them again, or end the session for nothing).
 */
const NOT_RETRIED = new Set<DescMethod>([
  AuthService.method.signIn,
  AuthService.method.refreshToken,
  AuthService.method.signOut,
]);

/**
 * Adds `authorization: Bearer <token>` to every call. A call refused as Unauthenticated is
 * retried once with a renewed token; when there is none, the refusal stands.
 */
export function createAuthInterceptor(session: TransportSession): Interceptor {
  return (next) => async (req) => {
    const token = session.getToken();
    if (token) {
      req.header.set("authorization", `Bearer ${token}`);
    }
    try {
      return await next(req);
    } catch (err) {
      // A stream's request messages cannot be sent a second time.
      if (req.stream || ConnectError.from(err).code !== Code.Unauthenticated || NOT_RETRIED.has(req.method)) {
        throw err;
      }
      const renewed = await session.renewToken(token);
      if (!renewed) {
        throw err;
      }
      req.header.set("authorization", `Bearer ${renewed}`);
      return next(req);
    }
  };
}

/** gRPC-web to the gateway, which serves the app and the API from the same origin. */
export function createTransport(session: TransportSession, baseUrl = window.location.origin): Transport {
  return createGrpcWebTransport({ baseUrl, interceptors: [createAuthInterceptor(session)] });
}
