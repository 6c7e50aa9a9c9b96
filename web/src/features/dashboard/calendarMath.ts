import type { DayCount } from "../../gen/eris/common/v1/date_pb";
import { businessDayOf, minuteOfDay } from "../../lib/businessTime";
import { EVENT_COLOURS } from "../../styles/palette";

/** The calendar's views (spec: types month, week, day, 4day). */
export type CalendarView = "month" | "week" | "day" | "4day";

/** Which days of the week are shown: Mon-Fri or Mon-Sun. */
export type WeekdaySet = "mon-fri" | "mon-sun";

export const CALENDAR_VIEWS: readonly CalendarView[] = ["month", "week", "day", "4day"];
export const WEEKDAY_SETS: readonly WeekdaySet[] = ["mon-fri", "mon-sun"];

/** Days of the week as Date.getDay() numbers them (0 = Sunday), in the order shown. */
export const WEEKDAYS: Record<WeekdaySet, readonly number[]> = {
  "mon-fri": [1, 2, 3, 4, 5],
  "mon-sun": [1, 2, 3, 4, 5, 6, 0],
};

/** The day-like views open scrolled to this hour (spec: first interval 5)... */
export const FIRST_HOUR = 5;
/** ...showing this many hours at once (spec: interval count 15), i.e. 05:00 to 20:00; the rest scrolls. */
export const HOUR_COUNT = 15;
/** The time grid holds the whole day, so that nothing is out of reach. */
export const HOURS_IN_DAY = 24;
const MINUTES_IN_DAY = HOURS_IN_DAY * 60;

