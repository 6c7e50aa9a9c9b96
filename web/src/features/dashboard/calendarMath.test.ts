import { describe, expect, it } from "vitest";

import {
  calendarRange,
  dayHours,
  eventColour,
  fromIsoDate,
  outOfView,
  placeDayEvents,
  shiftAnchor,
  sundayWeek,
  toIsoDate,
} from "./calendarMath";
import { CLOSED_EVENT_COLOUR, EVENT_COLOURS } from "../../styles/palette";

const d = (y: number, m: number, day: number, h = 0, min = 0) => new Date(y, m - 1, day, h, min);
const iso = (dates: Date[]) => dates.map(toIsoDate);

describe("month view", () => {
  it("covers whole Monday-first weeks around the month (Mon-Sun)", () => {
    // November 2026: the 1st is a Sunday, the 30th a Monday.
    const range = calendarRange("month", d(2026, 11, 18), "mon-sun");
    expect(range.weeks).toHaveLength(6);
    expect(range.weeks.every((w) => w.length === 7)).toBe(true);
    expect(toIsoDate(range.start)).toBe("2026-10-26");
    expect(toIsoDate(range.end)).toBe("2026-12-07");
    expect(iso(range.weeks[0])).toEqual([
      "2026-10-26",
      "2026-10-27",
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
    ]);
  });

  it("shows five columns and leaves out weeks with no weekday of the month (Mon-Fri)", () => {
    // The first row of November 2026 holds only Sunday the 1st, which Mon-Fri does not show.
    const range = calendarRange("month", d(2026, 11, 18), "mon-fri");
    expect(range.weeks).toHaveLength(5);
    expect(range.weeks.every((w) => w.length === 5)).toBe(true);
    expect(iso(range.weeks[0])).toEqual(["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"]);
    expect(toIsoDate(range.weeks[4][0])).toBe("2026-11-30");
    expect(toIsoDate(range.end)).toBe("2026-12-05");
  });

  it("moves by whole months", () => {
    expect(shiftAnchor("month", d(2026, 1, 31), "mon-sun", 1)).toEqual(d(2026, 2, 1));
    expect(shiftAnchor("month", d(2026, 1, 31), "mon-sun", -1)).toEqual(d(2025, 12, 1));
  });
});

