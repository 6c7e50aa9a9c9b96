import { H3, Tab, Tabs } from "@blueprintjs/core";

import { CallBanksTab } from "./CallBanksTab";
import { CompaniesTab } from "./CompaniesTab";
import { ADMIN_TEXTS } from "./texts";
import { UsersTab } from "./UsersTab";

/** /Admin (Management only): Users, Call Banks, Companies. */
export function AdminPage() {
  return (
    <div className="eris-page">
      <H3>{ADMIN_TEXTS.title}</H3>
      <Tabs id="admin-tabs" defaultSelectedTabId="users" large renderActiveTabPanelOnly>
        <Tab id="users" title={ADMIN_TEXTS.usersTab} panel={<UsersTab />} />
        <Tab id="callbanks" title={ADMIN_TEXTS.callBanksTab} panel={<CallBanksTab />} />
        <Tab id="companies" title={ADMIN_TEXTS.companiesTab} panel={<CompaniesTab />} />
      </Tabs>
    </div>
  );
}
