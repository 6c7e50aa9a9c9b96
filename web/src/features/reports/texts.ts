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

/** The revenue reports' Reconciliation tab: projected commissions against those received. */
export const RECONCILIATION_TEXTS = {
  tab: "Reconciliation",
  intro:
    "Projected commissions against those received, by projected month. A month is missing when it has passed with nothing received.",
  supplier: "Supplier",
  allSuppliers: "All suppliers",
  export: "Export",
  loading: "Loading the reconciliation",
  retry: "Retry",
  totalsTable: "Commissions by supplier",
  monthsTable: "Contract months that differ",
  columns: {
    supplier: "Supplier",
    projected: "Projected",
    received: "Received",
    variance: "Variance",
    missingMonths: "Months missing",
    missingAmount: "Missing amount",
    company: "Company",
    month: "Month",
    projectedUsage: "Projected usage",
    usageActual: "Actual usage",
    usageVariance: "Usage variance",
    projectedPayment: "Projected payment",
  },
  missing: "Missing",
  noMonths: "Every contract month matches its projection.",
  more: "The first 2,000 contract months that differ are shown; choose a supplier to see the rest.",
  empty: (year: number) => `No projected payments in ${year}.`,
  /** The export: a Kind column says which table a row comes from. */
  csv: {
    kind: "Kind",
    supplierKind: "Supplier",
    totalKind: "Total",
    monthKind: "Contract month",
    missing: "Missing",
    yes: "Yes",
    no: "No",
  },
  fileName: (year: number) => `Commission Reconciliation ${year}.csv`,
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
  // Not in the spec: the count, and filters changed but not applied.
  rowCount: (n: bigint) => `${n.toLocaleString("en-US")} ${n === 1n ? "row" : "rows"}`,
  pageOf: (page: number, pages: number) => `Page ${page.toLocaleString("en-US")} of ${pages.toLocaleString("en-US")}`,
  unapplied: "Not applied: press Filter",
  exportUnapplied:
    "The filters above were changed but not applied. Continue exports the rows of the table, by the filters last applied; Apply filters and continue exports by the filters shown.",
  applyAndContinue: "Apply filters and continue",
  // Not in the spec: said so that nothing fails silently.
  exportFailed: "The export could not be started. Please try again.",
  paymentsFailed: "The payments could not be loaded.",
  noPayments: "No payments.",
  /** A yes/no contract field's cell. */
  yes: "Yes",
  no: "No",
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

/** How many contracts a contract report shows; the server answers at most 2,000 and says when more match. */
const contractCount = (n: number) => `${n.toLocaleString("en-US")} contract${n === 1 ? "" : "s"}`;
const contractCountMore = (n: number) =>
  `The first ${n.toLocaleString("en-US")} contracts are shown; narrow the filters to see the others.`;

/**
 * What the contract reports (Supplier Outreach, First Months Billing, Auto Inactive Contracts and
 * Welcome E-mails) share: their columns as the spec names them (spec 2 section 3, "Report rows").
 */
export const CONTRACT_REPORT_TEXTS = {
  export: "Export",
  loading: "Loading…",
  retry: "Retry",
  refresh: "Refresh",
  count: contractCount,
  countMore: contractCountMore,
  columns: {
    name: "Name",
    dateSigned: "DateSigned",
    closer1: "Closer1",
    analyst: "Analyst",
    affiliate: "Affiliate",
    commodity: "Commodity",
    utility: "Utility",
    state: "State",
    supplier: "Supplier",
    startDate: "StartDate",
    endDate: "EndDate",
    termLength: "TermLength",
    contractRate: "ContractRate",
    contractType: "ContractType",
    billingType: "BillingType",
    taxExempt: "TaxExempt",
    accountCount: "AccountCount",
    annualVolume: "ContractAnnualVolume",
    previousStatus: "Previous Status",
    contactFirstName: "ContactFirstName",
    contactLastName: "ContactLastName",
    contactEmail: "ContactEmail",
  },
  loadFailed: LOAD_FAILED,
} as const;

/** Supplier Outreach. */
export const SUPPLIER_OUTREACH_TEXTS = {
  title: "Supplier Outreach",
  startDate: "Start Date",
  table: "Contracts starting from the start date",
  noRows: "No contracts start from this date to the end of its month.",
  /** The CSV's file name: the report and its start date (yyyy-mm-dd). */
  fileName: (day: string) => `Supplier Outreach ${day}.csv`,
} as const;

/** First Months Billing. */
export const FIRST_MONTHS_TEXTS = {
  title: "First Months Billing",
  startMonth: "Start Month",
  table: "Contracts starting in the month",
  noRows: "No contracts start in this month.",
  noMonths: "No contract has a start month yet.",
  fileName: (month: string) => `First Months Billing ${month}.csv`,
} as const;

/** Auto Inactive Contracts. */
export const AUTO_INACTIVE_TEXTS = {
  title: "Auto Inactive Contracts",
  date: "Date",
  table: "Contracts made inactive on the date",
  noRows: "No contracts were made inactive on this date.",
  fileName: (day: string) => `Auto Inactive Contracts ${day}.csv`,
} as const;

/** Customer Care Welcome E-mails. */
export const WELCOME_TEXTS = {
  title: "Customer Care Welcome E-mails",
  startRange: "Start Range",
  endRange: "End Range",
  submit: "Submit",
  // Spec 2 section 5, word for word.
  blank: "Start and/or End Range is blank.",
  sameDate: "Start and End Range are the same date.",
  // Not in the spec (it gives no rule for a reversed range): ours, in its words for the boxes.
  endBeforeStart: "The End Range must be after the Start Range.",
  chooseRange: "Choose a start and an end range, then Submit.",
  table: "Contracts signed in the range",
  noRows: "No contracts were signed in this range.",
  fileName: (start: string, end: string) => `Welcome E-mails ${start} to ${end}.csv`,
} as const;

/** Opportunity Tracker. */
export const OPPORTUNITY_TEXTS = {
  title: "Opportunity Tracker",
  rangeFilter: "Date Range Filter",
  startDate: "Start Date",
  endDate: "End Date",
  clearStart: "Clear Start Date",
  clearEnd: "Clear End Date",
  filter: "Filter",
  export: "Export",
  loading: "Loading…",
  retry: "Retry",
  table: "Companies entered in the range",
  noRows: "No companies were entered in this range.",
  count: (n: number) => `${n.toLocaleString("en-US")} compan${n === 1 ? "y" : "ies"}`,
  countMore: (n: number) =>
    `The first ${n.toLocaleString("en-US")} companies are shown; narrow the range to see the others.`,
  /** The CSV's file name: the range, "start" or "end" for an open end. */
  fileName: (start: string, end: string) => `Opportunity Tracker ${start || "start"} to ${end || "end"}.csv`,
  /** The spec's Opportunity columns (spec 2 section 3, "Report rows"). */
  columns: {
    companyName: "CompanyName",
    entryDate: "EntryDate",
    inside: "Inside",
    closer: "Closer",
    analyst: "Analyst",
    affiliate: "Affiliate",
    utility: "Utility",
    annualKwh: "AnnualKwH",
    annualTherms: "AnnualTherms",
  },
  loadFailed: LOAD_FAILED,
} as const;
