import { H3, NonIdealState, Spinner, Tab, TabPanel, Tabs } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { Link, Outlet, useLocation, useNavigate, useParams } from "react-router";

import { useCompany } from "../../api/companies";
import { hasCode } from "../../api/errors";
import { CONTRACTS_BETA_FEATURE, useSessionUser } from "../../app/auth/useSessionUser";
import { NoAccess } from "../../app/shell/RequireRole";
import { parseCompanyId } from "../../lib/companyRoutes";
import "./companies.css";
import { COMPANY_TEXTS } from "./texts";

/** The tabs of a company, by their route segment. */
const TABS = [
  { id: "details", title: COMPANY_TEXTS.tabs.details },
  { id: "accounts", title: COMPANY_TEXTS.tabs.accounts },
  { id: "contacts", title: COMPANY_TEXTS.tabs.contacts },
  { id: "contracts", title: COMPANY_TEXTS.tabs.contracts },
  { id: "contractsBETA", title: COMPANY_TEXTS.tabs.contractsBeta, feature: CONTRACTS_BETA_FEATURE },
  { id: "rfps", title: COMPANY_TEXTS.tabs.rfps },
] as const;

const TABS_ID = "company-tabs";

/** The company (/LeadTabs/:leadId): its name, the tab bar and the chosen tab. */
export function CompanyTabsLayout() {
  const companyId = parseCompanyId(useParams().leadId);
  return companyId === null ? <CompanyNotFound /> : <CompanyTabs companyId={companyId} />;
}

interface CompanyTabsProps {
  companyId: bigint;
}

function CompanyTabs({ companyId }: CompanyTabsProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { features } = useSessionUser();
  const company = useCompany(companyId);
  const segment = pathname.split("/")[3] || "details";
  const tabs = TABS.filter((tab) => !("feature" in tab) || features.includes(tab.feature));
  const selected = tabs.some((tab) => tab.id === segment) ? segment : undefined;

  const page = segment === "contractsBETA" && !features.includes(CONTRACTS_BETA_FEATURE) ? <NoAccess /> : <Outlet />;

  if (company.isPending) {
    return (
      <div className="eris-page">
        <Spinner aria-label={COMPANY_TEXTS.loading} />
      </div>
    );
  }
  if (company.isError || !company.data) {
    // A company that is not there and one the user may not see read the same (the server says so too).
    if (!company.isError || hasCode(company.error, Code.NotFound, Code.PermissionDenied, Code.InvalidArgument)) {
      return <CompanyNotFound />;
    }
    return (
      <div className="eris-page">
        <NonIdealState icon="error" title={COMPANY_TEXTS.loadFailed} />
      </div>
    );
  }
  return (
    <div className="eris-page">
      <div className="eris-company-header">
        <H3 data-testid="company-title">{company.data.name}</H3>
      </div>
      <Tabs
        id={TABS_ID}
        selectedTabId={selected}
        large
        onChange={(tab) => navigate(`/LeadTabs/${companyId}/${String(tab)}`)}
      >
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} title={tab.title} />
        ))}
      </Tabs>
      {/*
        The tabs are routes: the chosen one's page shows in its panel, and every tab's panel is there
        (the others empty and hidden), so no tab controls a panel that does not exist.
      */}
      {tabs.map((tab) => (
        <TabPanel
          key={tab.id}
          id={tab.id}
          parentId={TABS_ID}
          selectedTabId={selected}
          className="eris-tab-panel"
          panel={tab.id === selected ? page : <></>}
        />
      ))}
      {selected === undefined && <div className="eris-tab-panel">{page}</div>}
    </div>
  );
}

function CompanyNotFound() {
  return (
    <NonIdealState
      icon="office"
      title={COMPANY_TEXTS.notFoundTitle}
      description={COMPANY_TEXTS.notFoundBody}
      action={<Link to="/Leads">{COMPANY_TEXTS.backToCompanies}</Link>}
    />
  );
}
