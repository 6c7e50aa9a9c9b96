/** The public surface of rfpReport: the only module other features import from. */
export { RfpDetailsDialog } from "./RfpDetailsDialog";
export { useUserRfps } from "./rfpReportQueries";
export type { Day } from "./rfpReportQueries";
export { returnInstant } from "./rfpText";
export { RFP_REPORT_TEXTS } from "./texts";
