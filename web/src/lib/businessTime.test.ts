import { describe, expect, it } from "vitest";

import {
  businessDayOf,
  businessTimeZoneOr,
  DEFAULT_BUSINESS_TIME_ZONE,
  formatBusinessDateTime,
  formatClockTime,
  instantOf,
  isTimeZone,
  minuteOfDay,
  startOfBusinessDay,
  wallClockOf,
} from "./businessTime";

const NY = "America/New_York";
const LA = "America/Los_Angeles";

describe("business time", () => {
  it("reads the zone's clock at an instant", () => {
    // 12:30 UTC in November is 07:30 in New York (EST, UTC-5) and 04:30 in Los Angeles.
    const instant = new Date(Date.UTC(2026, 10, 20, 12, 30));
    expect(wallClockOf(instant, NY)).toEqual({ year: 2026, month: 11, day: 20, hour: 7, minute: 30 });
    expect(wallClockOf(instant, LA)).toEqual({ year: 2026, month: 11, day: 20, hour: 4, minute: 30 });
    expect(minuteOfDay(instant, NY)).toBe(7 * 60 + 30);
    expect(formatClockTime(instant, NY)).toBe("7:30 AM");
    expect(formatBusinessDateTime(instant, NY)).toBe("11/20/2026 7:30 AM");
  });

  it("finds the instant of a wall clock time, in and out of daylight saving", () => {
    expect(instantOf({ year: 2026, month: 11, day: 20, hour: 9, minute: 0 }, NY).toISOString()).toBe(
      "2026-11-20T14:00:00.000Z",
    );
    expect(instantOf({ year: 2026, month: 7, day: 1, hour: 9, minute: 0 }, NY).toISOString()).toBe(
      "2026-07-01T13:00:00.000Z",
    );
    expect(instantOf({ year: 2026, month: 11, day: 20, hour: 23, minute: 30 }, LA).toISOString()).toBe(
      "2026-11-21T07:30:00.000Z",
    );
  });

  it("moves a time skipped by the spring change forward and takes the first of a repeated one", () => {
    // 2026-03-08: 02:00 EST jumps to 03:00 EDT.
    expect(instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NY).toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    // 2026-11-01: 01:30 happens in EDT and again in EST; the EDT one comes first.
    expect(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NY).toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
  });

  it("gives the business day of an instant and the instant that day starts", () => {
    // 02:00 UTC on the 21st is still the 20th in New York.
    const lateEvening = new Date(Date.UTC(2026, 10, 21, 2, 0));
    expect(businessDayOf(lateEvening, NY)).toEqual(new Date(2026, 10, 20));
    expect(startOfBusinessDay(new Date(2026, 10, 20), NY).toISOString()).toBe("2026-11-20T05:00:00.000Z");
  });

  it("knows real zone names and falls back to New York otherwise", () => {
    expect(DEFAULT_BUSINESS_TIME_ZONE).toBe(NY);
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(businessTimeZoneOr("America/Chicago")).toBe("America/Chicago");
    expect(businessTimeZoneOr("nowhere")).toBe(NY);
    expect(businessTimeZoneOr(undefined)).toBe(NY);
  });
});

describe("the zone's clock, read through remembered offsets", () => {
  /** The zone's clock as Intl reads it, for comparison. */
  function intlClock(instant: Date, timeZone: string) {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    }).formatToParts(instant);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return {
      year: part("year"),
      month: part("month"),
      day: part("day"),
      hour: part("hour") % 24,
      minute: part("minute"),
    };
  }

  it("agrees with Intl at every step across daylight-saving changes, odd offsets and old local times", () => {
    const cases: [string, string][] = [
      [NY, "2026-03-08T05:00:00Z"],
      [NY, "2026-11-01T04:00:00Z"],
      ["Australia/Lord_Howe", "2026-04-04T14:00:00Z"],
      ["Asia/Kathmandu", "1985-12-31T18:00:00Z"],
      ["Pacific/Chatham", "2026-04-04T13:00:00Z"],
      ["America/St_Johns", "2026-03-08T04:00:00Z"],
      ["Europe/Amsterdam", "1937-06-30T22:00:00Z"],
      ["Europe/London", "1900-01-01T00:00:00Z"],
      // -0:44:30 until 1972: the change falls inside a quarter-hour (00:44:30 UTC).
      ["Africa/Monrovia", "1972-01-07T00:44:30Z"],
    ];
    for (const [zone, from] of cases) {
      const start = Date.parse(from);
      // Every 7 min 13.5 s for six hours on either side, so steps land in every quarter-hour.
      const steps = [];
      for (let ms = start - 6 * 3_600_000; ms <= start + 6 * 3_600_000; ms += 433_500) {
        steps.push(ms);
      }
      // And every second of the two minutes around the change.
      for (let ms = start - 60_000; ms <= start + 60_000; ms += 1000) {
        steps.push(ms);
      }
      for (const ms of steps) {
        const instant = new Date(ms);
        expect(wallClockOf(instant, zone), `${zone} ${instant.toISOString()}`).toEqual(intlClock(instant, zone));
      }
    }
  });

  it("reads instants outside the remembered years exactly", () => {
    const ancient = new Date(Date.UTC(2000, 0, 1));
    ancient.setUTCFullYear(50);
    expect(wallClockOf(ancient, NY)).toEqual(intlClock(ancient, NY));
  });
});
