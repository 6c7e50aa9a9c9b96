import { describe, expect, it } from "vitest";

import { formatMoney, formatRate, formatUsd, formatVolume } from "./contractFormat";

describe("contract amounts", () => {
  it("shows rates and fees as dollars with cents and up to 5 decimals, never rounded through a float", () => {
    expect(formatRate("0.0712")).toBe("$0.0712");
    expect(formatRate("0.005")).toBe("$0.005");
    expect(formatRate("0.07120")).toBe("$0.0712");
    expect(formatRate("0.1")).toBe("$0.10");
    expect(formatRate("1")).toBe("$1.00");
    expect(formatRate("0.123456")).toBe("$0.12346");
    expect(formatRate("1234.5")).toBe("$1,234.50");
    expect(formatRate("")).toBe("");
  });

  it("shows revenues to the cent, rounding half up, with thousands separators", () => {
    expect(formatMoney("4320")).toBe("$4,320.00");
    expect(formatMoney("1181.2539375")).toBe("$1,181.25");
    expect(formatMoney("787.505")).toBe("$787.51");
    expect(formatMoney("0.999")).toBe("$1.00");
    expect(formatMoney("12345678901234567890.5")).toBe("$12,345,678,901,234,567,890.50");
    expect(formatMoney("-12.5")).toBe("-$12.50");
    expect(formatMoney(".5")).toBe("$0.50");
    expect(formatMoney("n/a")).toBe("n/a");
  });

  it("shows volumes with thousands separators", () => {
    expect(formatVolume("864000.0000")).toBe("864,000");
    expect(formatVolume("150000.5000")).toBe("150,000.50");
    expect(formatVolume("")).toBe("");
  });

  it("takes the number of decimals asked for", () => {
    expect(formatUsd("2.345678", 3)).toBe("$2.346");
  });
});
