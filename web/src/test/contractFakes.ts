import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";

import {
  ContractSchema,
  DrPaymentSchema,
  HedgeSchema,
  PaymentSchema,
  type Contract,
  type DrPayment,
  type Hedge,
  type Payment,
} from "../gen/eris/contracts/v1/contracts_pb";
import { Commodity } from "../gen/eris/sourcing/v1/utilities_pb";

type Init<S extends DescMessage> = Omit<MessageInitShape<S>, "$typeName">;

/**
 * An Active Electric contract of Acme Foods (company 5) as the server sends it: signed 12/15/2025,
 * 12 months from 01/01/2026 at 0.0712 with a fee of 0.005 on two accounts of 864,000 kWh a year in
 * all, with the volumes, fee totals and end date computed from them.
 */
export function makeContract(fields: Init<typeof ContractSchema> = {}): Contract {
  return create(ContractSchema, {
    contractId: 41n,
    companyId: 5n,
    companyName: "Acme Foods",
    insideSalesUserId: 2n,
    closer1UserId: 1n,
    analystUserId: 1n,
    affiliate: "",
    commodity: Commodity.ELECTRIC,
    utilityId: 3n,
    state: "PA",
    dateSigned: { year: 2025, month: 12, day: 15 },
    pricingType: "Matrix",
    contractType: "New",
    supplierId: 8n,
    startDate: { year: 2026, month: 1, day: 1 },
    termMonths: 12,
    contractRate: "0.0712",
    rateType: "Fixed",
    fee: "0.005",
    billingType: "Dual",
    paymentSchedule: "Monthly",
    revenueSplit: "50",
    accountIds: [21n, 23n],
    status: 0,
    annualVolume: "864000",
    termVolume: "864000",
    annualFeeTotal: "4320",
    termFeeTotal: "4320",
    endDate: { year: 2026, month: 12, day: 31 },
    version: 3n,
    ...fields,
  });
}

/** A DR contract of Acme Foods through a provider, on one Electric account. */
export function makeDrContract(fields: Init<typeof ContractSchema> = {}): Contract {
  return makeContract({
    contractId: 42n,
    commodity: Commodity.DR,
    insideSalesUserId: 0n,
    closer1UserId: 0n,
    analystUserId: 0n,
    supplierId: 0n,
    fee: "",
    contractRate: "",
    rateType: "",
    signedThrough: "Provider",
    providerSupplierId: 11n,
    capacityPercentage: "80",
    energyPercentage: "20",
    jmiPercentage: "0",
    accountIds: [21n],
    annualFeeTotal: "0",
    termFeeTotal: "0",
    ...fields,
  });
}

/** A projected payment of January 2026 of contract 41, not paid yet. */
export function makePayment(fields: Init<typeof PaymentSchema> = {}): Payment {
  return create(PaymentSchema, {
    paymentId: 61n,
    contractId: 41n,
    projectedMonth: 1,
    projectedYear: 2026,
    revenueSplit: "50",
    projectedUsage: "72000",
    projectedPayment: "180",
    paymentType: "Residual",
    version: 1n,
    ...fields,
  });
}

/** A summer DR payment of contract 42. */
export function makeDrPayment(fields: Init<typeof DrPaymentSchema> = {}): DrPayment {
  return create(DrPaymentSchema, {
    drPaymentId: 71n,
    contractId: 42n,
    amount: "1250.5",
    date: { year: 2026, month: 8, day: 15 },
    period: "Summer",
    ...fields,
  });
}

/** A flat block of a Hedge contract 41, 12 months from 01/01/2026. */
export function makeHedge(fields: Init<typeof HedgeSchema> = {}): Hedge {
  return create(HedgeSchema, {
    hedgeId: 81n,
    contractId: 41n,
    blockType: "Flat Block",
    signedDate: { year: 2025, month: 12, day: 1 },
    startMonth: { year: 2026, month: 1, day: 1 },
    termMonths: 12,
    rate: "0.065",
    fee: "0.004",
    creatorUserId: 1n,
    modifierUserId: 1n,
    version: 1n,
    ...fields,
  });
}
