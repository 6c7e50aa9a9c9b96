import { instantOf, wallClockOf, type WallClock } from "../../lib/businessTime";
import { formatWallClockText, parseDateTimeText } from "../../lib/dateText";

/** A due date given without a time is due at this hour, business time. */
export const DEFAULT_DUE_HOUR = 9;

/**
 * Reads a due date typed as MM/DD/YYYY HH:mm (24-hour) or MM/DD/YYYY alone (then 09:00), as a wall
 * clock. Returns null when the text does not have that shape or names a day or time that does not
 * exist (02/30, 24:00, ...).
 */
export function parseDueWallClock(text: string): WallClock | null {
  return parseDateTimeText(text, DEFAULT_DUE_HOUR);
}

/** The instant of a typed due date, its wall clock read in the business time zone; null when not valid. */
export function parseDateTime(text: string, timeZone: string): Date | null {
  const clock = parseDueWallClock(text);
  return clock ? instantOf(clock, timeZone) : null;
}

/** An instant as it is typed, in the business time zone: MM/DD/YYYY HH:mm. */
export function formatDateTimeInput(instant: Date, timeZone: string): string {
  return formatWallClockText(wallClockOf(instant, timeZone), true);
}
