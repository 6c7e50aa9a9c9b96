import { H3, Tab, Tabs } from "@blueprintjs/core";
import { useLocation, useNavigate } from "react-router";

import { useSessionUser } from "../../app/auth/useSessionUser";
import { COMMISSION_IMPORT_ROLES } from "../../app/roles";
import type { Role } from "../../gen/eris/identity/v1/identity_pb";
import { NoAccess } from "../../app/shell/RequireRole";
import { NotFound } from "../../app/shell/NotFound";
import { useUrlParams } from "../../lib/urlState";
import { ChaseTab } from "./ChaseTab";
import { ImportTab } from "./ImportTab";
import { CHASE_PATH, COMMISSIONS_PATH, IMPORT_PATH } from "./paths";
import { StatementDetail } from "./StatementDetail";
import { StatementsTab } from "./StatementsTab";
import { COMMISSION_TEXTS } from "./texts";

import "./commissions.css";

const T = COMMISSION_TEXTS;

type CommissionsView =
  { tab: "statements"; statementId?: bigint } | { tab: "import" } | { tab: "chase" } | { tab: "unknown" };

/** What an address under /Commissions shows (pure, for tests). */
export function commissionsView(pathname: string): CommissionsView {
  const rest = pathname.slice(COMMISSIONS_PATH.length).replace(/\/+$/, "");
  if (rest === "") {
    return { tab: "statements" };
  }
  if (rest === "/Import") {
    return { tab: "import" };
  }
  if (rest === "/Chase") {
    return { tab: "chase" };
  }
  const statement = /^\/Statements\/([1-9]\d{0,18})$/.exec(rest);
  return statement ? { tab: "statements", statementId: BigInt(statement[1]) } : { tab: "unknown" };
}

const TAB_PATHS = { statements: COMMISSIONS_PATH, import: IMPORT_PATH, chase: CHASE_PATH } as const;

/** Whether a role may import, link and revert statements (the server enforces it too). */
export function canImportStatements(role: Role): boolean {
  return COMMISSION_IMPORT_ROLES.includes(role);
}

/**
 * /Commissions: supplier statements (Management, Admin and Customer Care). Each tab has its own
 * address (/Commissions, /Commissions/Import, /Commissions/Chase) and a statement its own page
 * under Statements (/Commissions/Statements/12). Customer Care reads: Import is not theirs.
 */
export function CommissionsPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const url = useUrlParams();
  const { me } = useSessionUser();
  const canImport = canImportStatements(me.role);
  const view = commissionsView(pathname);
  if (view.tab === "unknown") {
    return <NotFound />;
  }

  const panel =
    view.tab === "import" ? (
      canImport ? (
        <ImportTab />
      ) : (
        <NoAccess />
      )
    ) : view.tab === "chase" ? (
      <ChaseTab url={url} />
    ) : view.statementId !== undefined ? (
      <StatementDetail key={String(view.statementId)} statementId={view.statementId} canChange={canImport} />
    ) : (
      <StatementsTab url={url} />
    );

  return (
    <div className="eris-page eris-commissions">
      <H3>{T.title}</H3>
      <Tabs
        id="commission-tabs"
        large
        selectedTabId={view.tab}
        onChange={(tab) => navigate(TAB_PATHS[tab as keyof typeof TAB_PATHS])}
        renderActiveTabPanelOnly
      >
        <Tab id="statements" title={T.tabs.statements} panel={panel} />
        <Tab id="import" title={T.tabs.import} disabled={!canImport} panel={panel} />
        <Tab id="chase" title={T.tabs.chase} panel={panel} />
      </Tabs>
    </div>
  );
}
