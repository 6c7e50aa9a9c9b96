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
