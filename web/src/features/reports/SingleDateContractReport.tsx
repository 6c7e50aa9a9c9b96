import { Button, H3, Intent, Spinner } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";

import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { DateTextInput } from "../../components/DateTextInput";
import type { ContractReportRow } from "../../gen/eris/reporting/v1/reporting_pb";
import { dayParam, type Day } from "../../lib/dayParam";
import { useUrlParams } from "../../lib/urlState";
import { contractRowAttributes, contractRowKey } from "./contractReportColumns";
import { todayIn, useDayFilter } from "./reportFilters";
import { ReportResults, type ReportColumn, type ReportResultsProps } from "./ReportResults";
import { CONTRACT_REPORT_TEXTS } from "./texts";

import "./reports.css";

const R = CONTRACT_REPORT_TEXTS;

/** A one-date report's own texts. */
export interface SingleDateReportTexts {
  title: string;
  /** The table's accessible name. */
  table: string;
  /** Said when no contract matches the date. */
  noRows: string;
  /** The CSV's file name for a date (yyyy-mm-dd). */
  fileName: (day: string) => string;
}

/** What sets one one-date contract report apart from another. */
export interface SingleDateContractReportProps {
  texts: SingleDateReportTexts;
  /** The date box's label. */
  dateLabel: string;
  /** The date box's element id. */
  dateInputId: string;
  /** The address's param that keeps the date. */
  param: string;
  /** The date in force when the address has none, from today on the business clock. */
  defaultDay: (today: Day) => Day;
  /** The report's query for a date. */
  useReport: (day: Day) => ReportResultsProps<ContractReportRow>["query"] & { isFetching: boolean };
  columns: readonly ReportColumn<ContractReportRow>[];
  emptyIcon: IconName;
}

/**
 * A contract report for one date: the date box (kept in the address), Refresh, and the rows with
 * their export. A new date loads at once; Refresh reads it again.
 */
export function SingleDateContractReport({
  texts: T,
  dateLabel,
  dateInputId,
  param,
  defaultDay,
  useReport,
  columns,
  emptyIcon,
}: SingleDateContractReportProps) {
  const timeZone = useBusinessTimeZone();
  const url = useUrlParams();
  const filter = useDayFilter(url, param, defaultDay(todayIn(timeZone)));
  const report = useReport(filter.day);
  const day = dayParam(filter.day);

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
        <DateTextInput id={dateInputId} label={dateLabel} inline value={filter.text} onValueChange={filter.change} />
        <Button type="submit" intent={Intent.PRIMARY} icon="refresh" text={R.refresh} />
        {report.isFetching && !report.isPending && <Spinner size={16} />}
      </form>
      <ReportResults
        query={report}
        columns={columns}
        rowKey={contractRowKey}
        rowAttributes={contractRowAttributes}
        table={T.table}
        texts={R}
        emptyIcon={emptyIcon}
        emptyTitle={T.noRows}
        fileName={T.fileName(day)}
        filterKey={day}
      />
    </div>
  );
}
