import { describe, expect, it } from "vitest";

import {
  ContractStatus,
  ContractStatusSchema,
  ContractType,
  ContractTypeSchema,
  PaymentTypeSchema,
} from "../gen/eris/contracts/v1/contracts_pb";
import { PAYMENT_TYPES } from "../features/payments/texts";
import {
  BILLING_TYPES,
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  HEDGE_CONTRACT_TYPE,
  INACTIVE_STATUS,
  PRICING_TYPES,
  statusLabel,
} from "./records/contractTexts";
import { labelOf, labelsOf } from "./vocabulary";

describe("vocabularies from the protos' labels", () => {
  it("lists each vocabulary in the spec's words and order", () => {
    expect(CONTRACT_STATUSES).toEqual(["Active", "Active - Renewed", "Active - Lost", "Inactive"]);
    expect(PRICING_TYPES).toEqual(["BOX", "Custom", "Matrix"]);
    expect(CONTRACT_TYPES).toEqual(["New", "Renewal", "Hedge", "B&E", "Regained"]);
    expect(BILLING_TYPES).toEqual(["Dual", "Utility Consolidated", "Supplier Consolidated"]);
    expect(PAYMENT_TYPES).toEqual(["Residual", "Upfront", "True-up", "Affiliate", "Drop"]);
    expect(HEDGE_CONTRACT_TYPE).toBe("Hedge");
  });

  it("places a status's label at its number, and leaves a vocabulary's none out", () => {
    expect(statusLabel(INACTIVE_STATUS)).toBe("Inactive");
    expect(INACTIVE_STATUS).toBe(3);
    expect(labelsOf(ContractStatusSchema)[ContractStatus.ACTIVE_RENEWED]).toBe("Active - Renewed");
    expect(labelsOf(PaymentTypeSchema)).not.toContain("");
    expect(labelOf(ContractTypeSchema, ContractType.UNSPECIFIED)).toBe("");
    expect(labelOf(ContractTypeSchema, 99)).toBe("");
    expect(labelOf(ContractTypeSchema, ContractType.BLEND_AND_EXTEND)).toBe("B&E");
  });
});
