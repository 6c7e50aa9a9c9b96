import { describe, expect, it } from "vitest";

import { PrimaryStatus } from "../../gen/eris/crm/v1/crm_pb";
import {
  changePrimary,
  isAreaEnabled,
  PRIMARY_STATUS_CHOICES,
  primaryStatusLabel,
  secondaryOptions,
  statusText,
} from "./companyStatuses";

describe("status rules", () => {
  it("lists the primary statuses in the spec's order", () => {
    expect(PRIMARY_STATUS_CHOICES.map(primaryStatusLabel)).toEqual([
      "Prospect",
      "Opportunity",
      "Customer",
      "Former Customer",
      "Dead",
    ]);
  });

  it("offers the electric and gas secondary options of each primary", () => {
    expect(secondaryOptions("electric", PrimaryStatus.PROSPECT)).toEqual([
      "New",
      "Hot Lead",
      "Research Needed",
      "Under Contract",
    ]);
    expect(secondaryOptions("gas", PrimaryStatus.OPPORTUNITY)).toEqual([
      "New",
      "Pricing Sent",
      "Contract Sent",
      "On Hold",
      "Lost",
      "Under Contract",
    ]);
    expect(secondaryOptions("electric", PrimaryStatus.CUSTOMER)).toEqual(["Contracted - New", "Contracted - Renewal"]);
    expect(secondaryOptions("gas", PrimaryStatus.FORMER_CUSTOMER)).toEqual(["Under Contract"]);
    expect(secondaryOptions("electric", PrimaryStatus.DEAD)).toEqual([
      "Utilities Controlled by Landlord",
      "Utilities Controlled by Corporate",
      "Permanently Closed",
      "No Opportunity",
    ]);
  });

  it("offers nothing without a primary, and fails on an unknown one", () => {
    expect(secondaryOptions("electric", PrimaryStatus.UNSPECIFIED)).toEqual([]);
    expect(secondaryOptions("dr", PrimaryStatus.UNSPECIFIED)).toEqual([]);
    expect(() => secondaryOptions("gas", 42 as PrimaryStatus)).toThrow();
  });

  it("offers the DR options whatever DR primary is set", () => {
    const dr = ["New", "Contract Sent", "Under Contract", "Registered", "Not Registered"];
    for (const primary of PRIMARY_STATUS_CHOICES) {
      expect(secondaryOptions("dr", primary)).toEqual(dr);
    }
  });

  it("clears the secondary statuses when the primary changes", () => {
    const current = { primary: PrimaryStatus.PROSPECT, secondary: ["Hot Lead"] };
    expect(changePrimary(current, PrimaryStatus.DEAD)).toEqual({ primary: PrimaryStatus.DEAD, secondary: [] });
    expect(changePrimary(current, PrimaryStatus.UNSPECIFIED)).toEqual({ primary: 0, secondary: [] });
    expect(changePrimary(current, PrimaryStatus.PROSPECT)).toBe(current);
  });

  it("enables an area only while the primary is Prospect", () => {
    expect(isAreaEnabled(PrimaryStatus.PROSPECT)).toBe(true);
    for (const primary of [
      PrimaryStatus.UNSPECIFIED,
      PrimaryStatus.OPPORTUNITY,
      PrimaryStatus.CUSTOMER,
      PrimaryStatus.DEAD,
    ]) {
      expect(isAreaEnabled(primary)).toBe(false);
    }
  });

  it("writes a commodity's statuses on one line", () => {
    expect(statusText(PrimaryStatus.PROSPECT, ["New", "Hot Lead"])).toBe("Prospect (New, Hot Lead)");
    expect(statusText(PrimaryStatus.DEAD, [])).toBe("Dead");
    expect(statusText(PrimaryStatus.UNSPECIFIED, [])).toBe("");
  });
});
