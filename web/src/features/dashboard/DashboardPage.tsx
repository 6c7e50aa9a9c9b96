import { useState } from "react";

import { FormGroup, H3, HTMLSelect, Tab, Tabs } from "@blueprintjs/core";

import { useSessionState } from "../../app/auth/SessionContext";
import { UserOptions } from "../../components/UserOptions";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { useUserDirectory } from "../tasks/userDirectory";
import { DashboardCallBanksTab } from "./DashboardCallBanksTab";
import { DashboardTasksTab } from "./DashboardTasksTab";
import { DASHBOARD_TEXTS } from "./texts";

/** Only Management may look at another user's dashboard data (spec section 6). */
export function canPickDashboardUser(role: Role): boolean {
  return role === Role.MANAGEMENT;
}

/** /Dashboard: Tasks (calendar and My Upcoming Tasks) and Call Banks. */
export function DashboardPage() {
  const session = useSessionState();
  const me = session.status === "signedIn" ? session.user : undefined;
  const canPickUser = me ? canPickDashboardUser(me.role) : false;
  const directory = useUserDirectory();
  const [pickedUserId, setPickedUserId] = useState<bigint | undefined>(undefined);
  const myId = me?.userId ?? 0n;
  const taskUserId = canPickUser ? (pickedUserId ?? myId) : myId;

  return (
    <div className="eris-page">
      <H3>{DASHBOARD_TEXTS.title}</H3>
      <Tabs id="dashboard-tabs" defaultSelectedTabId="tasks" large renderActiveTabPanelOnly>
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
                    onChange={(e) => setPickedUserId(BigInt(e.currentTarget.value))}
                  >
                    {!directory.users.some((u) => u.userId === taskUserId) && (
                      <option value={String(taskUserId)}>{me?.name}</option>
                    )}
                    <UserOptions users={directory.users} />
                  </HTMLSelect>
                </FormGroup>
              )}
              {taskUserId !== 0n && <DashboardTasksTab userId={taskUserId} />}
            </>
          }
        />
        <Tab
          id="callbanks"
          title={DASHBOARD_TEXTS.callBanksTab}
          panel={<DashboardCallBanksTab userId={myId} canPickUser={canPickUser} />}
        />
      </Tabs>
    </div>
  );
}
