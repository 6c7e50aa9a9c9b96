import { create } from "@bufbuild/protobuf";
import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";

import { DateSchema, type Date as CalendarDate } from "../gen/eris/common/v1/date_pb";
import { formatBusinessDateTime, type WallClock } from "./businessTime";

/** The spec's message for a typed date that is not MM/DD/YYYY (company and note forms). */
export const DATE_FORMAT_ERROR = "Date Format Should be MM/DD/YYYY";
export const DATE_PLACEHOLDER = "MM/DD/YYYY";

/** Texts of the shared date fields. */
export const DATE_FIELD_TEXTS = {
  openCalendar: "Choose from a calendar",
} as const;

/** A typed date: empty (no date), a valid calendar date, or text that is not MM/DD/YYYY. */
export type ParsedDate = { kind: "empty" } | { kind: "date"; date: CalendarDate } | { kind: "invalid" };

/** Parses MM/DD/YYYY (surrounding spaces ignored); the day must exist in that month. */
export function parseDateText(text: string): ParsedDate {
  const trimmed = text.trim();
  if (trimmed === "") {
    return { kind: "empty" };
  }
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(trimmed);
  if (!match) {
    return { kind: "invalid" };
  }
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { kind: "invalid" };
  }
  return { kind: "date", date: create(DateSchema, { year, month, day }) };
}

/** True when the text is empty or a valid MM/DD/YYYY date. */
export function isDateTextValid(text: string): boolean {
  return parseDateText(text).kind !== "invalid";
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one (UTC, so no time zone can shift it).
  return new globalThis.Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** MM/DD/YYYY, or "" for no date. */
export function formatDate(date: CalendarDate | undefined): string {
  if (!date || (date.year === 0 && date.month === 0 && date.day === 0)) {
    return "";
  }
  return `${pad(date.month)}/${pad(date.day)}/${pad(date.year, 4)}`;
}

/** True when two dates (either possibly unset) are the same day. */
export function sameDate(a: CalendarDate | undefined, b: CalendarDate | undefined): boolean {
  return formatDate(a) === formatDate(b);
}

/**
 * An instant as MM/DD/YYYY h:mm a, e.g. "03/07/2026 4:05 PM": on the clock of the time zone given
 * (the business time zone), or of the browser when none is.
 */
export function formatDateTime(when: Timestamp | globalThis.Date | undefined, timeZone?: string): string {
  if (!when) {
    return "";
  }
  const d = when instanceof globalThis.Date ? when : timestampDate(when);
  if (timeZone) {
    return formatBusinessDateTime(d, timeZone);
  }
  const hours = d.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${hour12}:${pad(d.getMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}

const TYPED_DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/;

/**
 * Reads MM/DD/YYYY HH:mm (24-hour) or MM/DD/YYYY alone (then `defaultHour`:00) as a wall clock; null
 * when the text has another shape or names a day or time that does not exist.
 */
export function parseDateTimeText(text: string, defaultHour: number): WallClock | null {
  const match = TYPED_DATE_TIME.exec(text.trim());
  if (!match) {
    return null;
  }
  const [month, day, year] = match.slice(1, 4).map(Number);
  const hour = match[4] === undefined ? defaultHour : Number(match[4]);
  const minute = match[5] === undefined ? 0 : Number(match[5]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59) {
    return null;
  }
  return { year, month, day, hour, minute };
}

/** A wall clock as typed: MM/DD/YYYY, or MM/DD/YYYY HH:mm with the time. */
export function formatWallClockText(clock: WallClock, withTime: boolean): string {
  const date = `${pad(clock.month)}/${pad(clock.day)}/${pad(clock.year, 4)}`;
  return withTime ? `${date} ${pad(clock.hour)}:${pad(clock.minute)}` : date;
}
