import type { QueryClient } from "@tanstack/react-query";

import { createApiClients, type ApiClients } from "../api/clients";
import { createQueryClient } from "../api/queryClient";
import { createSessionApi, type SessionApi } from "../api/sessionApi";
import { createTransport } from "../api/transport";
import { Session } from "./auth/session";
import { createTokenStore, type TokenStore } from "./auth/tokenStore";

/** The long-lived objects of one running app. */
export interface AppServices {
  tokens: TokenStore;
  session: Session;
  /** The gateway's REST session calls (sign-in, refresh, sign-out, password change). */
  sessionApi: SessionApi;
  api: ApiClients;
  queryClient: QueryClient;
}

export function createAppServices(
  storage: Storage = window.localStorage,
  baseUrl = window.location.origin,
): AppServices {
  const tokens = createTokenStore(storage);
  const queryClient = createQueryClient();
  const sessionApi = createSessionApi({ baseUrl });
  // The session and the transport need each other: the transport reads the token and asks the
  // session for a new one when it is refused, the session calls AuthService through the transport.
  const session: Session = new Session(
    tokens,
    () => api.auth,
    () => sessionApi,
    () => queryClient.clear(),
  );
  const api = createApiClients(createTransport(session, baseUrl));
  return { tokens, session, sessionApi, api, queryClient };
}
