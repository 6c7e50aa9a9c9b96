import { parseDateText } from "../../lib/dateText";
import { NUMBER_FORMAT_ERROR, parseDecimalText } from "../../lib/numberText";
import type { CapacityRecordInit } from "./accountQueries";
import { HISTORY_TEXTS } from "./texts";

/** The add form of a capacity history, as typed. */
export interface CapacityForm {
  value: string;
  startDate: string;
  endDate: string;
}

export const emptyCapacityForm = (): CapacityForm => ({ value: "", startDate: "", endDate: "" });

/** What is wrong with the form: per field (a missing value or date) and across the dates. */
export interface CapacityProblems {
  value?: string;
  startDate?: string;
  endDate?: string;
  /** The start is after the end. */
  dates?: string;
}

const dayNumber = (date: { year: number; month: number; day: number }) =>
  date.year * 10_000 + date.month * 100 + date.day;

/**
 * Checks the add form: a number and two dates, the start not after the end (the server refuses it
 * too). A date typed in another format has its own message under the field, so it is not repeated.
 */
export function capacityRecordProblems(form: CapacityForm): {
  problems: CapacityProblems;
  record: CapacityRecordInit | null;
} {
  const problems: CapacityProblems = {};
  const value = parseDecimalText(form.value);
  if (value.kind === "empty") {
    problems.value = HISTORY_TEXTS.valueRequired;
  } else if (value.kind === "invalid") {
    problems.value = NUMBER_FORMAT_ERROR;
  }
  const start = parseDateText(form.startDate);
  const end = parseDateText(form.endDate);
  if (start.kind === "empty") {
    problems.startDate = HISTORY_TEXTS.startRequired;
  }
  if (end.kind === "empty") {
    problems.endDate = HISTORY_TEXTS.endRequired;
  }
  if (start.kind === "date" && end.kind === "date" && dayNumber(start.date) > dayNumber(end.date)) {
    problems.dates = HISTORY_TEXTS.startAfterEnd;
  }
  const ok = value.kind === "number" && start.kind === "date" && end.kind === "date" && !problems.dates;
  return {
    problems,
    record: ok
      ? {
          value: value.value,
          startDate: { year: start.date.year, month: start.date.month, day: start.date.day },
          endDate: { year: end.date.year, month: end.date.month, day: end.date.day },
        }
      : null,
  };
}
