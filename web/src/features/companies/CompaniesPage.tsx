import { H3, Tab, Tabs } from "@blueprintjs/core";

import { useSessionUser } from "../../app/auth/useSessionUser";
import { tabChanges, useUrlParams } from "../../lib/urlState";
import { AddCompanyForm } from "./AddCompanyForm";
import { CompanyList } from "./CompanyList";
import { COMPANY_TEXTS } from "./texts";
import "./companies.css";

/** /Leads: View Companies, and Add Companies for everyone but Sales (?tab=add). */
export function CompaniesPage() {
  const { isSales } = useSessionUser();
  const url = useUrlParams();
  const tab = url.params.get("tab") === "add" && !isSales ? "add" : "view";
  return (
    <div className="eris-page">
      <H3>{COMPANY_TEXTS.title}</H3>
      <Tabs
        id="companies-tabs"
        selectedTabId={tab}
        onChange={(next) => url.update(tabChanges(url.params, "tab", String(next), "view"))}
        large
        renderActiveTabPanelOnly
      >
        <Tab id="view" title={COMPANY_TEXTS.viewTab} panel={<CompanyList />} />
        {!isSales && <Tab id="add" title={COMPANY_TEXTS.addTab} panel={<AddCompanyForm />} />}
      </Tabs>
    </div>
  );
}
