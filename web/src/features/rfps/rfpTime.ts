/** A return time as the dialog's three selects hold it: 12-hour clock, minutes and AM or PM. */
export interface Clock12 {
  /** 1-12. */
  hour: number;
  /** "00" or "30" (a stored time off the half hour keeps its minutes). */
  minute: string;
  period: "AM" | "PM";
}

/** The hours offered, in the order a clock reads them from midnight or noon. */
export const HOURS_12: readonly number[] = [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** Prices come back on the hour or the half hour. */
export const MINUTES: readonly string[] = ["00", "30"];
export const PERIODS: readonly Clock12["period"][] = ["AM", "PM"];

/** The return time when none is given (the server's default too). */
export const DEFAULT_RETURN_TIME = "11:00";

/** 11:00 AM -> "11:00", 12:30 PM -> "12:30", 12:00 AM -> "00:00", 1:30 PM -> "13:30". */
export function to24Hour({ hour, minute, period }: Clock12): string {
  const hour24 = (hour % 12) + (period === "PM" ? 12 : 0);
  return `${String(hour24).padStart(2, "0")}:${minute}`;
}

/** "13:30" -> 1:30 PM, "00:00" -> 12:00 AM; null when the text is not "HH:MM" on a 24-hour clock. */
export function to12Hour(text: string): Clock12 | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) {
    return null;
  }
  const hour24 = Number(match[1]);
  if (hour24 > 23 || Number(match[2]) > 59) {
    return null;
  }
  return { hour: hour24 % 12 === 0 ? 12 : hour24 % 12, minute: match[2], period: hour24 < 12 ? "AM" : "PM" };
}

/** "13:30" -> "1:30 PM"; text that is not a time is shown as it is. */
export function formatReturnTime(text: string): string {
  const clock = to12Hour(text);
  return clock ? `${clock.hour}:${clock.minute} ${clock.period}` : text;
}
