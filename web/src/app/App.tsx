import { useEffect, useState } from "react";

import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";

import { ApiContext } from "../api/clients";
import { createAppServices, type AppServices } from "./services";
import { SessionContext } from "./auth/SessionContext";
import { AppRoutes } from "./routes";

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

export function App() {
  const [services] = useState(() => createAppServices());
  return (
    <AppProviders services={services}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
