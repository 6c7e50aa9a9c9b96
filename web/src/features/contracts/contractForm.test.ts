import { describe, expect, it } from "vitest";

import { ProjectionBasis } from "../../gen/eris/contracts/v1/contracts_pb";
import { AccountFilter } from "../../gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { fieldChanges } from "../../lib/recordForm";
import { makeContract, makeDrContract } from "../../test/contractFakes";
import { suppliers, utilities } from "../../test/contractScreenFakes";
import {
  accountFilterFor,
  CONTRACT_MASK_PATHS,
  contractFieldsOf,
  contractInit,
  contractProblems,
  contractUpdate,
  emptyContractFields,
  isRateValid,
  isTermValid,
  withCommodity,
} from "./contractForm";

const TEXTS = {
  commodityRequired: "commodity",
  dateInvalid: "date",
  termInvalid: "term",
  amountInvalid: "amount",
  percentInvalid: "percent",
};

describe("contract form", () => {
  it("reads a stored contract as typed text, without the zeros of a fixed scale", () => {
    const fields = contractFieldsOf(makeContract({ contractRate: "0.07120", revenueSplit: "50.00", greenPower: true }));
    expect(fields).toMatchObject({
      insideSalesUserId: "2",
      closer2UserId: "",
      commodity: Commodity.ELECTRIC,
      accountIds: "21,23",
      utilityId: "3",
      dateSigned: "12/15/2025",
      startDate: "01/01/2026",
      termMonths: "12",
      contractRate: "0.0712",
      revenueSplit: "50",
      greenPower: 1,
      status: 0,
    });
  });

  it("starts a new contract Active with nothing chosen", () => {
    expect(emptyContractFields()).toMatchObject({ status: 0, commodity: Commodity.UNSPECIFIED, accountIds: "" });
  });

  it("names what cannot be sent: no commodity, a bad date, term, rate or percentage", () => {
    const problems = contractProblems(
      {
        ...emptyContractFields(),
        dateSigned: "13/01/2026",
        termMonths: "0",
        fee: "0.123456",
        contractRate: "abc",
        revenueSplit: "101",
      },
      TEXTS,
    );
    expect(problems).toEqual({
      commodity: "commodity",
      dateSigned: "date",
      termMonths: "term",
      fee: "amount",
      contractRate: "amount",
      revenueSplit: "percent",
    });
    expect(contractProblems({ ...emptyContractFields(), commodity: Commodity.GAS }, TEXTS)).toEqual({});
    expect([isTermValid("240"), isTermValid("241"), isTermValid(""), isTermValid("1.5")]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect([isRateValid("0.00525"), isRateValid("1,000.5"), isRateValid("0.000001")]).toEqual([true, true, false]);
  });

  it("sends a new contract's every field as the API takes it", () => {
    const init = contractInit(5n, {
      ...emptyContractFields(),
      commodity: Commodity.GAS,
      accountIds: "22",
      closer1UserId: "1",
      dateSigned: "02/03/2026",
      termMonths: "24",
      fee: "0.0100",
      greenPower: 1,
      notes: "  Two lines\nof notes ",
    });
    expect(init).toMatchObject({
      companyId: 5n,
      commodity: Commodity.GAS,
      accountIds: [22n],
      closer1UserId: 1n,
      insideSalesUserId: 0n,
      dateSigned: { year: 2026, month: 2, day: 3 },
      startDate: undefined,
      termMonths: 24,
      fee: "0.01",
      contractRate: "",
      greenPower: true,
      notes: "Two lines\nof notes",
      status: 0,
      // Unset: the server gives a contract of this screen its basis (Fee).
      projectionBasis: ProjectionBasis.UNSPECIFIED,
    });
  });

  it("reads the projection basis, and sends it only when changed, as projection_basis", () => {
    expect(contractFieldsOf(makeContract({ projectionBasis: ProjectionBasis.RATE })).projectionBasis).toBe(
      ProjectionBasis.RATE,
    );
    // A contract read without one is by fee (by rate when made on the beta tab), as the server keeps it.
    expect(contractFieldsOf(makeContract()).projectionBasis).toBe(ProjectionBasis.FEE);
    expect(contractFieldsOf(makeContract({ beta: true })).projectionBasis).toBe(ProjectionBasis.RATE);
    const read = makeContract({ projectionBasis: ProjectionBasis.FEE });
    const unchanged = fieldChanges(contractFieldsOf(read), contractFieldsOf(read), CONTRACT_MASK_PATHS);
    expect(unchanged.paths).toEqual([]);
    const changes = fieldChanges(
      contractFieldsOf(read),
      { ...contractFieldsOf(read), projectionBasis: ProjectionBasis.RATE },
      CONTRACT_MASK_PATHS,
    );
    expect(contractUpdate(read, changes)).toEqual({
      contract: { contractId: 41n, version: 3n, projectionBasis: ProjectionBasis.RATE },
      paths: ["projection_basis"],
    });
  });

  it("updates only the changed fields, with the id and version read", () => {
    const update = contractUpdate(makeContract(), {
      fields: { termMonths: "", startDate: "" },
      keys: ["termMonths", "startDate"],
      paths: ["term_months", "start_date"],
    });
    expect(update).toEqual({
      contract: { contractId: 41n, version: 3n, termMonths: 0, startDate: undefined },
      paths: ["term_months", "start_date"],
    });
  });

  it("drops the accounts and the fields the new commodity does not use when the commodity changes", () => {
    const electric = contractFieldsOf(makeContract({ affiliate: "Acme Partners" }));
    const dr = withCommodity(electric, Commodity.DR, utilities, suppliers);
    expect(dr).toMatchObject({
      commodity: Commodity.DR,
      accountIds: "",
      insideSalesUserId: "",
      closer1UserId: "",
      analystUserId: "",
      affiliate: "",
      supplierId: "",
      fee: "",
      // PECO serves DR contracts' Electric accounts: kept.
      utilityId: "3",
      supportAnalyst1UserId: "",
      contractRate: "0.0712",
    });
    const back = withCommodity(contractFieldsOf(makeDrContract()), Commodity.ELECTRIC, utilities, suppliers);
    expect(back).toMatchObject({ signedThrough: "", providerSupplierId: "", capacityPercentage: "", accountIds: "" });
    const gas = withCommodity(electric, Commodity.GAS, utilities, suppliers);
    expect(gas).toMatchObject({ utilityId: "", supplierId: "", insideSalesUserId: "2", accountIds: "" });
    expect(withCommodity(electric, Commodity.ELECTRIC, utilities, suppliers)).toBe(electric);
  });

  it("reads DR contracts' accounts from the Electric ones", () => {
    expect(accountFilterFor(Commodity.ELECTRIC)).toBe(AccountFilter.ELECTRIC);
    expect(accountFilterFor(Commodity.DR)).toBe(AccountFilter.ELECTRIC);
    expect(accountFilterFor(Commodity.GAS)).toBe(AccountFilter.GAS);
    expect(accountFilterFor(Commodity.UNSPECIFIED)).toBe(AccountFilter.UNSPECIFIED);
  });
});
