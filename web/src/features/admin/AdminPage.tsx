import { H3, Tab, Tabs } from "@blueprintjs/core";

import { tabChanges, useUrlParams } from "../../lib/urlState";
import { CallBanksTab } from "./CallBanksTab";
import { CompaniesTab } from "./CompaniesTab";
import { ADMIN_TEXTS } from "./texts";
import { UsersTab } from "./UsersTab";

const TABS = ["users", "callbanks", "companies"] as const;

/** /Admin (Management only): Users, Call Banks, Companies; the tab and its list's state are in the address. */
export function AdminPage() {
  const url = useUrlParams();
  const tabParam = url.params.get("tab");
  const tab = TABS.find((t) => t === tabParam) ?? "users";
  return (
    <div className="eris-page">
      <H3>{ADMIN_TEXTS.title}</H3>
      <Tabs
        id="admin-tabs"
        selectedTabId={tab}
        onChange={(next) => url.update(tabChanges(url.params, "tab", String(next), "users"))}
        large
        renderActiveTabPanelOnly
      >
        <Tab id="users" title={ADMIN_TEXTS.usersTab} panel={<UsersTab />} />
        <Tab id="callbanks" title={ADMIN_TEXTS.callBanksTab} panel={<CallBanksTab url={url} />} />
        <Tab id="companies" title={ADMIN_TEXTS.companiesTab} panel={<CompaniesTab url={url} />} />
      </Tabs>
    </div>
  );
}
