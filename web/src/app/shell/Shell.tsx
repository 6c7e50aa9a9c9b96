import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";

import { Spinner } from "@blueprintjs/core";
import { Navigate, Outlet, useLocation } from "react-router";

import { decideShellRoute } from "../auth/guard";
import { useSession, useSessionState } from "../auth/SessionContext";
import { LiveChanges } from "./LiveChanges";
import { SideMenu } from "./SideMenu";
import { SHELL_TEXTS } from "./texts";
import { TopBar } from "./TopBar";

// The search drawer (its date fields bring Blueprint's date picker) and the finder are fetched the
// first time they are opened, not with the app: neither shows before it is asked for.
const loadSearchDrawer = () => import("./CompanySearchDrawer");
const loadFinder = () => import("./CompanyFinder");
const CompanySearchDrawer = lazy(() => loadSearchDrawer().then((m) => ({ default: m.CompanySearchDrawer })));
const CompanyFinder = lazy(() => loadFinder().then((m) => ({ default: m.CompanyFinder })));

// Under vitest both are there before a test opens one, as the pages are (routes.tsx); builds drop this.
if (import.meta.env.MODE === "test") {
  await Promise.all([loadSearchDrawer(), loadFinder()]);
}

/** The page's main content, where the skip link takes the keyboard. */
const MAIN_ID = "main-content";

/** True for the finder's shortcut: Ctrl+K, or Cmd+K on a Mac. */
export function isFinderShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";
}

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
  // Undefined until first opened, so that the drawer and the finder are fetched only then.
  const [searchOpen, setSearchOpen] = useState<boolean>();
  const [finderOpen, setFinderOpen] = useState<boolean>();
  const main = useRef<HTMLElement>(null);
  const signedIn = state.status === "signedIn";

  // Ctrl/Cmd+K opens the company finder from anywhere in the shell, even from a text box.
  useEffect(() => {
    if (!signedIn) {
      return;
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (isFinderShortcut(event)) {
        event.preventDefault();
        setSearchOpen((open) => (open === undefined ? undefined : false));
        setFinderOpen(true);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [signedIn]);

  // A new page starts at its top (e.g. a company just added opens its details from the top), not
  // where the last page was scrolled to.
  useLayoutEffect(() => {
    if (main.current) {
      main.current.scrollTop = 0;
    }
  }, [pathname]);

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
    <LiveChanges userId={state.user.userId}>
      <div className="eris-shell">
        {/* The first Tab stop: past the top bar and the menu, straight to the page. */}
        <a
          className="eris-skip-link"
          href={`#${MAIN_ID}`}
          onClick={(event) => {
            event.preventDefault();
            main.current?.focus();
          }}
        >
          {SHELL_TEXTS.skipToContent}
        </a>
        <TopBar
          userName={state.user.name}
          onOpenSearch={() => setSearchOpen(true)}
          onOpenFinder={() => setFinderOpen(true)}
          onLogout={() => void session.signOut()}
        />
        <div className="eris-body">
          <SideMenu role={state.user.role} collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
          <main className="eris-main" id={MAIN_ID} tabIndex={-1} ref={main}>
            <Outlet />
          </main>
        </div>
        {/* Each its own boundary: one being fetched must not hide the other while it is open. */}
        <Suspense>
          {searchOpen !== undefined && <CompanySearchDrawer isOpen={searchOpen} onClose={() => setSearchOpen(false)} />}
        </Suspense>
        <Suspense>
          {finderOpen !== undefined && <CompanyFinder isOpen={finderOpen} onClose={() => setFinderOpen(false)} />}
        </Suspense>
      </div>
    </LiveChanges>
  );
}
