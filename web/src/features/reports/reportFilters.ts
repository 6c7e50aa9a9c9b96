import { useState } from "react";

import { wallClockOf } from "../../lib/businessTime";
import { parseDateText } from "../../lib/dateText";
import { dayFromParam, dayParam, paramToDateText, type Day } from "../../lib/dayParam";
import type { UrlParams } from "../../lib/urlState";

/** Today on the business clock. */
export function todayIn(timeZone: string, now = new Date()): Day {
  const { year, month, day } = wallClockOf(now, timeZone);
  return { year, month, day };
}

/** The first day of a day's month. */
export function firstOfMonth(day: Day): Day {
  return { ...day, day: 1 };
}

/** A day's month as the server names start months: "yyyy-MM". */
export function monthOf(day: Day): string {
  return dayParam(day).slice(0, 7);
}

/** True when both are the same day (or both unset). */
export function sameDay(a: Day | undefined, b: Day | undefined): boolean {
  return (a ? dayParam(a) : "") === (b ? dayParam(b) : "");
}

/** A day as the date boxes show it (MM/DD/YYYY); "" for none. */
export function dayText(day: Day | undefined): string {
  return day ? paramToDateText(dayParam(day)) : "";
}

/** A typed date: the day, null for an empty box, undefined while it is not MM/DD/YYYY. */
export function dayOfText(text: string): Day | null | undefined {
  const parsed = parseDateText(text);
  if (parsed.kind === "empty") {
    return null;
  }
  return parsed.kind === "date"
    ? { year: parsed.date.year, month: parsed.date.month, day: parsed.date.day }
    : undefined;
}

const START_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A start month from the address ("yyyy-MM"); "" when absent or not one. */
export function startMonthFromParam(value: string | null): string {
  return value && START_MONTH.test(value) ? value : "";
}

/** The start month First Months Billing opens with: the latest not after this month, else the first offered. */
export function defaultStartMonth(months: readonly string[], thisMonth: string): string {
  const started = months.filter((month) => month <= thisMonth).sort();
  return started.at(-1) ?? months[0] ?? "";
}

/** A report's one-day filter: the day in force and its date box. */
export interface DayFilter {
  /** The address's day, else the default. */
  day: Day;
  /** The box's text, as typed. */
  text: string;
  /** Typing or picking: a whole date loads at once (a new history entry); anything else waits. */
  change: (text: string) => void;
  /**
   * Refresh: reads the day in force again (`refetch`), or loads the typed one; a blank box shows the
   * day in force again. Nothing happens while the text is not a date (the box says so).
   */
  submit: (refetch: () => void) => void;
}

/**
 * A day kept in the address as `param` (yyyy-mm-dd), `fallback` when absent (and then left out):
 * Back, a reload and a shared link show the same day, and the box follows them.
 */
export function useDayFilter({ params, update }: UrlParams, param: string, fallback: Day): DayFilter {
  const day = dayFromParam(params.get(param)) ?? fallback;
  const shown = dayText(day);
  const [text, setText] = useState(shown);
  const [textOf, setTextOf] = useState(shown);
  if (shown !== textOf) {
    setTextOf(shown);
    setText(shown);
  }

  function load(next: Day) {
    update({ [param]: sameDay(next, fallback) ? null : dayParam(next) });
  }

  return {
    day,
    text,
    change: (value) => {
      setText(value);
      const typed = dayOfText(value);
      if (typed) {
        load(typed);
      }
    },
    submit: (refetch) => {
      const typed = dayOfText(text);
      if (typed === undefined) {
        return;
      }
      if (typed === null) {
        setText(shown);
        refetch();
      } else if (sameDay(typed, day)) {
        refetch();
      } else {
        load(typed);
      }
    },
  };
}
