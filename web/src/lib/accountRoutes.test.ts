import { describe, expect, it } from "vitest";

import { ACCOUNT_SEARCH_PARAM, accountsTabPath } from "./accountRoutes";

describe("accounts tab address", () => {
  it("carries the search under 'search', as the account finder links it", () => {
    expect(ACCOUNT_SEARCH_PARAM).toBe("search");
    expect(accountsTabPath(5n)).toBe("/LeadTabs/5/accounts");
    expect(accountsTabPath(5n, "0012-345")).toBe("/LeadTabs/5/accounts?search=0012-345");
    expect(accountsTabPath(5n, "A&B 7")).toBe("/LeadTabs/5/accounts?search=A%26B+7");
    expect(new URLSearchParams(accountsTabPath(5n, "A&B 7").split("?")[1]).get("search")).toBe("A&B 7");
  });
});
