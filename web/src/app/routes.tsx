import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";

import type { IconName } from "@blueprintjs/icons";
import { Navigate, Route, Routes } from "react-router";

import { ChangesBanner } from "../components/ChangesBanner";
import { Placeholder } from "../components/Placeholder";
import { ACCOUNT_FINDER_PATH } from "../lib/accountRoutes";
import { LoginPage } from "../features/login/LoginPage";
import { reportEntry, type ReportId } from "../features/reports/reportCatalog";
import { decideLoginRoute, HOME_PATH, LOGIN_PATH } from "./auth/guard";
import { useSessionState } from "./auth/SessionContext";
import { RevenueBasis } from "../gen/eris/reporting/v1/reporting_pb";
import { ADMIN_ROLES, COMMISSIONS_ROLES, RATE_TYPES_ROLES } from "./roles";
import { NotFound } from "./shell/NotFound";
import { RequireRole } from "./shell/RequireRole";
import { ScreenBoundary } from "./shell/ScreenFailed";
import { SessionSpinner, Shell } from "./shell/Shell";

/** A page fetched as its own chunk the first time it is shown; `preload` fetches it sooner. */
type LazyPage<P> = ComponentType<P> & { preload(): Promise<unknown> };

/** Fetches each lazy page, so that tests can have them all before they render the app. */
const pagePreloads: (() => Promise<unknown>)[] = [];

