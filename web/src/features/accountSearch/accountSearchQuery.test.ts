import { describe, expect, it } from "vitest";

import { searchableQuery } from "./accountSearchQuery";

describe("account finder", () => {
  it("searches from 2 characters on, trimmed", () => {
    expect(searchableQuery("")).toBeNull();
    expect(searchableQuery(" 1 ")).toBeNull();
    expect(searchableQuery(" 12 ")).toBe("12");
  });
});
