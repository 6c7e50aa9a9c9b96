import { Role } from "../../gen/eris/identity/v1/identity_pb";

/** The reports the spec lists (spec 2 section 6), one card each on /Reports. */
export type ReportId =
  | "rfps"
  | "forecastRevenue"
  | "actualRevenue"
  | "renewalTracker"
  | "supplierOutreach"
  | "marginBuilder"
  | "welcomeEmails"
  | "firstMonthBilling"
  | "opportunityTracker"
  | "autoInactive";

export interface ReportEntry {
  id: ReportId;
  /** Where View Report goes. */
  path: string;
  /** Who sees the card and may open the report. */
  roles: readonly Role[];
  /** False for a report not built yet: its card is not shown and it has no screen. */
  built: boolean;
}

const { MANAGEMENT, CUSTOMER_CARE, ADMIN, SALES } = Role;

/**
 * Every report card in the spec's order with the roles that see it (spec 2 section 6: Management
 * ten, Customer Care six, Admin two, Sales two).
 */
export const REPORTS: readonly ReportEntry[] = [
  { id: "rfps", path: "/RFP", roles: [MANAGEMENT, CUSTOMER_CARE, SALES], built: true },
  { id: "forecastRevenue", path: "/ForecastRevenueBySupplier", roles: [MANAGEMENT], built: true },
  { id: "actualRevenue", path: "/ActualRevenueBySupplier", roles: [MANAGEMENT], built: true },
  { id: "renewalTracker", path: "/RenewalTracking", roles: [MANAGEMENT, CUSTOMER_CARE, ADMIN, SALES], built: true },
  { id: "supplierOutreach", path: "/SupplierOutreach", roles: [MANAGEMENT, CUSTOMER_CARE], built: true },
  { id: "marginBuilder", path: "/MarginBuilder", roles: [MANAGEMENT], built: true },
  { id: "welcomeEmails", path: "/WelcomeEmails", roles: [MANAGEMENT, CUSTOMER_CARE], built: true },
  { id: "firstMonthBilling", path: "/FirstMonthsBilling", roles: [MANAGEMENT, CUSTOMER_CARE], built: true },
  { id: "opportunityTracker", path: "/OpportunityTracker", roles: [MANAGEMENT, CUSTOMER_CARE, ADMIN], built: true },
  { id: "autoInactive", path: "/AutoInactiveContracts", roles: [MANAGEMENT], built: true },
];

/** The cards a role sees, in the spec's order (built reports only). */
export function reportCardsFor(role: Role): ReportEntry[] {
  return REPORTS.filter((report) => report.built && report.roles.includes(role));
}

/** A report's entry: where it is and who may open it. */
export function reportEntry(id: ReportId): ReportEntry {
  const report = REPORTS.find((entry) => entry.id === id);
  if (!report) {
    throw new Error(`No report ${id}`);
  }
  return report;
}
