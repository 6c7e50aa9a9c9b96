import type { ReactNode } from "react";

import type { IconName } from "@blueprintjs/icons";
import { Navigate, Route, Routes } from "react-router";

import { Placeholder } from "../components/Placeholder";
import { AdminPage } from "../features/admin/AdminPage";
import { CallBankCompaniesPage } from "../features/callbanks/CallBankCompaniesPage";
import { CompaniesPage } from "../features/companies/CompaniesPage";
import { CompanyDetailsPage } from "../features/companies/CompanyDetailsPage";
import { CompanyTabsLayout } from "../features/companies/CompanyTabsLayout";
import { DashboardPage } from "../features/dashboard/DashboardPage";
import { LoginPage } from "../features/login/LoginPage";
import { SettingsPage } from "../features/settings/SettingsPage";
import { decideLoginRoute } from "./auth/guard";
import { useSessionState } from "./auth/SessionContext";
import { ADMIN_ROLES, RATE_TYPES_ROLES } from "./roles";
import { NotFound } from "./shell/NotFound";
import { RequireRole } from "./shell/RequireRole";
import { SessionSpinner, Shell } from "./shell/Shell";

/** A screen that a later issue builds: its route exists and says so. */
export interface PlaceholderRoute {
  path: string;
  title: string;
  icon?: IconName;
}

export const PLACEHOLDER_ROUTES: readonly PlaceholderRoute[] = [
  { path: "/Contracts", title: "Contracts", icon: "document" },
  { path: "/RFP", title: "RFP", icon: "send-message" },
  { path: "/Suppliers", title: "Suppliers", icon: "shop" },
  { path: "/Utilities", title: "Utilities", icon: "lightning" },
  { path: "/Reports", title: "Reports", icon: "timeline-bar-chart" },
  { path: "/Accounts", title: "Accounts" },
  { path: "/Leads/:leadId/contacts/add", title: "Add Contact" },
  { path: "/Leads/:leadId/contacts/edit/:contactId", title: "Edit Contact" },
  { path: "/OpportunityTracker", title: "Opportunity Tracker" },
  { path: "/ForecastRevenueBySupplier", title: "Forecast Revenue By Supplier" },
  { path: "/ActualRevenueBySupplier", title: "Actual Revenue By Supplier" },
  { path: "/RenewalTracking", title: "Renewal Tracking" },
  { path: "/WelcomeEmails", title: "Customer Care Welcome E-mails" },
  { path: "/MarginBuilder", title: "Margin Builder" },
  { path: "/SupplierOutreach", title: "Supplier Outreach" },
  { path: "/FirstMonthsBilling", title: "First Months Billing" },
  { path: "/AutoInactiveContracts", title: "Auto Inactive Contracts" },
];

/** The company tabs (/LeadTabs/:leadId/...); "" is the index route. */
export const LEAD_TAB_ROUTES: readonly PlaceholderRoute[] = [
  { path: "", title: "Company Details" },
  { path: "details", title: "Company Details" },
  { path: "accounts", title: "Accounts" },
  { path: "contacts", title: "Contacts" },
  { path: "contracts", title: "Contracts" },
  { path: "contractsBETA", title: "Contracts (BETA)" },
  { path: "contractsBETA/add", title: "Add Contract" },
  { path: "contractsBETA/view/:contractId", title: "View Contract" },
  { path: "rfps", title: "RFPs" },
];

function page(title: string, icon?: IconName): ReactNode {
  return (
    <div className="eris-page">
      <Placeholder title={title} icon={icon} />
    </div>
  );
}

/** The public login route: a signed-in person is sent where they belong. */
function LoginRoute() {
  const decision = decideLoginRoute(useSessionState());
  if (decision.kind === "wait") {
    return <SessionSpinner />;
  }
  if (decision.kind === "redirect") {
    return <Navigate to={decision.to} replace />;
  }
  return <LoginPage />;
}

/** Every route of the app, in history mode with base /. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginRoute />} />
      <Route element={<Shell />}>
        {PLACEHOLDER_ROUTES.map(({ path, title, icon }) => (
          <Route key={path} path={path} element={page(title, icon)} />
        ))}
        <Route path="/Leads" element={<CompaniesPage />} />
        <Route path="/LeadTabs/:leadId" element={<CompanyTabsLayout />}>
          {LEAD_TAB_ROUTES.map(({ path, title }) => {
            const element = path === "" || path === "details" ? <CompanyDetailsPage /> : <Placeholder title={title} />;
            return path === "" ? (
              <Route key="index" index element={element} />
            ) : (
              <Route key={path} path={path} element={element} />
            );
          })}
        </Route>
        <Route path="/Dashboard" element={<DashboardPage />} />
        <Route path="/callbanks/:callBankId/companies" element={<CallBankCompaniesPage />} />
        <Route path="/Settings" element={<SettingsPage />} />
        <Route
          path="/Admin"
          element={
            <RequireRole roles={ADMIN_ROLES}>
              <AdminPage />
            </RequireRole>
          }
        />
        <Route
          path="/RateTypes"
          element={<RequireRole roles={RATE_TYPES_ROLES}>{page("Rate Types", "percentage")}</RequireRole>}
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
