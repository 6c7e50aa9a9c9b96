import { describe, expect, it } from "vitest";

import {
  annualLoadFactor,
  applyPaste,
  emptyEntries,
  groupDecimal,
  monthlyLoadFactor,
  parseUsagePaste,
  peakKw,
  sumDecimals,
  type UsageEntry,
} from "./usageMath";

const months = (...pairs: [string, string][]): UsageEntry[] => pairs.map(([value, kw]) => ({ value, kw }));

describe("monthly load factor", () => {
  it("is kWh / kW / 720 to 4 decimals", () => {
    expect(monthlyLoadFactor("72000", "200")).toBe("0.5000");
    expect(monthlyLoadFactor("100000", "300")).toBe("0.4630");
  });

  it("reads thousands separators", () => {
    expect(monthlyLoadFactor("1,440,000", "2,000")).toBe("1.0000");
  });

  it("is empty without both values, with no kW, or with text that is not a number", () => {
    expect(monthlyLoadFactor("", "200")).toBe("");
    expect(monthlyLoadFactor("72000", "")).toBe("");
    expect(monthlyLoadFactor("72000", "0")).toBe("");
    expect(monthlyLoadFactor("72k", "200")).toBe("");
  });
});

describe("annual load factor", () => {
  it("is annual kWh / (peak monthly kW x 8760) to 4 decimals", () => {
    const year = emptyEntries().map((_, i) => ({ value: "73000", kw: i === 6 ? "250" : "100" }));
    // 876,000 kWh / (250 kW x 8760 h) = 0.4
    expect(annualLoadFactor(year)).toBe("0.4000");
  });

  it("counts the kWh of months without kW and ignores empty months", () => {
    expect(annualLoadFactor(months(["438000", "100"], ["438000", ""], ["", ""]))).toBe("1.0000");
  });

  it("is empty without any kW or without any kWh", () => {
    expect(annualLoadFactor(months(["1000", ""], ["2000", ""]))).toBe("");
    expect(annualLoadFactor(months(["", "100"]))).toBe("");
    expect(annualLoadFactor(months(["1000", "0"]))).toBe("");
  });

  it("takes the peak kW as typed", () => {
    expect(peakKw(months(["", "1,200.5"], ["", "900"], ["", "x"]))).toBe("1200.5");
    expect(peakKw(months(["1", ""]))).toBe("");
  });
});

describe("decimal sums", () => {
  it("adds exactly on the digits", () => {
    expect(sumDecimals(["0.1", "0.2"])).toBe("0.3");
    expect(sumDecimals(["1,250,000", "750000.25", ""])).toBe("2000000.25");
    expect(sumDecimals(["9007199254740993", "1"])).toBe("9007199254740994");
  });

  it("is empty when nothing is a number", () => {
    expect(sumDecimals(["", "abc"])).toBe("");
  });

  it("groups thousands without rounding the fraction", () => {
    expect(groupDecimal("1250000.125")).toBe("1,250,000.125");
    expect(groupDecimal("999")).toBe("999");
    expect(groupDecimal("")).toBe("");
  });
});

describe("usage paste", () => {
  it("reads Electric lines as kWh, a tab, then kW, with thousands separators", () => {
    const result = parseUsagePaste("1,250,000\t2,100\n980000\t1900.5\n", true);
    expect(result).toEqual({
      kind: "ok",
      entries: [
        { value: "1250000", kw: "2100" },
        { value: "980000", kw: "1900.5" },
      ],
    });
  });

  it("reads Gas lines as one value and CRLF line breaks", () => {
    expect(parseUsagePaste("1,200\r\n900\r\n", false)).toEqual({
      kind: "ok",
      entries: [
        { value: "1200", kw: "" },
        { value: "900", kw: "" },
      ],
    });
  });

  it("uses only the first 12 lines", () => {
    const text = Array.from({ length: 15 }, (_, i) => `${i + 1}\t1`).join("\n");
    const result = parseUsagePaste(`${text}\nnot a number`, true);
    expect(result.kind).toBe("ok");
    expect(result.kind === "ok" && result.entries.map((e) => e.value)).toEqual(
      Array.from({ length: 12 }, (_, i) => String(i + 1)),
    );
  });

  it("names the first line that cannot be read", () => {
    expect(parseUsagePaste("1000\t10\n2,000\t20\nabc\t30\n4000\tx", true)).toEqual({
      kind: "error",
      line: 3,
      text: "abc\t30",
    });
  });

  it("refuses a Gas line with two values and an Electric line with three", () => {
    expect(parseUsagePaste("100\n200\t5", false)).toEqual({ kind: "error", line: 2, text: "200\t5" });
    expect(parseUsagePaste("100\t5\t7", true)).toEqual({ kind: "error", line: 1, text: "100\t5\t7" });
  });

  it("keeps a blank line as an empty month and ignores empty trailing cells", () => {
    expect(parseUsagePaste("100\t5\t\n\n300\t7", true)).toEqual({
      kind: "ok",
      entries: [
        { value: "100", kw: "5" },
        { value: "", kw: "" },
        { value: "300", kw: "7" },
      ],
    });
  });

  it("is empty for an empty area", () => {
    expect(parseUsagePaste("", true)).toEqual({ kind: "empty" });
    expect(parseUsagePaste("\n", false)).toEqual({ kind: "empty" });
  });

  it("fills the months from January and keeps the others", () => {
    const before = emptyEntries().map((_, i) => ({ value: String(i), kw: "" }));
    const after = applyPaste(before, [{ value: "1250000", kw: "2100" }]);
    expect(after[0]).toEqual({ value: "1,250,000", kw: "2,100" });
    expect(after[1]).toEqual({ value: "1", kw: "" });
    expect(after).toHaveLength(12);
  });
});
