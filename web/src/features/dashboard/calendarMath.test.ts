import { describe, expect, it } from "vitest";

import {
  calendarRange,
  CLOSED_COLOUR,
  dayHours,
  dayWindow,
  EVENT_PALETTE,
  eventColour,
  fromIsoDate,
  placeDayEvents,
  shiftAnchor,
  sundayWeek,
  toIsoDate,
} from "./calendarMath";

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

  it("shows 15 hours from 05:00 to 20:00", () => {
    expect(dayHours()).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(dayWindow(d(2026, 11, 20))).toEqual({ start: d(2026, 11, 20, 5), end: d(2026, 11, 20, 20) });
  });
});

describe("placeDayEvents", () => {
  const day = d(2026, 11, 20);

  it("places an event by its time within the window", () => {
    const [placed] = placeDayEvents(day, [{ start: d(2026, 11, 20, 8) }]);
    expect(placed.top).toBeCloseTo(3 / 15);
    expect(placed.height).toBeCloseTo(0.5 / 15);
  });

  it("keeps events outside the window visible at its edges and ignores other days", () => {
    const placed = placeDayEvents(day, [
      { start: d(2026, 11, 20, 2) },
      { start: d(2026, 11, 20, 23) },
      { start: d(2026, 11, 21, 9) },
    ]);
    expect(placed).toHaveLength(2);
    expect(placed[0].top).toBe(0);
    expect(placed[1].top + placed[1].height).toBeCloseTo(1);
  });

  it("puts overlapping events side by side", () => {
    const placed = placeDayEvents(day, [
      { start: d(2026, 11, 20, 9) },
      { start: d(2026, 11, 20, 9, 15) },
      { start: d(2026, 11, 20, 11) },
    ]);
    expect(placed.map((p) => [p.lane, p.lanes])).toEqual([
      [0, 2],
      [1, 2],
      [0, 1],
    ]);
  });
});

describe("event colours", () => {
  it("are stable per task and come from the palette", () => {
    for (const id of [1n, 2n, 3n, 42n, 9_007_199_254_740_993n]) {
      expect(eventColour(id)).toBe(eventColour(id));
      expect(EVENT_PALETTE).toContain(eventColour(id));
      expect(eventColour(id)).not.toBe(CLOSED_COLOUR);
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
