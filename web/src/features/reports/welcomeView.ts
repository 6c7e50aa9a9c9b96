import { dayFromParam, dayParam, type Day } from "../../lib/dayParam";
import { dayOfText, sameDay } from "./reportFilters";
import { WELCOME_TEXTS } from "./texts";

const T = WELCOME_TEXTS;

/** The address's params: the range submitted (yyyy-mm-dd); none until a range is. */
export const WELCOME_PARAMS = { from: "from", to: "to" } as const;
const P = WELCOME_PARAMS;

/** A range with both ends. */
export interface WelcomeRange {
  start: Day;
  end: Day;
}

/** True when the end comes before the start (yyyy-mm-dd texts sort as the days do). */
const reversed = (start: Day, end: Day) => dayParam(end) < dayParam(start);

/** The range in the address: both ends set, the end after the start, else none (nothing is read). */
export function welcomeRangeOf(params: URLSearchParams): WelcomeRange | null {
  const start = dayFromParam(params.get(P.from));
  const end = dayFromParam(params.get(P.to));
  return start && end && !sameDay(start, end) && !reversed(start, end) ? { start, end } : null;
}

/**
 * The range typed, or the message that refuses it: the spec's for a blank end or the same date
 * twice (spec 2 section 5), ours for an end before the start. Null while a date is half typed.
 */
export function checkWelcomeRange(startText: string, endText: string): WelcomeRange | { error: string } | null {
  const start = dayOfText(startText);
  const end = dayOfText(endText);
  if (start === null || end === null) {
    return { error: T.blank };
  }
  if (start === undefined || end === undefined) {
    return null;
  }
  if (sameDay(start, end)) {
    return { error: T.sameDate };
  }
  return reversed(start, end) ? { error: T.endBeforeStart } : { start, end };
}
