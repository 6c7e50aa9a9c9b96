/** The public surface of reports: the only module other features import from. */
export { useRenewalAlerts } from "./reportQueries";