describe("week view", () => {
  it("shows Monday to Friday of the anchor's week (Mon-Fri)", () => {
    const range = calendarRange("week", d(2026, 11, 21), "mon-fri"); // a Saturday
    expect(iso(range.days)).toEqual(["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]);
    expect(range.start).toEqual(d(2026, 11, 16));
    expect(range.end).toEqual(d(2026, 11, 21));
  });

  it("shows Monday to Sunday (Mon-Sun), a Sunday belonging to the week before", () => {
    const range = calendarRange("week", d(2026, 11, 22), "mon-sun"); // a Sunday
    expect(iso(range.days)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    expect(range.end).toEqual(d(2026, 11, 23));
  });

  it("moves by seven days", () => {
    expect(shiftAnchor("week", d(2026, 11, 18, 15), "mon-fri", 1)).toEqual(d(2026, 11, 25));
    expect(shiftAnchor("week", d(2026, 11, 18), "mon-fri", -1)).toEqual(d(2026, 11, 11));
  });
});

describe("4day view", () => {
  it("shows four days from the anchor (Mon-Sun)", () => {
    const range = calendarRange("4day", d(2026, 11, 20), "mon-sun");
    expect(iso(range.days)).toEqual(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"]);
    expect(range.end).toEqual(d(2026, 11, 24));
  });

  it("skips the weekend (Mon-Fri)", () => {
    const range = calendarRange("4day", d(2026, 11, 20), "mon-fri");
    expect(iso(range.days)).toEqual(["2026-11-20", "2026-11-23", "2026-11-24", "2026-11-25"]);
  });

  it("moves by four shown days", () => {
    expect(shiftAnchor("4day", d(2026, 11, 20), "mon-fri", 1)).toEqual(d(2026, 11, 26));
    expect(shiftAnchor("4day", d(2026, 11, 20), "mon-fri", -1)).toEqual(d(2026, 11, 16));
    expect(shiftAnchor("4day", d(2026, 11, 20), "mon-sun", 1)).toEqual(d(2026, 11, 24));
  });
});

describe("day view", () => {
  it("shows the anchor day and skips hidden days when moving", () => {
    const range = calendarRange("day", d(2026, 11, 20, 13), "mon-fri");
    expect(iso(range.days)).toEqual(["2026-11-20"]);
    expect(range.start).toEqual(d(2026, 11, 20));
    expect(range.end).toEqual(d(2026, 11, 21));
    expect(shiftAnchor("day", d(2026, 11, 20), "mon-fri", 1)).toEqual(d(2026, 11, 23));
    expect(shiftAnchor("day", d(2026, 11, 20), "mon-sun", 1)).toEqual(d(2026, 11, 21));
    expect(shiftAnchor("day", d(2026, 11, 23), "mon-fri", -1)).toEqual(d(2026, 11, 20));
  });

  it("has a time grid of the whole day", () => {
    expect(dayHours()).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });
});

describe("placeDayEvents", () => {
  const NY = "America/New_York";
  const day = d(2026, 11, 20);
  /** An instant by its New York wall clock in November (EST, UTC-5). */
  const ny = (dayOfMonth: number, h: number, min = 0) => ({
    start: new Date(Date.UTC(2026, 10, dayOfMonth, h + 5, min)),
  });

  it("places an event at its time of day on the business clock", () => {
    const [placed] = placeDayEvents(day, [ny(20, 7, 30)], NY);
    expect(placed.minute).toBe(7 * 60 + 30);
    expect(placed.top).toBeCloseTo(7.5 / 24);
    expect(placed.height).toBeCloseTo(0.5 / 24);
  });

  it("keeps events before 05:00 and after 20:00 at their real time, and ignores other days", () => {
    const placed = placeDayEvents(day, [ny(20, 2), ny(20, 22, 30), ny(21, 9), ny(19, 23, 45)], NY);
    expect(placed.map((p) => p.minute)).toEqual([120, 22 * 60 + 30]);
    expect(placed[0].top).toBeCloseTo(2 / 24);
    expect(placed[1].top).toBeCloseTo(22.5 / 24);
  });

  it("files an event by its business day, not the browser's", () => {
    // 23:30 in New York is already the next day in UTC (and in Europe).
    const placed = placeDayEvents(day, [ny(20, 23, 30)], NY);
    expect(placed).toHaveLength(1);
    expect(placed[0].top + placed[0].height).toBeCloseTo(1);
    expect(placeDayEvents(d(2026, 11, 21), [ny(20, 23, 30)], NY)).toHaveLength(0);
  });

  it("puts overlapping events side by side", () => {
    const placed = placeDayEvents(day, [ny(20, 9), ny(20, 9, 15), ny(20, 11)], NY);
    expect(placed.map((p) => [p.lane, p.lanes])).toEqual([
      [0, 2],
      [1, 2],
      [0, 1],
    ]);
  });

  it("tells which events are scrolled out of view", () => {
    const placed = placeDayEvents(day, [ny(20, 2), ny(20, 7, 30), ny(20, 19), ny(20, 22, 30)], NY);
    // A 24-hour grid of 48 px an hour, scrolled to 05:00 and showing 15 hours.
    const { above, below } = outOfView(placed, 24 * 48, 5 * 48, 15 * 48);
    expect(above.map((p) => p.minute)).toEqual([120]);
    expect(below.map((p) => p.minute)).toEqual([22 * 60 + 30]);
  });
});

describe("event colours", () => {
  it("are stable per task and come from the palette", () => {
    for (const id of [1n, 2n, 3n, 42n, 9_007_199_254_740_993n]) {
      expect(eventColour(id)).toBe(eventColour(id));
      expect(EVENT_COLOURS).toContain(eventColour(id));
      expect(eventColour(id)).not.toBe(CLOSED_EVENT_COLOUR);
    }
  });

  it("vary across tasks", () => {
    const colours = new Set(Array.from({ length: 40 }, (_, i) => eventColour(BigInt(i + 1))));
    expect(colours.size).toBeGreaterThan(6);
  });
});

describe("My Upcoming Tasks default range", () => {
  it("is the Sunday-Saturday week holding today", () => {
    expect(sundayWeek(d(2026, 11, 18, 10))).toEqual({ from: d(2026, 11, 15), to: d(2026, 11, 21) });
    expect(sundayWeek(d(2026, 11, 15))).toEqual({ from: d(2026, 11, 15), to: d(2026, 11, 21) });
    expect(sundayWeek(d(2026, 11, 21, 23, 59))).toEqual({ from: d(2026, 11, 15), to: d(2026, 11, 21) });
  });

  it("round-trips through the date inputs' text", () => {
    expect(toIsoDate(d(2026, 1, 5))).toBe("2026-01-05");
    expect(fromIsoDate("2026-01-05")).toEqual(d(2026, 1, 5));
    expect(fromIsoDate("2026-02-30")).toBeNull();
    expect(fromIsoDate("")).toBeNull();
  });
});
