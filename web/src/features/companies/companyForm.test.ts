import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";

import { DateSchema } from "../../gen/eris/common/v1/date_pb";
import { CompanySchema, PrimaryStatus } from "../../gen/eris/crm/v1/crm_pb";
import {
  companyChanges,
  companyTotal,
  editErrors,
  formErrors,
  formOf,
  maskPath,
  primaryStatusPatch,
  sameStoredValue,
  saveGroup,
} from "./companyForm";

const company = create(CompanySchema, {
  companyId: 5n,
  version: 3n,
  name: "Acme Foods",
  city: "Dayton",
  state: "OH",
  electricUsage: "1250000.00",
  primaryElectricStatus: PrimaryStatus.PROSPECT,
  secondaryElectricStatuses: ["Hot Lead"],
  gasContractEndDate: create(DateSchema, { year: 2027, month: 1, day: 31 }),
  insideUserId: 2n,
});

describe("company form", () => {
  it("shows stored values: usage with separators, dates as MM/DD/YYYY", () => {
    const form = formOf(company);
    expect(form.electricUsage).toBe("1,250,000");
    expect(form.gasContractEndDate).toBe("01/31/2027");
    expect(form.electricContractEndDate).toBe("");
  });

  it("names mask paths after Company's proto fields", () => {
    expect(maskPath("name")).toBe("name");
    expect(maskPath("primaryElectricStatus")).toBe("primary_electric_status");
    expect(maskPath("supportAnalyst1UserId")).toBe("support_analyst1_user_id");
    expect(maskPath("w9")).toBe("w9");
  });
});

describe("autosave mask", () => {
  it("is empty when nothing changed", () => {
    expect(companyChanges(company, formOf(company)).paths).toEqual([]);
  });

  it("sends only the changed fields", () => {
    const form = { ...formOf(company), city: "Akron", w9: true, closerUserId: 9n };
    const changes = companyChanges(company, form);
    expect(changes.paths).toEqual(["city", "w9", "closer_user_id"]);
    expect(changes.fields).toEqual({ city: "Akron", w9: true, closerUserId: 9n });
  });

  it("ignores surrounding spaces and sends trimmed text", () => {
    expect(companyChanges(company, { ...formOf(company), name: " Acme Foods " }).paths).toEqual([]);
    expect(companyChanges(company, { ...formOf(company), name: "Acme Foods Inc " }).fields).toEqual({
      name: "Acme Foods Inc",
    });
  });

  it("compares usage by value and sends it without separators", () => {
    expect(companyChanges(company, { ...formOf(company), electricUsage: "1250000" }).paths).toEqual([]);
    const changes = companyChanges(company, { ...formOf(company), electricUsage: "1,300,000", gasUsage: "2,000.5" });
    expect(changes.fields).toEqual({ electricUsage: "1300000", gasUsage: "2000.5" });
    expect(changes.paths).toEqual(["electric_usage", "gas_usage"]);
    expect(companyChanges(company, { ...formOf(company), electricUsage: "" }).fields).toEqual({ electricUsage: "" });
  });

  it("sends dates when valid, clears them when emptied and skips half-typed ones", () => {
    const set = companyChanges(company, { ...formOf(company), electricContractEndDate: "02/28/2027" });
    expect(set.paths).toEqual(["electric_contract_end_date"]);
    expect(set.fields.electricContractEndDate).toMatchObject({ year: 2027, month: 2, day: 28 });
    const cleared = companyChanges(company, { ...formOf(company), gasContractEndDate: "" });
    expect(cleared.paths).toEqual(["gas_contract_end_date"]);
    expect(cleared.fields.gasContractEndDate).toBeUndefined();
    const halfTyped = { ...formOf(company), gasContractEndDate: "02/2", city: "Akron" };
    expect(companyChanges(company, halfTyped).paths).toEqual(["city"]);
    expect(formErrors(halfTyped)).toEqual({ gasContractEndDate: "Date Format Should be MM/DD/YYYY" });
  });

  it("leaves out unreadable numbers and reports them", () => {
    const form = { ...formOf(company), drReduction: "lots" };
    expect(companyChanges(company, form).paths).toEqual([]);
    expect(Object.keys(formErrors(form))).toEqual(["drReduction"]);
  });

  it("clears the secondary statuses with a new primary, in one save", () => {
    const form = formOf(company);
    const edited = { ...form, ...primaryStatusPatch(form, "electric", PrimaryStatus.CUSTOMER) };
    expect(edited.secondaryElectricStatuses).toEqual([]);
    const changes = companyChanges(company, edited);
    expect(changes.paths).toEqual(["primary_electric_status", "secondary_electric_statuses"]);
    expect(changes.fields).toEqual({ primaryElectricStatus: PrimaryStatus.CUSTOMER, secondaryElectricStatuses: [] });
  });

  it("compares secondary statuses as lists", () => {
    const form = { ...formOf(company), secondaryElectricStatuses: ["Hot Lead", "New"] };
    expect(companyChanges(company, form).fields).toEqual({ secondaryElectricStatuses: ["Hot Lead", "New"] });
  });
});

describe("autosave checks", () => {
  it("refuses an emptied name on the details before it is sent, not on a new company's form", () => {
    const emptied = { ...formOf(company), name: "   ", drReduction: "lots" };
    expect(editErrors(emptied)).toEqual({
      name: "A company needs a name.",
      drReduction: "Enter a number, e.g. 1,250,000",
    });
    expect(formErrors(emptied)).toEqual({ drReduction: "Enter a number, e.g. 1,250,000" });
  });

  it("leaves out the fields the caller turns down", () => {
    const form = { ...formOf(company), city: "Akron", zip: "45402" };
    const changes = companyChanges(company, form, (key) => key !== "zip");
    expect(changes.keys).toEqual(["city"]);
    expect(changes.paths).toEqual(["city"]);
  });

  it("keeps a primary status and its secondary statuses in one save group", () => {
    expect(saveGroup("primaryGasStatus")).toBe(saveGroup("secondaryGasStatuses"));
    expect(saveGroup("primaryGasStatus")).not.toBe(saveGroup("primaryElectricStatus"));
    expect(saveGroup("city")).not.toBe(saveGroup("zip"));
  });

  it("compares stored values by meaning", () => {
    const same = create(CompanySchema, { ...company, electricUsage: "1250000", version: 4n });
    expect(sameStoredValue("electricUsage", company, same)).toBe(true);
    expect(sameStoredValue("secondaryElectricStatuses", company, same)).toBe(true);
    const other = create(CompanySchema, { ...company, secondaryElectricStatuses: ["New"] });
    expect(sameStoredValue("secondaryElectricStatuses", company, other)).toBe(false);
  });
});

describe("company totals", () => {
  it("show TotalKwh for electric and TotalTherms for gas with separators; DR has none", () => {
    const withTotals = create(CompanySchema, { totalKwh: "1250000", totalTherms: "3400.5" });
    expect(companyTotal(withTotals, "electric")).toBe("1,250,000");
    expect(companyTotal(withTotals, "gas")).toBe("3,400.50");
    expect(companyTotal(withTotals, "dr")).toBeUndefined();
    expect(companyTotal(create(CompanySchema), "electric")).toBe("0");
  });
});
