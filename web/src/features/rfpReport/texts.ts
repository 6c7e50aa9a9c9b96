import { RfpOutcome } from "../../gen/eris/sourcing/v1/rfps_pb";

/** Texts of the RFPs report (/RFP) and the RFP details dialog; the quoted messages are the spec's, word for word. */
export const RFP_REPORT_TEXTS = {
  title: "RFPs",
  rfps: "RFPs",
  user: "User",
  allUsers: "All users",
  search: "Search",
  searchPlaceholder: "Len, address, city, company or supplier",
  export: "Export",
  loadMore: "Load more",
  refresh: "Refresh",
  shown: (count: number, more: boolean) => `${count.toLocaleString("en-US")}${more ? "+" : ""} RFPs`,
  noRfps: "No RFPs yet.",
  noMatches: "No RFPs match the filters.",
  loading: "Loading RFPs",
  columns: {
    company: "Company",
    len: "Len",
    commodity: "Commodity",
    address: "Address",
    city: "City",
    state: "State",
    zip: "Zip",
    returnDate: "Return Date",
    startDate: "Start Date",
    fee: "Fee",
    suppliers: "Suppliers",
    outcome: "Outcome",
    download: "Download",
  },
  /** The row's download button, named by what it saves. */
  downloadRfp: (len: string) => `Download spreadsheet of ${len || "this RFP"}`,
  openRfp: (len: string) => `RFP details of ${len || "this RFP"}`,
  unknownSupplier: (id: bigint) => `Supplier ${id}`,
  // Messages
  loadFailed: "error fetching Report data",
  // Not in the spec: said so that nothing fails silently.
  downloadFailed: "The spreadsheet could not be downloaded. Please try again.",
  exportFailed: "The RFPs could not be exported. Please try again.",

  /** The read-only RFP details dialog. */
  details: {
    title: "RFP Details",
    company: "Company",
    len: "Len",
    address: "Address",
    commodity: "Commodity",
    startDate: "Start Date",
    returnDate: "Return Date",
    suppliers: "Suppliers",
    terms: "Terms",
    products: "Products",
    fee: "Fee",
    accounts: "Accounts",
    outcome: "Outcome",
    download: "Download spreadsheet",
    close: "Close",
    none: "—",
  },
} as const;

/** Outcome names as the spec writes them; an unset outcome reads as Open. */
export const OUTCOME_LABELS: Record<RfpOutcome, string> = {
  [RfpOutcome.UNSPECIFIED]: "Open",
  [RfpOutcome.OPEN]: "Open",
  [RfpOutcome.WON]: "Won",
  [RfpOutcome.LOST]: "Lost",
};
