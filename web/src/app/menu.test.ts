import { describe, expect, it } from "vitest";

import { Role } from "../gen/eris/identity/v1/identity_pb";
import { menuEntriesFor } from "./menu";

const COMMON = ["Dashboard", "Companies", "Contracts", "RFP", "Suppliers", "Utilities", "Reports", "Settings"];
/** The common entries with Commissions after Reports (Management, Admin and Customer Care). */
const WITH_COMMISSIONS = [...COMMON.slice(0, 7), "Commissions", ...COMMON.slice(7)];

function titles(role: Role): string[] {
  return menuEntriesFor(role).map((entry) => entry.title);
}

describe("menu entries per role", () => {
  it("gives Management everything, Admin and Rate Types last", () => {
    expect(titles(Role.MANAGEMENT)).toEqual([...WITH_COMMISSIONS, "Admin", "Rate Types"]);
  });

  it("gives Admin Rate Types but not Admin", () => {
    expect(titles(Role.ADMIN)).toEqual([...WITH_COMMISSIONS, "Rate Types"]);
  });

  it("gives Customer Care Commissions but neither Admin nor Rate Types, and Sales none of the three", () => {
    expect(titles(Role.SALES)).toEqual(COMMON);
    expect(titles(Role.CUSTOMER_CARE)).toEqual(WITH_COMMISSIONS);
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
      "/Commissions",
      "/Settings",
      "/Admin",
      "/RateTypes",
    ]);
  });
});
