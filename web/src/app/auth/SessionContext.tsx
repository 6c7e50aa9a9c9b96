import { createContext, useContext, useSyncExternalStore } from "react";

import { businessTimeZoneOr } from "../../lib/businessTime";
import type { Session, SessionState } from "./session";

export const SessionContext = createContext<Session | null>(null);

/** The app's session object (sign in, sign out, ...). */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) {
    throw new Error("useSession must be used inside SessionContext");
  }
  return session;
}

/** The current session state; re-renders on every change. */
export function useSessionState(): SessionState {
  const session = useSession();
  return useSyncExternalStore(session.subscribe, session.getState);
}

/** The business time zone (IANA name) times are placed and shown in; the default until the server says. */
export function useBusinessTimeZone(): string {
  const state = useSessionState();
  return businessTimeZoneOr(state.status === "signedIn" ? state.businessTimeZone : undefined);
}
