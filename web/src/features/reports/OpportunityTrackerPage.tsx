import { useState, type FormEvent } from "react";

import { Button, Card, H3, H5, Intent, Spinner } from "@blueprintjs/core";
import { Link } from "react-router";

import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { DateTextInput } from "../../components/DateTextInput";
import { formatDate } from "../../lib/dateText";
import { applyParamChanges, useUrlParams } from "../../lib/urlState";
import type { OpportunityRow } from "../../gen/eris/reporting/v1/reporting_pb";
import { dayParam } from "../../lib/dayParam";
import { formatVolume } from "../../lib/records/contractFormat";
import {
  opportunityChanges,
  opportunityDraftOf,
  opportunityKey,
  opportunityRangeOf,
  opportunityRangeOfDraft,
  type OpportunityDraft,
} from "./opportunityView";
import { todayIn } from "./reportFilters";
import { useOpportunities } from "./reportQueries";
import { ReportResults, type ReportColumn } from "./ReportResults";
import { OPPORTUNITY_TEXTS } from "./texts";

import "./reports.css";

const T = OPPORTUNITY_TEXTS;
const C = T.columns;

type Column = ReportColumn<OpportunityRow>;

function text(id: keyof typeof C, width: number, value: (row: OpportunityRow) => string): Column {
  return { id, header: C[id], width, render: value, title: value, csv: value };
}

/** A usage column: thousands separators in the table, the server's decimal text in the export. */
function usage(id: keyof typeof C, value: (row: OpportunityRow) => string): Column {
  return { id, header: C[id], width: 140, numeric: true, render: (row) => formatVolume(value(row)), csv: value };
}

/** The spec's Opportunity columns (spec 2 section 3, "Report rows"). */
const COLUMNS: Column[] = [
  {
    id: "companyName",
    header: C.companyName,
    width: 220,
    pinned: true,
    render: (row) => <Link to={`/LeadTabs/${row.companyId}`}>{row.companyName}</Link>,
    title: (row) => row.companyName,
    csv: (row) => row.companyName,
  },
  {
    id: "entryDate",
    header: C.entryDate,
    width: 104,
    render: (row) => formatDate(row.entryDate),
    csv: (row) => formatDate(row.entryDate),
  },
  text("inside", 140, (row) => row.inside),
  text("closer", 140, (row) => row.closer),
  text("analyst", 140, (row) => row.analyst),
  text("affiliate", 130, (row) => row.affiliate),
  text("utility", 150, (row) => row.utility),
  usage("annualKwh", (row) => row.annualKwh),
  usage("annualTherms", (row) => row.annualTherms),
];

/**
 * /OpportunityTracker: the companies entered in a range, latest first, with their team and annual
 * usage. The Date Range Filter card's start and end can each be cleared (an open end); Filter loads
 * the range, which is kept in the address (?from=2026-03-01&to=any). Without one, this month so far.
 */
export function OpportunityTrackerPage() {
  const timeZone = useBusinessTimeZone();
  const today = todayIn(timeZone);
  const url = useUrlParams();
  const range = opportunityRangeOf(url.params, today);
  const key = opportunityKey(range);
  const report = useOpportunities(range);
  const [draft, setDraft] = useState<OpportunityDraft>(() => opportunityDraftOf(range));
  const [draftOf, setDraftOf] = useState(key);

  // Filter, Back and links change the range in force: the form shows it.
  if (key !== draftOf) {
    setDraftOf(key);
    setDraft(opportunityDraftOf(range));
  }

  function filter(event: FormEvent) {
    event.preventDefault();
    const next = opportunityRangeOfDraft(draft);
    if (!next) {
      return;
    }
    const changes = opportunityChanges(next, today);
    if (applyParamChanges(url.params, changes).toString() === url.params.toString()) {
      void report.refetch();
    } else {
      url.update(changes);
    }
  }

  const fileEnd = (end: typeof range.start) => (end ? dayParam(end) : "");
  return (
    <div className="eris-page eris-report-page">
      <H3>{T.title}</H3>
      <Card className="eris-report-filter-card" compact>
        <H5 id="opportunity-range">{T.rangeFilter}</H5>
        <form className="eris-toolbar" aria-labelledby="opportunity-range" onSubmit={filter}>
          <DateTextInput
            id="opportunity-start"
            label={T.startDate}
            inline
            clearLabel={T.clearStart}
            value={draft.start}
            onValueChange={(start) => setDraft((d) => ({ ...d, start }))}
          />
          <DateTextInput
            id="opportunity-end"
            label={T.endDate}
            inline
            clearLabel={T.clearEnd}
            value={draft.end}
            onValueChange={(end) => setDraft((d) => ({ ...d, end }))}
          />
          <Button type="submit" intent={Intent.PRIMARY} icon="filter" text={T.filter} />
          {report.isFetching && !report.isPending && <Spinner size={16} />}
        </form>
      </Card>
      <ReportResults
        query={report}
        columns={COLUMNS}
        rowKey={(row) => String(row.companyId)}
        rowAttributes={(row) => ({ "data-company-id": String(row.companyId) })}
        table={T.table}
        texts={T}
        emptyIcon="search-template"
        emptyTitle={T.noRows}
        fileName={T.fileName(fileEnd(range.start), fileEnd(range.end))}
        filterKey={key}
      />
    </div>
  );
}
