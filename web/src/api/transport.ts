import { Code, ConnectError, type Interceptor, type Transport } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";

/** What the transport needs from the session: the token to send and what to do when it is refused. */
export interface TransportSession {
  /** The stored token, or null when signed out. */
  getToken(): string | null;
  /** Called when a call that carried a token is answered Unauthenticated. */
  onUnauthenticated(): void;
}

/** Adds `authorization: Bearer <token>` to every call and reports refused tokens. */
export function createAuthInterceptor(session: TransportSession): Interceptor {
  return (next) => async (req) => {
    const token = session.getToken();
    if (token) {
      req.header.set("authorization", `Bearer ${token}`);
    }
    try {
      return await next(req);
    } catch (err) {
      // Only a token that was sent can have been refused; a failed sign-in has none.
      if (token && ConnectError.from(err).code === Code.Unauthenticated) {
        session.onUnauthenticated();
      }
      throw err;
    }
  };
}

/** gRPC-web to the gateway, which serves the app and the API from the same origin. */
export function createTransport(session: TransportSession, baseUrl = window.location.origin): Transport {
  return createGrpcWebTransport({ baseUrl, interceptors: [createAuthInterceptor(session)] });
}
