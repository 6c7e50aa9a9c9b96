import { describe, expect, it } from "vitest";

import { formatDateTimeInput, fromTimestamp, parseDateTime, toTimestamp } from "./taskTime";

describe("parseDateTime (MM/DD/YYYY HH:mm)", () => {
  it("reads a well-formed local date and time", () => {
    const date = parseDateTime("03/05/2026 14:30");
    expect(date).toEqual(new Date(2026, 2, 5, 14, 30));
  });

  it("ignores surrounding spaces", () => {
    expect(parseDateTime("  12/31/2025 00:00 ")).toEqual(new Date(2025, 11, 31, 0, 0));
  });

  it("refuses other shapes", () => {
    for (const text of [
      "",
      "3/5/2026 14:30",
      "03/05/2026",
      "2026-03-05 14:30",
      "03/05/26 14:30",
      "03/05/2026 2:30 PM",
    ]) {
      expect(parseDateTime(text), text).toBeNull();
    }
  });

  it("refuses days and times that do not exist", () => {
    for (const text of [
      "02/30/2026 10:00",
      "13/01/2026 10:00",
      "00/10/2026 10:00",
      "01/00/2026 10:00",
      "01/10/2026 24:00",
      "01/10/2026 10:60",
    ]) {
      expect(parseDateTime(text), text).toBeNull();
    }
    expect(parseDateTime("02/29/2028 10:00")).toEqual(new Date(2028, 1, 29, 10, 0));
  });

  it("round-trips with the input format", () => {
    const date = new Date(2026, 0, 9, 7, 5);
    expect(formatDateTimeInput(date)).toBe("01/09/2026 07:05");
    expect(parseDateTime(formatDateTimeInput(date))).toEqual(date);
  });
});

describe("timestamps", () => {
  it("convert both ways", () => {
    const date = new Date(2026, 5, 1, 9, 15);
    expect(fromTimestamp(toTimestamp(date))).toEqual(date);
    expect(fromTimestamp(undefined)).toBeUndefined();
  });
});
