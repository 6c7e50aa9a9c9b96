import { useEffect, useState } from "react";

import { QueryClientProvider } from "@tanstack/react-query";
import { createBrowserRouter, RouterProvider } from "react-router";

import { ApiContext } from "../api/clients";
import { createAppServices, type AppServices } from "./services";
import { SessionContext } from "./auth/SessionContext";
import { AppRoutes } from "./routes";
import { RouteFailed } from "./shell/ScreenFailed";

export interface AppProviderProps {
  services: AppServices;
  children: React.ReactNode;
}

/** Session, API clients and server-state cache for everything below. */
export function AppProviders({ services, children }: AppProviderProps) {
  useEffect(() => {
    void services.session.restore();
  }, [services]);
  return (
    <SessionContext.Provider value={services.session}>
      <ApiContext.Provider value={services.api}>
        <QueryClientProvider client={services.queryClient}>{children}</QueryClientProvider>
      </ApiContext.Provider>
    </SessionContext.Provider>
  );
}

/**
 * The app's router: a data router (so screens can ask before leaving, see useBlocker) whose single
 * splat route holds the app's own <Routes>, which match the path as before.
 */
export function createAppRouter() {
  return createBrowserRouter([{ path: "*", element: <AppRoutes />, errorElement: <RouteFailed /> }]);
}

export function App() {
  const [services] = useState(() => createAppServices());
  const [router] = useState(createAppRouter);
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
