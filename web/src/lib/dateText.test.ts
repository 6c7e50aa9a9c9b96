import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";

import { formatDate, formatDateTime, isDateTextValid, parseDateText } from "./dateText";

describe("typed dates", () => {
  it("reads MM/DD/YYYY", () => {
    const parsed = parseDateText(" 03/07/2026 ");
    expect(parsed.kind).toBe("date");
    expect(parsed.kind === "date" && [parsed.date.year, parsed.date.month, parsed.date.day]).toEqual([2026, 3, 7]);
  });

  it("allows empty (no date)", () => {
    expect(parseDateText("")).toEqual({ kind: "empty" });
    expect(parseDateText("   ")).toEqual({ kind: "empty" });
    expect(isDateTextValid("")).toBe(true);
  });

  it("refuses other shapes and days that do not exist", () => {
    for (const text of [
      "3/7/2026",
      "2026-03-07",
      "03/07/26",
      "13/01/2026",
      "00/10/2026",
      "02/30/2026",
      "04/31/2026",
      "abc",
    ]) {
      expect(parseDateText(text).kind, text).toBe("invalid");
    }
    expect(parseDateText("02/29/2024").kind).toBe("date");
    expect(parseDateText("02/29/2025").kind).toBe("invalid");
  });

  it("formats dates as MM/DD/YYYY and no date as empty", () => {
    const parsed = parseDateText("12/31/1999");
    expect(parsed.kind === "date" && formatDate(parsed.date)).toBe("12/31/1999");
    expect(formatDate(undefined)).toBe("");
  });

  it("formats instants as MM/DD/YYYY h:mm a", () => {
    expect(formatDateTime(new Date(2026, 2, 7, 16, 5))).toBe("03/07/2026 4:05 PM");
    expect(formatDateTime(new Date(2026, 0, 1, 0, 30))).toBe("01/01/2026 12:30 AM");
    expect(formatDateTime(timestampFromDate(new Date(2026, 5, 15, 12, 0)))).toBe("06/15/2026 12:00 PM");
  });
});
