import { contractColumns } from "./contractReportColumns";
import { useAutoInactiveContracts } from "./reportQueries";
import { SingleDateContractReport } from "./SingleDateContractReport";
import { AUTO_INACTIVE_TEXTS } from "./texts";

const T = AUTO_INACTIVE_TEXTS;
/** The address's param: the day they were made Inactive (today when absent). */
export const AUTO_INACTIVE_PARAMS = { date: "date" } as const;

const COLUMNS = contractColumns([
  "name",
  "commodity",
  "supplier",
  "utility",
  "endDate",
  "previousStatus",
  "closer1",
  "analyst",
]);

/**
 * /AutoInactiveContracts: the contracts made Inactive on a day because their end date had passed,
 * with the status they had before. A new date loads at once; Refresh reads it again. The date is in
 * the address (?date=2026-03-05).
 */
export function AutoInactiveContractsPage() {
  return (
    <SingleDateContractReport
      texts={T}
      dateLabel={T.date}
      dateInputId="auto-inactive-date"
      param={AUTO_INACTIVE_PARAMS.date}
      defaultDay={(today) => today}
      useReport={useAutoInactiveContracts}
      columns={COLUMNS}
      emptyIcon="archive"
    />
  );
}
