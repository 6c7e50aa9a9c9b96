import { describe, expect, it } from "vitest";

import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { bookViewOf, mayFilterBook, rangeReversed } from "./bookFilter";

describe("Contracts page filters", () => {
  it("reads the view from the address, leaving out what the role may not filter by", () => {
    const params = new URLSearchParams("commodity=gas&user=7&scope=future&from=2026-01-01&to=2025-01-01");
    expect(bookViewOf(params, Role.CUSTOMER_CARE)).toEqual({
      commodity: Commodity.GAS,
      userId: 7n,
      scope: "futureOnly",
      from: { year: 2026, month: 1, day: 1 },
      to: { year: 2025, month: 1, day: 1 },
    });
    expect(rangeReversed(bookViewOf(params, Role.MANAGEMENT))).toBe(true);
    expect(bookViewOf(params, Role.SALES)).toEqual({
      commodity: Commodity.GAS,
      userId: 0n,
      scope: "all",
      from: undefined,
      to: undefined,
    });
    expect(bookViewOf(new URLSearchParams("scope=sometimes&user=abc"), Role.ADMIN)).toMatchObject({
      scope: "all",
      userId: 0n,
      commodity: Commodity.UNSPECIFIED,
    });
    expect([Role.MANAGEMENT, Role.ADMIN, Role.CUSTOMER_CARE, Role.SALES].map(mayFilterBook)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
