import { describe, expect, it } from "vitest";

import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { emptyBetaFields, type BetaContractFields } from "./betaForm";
import { BETA_CONTRACT_ERRORS } from "./betaTexts";
import { betaContractErrors, refusalLines } from "./betaValidation";

/** A complete Electric contract: no message. */
function electric(fields: Partial<BetaContractFields> = {}): BetaContractFields {
  return {
    ...emptyBetaFields(),
    commodity: Commodity.ELECTRIC,
    insideSalesUserId: "3",
    closer1UserId: "4",
    analystUserId: "5",
    dateSigned: "01/15/2026",
    startDate: "02/01/2026",
    termMonths: "12",
    status: "0",
    contractType: "New",
    supplierId: "8",
    contractRate: "0.0712",
    state: "PA",
    fee: "0.005",
    billingType: "Dual",
    accountIds: "21",
    ...fields,
  };
}

/** A complete DR contract: no message. */
function dr(fields: Partial<BetaContractFields> = {}): BetaContractFields {
  return {
    ...emptyBetaFields(),
    commodity: Commodity.DR,
    insideSalesUserId: "3",
    closer1UserId: "4",
    dateSigned: "01/15/2026",
    startDate: "02/01/2026",
    termMonths: "12",
    status: "0",
    signedThrough: "JMI",
    providerSupplierId: "11",
    capacityPercentage: "50",
    accountIds: "21",
    ...fields,
  };
}

describe("the beta Add Contract validation", () => {
  it("gives an empty form every common message, word for word and in the spec's order", () => {
    expect(betaContractErrors(emptyBetaFields())).toEqual([
      "Commodity is a require field.",
      "Inside Sales is a required field.",
      "Closer 1 is a required field.",
      "Date signed is a required field.",
      "Start date is a required field.",
      "Term length is a required field.",
      "Status is a required field.",
      "No accounts selected for this contract.  At least 1 account is required.",
    ]);
  });

  it("gives an Electric or Gas form with only its commodity the supply messages too", () => {
    for (const commodity of [Commodity.ELECTRIC, Commodity.GAS]) {
      expect(betaContractErrors({ ...emptyBetaFields(), commodity })).toEqual([
        "Inside Sales is a required field.",
        "Closer 1 is a required field.",
        "Date signed is a required field.",
        "Start date is a required field.",
        "Term length is a required field.",
        "Status is a required field.",
        "Analyst is a required field.",
        "Contract type is a required field",
        "Supplier is a required field",
        "Contract rate is a required field",
        "State is a required field",
        "Fee is a required field",
        "Billing type is a required field",
        "No accounts selected for this contract.  At least 1 account is required.",
      ]);
    }
  });

  it("gives a DR form with only its commodity the DR messages, not the supply ones", () => {
    expect(betaContractErrors({ ...emptyBetaFields(), commodity: Commodity.DR })).toEqual([
      "Inside Sales is a required field.",
      "Closer 1 is a required field.",
      "Date signed is a required field.",
      "Start date is a required field.",
      "Term length is a required field.",
      "Status is a required field.",
      "Signed through is a required field.",
      "Provider is a required field.",
      "Capactive % is a required field.",
      "No accounts selected for this contract.  At least 1 account is required.",
    ]);
  });

  it("passes complete Electric, Gas and DR contracts", () => {
    expect(betaContractErrors(electric())).toEqual([]);
    expect(betaContractErrors(electric({ commodity: Commodity.GAS }))).toEqual([]);
    expect(betaContractErrors(dr())).toEqual([]);
  });

  it("takes an Affiliate instead of Inside Sales, except for DR where the form hides it", () => {
    expect(betaContractErrors(electric({ insideSalesUserId: "", affiliate: "Acme Partners" }))).toEqual([]);
    expect(betaContractErrors(electric({ insideSalesUserId: "" }))).toEqual([BETA_CONTRACT_ERRORS.insideSales]);
    expect(betaContractErrors(dr({ insideSalesUserId: "", affiliate: "Acme Partners" }))).toEqual([
      BETA_CONTRACT_ERRORS.insideSales,
    ]);
  });

  it("wants a term length of at least 1 month", () => {
    expect(betaContractErrors(electric({ termMonths: "0" }))).toEqual([BETA_CONTRACT_ERRORS.termLength]);
    expect(betaContractErrors(electric({ termMonths: "1" }))).toEqual([]);
    expect(betaContractErrors(electric({ termMonths: "1.5" }))).toEqual([BETA_CONTRACT_ERRORS.termLength]);
  });

  it("reads a date that is not MM/DD/YYYY as no date", () => {
    expect(betaContractErrors(electric({ dateSigned: "13/01/2026", startDate: "2026-02-01" }))).toEqual([
      BETA_CONTRACT_ERRORS.dateSigned,
      BETA_CONTRACT_ERRORS.startDate,
    ]);
  });

  it("takes any status of the list, Active (0) included, but not none", () => {
    expect(betaContractErrors(electric({ status: "3" }))).toEqual([]);
    expect(betaContractErrors(electric({ status: "" }))).toEqual([BETA_CONTRACT_ERRORS.status]);
  });

  it("reads fields of blanks only as empty", () => {
    expect(betaContractErrors(electric({ contractRate: "  ", state: "", accountIds: "" }))).toEqual([
      BETA_CONTRACT_ERRORS.contractRate,
      BETA_CONTRACT_ERRORS.state,
      BETA_CONTRACT_ERRORS.noAccounts,
    ]);
  });
});

describe("the server's refusal", () => {
  it("is read one message per line, blank lines left out", () => {
    expect(refusalLines("Closer 1 is a required field.\n\nFee is a required field\n")).toEqual([
      "Closer 1 is a required field.",
      "Fee is a required field",
    ]);
  });
});
