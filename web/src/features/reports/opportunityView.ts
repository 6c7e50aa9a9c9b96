import { dayFromParam, dayParam, type Day } from "../../lib/dayParam";
import type { ParamChanges } from "../../lib/urlState";
import { dayOfText, dayText, firstOfMonth, sameDay } from "./reportFilters";
import type { DayRange } from "./reportQueries";

/** The address's params of the Opportunity Tracker: each end, yyyy-mm-dd or `any` (cleared). */
export const OPPORTUNITY_PARAMS = { from: "from", to: "to" } as const;
/** An end cleared in the address. */
export const OPEN_END = "any";
const P = OPPORTUNITY_PARAMS;

/** The range shown when the address names none: this month up to today. */
export function defaultOpportunityRange(today: Day): DayRange {
  return { start: firstOfMonth(today), end: today };
}

/** One end from the address: cleared (`any`), a day, or the default when absent or not a day. */
function endOf(value: string | null, fallback: Day | undefined): Day | undefined {
  return value === OPEN_END ? undefined : (dayFromParam(value) ?? fallback);
}

/** The range in force. */
export function opportunityRangeOf(params: URLSearchParams, today: Day): DayRange {
  const fallback = defaultOpportunityRange(today);
  return { start: endOf(params.get(P.from), fallback.start), end: endOf(params.get(P.to), fallback.end) };
}

/** The address's changes for a range: a default end is left out, a cleared one is `any`. */
export function opportunityChanges(range: DayRange, today: Day): ParamChanges {
  const fallback = defaultOpportunityRange(today);
  const param = (end: Day | undefined, fallbackEnd: Day | undefined) =>
    end === undefined ? OPEN_END : sameDay(end, fallbackEnd) ? null : dayParam(end);
  return { [P.from]: param(range.start, fallback.start), [P.to]: param(range.end, fallback.end) };
}

/** A query key of plain texts ("" for an open end). */
export function opportunityKey({ start, end }: DayRange): string {
  return `${start ? dayParam(start) : ""}|${end ? dayParam(end) : ""}`;
}

/** The filter form as typed (MM/DD/YYYY, "" for an open end). */
export interface OpportunityDraft {
  start: string;
  end: string;
}

export function opportunityDraftOf(range: DayRange): OpportunityDraft {
  return { start: dayText(range.start), end: dayText(range.end) };
}

/** The range the form says (an empty box is an open end); null while a date is not MM/DD/YYYY. */
export function opportunityRangeOfDraft(draft: OpportunityDraft): DayRange | null {
  const start = dayOfText(draft.start);
  const end = dayOfText(draft.end);
  if (start === undefined || end === undefined) {
    return null;
  }
  return { start: start ?? undefined, end: end ?? undefined };
}
