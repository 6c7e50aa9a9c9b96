import type { ReportId } from "./reportCatalog";

/** The spec's message when a report cannot be read (spec 2 section 8), word for word. */
const LOAD_FAILED = "error fetching Report data";

/** Texts of /Reports and the report screens; the quoted messages are the spec's, word for word. */
export const REPORT_TEXTS = {
  title: "Reports",
  viewReport: "View Report",
  /** The View Report link, named by its report for screen readers (the visible text comes first). */
  viewReportOf: (title: string) => `View Report: ${title}`,
  noReports: "No reports for your role.",
  cards: {
    rfps: { title: "RFPs", description: "Every request for pricing, with its spreadsheet." },
    forecastRevenue: {
      title: "Forecast Revenue By Supplier",
      description: "Projected payments of a year by supplier and month.",
    },
    actualRevenue: {
      title: "Actual Revenue By Supplier",
      description: "Payments received in a year by supplier and month.",
    },
    renewalTracker: {
      title: "Renewal Tracker",
      description: "Contracts coming up for renewal, by closer and analyst.",
    },
    supplierOutreach: { title: "Supplier Outreach", description: "Contracts by supplier from a start date." },
    marginBuilder: { title: "Margin Builder", description: "Every contract payment, filtered and exported." },
    welcomeEmails: { title: "Welcome E-mails", description: "Newly signed contracts to welcome." },
    firstMonthBilling: { title: "First Month Billing", description: "Contracts in their first billing month." },
    opportunityTracker: { title: "Opportunity Tracker", description: "Companies entered in a date range." },
    autoInactive: { title: "Auto Inactive Reports", description: "Contracts made inactive on a date." },
  } satisfies Record<ReportId, { title: string; description: string }>,
} as const;

/** Forecast and Actual Revenue By Supplier. */
export const REVENUE_TEXTS = {
  forecastTitle: "Forecast Revenue By Supplier",
  actualTitle: "Actual Revenue By Supplier",
  year: "Year",
  dataTab: "Data",
  chartsTab: "Charts",
  export: "Export",
  table: "Revenue by supplier and month",
  supplier: "Supplier",
  total: "Total",
  loading: "Loading the report",
  retry: "Retry",
  empty: (year: number) => `No revenue in ${year}.`,
  supplierChart: "Share of the year's revenue by supplier",
  monthChart: "Share of the year's revenue by month",
  stackChart: "Revenue by month, stacked by supplier",
  other: "Other suppliers",
  /** The CSV's file name: the report's title and its year. */
  fileName: (title: string, year: number) => `${title} ${year}.csv`,
  loadFailed: LOAD_FAILED,
} as const;

/** Margin Builder. */
export const MARGIN_TEXTS = {
  title: "Margin Builder",
  filters: "Filters",
  supplier: "Supplier",
  projectedMonth: "Projected Month",
  projectedYear: "Projected Year",
  startMonth: "Start Month",
  companyName: "Company Name",
  paymentMonth: "Payment Month",
  paymentYear: "Payment Year",
  signedStart: "Date Signed Start",
  signedEnd: "Date Signed End",
  any: "Any",
  filter: "Filter",
  refresh: "Refresh",
  export: "Export",
  table: "Margin Builder rows",
  payments: "Payments",
  paymentsOf: (customer: string) => `Payments of ${customer || "this contract"}`,
  pageSize: "Rows per page",
  first: "First",
  previous: "Previous",
  next: "Next",
  last: "Last",
  pager: "Margin Builder pages",
  loading: "Loading…",
  retry: "Retry",
  noRows: "No rows match the filters.",
  rangeReversed: "Date Signed Start must not be after Date Signed End.",
  // Spec 2 section 2, word for word.
  warningTitle: "Warning!",
  warning: "You are about to export a very large data set. It is not recommended to do this often. Continue?",
  exportFileName: "MarginBuilder.csv",
  continue: "Continue",
  cancel: "Cancel",
  close: "Close",
  // Not in the spec: said so that nothing fails silently.
  exportFailed: "The export could not be started. Please try again.",
  paymentsFailed: "The payments could not be loaded.",
  noPayments: "No payments.",
  /** The spec's Margin Builder columns (spec 2 section 3, "Report rows"), as it names them. */
  columns: {
    customerName: "CustName",
    state: "State",
    commodity: "Commodity",
    utility: "Utility",
    contractType: "ContractType",
    insideSales: "InsideSales",
    closer1: "Closer1",
    closer2: "Closer2",
    analyst: "Analyst",
    supportAnalyst1: "SupportAnalyst1",
    supportAnalyst2: "SupportAnalyst2",
    pricingType: "PricingType",
    supplier: "Supplier",
    dateSigned: "DateSigned",
    startDate: "StartDate",
    fee: "Fee",
    projectedMonth: "ProjectedMonth",
    projectedYear: "ProjectedYear",
    revenueSplit: "RevenueSplit",
    projectedUsage: "ProjectedUsage",
    projectedPayment: "ProjectedPayment",
    paymentMonth: "PaymentMonth",
    usageActual: "UsageActual",
    paymentActual: "PaymentActual",
    paymentYear: "PaymentYear",
    paymentType: "PaymentType",
    affiliate: "Affiliate",
  },
  loadFailed: LOAD_FAILED,
} as const;

/** Renewal Tracking. */
export const RENEWAL_TEXTS = {
  title: "Renewal Tracking",
  closer: "Closer",
  analyst: "Analyst",
  endDate: "End Date",
  anyone: "Anyone",
  refresh: "Refresh",
  reset: "Reset",
  table: "Contracts coming up for renewal",
  loading: "Loading…",
  retry: "Retry",
  noRows: "No contracts match the filters.",
  count: (n: number) => `${n.toLocaleString("en-US")} contract${n === 1 ? "" : "s"}`,
  /** The server answers at most a few thousand rows and says when more match. */
  countMore: (n: number) =>
    `The first ${n.toLocaleString("en-US")} contracts are shown; narrow the filters to see the others.`,
  columns: {
    name: "Name",
    closer: "LeadCloser",
    analyst: "LeadAnalyst",
    affiliate: "Affiliate",
    supplier: "Supplier",
    commodity: "Commodity",
    utility: "Utility",
    endDate: "EndDate",
    remainingMonths: "Remaining Months",
    annualVolume: "ContractAnnualVolume",
    termFeeTotal: "TermFeeTotal",
    contractType: "ContractType",
  },
  loadFailed: LOAD_FAILED,
} as const;
