import { Button, H3, Intent, Spinner } from "@blueprintjs/core";

import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { DateTextInput } from "../../components/DateTextInput";
import { useUrlParams } from "../../components/urlState";
import { dayParam } from "../contractBook/bookFilter";
import { contractColumns, contractRowAttributes, contractRowKey } from "./contractReportColumns";
import { firstOfMonth, todayIn, useDayFilter } from "./reportFilters";
import { useSupplierOutreach } from "./reportQueries";
import { ReportResults } from "./ReportResults";
import { CONTRACT_REPORT_TEXTS, SUPPLIER_OUTREACH_TEXTS } from "./texts";

import "./reports.css";

const T = SUPPLIER_OUTREACH_TEXTS;
const R = CONTRACT_REPORT_TEXTS;
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
  const timeZone = useBusinessTimeZone();
  const url = useUrlParams();
  const filter = useDayFilter(url, SUPPLIER_OUTREACH_PARAMS.start, firstOfMonth(todayIn(timeZone)));
  const report = useSupplierOutreach(filter.day);
  const start = dayParam(filter.day);

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
          id="outreach-start"
          label={T.startDate}
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
        emptyIcon="office"
        emptyTitle={T.noRows}
        fileName={T.fileName(start)}
        filterKey={start}
      />
    </div>
  );
}
