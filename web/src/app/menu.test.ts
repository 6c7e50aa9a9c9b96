import { describe, expect, it } from "vitest";

import { Role } from "../gen/eris/identity/v1/identity_pb";
import { menuEntriesFor } from "./menu";

const COMMON = ["Dashboard", "Companies", "Contracts", "RFP", "Suppliers", "Utilities", "Reports", "Settings"];

function titles(role: Role): string[] {
  return menuEntriesFor(role).map((entry) => entry.title);
}

describe("menu entries per role", () => {
  it("gives Management everything, Admin and Rate Types last", () => {
    expect(titles(Role.MANAGEMENT)).toEqual([...COMMON, "Admin", "Rate Types"]);
  });

  it("gives Admin Rate Types but not Admin", () => {
    expect(titles(Role.ADMIN)).toEqual([...COMMON, "Rate Types"]);
  });

  it("gives Sales and Customer Care neither", () => {
    expect(titles(Role.SALES)).toEqual(COMMON);
    expect(titles(Role.CUSTOMER_CARE)).toEqual(COMMON);
  });

  it("uses the spec's paths", () => {
    expect(menuEntriesFor(Role.MANAGEMENT).map((entry) => entry.path)).toEqual([
      "/Dashboard",
      "/Leads",
      "/Contracts",
      "/RFP",
      "/Suppliers",
      "/Utilities",
      "/Reports",
      "/Settings",
      "/Admin",
      "/RateTypes",
    ]);
  });
});
