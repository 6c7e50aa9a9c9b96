import { useState } from "react";

import { Spinner } from "@blueprintjs/core";
import { Navigate, Outlet, useLocation } from "react-router";

import { decideShellRoute } from "../auth/guard";
import { useSession, useSessionState } from "../auth/SessionContext";
import { CompanySearchDrawer } from "./CompanySearchDrawer";
import { SideMenu } from "./SideMenu";
import { SHELL_TEXTS } from "./texts";
import { TopBar } from "./TopBar";

/** Full-page spinner while a stored token is being checked. */
export function SessionSpinner() {
  return (
    <div className="eris-fullpage-center" aria-label={SHELL_TEXTS.loading}>
      <Spinner />
    </div>
  );
}

/** The layout of every signed-in route: top bar, side menu, company search drawer and the page. */
export function Shell() {
  const session = useSession();
  const state = useSessionState();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(true);
  const [searchOpen, setSearchOpen] = useState(false);

  const decision = decideShellRoute(state, pathname);
  if (decision.kind === "wait") {
    return <SessionSpinner />;
  }
  if (decision.kind === "redirect") {
    return <Navigate to={decision.to} replace />;
  }
  if (state.status !== "signedIn") {
    return null;
  }
  return (
    <div className="eris-shell">
      <TopBar
        userName={state.user.name}
        onOpenSearch={() => setSearchOpen(true)}
        onLogout={() => void session.signOut()}
      />
      <div className="eris-body">
        <SideMenu role={state.user.role} collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
        <main className="eris-main">
          <Outlet />
        </main>
      </div>
      <CompanySearchDrawer isOpen={searchOpen} onClose={() => setSearchOpen(false)} />
    </div>
  );
}
