import { Button, FormGroup, H3, HTMLSelect, Intent, Spinner } from "@blueprintjs/core";

import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { ListStatus } from "../../components/ListStatus";
import { useUrlParams } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { contractColumns, contractRowAttributes, contractRowKey } from "./contractReportColumns";
import { startMonthLabel } from "./marginView";
import { defaultStartMonth, monthOf, startMonthFromParam, todayIn } from "./reportFilters";
import { useFirstMonthsBilling, useStartMonths } from "./reportQueries";
import { ReportResults } from "./ReportResults";
import { CONTRACT_REPORT_TEXTS, FIRST_MONTHS_TEXTS } from "./texts";

import "./reports.css";

const T = FIRST_MONTHS_TEXTS;
const R = CONTRACT_REPORT_TEXTS;
/** The address's param: the start month, "yyyy-MM" (when absent, the latest not after this month). */
export const FIRST_MONTHS_PARAMS = { month: "month" } as const;

const COLUMNS = contractColumns([
  "name",
  "startDate",
  "supplier",
  "utility",
  "commodity",
  "billingType",
  "accountCount",
  "contactFirstName",
  "contactLastName",
  "contactEmail",
]);

/**
 * /FirstMonthsBilling: the contracts starting in a month with the company's first contact, so their
 * first bills can be checked. The Start Month select offers the months in which a contract starts
 * ("March 2026"); choosing one loads it, and it is kept in the address (?month=2026-03).
 */
export function FirstMonthsBillingPage() {
  const timeZone = useBusinessTimeZone();
  const url = useUrlParams();
  const months = useStartMonths();
  const asked = startMonthFromParam(url.params.get(FIRST_MONTHS_PARAMS.month));
  const offered = months.data ?? [];
  const month = asked || defaultStartMonth(offered, monthOf(todayIn(timeZone)));
  const report = useFirstMonthsBilling(month);
  // The month in force stays a choice even when the server no longer offers it.
  const choices = [...new Set([...offered, ...(month ? [month] : [])])].sort().reverse();

  useLoadErrorToast(months, R.loadFailed);

  return (
    <div className="eris-page eris-report-page">
      <H3>{T.title}</H3>
      <form
        className="eris-toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          if (month) {
            void report.refetch();
          }
        }}
      >
        <FormGroup inline label={T.startMonth} labelFor="first-months-month">
          <HTMLSelect
            id="first-months-month"
            value={month}
            disabled={choices.length === 0}
            onChange={(event) => url.update({ [FIRST_MONTHS_PARAMS.month]: event.currentTarget.value })}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {startMonthLabel(choice)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} icon="refresh" text={R.refresh} disabled={!month} />
        {report.isFetching && !report.isPending && <Spinner size={16} />}
      </form>
      {month ? (
        <ReportResults
          query={report}
          columns={COLUMNS}
          rowKey={contractRowKey}
          rowAttributes={contractRowAttributes}
          table={T.table}
          texts={R}
          emptyIcon="calendar"
          emptyTitle={T.noRows}
          fileName={T.fileName(month)}
          filterKey={month}
        />
      ) : (
        // No month yet: the months load, could not be read, or there are none.
        <ListStatus
          query={months}
          loadingLabel={R.loading}
          loadFailed={R.loadFailed}
          retryText={R.retry}
          empty
          emptyIcon="calendar"
          emptyTitle={T.noMonths}
        >
          {null}
        </ListStatus>
      )}
    </div>
  );
}
