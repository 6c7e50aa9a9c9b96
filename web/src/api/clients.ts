import { createContext, useContext } from "react";

import { createClient, type Client, type Transport } from "@connectrpc/connect";

import { AuthService, UserService } from "../gen/eris/identity/v1/identity_pb";

/** The generated clients the app calls; one set per transport. */
export interface ApiClients {
  auth: Client<typeof AuthService>;
  users: Client<typeof UserService>;
}

export function createApiClients(transport: Transport): ApiClients {
  return {
    auth: createClient(AuthService, transport),
    users: createClient(UserService, transport),
  };
}

export const ApiContext = createContext<ApiClients | null>(null);

/** The API clients of the running app (or of a test). */
export function useApi(): ApiClients {
  const clients = useContext(ApiContext);
  if (!clients) {
    throw new Error("useApi must be used inside ApiContext");
  }
  return clients;
}
