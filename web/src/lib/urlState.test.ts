import { describe, expect, it } from "vitest";

import { applyParamChanges, tabChanges } from "./urlState";

describe("search params", () => {
  it("set, repeat and remove params; empty values are left out", () => {
    const before = new URLSearchParams("q=acme&pt=a&pt=b&sort=city");
    const after = applyParamChanges(before, { q: "", pt: ["a", "b", "c"], user: "all", sort: null });
    expect(after.getAll("pt")).toEqual(["a", "b", "c"]);
    expect(after.get("user")).toBe("all");
    expect(after.has("q")).toBe(false);
    expect(after.has("sort")).toBe(false);
    // The params given are not changed.
    expect(before.toString()).toBe("q=acme&pt=a&pt=b&sort=city");
  });

  it("drop a tab's own params when another tab is shown, and leave the default tab out", () => {
    const params = new URLSearchParams("tab=callbanks&q=spring&user=2");
    expect(applyParamChanges(params, tabChanges(params, "tab", "companies", "users")).toString()).toBe("tab=companies");
    expect(applyParamChanges(params, tabChanges(params, "tab", "users", "users")).toString()).toBe("");
  });
});
