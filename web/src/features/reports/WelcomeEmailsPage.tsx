import { useState, type FormEvent } from "react";

import { Button, Callout, H3, Intent, NonIdealState, Spinner } from "@blueprintjs/core";

import { DateTextInput } from "../../components/DateTextInput";
import { dayParam } from "../../lib/dayParam";
import { applyParamChanges, useUrlParams, type ParamChanges } from "../../lib/urlState";
import { contractColumns, contractRowAttributes, contractRowKey } from "./contractReportColumns";
import { dayText } from "./reportFilters";
import { useWelcomeEmails } from "./reportQueries";
import { ReportResults } from "./ReportResults";
import { CONTRACT_REPORT_TEXTS, WELCOME_TEXTS } from "./texts";
import { checkWelcomeRange, WELCOME_PARAMS, welcomeRangeOf } from "./welcomeView";

import "./reports.css";

const T = WELCOME_TEXTS;
const R = CONTRACT_REPORT_TEXTS;
const P = WELCOME_PARAMS;

/** The spec's Welcome e-mail columns (spec 2 section 3, "Report rows"). */
const COLUMNS = contractColumns([
  "name",
  "dateSigned",
  "closer1",
  "affiliate",
  "commodity",
  "utility",
  "state",
  "supplier",
  "startDate",
  "termLength",
  "contractRate",
  "contractType",
  "billingType",
  "taxExempt",
  "accountCount",
  "contactFirstName",
  "contactLastName",
  "contactEmail",
]);

interface Draft {
  start: string;
  end: string;
}

/**
 * /WelcomeEmails, "Customer Care Welcome E-mails": the contracts signed in a range, with what a
 * welcome e-mail says and whom it goes to. Submit checks the range first (a blank end or the same
 * date twice is refused with the spec's message, an end before the start with ours, and nothing is
 * read); each Submit clears the last message. The range submitted is in the address (?from=2026-03-01&to=2026-03-31).
 */
export function WelcomeEmailsPage() {
  const url = useUrlParams();
  const range = welcomeRangeOf(url.params);
  const report = useWelcomeEmails(range);
  const rangeKey = range ? `${dayParam(range.start)}|${dayParam(range.end)}` : "";
  const [draft, setDraft] = useState<Draft>(() => ({ start: dayText(range?.start), end: dayText(range?.end) }));
  const [draftOf, setDraftOf] = useState(rangeKey);
  const [error, setError] = useState<string | null>(null);
  // Each refusal is a new alert, so that the same message is announced again.
  const [attempt, setAttempt] = useState(0);

  // Back and links change the range in force: the form shows it.
  if (rangeKey !== draftOf) {
    setDraftOf(rangeKey);
    setDraft({ start: dayText(range?.start), end: dayText(range?.end) });
    setError(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setAttempt((n) => n + 1);
    const checked = checkWelcomeRange(draft.start, draft.end);
    if (checked === null) {
      return;
    }
    if ("error" in checked) {
      setError(checked.error);
      return;
    }
    const changes: ParamChanges = { [P.from]: dayParam(checked.start), [P.to]: dayParam(checked.end) };
    if (applyParamChanges(url.params, changes).toString() === url.params.toString()) {
      void report.refetch();
    } else {
      url.update(changes);
    }
  }

  return (
    <div className="eris-page eris-report-page">
      <H3>{T.title}</H3>
      <form className="eris-toolbar" onSubmit={submit}>
        <DateTextInput
          id="welcome-start"
          label={T.startRange}
          inline
          value={draft.start}
          onValueChange={(start) => setDraft((d) => ({ ...d, start }))}
        />
        <DateTextInput
          id="welcome-end"
          label={T.endRange}
          inline
          value={draft.end}
          onValueChange={(end) => setDraft((d) => ({ ...d, end }))}
        />
        <Button type="submit" intent={Intent.PRIMARY} icon="search" text={T.submit} />
        {report.isFetching && report.isPending && <Spinner size={16} />}
      </form>
      {error && (
        <Callout key={attempt} intent={Intent.DANGER} icon="error" role="alert" className="eris-form-error">
          {error}
        </Callout>
      )}
      {range ? (
        <ReportResults
          query={report}
          columns={COLUMNS}
          rowKey={contractRowKey}
          rowAttributes={contractRowAttributes}
          table={T.table}
          texts={R}
          emptyIcon="envelope"
          emptyTitle={T.noRows}
          fileName={T.fileName(dayParam(range.start), dayParam(range.end))}
          filterKey={rangeKey}
        />
      ) : (
        <NonIdealState icon="envelope" title={T.chooseRange} />
      )}
    </div>
  );
}
