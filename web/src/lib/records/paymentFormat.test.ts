import { describe, expect, it } from "vitest";

import {
  amountApiValue,
  formatDollars,
  formatPercent,
  formatVolume,
  parseAmountText,
  roundToCents,
} from "./paymentFormat";

describe("amounts", () => {
  it("reads typed and pasted amounts, signs and dollar signs included", () => {
    expect(parseAmountText("$1,250.50")).toEqual({ kind: "number", value: "1250.5" });
    expect(parseAmountText(" -12 ")).toEqual({ kind: "number", value: "-12" });
    expect(parseAmountText("-0")).toEqual({ kind: "number", value: "0" });
    expect(parseAmountText("")).toEqual({ kind: "empty" });
    expect(parseAmountText("-")).toEqual({ kind: "invalid" });
    expect(parseAmountText("12a")).toEqual({ kind: "invalid" });
    expect(parseAmountText("#VALUE!")).toEqual({ kind: "invalid" });
    expect(amountApiValue("007.50")).toBe("7.5");
    expect(amountApiValue("  ")).toBe("");
  });

  it("rounds to cents half away from zero, beyond a double's precision", () => {
    expect(roundToCents("12.345")).toBe("12.35");
    expect(roundToCents("12.344999")).toBe("12.34");
    expect(roundToCents("-12.345")).toBe("-12.35");
    expect(roundToCents("-0.004")).toBe("0.00");
    expect(roundToCents("7")).toBe("7.00");
    expect(roundToCents("123456789012345678.125")).toBe("123456789012345678.13");
  });

  it("shows money as US dollars and volumes with thousands separators", () => {
    expect(formatDollars("1234.5")).toBe("$1,234.50");
    expect(formatDollars("-1234567.891")).toBe("-$1,234,567.89");
    expect(formatDollars("0")).toBe("$0.00");
    expect(formatDollars("")).toBe("");
    expect(formatVolume("1250000")).toBe("1,250,000");
    expect(formatVolume("1250000.125")).toBe("1,250,000.125");
    expect(formatVolume("-4500")).toBe("-4,500");
    expect(formatPercent("50")).toBe("50%");
    expect(formatPercent("")).toBe("");
  });
});