/**
 * A page that is its own chunk, fetched the first time it is shown (or preloaded), so the sign-in
 * page and the dashboard load none of the other pages' code (charts, reports, admin); the spinner
 * stands in meanwhile. When its code cannot be fetched (a release since the tab was opened, a
 * dropped connection) or it fails to draw, `ScreenFailed` stands in for it alone, and "Try
 * again" fetches the code again.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  // A fetch that failed is forgotten, so that trying again fetches again.
  const preload = () =>
    (loading ??= load().then(
      (page) => (loaded = page),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // React keeps a lazy component's failure for good: trying again takes a new one.
  const lazyOnce = () =>
    lazy(() => {
      if (loaded) {
        // Fetched already: a thenable that answers at once (React.lazy only calls its then) lets
        // React render the page in this pass instead of suspending for a tick with the spinner.
        const fetched = { default: loaded };
        const answer = { then: (resolve: (value: typeof fetched) => void) => resolve(fetched) };
        return answer as unknown as Promise<typeof fetched>;
      }
      return preload().then((page) => ({ default: page }));
    });
  let Page = lazyOnce();
  pagePreloads.push(preload);
  return Object.assign(
    function LazyPage(props: P) {
      const [attempt, setAttempt] = useState(0);
      const retry = () => {
        Page = lazyOnce();
        setAttempt((count) => count + 1);
      };
      return (
        <ScreenBoundary key={attempt} onRetry={retry}>
          <Suspense fallback={<SessionSpinner />}>
            <Page {...props} />
          </Suspense>
        </ScreenBoundary>
      );
    },
    { preload },
  );
}

const AccountsPage = lazyPage(() => import("../features/accounts/AccountsPage").then((m) => m.AccountsPage));
const AccountSearchPage = lazyPage(() =>
  import("../features/accountSearch/AccountSearchPage").then((m) => m.AccountSearchPage),
);
const AdminPage = lazyPage(() => import("../features/admin/AdminPage").then((m) => m.AdminPage));
const AddBetaContract = lazyPage(() =>
  import("../features/betaContracts/AddBetaContract").then((m) => m.AddBetaContract),
);
const BetaContractsTab = lazyPage(() =>
  import("../features/betaContracts/BetaContractsTab").then((m) => m.BetaContractsTab),
);
const ViewBetaContract = lazyPage(() =>
  import("../features/betaContracts/ViewBetaContract").then((m) => m.ViewBetaContract),
);
const CallBankCompaniesPage = lazyPage(() =>
  import("../features/callbanks/CallBankCompaniesPage").then((m) => m.CallBankCompaniesPage),
);
const CompaniesPage = lazyPage(() => import("../features/companies/CompaniesPage").then((m) => m.CompaniesPage));
const CompanyDetailsPage = lazyPage(() =>
  import("../features/companies/CompanyDetailsPage").then((m) => m.CompanyDetailsPage),
);
const CompanyTabsLayout = lazyPage(() =>
  import("../features/companies/CompanyTabsLayout").then((m) => m.CompanyTabsLayout),
);
const ContactsTab = lazyPage(() => import("../features/contacts/ContactsTab").then((m) => m.ContactsTab));
const ContactsTabRedirect = lazyPage(() =>
  import("../features/contacts/ContactsTab").then((m) => m.ContactsTabRedirect),
);
const ContractBookPage = lazyPage(() =>
  import("../features/contractBook/ContractBookPage").then((m) => m.ContractBookPage),
);
const CommissionsPage = lazyPage(() =>
  import("../features/commissions/CommissionsPage").then((m) => m.CommissionsPage),
);
const ContractsTab = lazyPage(() => import("../features/contracts/ContractsTab").then((m) => m.ContractsTab));
const DashboardPage = lazyPage(() => import("../features/dashboard/DashboardPage").then((m) => m.DashboardPage));
const RateTypesPage = lazyPage(() => import("../features/rateTypes/RateTypesPage").then((m) => m.RateTypesPage));
const AutoInactiveContractsPage = lazyPage(() =>
  import("../features/reports/AutoInactiveContractsPage").then((m) => m.AutoInactiveContractsPage),
);
const FirstMonthsBillingPage = lazyPage(() =>
  import("../features/reports/FirstMonthsBillingPage").then((m) => m.FirstMonthsBillingPage),
);
const MarginBuilderPage = lazyPage(() =>
  import("../features/reports/MarginBuilderPage").then((m) => m.MarginBuilderPage),
);
const OpportunityTrackerPage = lazyPage(() =>
  import("../features/reports/OpportunityTrackerPage").then((m) => m.OpportunityTrackerPage),
);
const RenewalTrackingPage = lazyPage(() =>
  import("../features/reports/RenewalTrackingPage").then((m) => m.RenewalTrackingPage),
);
const ReportsPage = lazyPage(() => import("../features/reports/ReportsPage").then((m) => m.ReportsPage));
const RevenueBySupplierPage = lazyPage(() =>
  import("../features/reports/RevenueBySupplierPage").then((m) => m.RevenueBySupplierPage),
);
const SupplierOutreachPage = lazyPage(() =>
  import("../features/reports/SupplierOutreachPage").then((m) => m.SupplierOutreachPage),
);
const WelcomeEmailsPage = lazyPage(() =>
  import("../features/reports/WelcomeEmailsPage").then((m) => m.WelcomeEmailsPage),
);
const RfpReportPage = lazyPage(() => import("../features/rfpReport/RfpReportPage").then((m) => m.RfpReportPage));
const RfpsTab = lazyPage(() => import("../features/rfps/RfpsTab").then((m) => m.RfpsTab));
const SettingsPage = lazyPage(() => import("../features/settings/SettingsPage").then((m) => m.SettingsPage));
const SuppliersPage = lazyPage(() => import("../features/suppliers/SuppliersPage").then((m) => m.SuppliersPage));
const UtilitiesPage = lazyPage(() => import("../features/utilities/UtilitiesPage").then((m) => m.UtilitiesPage));

// Under vitest every page is fetched before a test renders the app, as when routes imported them
// statically; builds drop this (the mode is "production" there).
if (import.meta.env.MODE === "test") {
  await Promise.all(pagePreloads.map((preload) => preload()));
}

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

/**
 * Fetches the dashboard's code when the app is opened at the sign-in page or the dashboard, where
 * everyone is headed: main.tsx calls it before the app first draws, so that the fetch runs while
 * the browser is busy drawing rather than after.
 */
export function preloadLanding(path: string): void {
  const lower = path.toLowerCase();
  if (lower === LOGIN_PATH || lower === HOME_PATH.toLowerCase()) {
    DashboardPage.preload().catch(() => {});
  }
}

/** The public login route: a signed-in person is sent where they belong. */
function LoginRoute() {
  const decision = decideLoginRoute(useSessionState());
  // Whoever is here is headed for the dashboard: fetch its code while the stored session is checked
  // or the form is filled in, not after. A failure shows when the dashboard is opened.
  useEffect(() => {
    DashboardPage.preload().catch(() => {});
  }, []);
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
          // A report does not move under its reader: the banner counts colleagues' changes.
          const page = (
            <RequireRole roles={roles}>
              <ChangesBanner />
              {element}
            </RequireRole>
          );
          return <Route key={id} path={path} element={page} />;
        })}
        <Route
          path="/Commissions/*"
          element={
            <RequireRole roles={COMMISSIONS_ROLES}>
              <CommissionsPage />
            </RequireRole>
          }
        />
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
