import { describe, expect, it } from "vitest";

import { formatDateTimeInput, parseDateTime, parseDueWallClock } from "./taskTime";

const NY = "America/New_York";
const LA = "America/Los_Angeles";

describe("parseDateTime (MM/DD/YYYY HH:mm in the business time zone)", () => {
  it("reads a well-formed date and time as the business clock shows it", () => {
    // 14:30 in New York in March (EST) is 19:30 UTC, whatever zone the browser is in.
    expect(parseDateTime("03/05/2026 14:30", NY)?.toISOString()).toBe("2026-03-05T19:30:00.000Z");
    expect(parseDateTime("03/05/2026 14:30", LA)?.toISOString()).toBe("2026-03-05T22:30:00.000Z");
  });

  it("takes a date without a time as 09:00 business time", () => {
    expect(parseDueWallClock("11/20/2026")).toEqual({ year: 2026, month: 11, day: 20, hour: 9, minute: 0 });
    expect(parseDateTime("11/20/2026", NY)?.toISOString()).toBe("2026-11-20T14:00:00.000Z");
    expect(parseDateTime("07/01/2026", NY)?.toISOString()).toBe("2026-07-01T13:00:00.000Z");
  });

  it("ignores surrounding spaces", () => {
    expect(parseDateTime("  12/31/2025 00:00 ", NY)?.toISOString()).toBe("2025-12-31T05:00:00.000Z");
  });

  it("refuses other shapes", () => {
    for (const text of ["", "3/5/2026 14:30", "2026-03-05 14:30", "03/05/26 14:30", "03/05/2026 2:30 PM"]) {
      expect(parseDateTime(text, NY), text).toBeNull();
    }
  });

  it("refuses days and times that do not exist", () => {
    for (const text of [
      "02/30/2026 10:00",
      "02/30/2026",
      "13/01/2026 10:00",
      "00/10/2026 10:00",
      "01/00/2026 10:00",
      "01/10/2026 24:00",
      "01/10/2026 10:60",
    ]) {
      expect(parseDateTime(text, NY), text).toBeNull();
    }
    expect(parseDueWallClock("02/29/2028 10:00")).toEqual({ year: 2028, month: 2, day: 29, hour: 10, minute: 0 });
  });

  it("round-trips with the input format in the business time zone", () => {
    const instant = new Date(Date.UTC(2026, 0, 9, 12, 5));
    expect(formatDateTimeInput(instant, NY)).toBe("01/09/2026 07:05");
    expect(parseDateTime(formatDateTimeInput(instant, NY), NY)).toEqual(instant);
  });
});
