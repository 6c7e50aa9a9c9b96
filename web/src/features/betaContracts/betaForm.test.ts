import { describe, expect, it } from "vitest";

import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { fieldChanges } from "../../lib/recordForm";
import {
  accountsForCommodity,
  betaContractInit,
  betaFieldsOf,
  contractUpdate,
  emptyBetaFields,
  INFO_MASK_PATHS,
  infoFieldsOf,
  withCommodity,
} from "./betaForm";
import { boiler, makeContract, makeHedge, mill, plant } from "./betaTestKit";
import { hedgeFieldsOf, hedgeInit, hedgeProblems, parseMonthText } from "./hedgeForm";

describe("the beta contract form's fields", () => {
  it("read a contract and send it back as it was", () => {
    const contract = makeContract({ greenPower: true, closer2UserId: 0n });
    const fields = betaFieldsOf(contract);
    expect(fields).toMatchObject({
      commodity: Commodity.ELECTRIC,
      insideSalesUserId: "1",
      closer2UserId: "",
      dateSigned: "01/15/2026",
      termMonths: "12",
      greenPower: "yes",
      status: "0",
      accountIds: "21",
    });
    expect(betaContractInit(5n, fields)).toMatchObject({
      companyId: 5n,
      insideSalesUserId: 1n,
      closer2UserId: 0n,
      dateSigned: { year: 2026, month: 1, day: 15 },
      termMonths: 12,
      greenPower: true,
      accountIds: [21n],
    });
  });

  it("leave out what the commodity's form hides: Supplier, Fee and Affiliate for DR, the DR fields otherwise", () => {
    const typed = {
      ...emptyBetaFields(),
      supplierId: "8",
      fee: "0.005",
      affiliate: "Acme Partners",
      signedThrough: "JMI",
      capacityPercentage: "50",
    };
    const dr = betaContractInit(5n, { ...typed, commodity: Commodity.DR });
    expect(dr).not.toHaveProperty("supplierId");
    expect(dr).not.toHaveProperty("fee");
    expect(dr).not.toHaveProperty("affiliate");
    expect(dr).toMatchObject({ signedThrough: "JMI", capacityPercentage: "50" });
    const gas = betaContractInit(5n, { ...typed, commodity: Commodity.GAS });
    expect(gas).toMatchObject({ supplierId: 8n, fee: "0.005", affiliate: "Acme Partners" });
    expect(gas).not.toHaveProperty("signedThrough");
  });

  it("send decimals normalised, and text that is not one as typed (the server says why)", () => {
    const init = betaContractInit(5n, { ...emptyBetaFields(), contractRate: "0.07120", taxExempt: "abc" });
    expect(init).toMatchObject({ contractRate: "0.0712", taxExempt: "abc" });
  });

  it("update only the changed fields, with the id and the version read", () => {
    const contract = makeContract();
    const typed = { ...infoFieldsOf(contract), contractRate: "0.075", dateSigned: "", status: "3" };
    const changes = fieldChanges(infoFieldsOf(contract), typed, INFO_MASK_PATHS);
    expect(contractUpdate(contract, changes)).toEqual({
      contract: { contractId: 41n, version: 3n, dateSigned: undefined, contractRate: "0.075", status: 3 },
      paths: ["date_signed", "contract_rate", "status"],
    });
    // The beta forms never change the projection basis (only the lead Edit Contract dialog does).
    expect(Object.values(INFO_MASK_PATHS)).not.toContain("projection_basis");
    expect(betaContractInit(5n, betaFieldsOf(contract))).not.toHaveProperty("projectionBasis");
  });

  it("clear the accounts, utility and supplier when the commodity changes, and nothing else", () => {
    const fields = { ...betaFieldsOf(makeContract()), commodity: Commodity.ELECTRIC };
    const gas = withCommodity(fields, Commodity.GAS);
    expect(gas).toMatchObject({ commodity: Commodity.GAS, accountIds: "", utilityId: "", supplierId: "" });
    expect(gas.closer1UserId).toBe("3");
    expect(withCommodity(fields, Commodity.ELECTRIC)).toBe(fields);
  });

  it("offer Electric accounts for Electric and DR, Gas ones for Gas, none before a commodity", () => {
    const all = [plant, boiler, mill];
    expect(accountsForCommodity(all, Commodity.ELECTRIC)).toEqual([plant, mill]);
    expect(accountsForCommodity(all, Commodity.DR)).toEqual([plant, mill]);
    expect(accountsForCommodity(all, Commodity.GAS)).toEqual([boiler]);
    expect(accountsForCommodity(all, Commodity.UNSPECIFIED)).toEqual([]);
  });
});

describe("the hedge form", () => {
  const texts = { dateInvalid: "date", monthInvalid: "month", amountInvalid: "amount" };

  it("reads a start month as MM/YYYY", () => {
    expect(parseMonthText("03/2026")).toEqual({ kind: "month", year: 2026, month: 3 });
    expect(parseMonthText("3/2026")).toEqual({ kind: "month", year: 2026, month: 3 });
    expect(parseMonthText("")).toEqual({ kind: "empty" });
    expect(parseMonthText("13/2026").kind).toBe("invalid");
    expect(parseMonthText("03/26").kind).toBe("invalid");
  });

  it("wants term, rate and fee of 0 or more", () => {
    const fields = hedgeFieldsOf(makeHedge());
    expect(hedgeProblems(fields, texts)).toEqual({});
    expect(hedgeProblems({ ...fields, termMonths: "0", rate: "0", fee: "0" }, texts)).toEqual({});
    expect(hedgeProblems({ ...fields, termMonths: "-1", rate: "-0.5", fee: "x" }, texts)).toEqual({
      termMonths: "amount",
      rate: "amount",
      fee: "amount",
    });
  });

  it("sends the start month as its first day", () => {
    expect(hedgeInit({ ...hedgeFieldsOf(makeHedge()), startMonth: "11/2026" }).startMonth).toEqual({
      year: 2026,
      month: 11,
      day: 1,
    });
  });
});
