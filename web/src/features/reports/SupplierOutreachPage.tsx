import { contractColumns } from "./contractReportColumns";
import { firstOfMonth } from "./reportFilters";
import { useSupplierOutreach } from "./reportQueries";
import { SingleDateContractReport } from "./SingleDateContractReport";
import { SUPPLIER_OUTREACH_TEXTS } from "./texts";

const T = SUPPLIER_OUTREACH_TEXTS;
/** The address's param: the start date (the first of this month when absent). */
export const SUPPLIER_OUTREACH_PARAMS = { start: "start" } as const;

const COLUMNS = contractColumns([
  "name",
  "supplier",
  "commodity",
  "utility",
  "state",
  "startDate",
  "termLength",
  "closer1",
  "analyst",
  "accountCount",
  "annualVolume",
]);

/**
 * /SupplierOutreach: contracts starting from the Start Date through the end of its month, so the
 * suppliers can be asked to confirm their enrolment. A new date loads at once; Refresh reads it
 * again. The date is in the address (?start=2026-03-01).
 */
export function SupplierOutreachPage() {
  return (
    <SingleDateContractReport
      texts={T}
      dateLabel={T.startDate}
      dateInputId="outreach-start"
      param={SUPPLIER_OUTREACH_PARAMS.start}
      defaultDay={firstOfMonth}
      useReport={useSupplierOutreach}
      columns={COLUMNS}
      emptyIcon="office"
    />
  );
}
