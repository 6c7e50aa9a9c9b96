import { describe, expect, it } from "vitest";

import { formatDecimal, parseDecimalText } from "./numberText";

describe("typed usage numbers", () => {
  it("strips thousands separators before sending", () => {
    expect(parseDecimalText("1,250,000")).toEqual({ kind: "number", value: "1250000" });
    expect(parseDecimalText(" 1 250.5 ")).toEqual({ kind: "number", value: "1250.5" });
    expect(parseDecimalText("0012.50")).toEqual({ kind: "number", value: "12.5" });
    expect(parseDecimalText(".5")).toEqual({ kind: "number", value: "0.5" });
  });

  it("treats empty as unknown and refuses what is not a number", () => {
    expect(parseDecimalText("")).toEqual({ kind: "empty" });
    expect(parseDecimalText(" , ")).toEqual({ kind: "empty" });
    for (const text of ["abc", "1.2.3", "-5", "12kWh", "1e6"]) {
      expect(parseDecimalText(text).kind, text).toBe("invalid");
    }
  });

  it("shows thousands separators, with 2 decimals only when fractional", () => {
    expect(formatDecimal("1250000")).toBe("1,250,000");
    expect(formatDecimal("1250000.00")).toBe("1,250,000");
    expect(formatDecimal("1234.5")).toBe("1,234.50");
    expect(formatDecimal("999.999")).toBe("1,000.00");
    expect(formatDecimal("12")).toBe("12");
    expect(formatDecimal("123456789012345678.25")).toBe("123,456,789,012,345,678.25");
    expect(formatDecimal("")).toBe("");
  });
});
