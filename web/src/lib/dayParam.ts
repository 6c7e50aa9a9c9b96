import { parseDateText } from "./dateText";

/** Calendar days in the address (yyyy-mm-dd) of the Contracts page and the reports. */

/** A calendar day. */
export interface Day {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day from the address (yyyy-mm-dd); undefined when absent or not a real day. */
export function dayFromParam(value: string | null): Day | undefined {
  const match = ISO_DATE.exec(value ?? "");
  if (!match) {
    return undefined;
  }
  const parsed = parseDateText(`${match[2]}/${match[3]}/${match[1]}`);
  return parsed.kind === "date"
    ? { year: parsed.date.year, month: parsed.date.month, day: parsed.date.day }
    : undefined;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A day as the address keeps it: yyyy-mm-dd. */
export function dayParam(day: Day): string {
  return `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`;
}

/**
 * The address's value for a typed date: yyyy-mm-dd for a whole date, null (removed) for an empty
 * box, undefined (left alone) while it is half typed.
 */
export function dateTextToParam(text: string): string | null | undefined {
  const parsed = parseDateText(text);
  if (parsed.kind === "empty") {
    return null;
  }
  return parsed.kind === "date" ? dayParam(parsed.date) : undefined;
}

/** The typed text of the address's date (MM/DD/YYYY), "" when absent. */
export function paramToDateText(value: string): string {
  const day = dayFromParam(value);
  return day ? `${pad(day.month)}/${pad(day.day)}/${pad(day.year, 4)}` : "";
}
