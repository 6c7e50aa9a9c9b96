import { render } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";

import type { ApiClients } from "../api/clients";
import { AppProviders } from "../app/App";
import { Session } from "../app/auth/session";
import { createTokenStore } from "../app/auth/tokenStore";
import { AppRoutes } from "../app/routes";
import type { AppServices } from "../app/services";
import type { User } from "../gen/eris/identity/v1/identity_pb";

export interface FakeApi {
  auth?: Partial<ApiClients["auth"]>;
  users?: Partial<ApiClients["users"]>;
}

/** The app's services over fake clients and the real localStorage. */
export function fakeServices(fake: FakeApi = {}): AppServices {
  const tokens = createTokenStore(window.localStorage);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // No utilities unless a test says otherwise: pickers then offer none.
  const utilities = { listUtilities: async () => ({ utilities: [] }) };
  const api = { auth: fake.auth ?? {}, users: fake.users ?? {}, utilities } as unknown as ApiClients;
  const session = new Session(
    tokens,
    () => api.auth,
    () => queryClient.clear(),
  );
  return { tokens, session, api, queryClient };
}

/** Services for `me`, signed in with `features`, whose user list holds `users`. */
export function signedInServices(me: User, users: readonly User[], features: string[] = []): AppServices {
  return fakeServices({
    auth: { getCurrentUser: vi.fn(async () => ({ user: me, features })) as never },
    users: { listUsers: vi.fn(async () => ({ users, nextPageToken: "" })) as never },
  });
}

/** Renders the whole route tree at a path. */
export function renderApp(path: string, services: AppServices) {
  return render(
    <AppProviders services={services}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}
