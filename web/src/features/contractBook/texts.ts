import { CONTRACT_TEXTS } from "../../lib/records/contractTexts";

/** Texts of the Contracts page (/Contracts); the column names are the lead contracts tab's where they match. */
export const BOOK_TEXTS = {
  title: "Contracts",
  table: "Contracts",
  commodity: "Commodity",
  all: "All",
  user: "User",
  allUsers: "All users",
  scope: {
    activeOnly: "Show Active Only",
    futureOnly: "Show Future Only",
    all: "Show All",
  },
  /** The scope radio's label names the filter in force (the spec's default label is All). */
  activeFilter: (name: string) => `Active filter: ${name}`,
  scopeNames: { activeOnly: "Active Only", futureOnly: "Future Only", all: "All" },
  signedFrom: "Date Signed Start",
  signedTo: "Date Signed End",
  rangeInvalid: "Date Signed Start must not be after Date Signed End.",
  export: "Export",
  loading: "Loading…",
  retry: "Retry",
  loadMore: "Load more",
  noContracts: "No contracts found.",
  displaying: (shown: number, total: number) =>
    `Displaying ${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`,
  totalAnnualVolume: "Total Annual Volume",
  loadFailed: CONTRACT_TEXTS.loadFailed,
  failed: CONTRACT_TEXTS.failed,
  columns: {
    company: "Company",
    status: CONTRACT_TEXTS.columns.status,
    dateSigned: CONTRACT_TEXTS.columns.dateSigned,
    commodity: CONTRACT_TEXTS.columns.commodity,
    utility: CONTRACT_TEXTS.columns.utility,
    supplier: CONTRACT_TEXTS.columns.supplier,
    startDate: CONTRACT_TEXTS.columns.startDate,
    endDate: CONTRACT_TEXTS.columns.endDate,
    term: "Term",
    rate: CONTRACT_TEXTS.columns.rate,
    fee: CONTRACT_TEXTS.columns.fee,
    annualVolume: CONTRACT_TEXTS.columns.annualVolume,
    termRevenue: CONTRACT_TEXTS.columns.termRevenue,
  },
} as const;
