import { Button, H3, Intent, Spinner } from "@blueprintjs/core";

import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { DateTextInput } from "../../components/DateTextInput";
import { useUrlParams } from "../../components/urlState";
import { dayParam } from "../contractBook/bookFilter";
import { contractColumns, contractRowAttributes, contractRowKey } from "./contractReportColumns";
import { todayIn, useDayFilter } from "./reportFilters";
import { useAutoInactiveContracts } from "./reportQueries";
import { ReportResults } from "./ReportResults";
import { AUTO_INACTIVE_TEXTS, CONTRACT_REPORT_TEXTS } from "./texts";

import "./reports.css";

const T = AUTO_INACTIVE_TEXTS;
const R = CONTRACT_REPORT_TEXTS;
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
  const timeZone = useBusinessTimeZone();
  const url = useUrlParams();
  const filter = useDayFilter(url, AUTO_INACTIVE_PARAMS.date, todayIn(timeZone));
  const report = useAutoInactiveContracts(filter.day);
  const date = dayParam(filter.day);

  return (
    <div className="eris-page eris-report-page">
      <H3>{T.title}</H3>
      <form
        className="eris-toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          filter.submit(() => void report.refetch());
        }}
      >
        <DateTextInput
          id="auto-inactive-date"
          label={T.date}
          inline
          value={filter.text}
          onValueChange={filter.change}
        />
        <Button type="submit" intent={Intent.PRIMARY} icon="refresh" text={R.refresh} />
        {report.isFetching && !report.isPending && <Spinner size={16} />}
      </form>
      <ReportResults
        query={report}
        columns={COLUMNS}
        rowKey={contractRowKey}
        rowAttributes={contractRowAttributes}
        table={T.table}
        texts={R}
        emptyIcon="archive"
        emptyTitle={T.noRows}
        fileName={T.fileName(date)}
        filterKey={date}
      />
    </div>
  );
}