/** What a view shows: the days in order, the month grid's rows, and the instants [start, end) they cover. */
export interface CalendarRange {
  start: Date;
  end: Date;
  days: Date[];
  /** Month view only: one row per week, each holding the shown days of that week. */
  weeks: Date[][];
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Whole calendar days later (or earlier), kept at local midnight across daylight-saving changes. */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** The Monday of the (Monday-first) week holding the date. */
export function startOfWeek(date: Date): Date {
  return addDays(startOfDay(date), -((date.getDay() + 6) % 7));
}

/** The first shown day at or after (step 1) or at or before (step -1) the date. */
function nearestShownDay(date: Date, weekdays: readonly number[], step: 1 | -1): Date {
  let day = startOfDay(date);
  while (!weekdays.includes(day.getDay())) {
    day = addDays(day, step);
  }
  return day;
}

/** `count` shown days from the date on (the date itself first when it is shown). */
function shownDaysFrom(date: Date, weekdays: readonly number[], count: number): Date[] {
  const days: Date[] = [];
  let day = nearestShownDay(date, weekdays, 1);
  while (days.length < count) {
    if (weekdays.includes(day.getDay())) {
      days.push(day);
    }
    day = addDays(day, 1);
  }
  return days;
}

function weekDays(monday: Date, weekdays: readonly number[]): Date[] {
  return weekdays.map((weekday) => addDays(monday, (weekday + 6) % 7));
}

function rangeOf(days: Date[], weeks: Date[][] = []): CalendarRange {
  return { start: days[0], end: addDays(days[days.length - 1], 1), days, weeks };
}

/** The days a view shows around the anchor date. */
export function calendarRange(view: CalendarView, anchor: Date, weekdaySet: WeekdaySet): CalendarRange {
  const weekdays = WEEKDAYS[weekdaySet];
  switch (view) {
    case "day":
      return rangeOf([startOfDay(anchor)]);
    case "4day":
      return rangeOf(shownDaysFrom(anchor, weekdays, 4));
    case "week":
      return rangeOf(weekDays(startOfWeek(anchor), weekdays));
    case "month": {
      const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
      const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
      const weeks: Date[][] = [];
      for (let monday = startOfWeek(first); monday <= last; monday = addDays(monday, 7)) {
        const days = weekDays(monday, weekdays);
        // A row whose shown days all belong to the next or previous month is left out (Mon-Fri only).
        if (days.some((day) => day.getMonth() === first.getMonth())) {
          weeks.push(days);
        }
      }
      return rangeOf(weeks.flat(), weeks);
    }
  }
}

/** The anchor after moving one view forward (1) or back (-1). */
export function shiftAnchor(view: CalendarView, anchor: Date, weekdaySet: WeekdaySet, direction: 1 | -1): Date {
  const weekdays = WEEKDAYS[weekdaySet];
  switch (view) {
    case "month":
      return new Date(anchor.getFullYear(), anchor.getMonth() + direction, 1);
    case "week":
      return addDays(startOfDay(anchor), 7 * direction);
    case "day":
      return nearestShownDay(addDays(anchor, direction), weekdays, direction);
    case "4day": {
      const days = shownDaysFrom(anchor, weekdays, 4);
      if (direction === 1) {
        return nearestShownDay(addDays(days[3], 1), weekdays, 1);
      }
      let day = days[0];
      for (let n = 0; n < 4; n++) {
        day = nearestShownDay(addDays(day, -1), weekdays, -1);
      }
      return day;
    }
  }
}

/** The hour rows of a day-like view's time grid: 0, 1, ..., 23. */
export function dayHours(): number[] {
  return Array.from({ length: HOURS_IN_DAY }, (_, i) => i);
}

/** True when an instant falls on the day (a local-midnight Date) on the business clock. */
export function onBusinessDay(instant: Date, day: Date, timeZone: string): boolean {
  return sameDay(businessDayOf(instant, timeZone), day);
}

/** Tasks have a due time only; on the calendar they last this long. */
export const DEFAULT_EVENT_MINUTES = 30;

/** An event placed in a day column: top and height as fractions of the whole day, and its lane. */
export interface PlacedEvent<E> {
  event: E;
  /** Minutes since the business day's midnight at which the event starts. */
  minute: number;
  top: number;
  height: number;
  lane: number;
  lanes: number;
}

/**
 * Places the events of one business day at their real time of day (00:00-24:00 on the business
 * clock): nothing is moved to an edge. Overlapping events share the width in lanes.
 */
export function placeDayEvents<E extends { start: Date; end?: Date }>(
  day: Date,
  events: readonly E[],
  timeZone: string,
): PlacedEvent<E>[] {
  const placed = events
    .filter((e) => onBusinessDay(e.start, day, timeZone))
    .map((event) => {
      const minute = minuteOfDay(event.start, timeZone);
      const lasting = Math.max(DEFAULT_EVENT_MINUTES, ((event.end?.getTime() ?? 0) - event.start.getTime()) / 60_000);
      const top = minute / MINUTES_IN_DAY;
      // An event running past midnight ends at the bottom of its day.
      const height = Math.min(lasting / MINUTES_IN_DAY, 1 - top);
      return { event, minute, top, height, lane: 0, lanes: 1 };
    })
    .sort((a, b) => a.top - b.top || b.height - a.height);
  // Lanes: a simple greedy packing within each cluster of overlapping events.
  let cluster: typeof placed = [];
  let clusterEnd = -1;
  const closeCluster = () => {
    const lanes = Math.max(1, ...cluster.map((p) => p.lane + 1));
    cluster.forEach((p) => (p.lanes = lanes));
    cluster = [];
  };
  for (const item of placed) {
    if (item.top >= clusterEnd) {
      closeCluster();
      clusterEnd = -1;
    }
    const laneEnds: number[] = [];
    for (const other of cluster) {
      laneEnds[other.lane] = Math.max(laneEnds[other.lane] ?? -1, other.top + other.height);
    }
    let lane = 0;
    while (laneEnds[lane] !== undefined && laneEnds[lane] > item.top) {
      lane++;
    }
    item.lane = lane;
    cluster.push(item);
    clusterEnd = Math.max(clusterEnd, item.top + item.height);
  }
  closeCluster();
  return placed;
}

/** The events of a scrolled time grid that lie above or below what is in view, in pixels of the grid. */
export function outOfView<E>(
  placed: readonly PlacedEvent<E>[],
  gridHeight: number,
  viewTop: number,
  viewHeight: number,
): { above: PlacedEvent<E>[]; below: PlacedEvent<E>[] } {
  const above = placed.filter((p) => (p.top + p.height) * gridHeight <= viewTop);
  const below = placed.filter((p) => p.top * gridHeight >= viewTop + viewHeight);
  return { above, below };
}

/** The Sunday-Saturday week holding the date (the default range of My Upcoming Tasks). */
export function sundayWeek(date: Date): { from: Date; to: Date } {
  const from = addDays(startOfDay(date), -date.getDay());
  return { from, to: addDays(from, 6) };
}

/** A date as an <input type="date"> holds it: YYYY-MM-DD. */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local midnight of a YYYY-MM-DD text; null when it is not a real date. */
export function fromIsoDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) {
    return null;
  }
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** An Open task's colour from the palette: it looks random across tasks but never changes for one task id. */
export function eventColour(id: bigint): string {
  // A 64-bit mix (splitmix64's finaliser), so neighbouring ids get unrelated colours.
  const mask = (1n << 64n) - 1n;
  let x = BigInt.asUintN(64, id);
  x = ((x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
  x = ((x ^ (x >> 27n)) * 0x94d049bb133111ebn) & mask;
  x ^= x >> 31n;
  return EVENT_COLOURS[Number(x % BigInt(EVENT_COLOURS.length))];
}

/** The entries of each day (keyed by its local-midnight time, as the calendar's days are), summed over sources. */
export function entriesPerDay(counts: readonly DayCount[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const { day, count } of counts) {
    if (day) {
      const key = new Date(day.year, day.month - 1, day.day).getTime();
      totals.set(key, (totals.get(key) ?? 0) + count);
    }
  }
  return totals;
}
