import { timestampDate, timestampFromDate, type Timestamp } from "@bufbuild/protobuf/wkt";

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

const TYPED_DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/;

/**
 * Reads a due date typed as MM/DD/YYYY HH:mm (24-hour, local time). Returns null when the text does
 * not have that shape or names a day or time that does not exist (02/30, 24:00, ...).
 */
export function parseDateTime(text: string): Date | null {
  const match = TYPED_DATE_TIME.exec(text.trim());
  if (!match) {
    return null;
  }
  const [month, day, year, hour, minute] = match.slice(1).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) {
    return null;
  }
  const date = new Date(year, month - 1, day, hour, minute);
  // Date rolls 02/30 over into March; a rolled-over date was not a real one.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null;
  }
  return date;
}

/** A local date-time as it is typed: MM/DD/YYYY HH:mm. */
export function formatDateTimeInput(date: Date): string {
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The wire form of a local date-time. */
export function toTimestamp(date: Date): Timestamp {
  return timestampFromDate(date);
}

/** The local date-time of a timestamp; undefined when absent. */
export function fromTimestamp(ts: Timestamp | undefined): Date | undefined {
  return ts ? timestampDate(ts) : undefined;
}
