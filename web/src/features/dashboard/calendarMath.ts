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

/** The day-like views start at this hour (spec: first interval 5)... */
export const FIRST_HOUR = 5;
/** ...and show this many hours (spec: interval count 15), i.e. 05:00 to 20:00. */
export const HOUR_COUNT = 15;

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

/** The hours a day-like view shows on a day: [05:00, 20:00). */
export function dayWindow(day: Date): { start: Date; end: Date } {
  const start = new Date(day.getFullYear(), day.getMonth(), day.getDate(), FIRST_HOUR);
  const end = new Date(day.getFullYear(), day.getMonth(), day.getDate(), FIRST_HOUR + HOUR_COUNT);
  return { start, end };
}

/** The hour rows of a day-like view: 5, 6, ..., 19. */
export function dayHours(): number[] {
  return Array.from({ length: HOUR_COUNT }, (_, i) => FIRST_HOUR + i);
}

/** Tasks have a due time only; on the calendar they last this long. */
export const DEFAULT_EVENT_MINUTES = 30;

/** An event placed in a day column: top and height as fractions of the day window, and its lane. */
export interface PlacedEvent<E> {
  event: E;
  top: number;
  height: number;
  lane: number;
  lanes: number;
}

/**
 * Places the events of one day in the 05:00-20:00 window. Events before or after the window are kept
 * visible at its top or bottom edge; overlapping events share the width in lanes.
 */
export function placeDayEvents<E extends { start: Date; end?: Date }>(
  day: Date,
  events: readonly E[],
): PlacedEvent<E>[] {
  const { start, end } = dayWindow(day);
  const span = end.getTime() - start.getTime();
  const minHeight = (DEFAULT_EVENT_MINUTES * 60_000) / span;
  const placed = events
    .filter((e) => sameDay(e.start, day))
    .map((event) => {
      const from = event.start.getTime();
      const to = Math.max(event.end?.getTime() ?? 0, from + DEFAULT_EVENT_MINUTES * 60_000);
      const height = Math.min(1, Math.max(minHeight, (to - from) / span));
      const top = Math.min(Math.max(0, (from - start.getTime()) / span), 1 - height);
      return { event, top, height, lane: 0, lanes: 1 };
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

/** Palette for Open tasks; each task keeps its colour (derived from its id). */
export const EVENT_PALETTE = [
  "#1e88e5",
  "#3949ab",
  "#5e35b1",
  "#00897b",
  "#43a047",
  "#f4511e",
  "#8e24aa",
  "#00acc1",
  "#c0ca33",
  "#fb8c00",
  "#d81b60",
  "#6d4c41",
] as const;

/** Closed tasks (and RFPs) are grey. */
export const CLOSED_COLOUR = "#9e9e9e";

/** A colour that looks random across tasks but never changes for one task id. */
export function eventColour(id: bigint): string {
  // A 64-bit mix (splitmix64's finaliser), so neighbouring ids get unrelated colours.
  const mask = (1n << 64n) - 1n;
  let x = BigInt.asUintN(64, id);
  x = ((x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
  x = ((x ^ (x >> 27n)) * 0x94d049bb133111ebn) & mask;
  x ^= x >> 31n;
  return EVENT_PALETTE[Number(x % BigInt(EVENT_PALETTE.length))];
}
