/**
 * Wall-clock arithmetic in the business time zone (GetCurrentUserResponse.business_time_zone). The
 * browser's own zone is never used for placing or showing times: staff in other zones see the
 * office's clock, and a due date typed without a time means 09:00 there.
 */

/** The business time zone until the server has said which it is. */
export const DEFAULT_BUSINESS_TIME_ZONE = "America/New_York";

/** A date and time as a clock on the wall shows it, without a zone; month is 1-12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows the zone by this IANA name. */
export function isTimeZone(name: string | undefined): name is string {
  if (!name) {
    return false;
  }
  try {
    partFormatter(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone to use: the one given when it is a real zone, else the default. */
export function businessTimeZoneOr(name: string | undefined): string {
  return isTimeZone(name) ? name : DEFAULT_BUSINESS_TIME_ZONE;
}

/** The zone's clock at an instant, read by Intl (exact, and the slow part of every conversion). */
function exactParts(instant: Date, timeZone: string): WallClock & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of partFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") {
      parts[part.type] = Number(part.value);
    }
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    // Some engines still say 24 for midnight with h23.
    hour: parts.hour % 24,
    minute: parts.minute,
    second: parts.second,
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds, as Intl reads it. */
function exactOffset(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  const p = exactParts(new Date(whole), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

/**
 * Offsets are remembered per zone and quarter of an hour: every zone changes its offset at most once
 * in one (at a quarter-hour boundary, in this era), and a month of a busy calendar converts thousands
 * of instants, which asked Intl thousands of times. A quarter whose two ends differ is never
 * remembered; its instants are read exactly.
 */
const OFFSET_SPAN_MS = 15 * 60_000;
/** Outside years 1000-9999 every instant is read exactly (Date.UTC takes years 0-99 as 1900-1999). */
const CACHED_FROM_MS = Date.UTC(1000, 0, 1);
const CACHED_TO_MS = Date.UTC(9999, 11, 31);
const MAX_SPANS_PER_ZONE = 50_000;
const spanOffsets = new Map<string, Map<number, number>>();

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(epochMs: number, timeZone: string): number {
  if (!(epochMs >= CACHED_FROM_MS && epochMs <= CACHED_TO_MS)) {
    return exactOffset(epochMs, timeZone);
  }
  let spans = spanOffsets.get(timeZone);
  if (!spans) {
    spans = new Map();
    spanOffsets.set(timeZone, spans);
  }
  const span = Math.floor(epochMs / OFFSET_SPAN_MS);
  let offset = spans.get(span);
  if (offset === undefined) {
    const start = span * OFFSET_SPAN_MS;
    const first = exactOffset(start, timeZone);
    offset = exactOffset(start + OFFSET_SPAN_MS - 1000, timeZone) === first ? first : Number.NaN;
    if (spans.size >= MAX_SPANS_PER_ZONE) {
      spans.clear();
    }
    spans.set(span, offset);
  }
  return Number.isNaN(offset) ? exactOffset(epochMs, timeZone) : offset;
}

function partsOf(instant: Date, timeZone: string): WallClock & { second: number } {
  const epochMs = instant.getTime();
  if (!(epochMs >= CACHED_FROM_MS && epochMs <= CACHED_TO_MS)) {
    return exactParts(instant, timeZone);
  }
  const wall = new Date(Math.floor(epochMs / 1000) * 1000 + offsetAt(epochMs, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** What the clock in the zone shows at an instant. */
export function wallClockOf(instant: Date, timeZone: string): WallClock {
  const { year, month, day, hour, minute } = partsOf(instant, timeZone);
  return { year, month, day, hour, minute };
}

/**
 * The instant at which the zone's clock shows the wall clock. A time skipped by a daylight-saving
 * change moves forward by the gap (02:30 becomes 03:30); a time that happens twice is the first.
 */
export function instantOf(clock: WallClock, timeZone: string): Date {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  const first = offsetAt(asUtc, timeZone);
  let instant = asUtc - first;
  const second = offsetAt(instant, timeZone);
  if (second !== first) {
    const retry = asUtc - second;
    if (offsetAt(retry, timeZone) === second) {
      instant = retry;
    }
  }
  return new Date(instant);
}

/**
 * The business day of an instant, as the calendar holds days: a Date at local midnight whose
 * year, month and day are the zone's.
 */
export function businessDayOf(instant: Date, timeZone: string): Date {
  const { year, month, day } = wallClockOf(instant, timeZone);
  return new Date(year, month - 1, day);
}

/** The instant a business day (a local-midnight Date as the calendar holds days) starts in the zone. */
export function startOfBusinessDay(day: Date, timeZone: string): Date {
  return instantOf(
    { year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate(), hour: 0, minute: 0 },
    timeZone,
  );
}

/** Minutes since the zone's midnight at an instant (0-1439). */
export function minuteOfDay(instant: Date, timeZone: string): number {
  const { hour, minute } = wallClockOf(instant, timeZone);
  return hour * 60 + minute;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "7:30 AM": the zone's time of an instant. */
export function formatClockTime(instant: Date, timeZone: string): string {
  const { hour, minute } = wallClockOf(instant, timeZone);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? "AM" : "PM"}`;
}

/** "03/07/2026 4:05 PM": the zone's date and time of an instant. */
export function formatBusinessDateTime(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClockOf(instant, timeZone);
  return `${pad(month)}/${pad(day)}/${pad(year, 4)} ${formatClockTime(instant, timeZone)}`;
}
