import type { ReactNode } from "react";

import type { IconName } from "@blueprintjs/icons";
import { Navigate, Route, Routes } from "react-router";

import { Placeholder } from "../components/Placeholder";
import { ACCOUNT_FINDER_PATH } from "../lib/accountRoutes";
import { AccountsPage } from "../features/accounts/AccountsPage";
import { AccountSearchPage } from "../features/accountSearch/AccountSearchPage";
import { AdminPage } from "../features/admin/AdminPage";
import { CallBankCompaniesPage } from "../features/callbanks/CallBankCompaniesPage";
import { CompaniesPage } from "../features/companies/CompaniesPage";
import { CompanyDetailsPage } from "../features/companies/CompanyDetailsPage";
import { CompanyTabsLayout } from "../features/companies/CompanyTabsLayout";
import { ContactsTab, ContactsTabRedirect } from "../features/contacts/ContactsTab";
import { AddBetaContract } from "../features/betaContracts/AddBetaContract";
import { BetaContractsTab } from "../features/betaContracts/BetaContractsTab";
import { ViewBetaContract } from "../features/betaContracts/ViewBetaContract";
import { ContractBookPage } from "../features/contractBook/ContractBookPage";
import { ContractsTab } from "../features/contracts/ContractsTab";
import { DashboardPage } from "../features/dashboard/DashboardPage";
import { LoginPage } from "../features/login/LoginPage";
import { RateTypesPage } from "../features/rateTypes/RateTypesPage";
import { AutoInactiveContractsPage } from "../features/reports/AutoInactiveContractsPage";
import { FirstMonthsBillingPage } from "../features/reports/FirstMonthsBillingPage";
import { MarginBuilderPage } from "../features/reports/MarginBuilderPage";
import { OpportunityTrackerPage } from "../features/reports/OpportunityTrackerPage";
import { RenewalTrackingPage } from "../features/reports/RenewalTrackingPage";
import { reportEntry, type ReportId } from "../features/reports/reportCatalog";
import { ReportsPage } from "../features/reports/ReportsPage";
import { RevenueBySupplierPage } from "../features/reports/RevenueBySupplierPage";
import { SupplierOutreachPage } from "../features/reports/SupplierOutreachPage";
import { WelcomeEmailsPage } from "../features/reports/WelcomeEmailsPage";
import { RfpReportPage } from "../features/rfpReport/RfpReportPage";
import { RfpsTab } from "../features/rfps/RfpsTab";
import { SettingsPage } from "../features/settings/SettingsPage";
import { SuppliersPage } from "../features/suppliers/SuppliersPage";
import { UtilitiesPage } from "../features/utilities/UtilitiesPage";
import { decideLoginRoute } from "./auth/guard";
import { useSessionState } from "./auth/SessionContext";
import { RevenueBasis } from "../gen/eris/reporting/v1/reporting_pb";
import { ADMIN_ROLES, RATE_TYPES_ROLES } from "./roles";
import { NotFound } from "./shell/NotFound";
import { RequireRole } from "./shell/RequireRole";
import { SessionSpinner, Shell } from "./shell/Shell";

/** A company tab: its path and title. */
export interface PlaceholderRoute {
  path: string;
  title: string;
  icon?: IconName;
}

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

/** The report screens, each open to the roles that see its card on /Reports. */
const REPORT_PAGES: readonly { id: ReportId; element: ReactNode }[] = [
  { id: "forecastRevenue", element: <RevenueBySupplierPage key="forecast" basis={RevenueBasis.FORECAST} /> },
  { id: "actualRevenue", element: <RevenueBySupplierPage key="actual" basis={RevenueBasis.ACTUAL} /> },
  { id: "renewalTracker", element: <RenewalTrackingPage /> },
  { id: "marginBuilder", element: <MarginBuilderPage /> },
  { id: "supplierOutreach", element: <SupplierOutreachPage /> },
  { id: "welcomeEmails", element: <WelcomeEmailsPage /> },
  { id: "firstMonthBilling", element: <FirstMonthsBillingPage /> },
  { id: "opportunityTracker", element: <OpportunityTrackerPage /> },
  { id: "autoInactive", element: <AutoInactiveContractsPage /> },
];

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
        <Route path="/Leads" element={<CompaniesPage />} />
        <Route path="/LeadTabs/:leadId" element={<CompanyTabsLayout />}>
          {LEAD_TAB_ROUTES.map(({ path, title }) => {
            const element =
              path === "" || path === "details" ? (
                <CompanyDetailsPage />
              ) : path === "accounts" ? (
                <AccountsPage />
              ) : path === "contacts" ? (
                <ContactsTab />
              ) : path === "contracts" ? (
                <ContractsTab />
              ) : path === "rfps" ? (
                <RfpsTab />
              ) : path === "contractsBETA" ? (
                <BetaContractsTab />
              ) : path === "contractsBETA/add" ? (
                <AddBetaContract />
              ) : path === "contractsBETA/view/:contractId" ? (
                <ViewBetaContract />
              ) : (
                <Placeholder title={title} />
              );
            return path === "" ? (
              <Route key="index" index element={element} />
            ) : (
              <Route key={path} path={path} element={element} />
            );
          })}
        </Route>
        {/* The contact dialogs have their own addresses; they open over the company's Contacts tab. */}
        <Route path="/Leads/:leadId/contacts" element={<CompanyTabsLayout />}>
          <Route index element={<ContactsTabRedirect />} />
          <Route path="add" element={<ContactsTab dialog="add" />} />
          <Route path="edit/:contactId" element={<ContactsTab dialog="edit" />} />
        </Route>
        <Route path={ACCOUNT_FINDER_PATH} element={<AccountSearchPage />} />
        <Route path="/Dashboard" element={<DashboardPage />} />
        <Route path="/RFP" element={<RfpReportPage />} />
        <Route path="/Reports" element={<ReportsPage />} />
        {REPORT_PAGES.map(({ id, element }) => {
          const { path, roles } = reportEntry(id);
          return <Route key={id} path={path} element={<RequireRole roles={roles}>{element}</RequireRole>} />;
        })}
        <Route path="/Contracts" element={<ContractBookPage />} />
        <Route path="/callbanks/:callBankId/companies" element={<CallBankCompaniesPage />} />
        <Route path="/Settings" element={<SettingsPage />} />
        <Route path="/Suppliers" element={<SuppliersPage />} />
        <Route path="/Utilities" element={<UtilitiesPage />} />
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
          element={
            <RequireRole roles={RATE_TYPES_ROLES}>
              <RateTypesPage />
            </RequireRole>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
