import { lazy, Suspense } from "react";

import { FormGroup, H3, HTMLSelect, Spinner, Tab, Tabs } from "@blueprintjs/core";

import { useUserDirectory } from "../../api/userDirectory";
import { useSessionState } from "../../app/auth/SessionContext";
import { UserOptions } from "../../components/UserOptions";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { tabChanges, useUrlParams } from "../../lib/urlState";
import { DashboardTasksTab } from "./DashboardTasksTab";
import { DASHBOARD_TEXTS } from "./texts";

// The Call Banks tab (its table and dialogs) is fetched the first time it is shown: the dashboard
// opens on Tasks.
const DashboardCallBanksTab = lazy(() =>
  import("./DashboardCallBanksTab").then((m) => ({ default: m.DashboardCallBanksTab })),
);

// Management's line of commission statements comes with its own chunk: the statements client stays
// out of the dashboard's first script.
const StatementSummaryLine = lazy(() =>
  import("../commissions/StatementSummaryLine").then((m) => ({ default: m.StatementSummaryLine })),
);

/** Only Management may look at another user's dashboard data (spec section 6). */
export function canPickDashboardUser(role: Role): boolean {
  return role === Role.MANAGEMENT;
}

const TABS = ["tasks", "callbanks"] as const;
type DashboardTab = (typeof TABS)[number];

/** A user id from the address; undefined when absent or not one. */
function parseUserId(text: string | null): bigint | undefined {
  return text && /^[1-9]\d{0,18}$/.test(text) ? BigInt(text) : undefined;
}

/**
 * /Dashboard: Tasks (calendar and My Upcoming Tasks) and Call Banks. The tab and the user Management
 * picked are in the address (?tab=callbanks, ?user=12), with each tab's own list state.
 */
export function DashboardPage() {
  const session = useSessionState();
  const url = useUrlParams();
  const me = session.status === "signedIn" ? session.user : undefined;
  const canPickUser = me ? canPickDashboardUser(me.role) : false;
  const directory = useUserDirectory();
  const tabParam = url.params.get("tab");
  const tab: DashboardTab = TABS.find((t) => t === tabParam) ?? "tasks";
  const myId = me?.userId ?? 0n;
  const taskUserId = canPickUser ? (parseUserId(url.params.get("user")) ?? myId) : myId;
  const viewingOther = taskUserId !== myId;

  return (
    <div className="eris-page">
      <H3>{DASHBOARD_TEXTS.title}</H3>
      {me?.role === Role.MANAGEMENT && (
        <Suspense fallback={null}>
          <StatementSummaryLine />
        </Suspense>
      )}
      <Tabs
        id="dashboard-tabs"
        selectedTabId={tab}
        onChange={(next) => url.update(tabChanges(url.params, "tab", String(next), "tasks"))}
        large
        renderActiveTabPanelOnly
      >
        <Tab
          id="tasks"
          title={DASHBOARD_TEXTS.tasksTab}
          panel={
            <>
              {canPickUser && (
                <FormGroup inline label={DASHBOARD_TEXTS.user} labelFor="dashboard-user" className="eris-toolbar">
                  <HTMLSelect
                    id="dashboard-user"
                    value={String(taskUserId)}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      url.update({ user: value === String(myId) ? null : value });
                    }}
                  >
                    {!directory.users.some((u) => u.userId === taskUserId) && (
                      <option value={String(taskUserId)}>
                        {viewingOther ? directory.nameOf(taskUserId) : me?.name}
                      </option>
                    )}
                    <UserOptions users={directory.users} />
                  </HTMLSelect>
                </FormGroup>
              )}
              {taskUserId !== 0n && (
                <DashboardTasksTab
                  key={String(taskUserId)}
                  userId={taskUserId}
                  userName={viewingOther ? directory.nameOf(taskUserId) || undefined : undefined}
                  // The server reads 0 as the caller's own RFPs; only Management names another user.
                  rfpUserId={viewingOther ? taskUserId : 0n}
                  url={url}
                />
              )}
            </>
          }
        />
        <Tab
          id="callbanks"
          title={DASHBOARD_TEXTS.callBanksTab}
          panel={
            <Suspense fallback={<Spinner />}>
              <DashboardCallBanksTab userId={myId} canPickUser={canPickUser} url={url} />
            </Suspense>
          }
        />
      </Tabs>
    </div>
  );
}
