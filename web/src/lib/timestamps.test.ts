import { describe, expect, it } from "vitest";

import { fromTimestamp, toTimestamp } from "./timestamps";

describe("timestamps", () => {
  it("convert both ways", () => {
    const date = new Date(2026, 5, 1, 9, 15);
    expect(fromTimestamp(toTimestamp(date))).toEqual(date);
    expect(fromTimestamp(undefined)).toBeUndefined();
  });
});
