import { useEffect } from "react";

import { render } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from "react-router";
import { vi, type Mock } from "vitest";

import type { ApiClients } from "../api/clients";
import type { SessionAnswer, SessionApi } from "../api/sessionApi";
import { AppProviders } from "../app/App";
import { Session } from "../app/auth/session";
import { createTokenStore, TOKEN_KEY } from "../app/auth/tokenStore";
import { AppRoutes } from "../app/routes";
import type { AppServices } from "../app/services";
import type { User } from "../gen/eris/identity/v1/identity_pb";

export interface FakeApi {
  auth?: Partial<ApiClients["auth"]>;
  users?: Partial<ApiClients["users"]>;
  /** The REST session calls; each one not given is a spy that succeeds (see fakeSessionApi). */
  session?: Partial<SessionApi>;
}

/** The REST session calls as spies. */
export type FakeSessionApi = { [K in keyof SessionApi]: Mock<SessionApi[K]> };

/**
 * REST session calls that succeed, as spies: sign-in and refresh answer with `answer`, sign-out
 * and password change with nothing / `answer`. `overrides` replace any of them.
 */
export function fakeSessionApi(
  overrides: Partial<SessionApi> = {},
  answer: SessionAnswer = { token: "tok", expiresAt: null },
): FakeSessionApi {
  const api: SessionApi = {
    login: async () => answer,
    refresh: async () => answer,
    logout: async () => undefined,
    changePassword: async () => answer,
    ...overrides,
  };
  return {
    login: vi.fn(api.login),
    refresh: vi.fn(api.refresh),
    logout: vi.fn(api.logout),
    changePassword: vi.fn(api.changePassword),
  };
}

/** The app's services over fake clients and the real localStorage. */
export function fakeServices(fake: FakeApi = {}): AppServices {
  const tokens = createTokenStore(window.localStorage);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // No utilities unless a test says otherwise: pickers then offer none.
  const utilities = { listUtilities: async () => ({ utilities: [] }) };
  // No renewal alerts unless a test says otherwise: the dashboard's Renewals panel is then empty.
  const reports = { listRenewalAlerts: async () => ({ alerts: [] }) };
  const api = { auth: fake.auth ?? {}, users: fake.users ?? {}, utilities, reports } as unknown as ApiClients;
  const sessionApi = fakeSessionApi(fake.session);
  const session = new Session(
    tokens,
    () => api.auth,
    () => sessionApi,
    () => queryClient.clear(),
  );
  return { tokens, session, sessionApi, api, queryClient };
}

/** Services for `me`, signed in with `features`, whose user list holds `users`. */
export function signedInServices(me: User, users: readonly User[], features: string[] = []): AppServices {
  return fakeServices({
    auth: { getCurrentUser: vi.fn(async () => ({ user: me, features })) as never },
    users: { listUsers: vi.fn(async () => ({ users, nextPageToken: "" })) as never },
  });
}

/** Where the app is (path and search params) and a way to go Back, for tests of state kept in the address. */
export interface RouterProbe {
  location: Location;
  navigate: NavigateFunction;
}

function Probe({ onChange }: { onChange: (probe: RouterProbe) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    onChange({ location, navigate });
  }, [location, navigate, onChange]);
  return null;
}

/** Renders the whole route tree at a path; `router()` tells where it is now. */
export function renderApp(path: string, services: AppServices) {
  let probe: RouterProbe | null = null;
  const result = render(
    <AppProviders services={services}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Probe onChange={(next) => (probe = next)} />
      </MemoryRouter>
    </AppProviders>,
  );
  const router = (): RouterProbe => {
    if (!probe) {
      throw new Error("The router has not rendered yet");
    }
    return probe;
  };
  return { ...result, router };
}

/** Fake clients by service; each replaces that service's default fake. */
export type FakeClients = Partial<Record<keyof ApiClients, unknown>>;
/** Fake methods of one client, named as the client names them. */
export type FakeClient<K extends keyof ApiClients> = Partial<Record<keyof ApiClients[K], unknown>>;

/**
 * The access token openApp stores for a user: one of their own, as each sign-in stores, so that the
 * profile a previous user's load kept is not theirs.
 */
export function sessionTokenOf(user: User): string {
  return `tok-${user.userId}`;
}

/**
 * Renders the whole app at `path` for `me`, signed in (a token stored), over the fake clients given;
 * the user list holds `users`.
 */
export function openApp(path: string, me: User, api: FakeClients = {}, users: readonly User[] = [me]) {
  window.localStorage.setItem(TOKEN_KEY, sessionTokenOf(me));
  const services = signedInServices(me, users);
  Object.assign(services.api, api);
  return { services, ...renderApp(path, services) };
}
