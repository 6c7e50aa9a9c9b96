import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";

import {
  CommissionRowSchema,
  CommissionTotalsSchema,
  ContractReportRowSchema,
  GetCommissionReconciliationResponseSchema,
  GetRevenueBySupplierResponseSchema,
  ListMarginRowsResponseSchema,
  MarginRowSchema,
  OpportunityRowSchema,
  RenewalAlertSchema,
  RenewalRowSchema,
  SupplierRevenueSchema,
  type CommissionRow,
  type ContractReportRow,
  type GetCommissionReconciliationResponse,
  type GetRevenueBySupplierResponse,
  type ListMarginRowsResponse,
  type MarginRow,
  type OpportunityRow,
  type RenewalAlert,
  type RenewalRow,
} from "../gen/eris/reporting/v1/reporting_pb";

type Init<S extends DescMessage> = Omit<MessageInitShape<S>, "$typeName">;

const twelve = (value: string) => Array.from({ length: 12 }, () => value);

/**
 * A year's revenue of two suppliers: Constellation 1,000.00 a month (12,000.00) and Direct Energy
 * 234.56 in March only; the totals follow.
 */
export function makeRevenueReport(
  fields: Init<typeof GetRevenueBySupplierResponseSchema> = {},
): GetRevenueBySupplierResponse {
  const monthTotals = twelve("1000.00");
  monthTotals[2] = "1234.56";
  const direct = twelve("0.00");
  direct[2] = "234.56";
  return create(GetRevenueBySupplierResponseSchema, {
    year: 2026,
    suppliers: [
      create(SupplierRevenueSchema, {
        supplierId: 1n,
        supplierName: "Constellation",
        monthly: twelve("1000.00"),
        total: "12000.00",
      }),
      create(SupplierRevenueSchema, {
        supplierId: 2n,
        supplierName: "Direct Energy",
        monthly: direct,
        total: "234.56",
      }),
    ],
    monthTotals,
    total: "12234.56",
    ...fields,
  });
}

/** A contract month that differs: Acme Foods' contract 41 with Constellation, February's 1,000.00 missing. */
export function makeCommissionRow(fields: Init<typeof CommissionRowSchema> = {}): CommissionRow {
  return create(CommissionRowSchema, {
    contractId: 41n,
    paymentId: 501n,
    companyId: 5n,
    companyName: "Acme Foods",
    supplier: "Constellation",
    month: 2,
    projectedUsage: "72000",
    usageActual: "",
    usageVariance: "",
    projectedPayment: "1000.00",
    paymentActual: "",
    variance: "-1000.00",
    missing: true,
    ...fields,
  });
}

/**
 * A year's commissions reconciled: Constellation (1) projected 12,000.00 and paid 10,765.44 with two
 * months (2,000.00) missing, Direct Energy (2) projected 234.56 and paid 300.00; the months are
 * Acme Foods' missing February and Beta Bakery's March paid 65.44 over its projection.
 */
export function makeReconciliation(
  fields: Init<typeof GetCommissionReconciliationResponseSchema> = {},
): GetCommissionReconciliationResponse {
  return create(GetCommissionReconciliationResponseSchema, {
    year: 2026,
    suppliers: [
      create(CommissionTotalsSchema, {
        supplierId: 1n,
        supplierName: "Constellation",
        projected: "12000.00",
        actual: "10765.44",
        variance: "-1234.56",
        missingMonths: 2,
        missingAmount: "2000.00",
      }),
      create(CommissionTotalsSchema, {
        supplierId: 2n,
        supplierName: "Direct Energy",
        projected: "234.56",
        actual: "300.00",
        variance: "65.44",
        missingMonths: 0,
        missingAmount: "0.00",
      }),
    ],
    total: create(CommissionTotalsSchema, {
      supplierId: 0n,
      supplierName: "All suppliers",
      projected: "12234.56",
      actual: "11065.44",
      variance: "-1169.12",
      missingMonths: 2,
      missingAmount: "2000.00",
    }),
    rows: [
      makeCommissionRow(),
      makeCommissionRow({
        contractId: 42n,
        paymentId: 602n,
        companyId: 6n,
        companyName: "Beta Bakery",
        supplier: "Direct Energy",
        month: 3,
        projectedUsage: "10000",
        usageActual: "12000",
        usageVariance: "2000",
        projectedPayment: "234.56",
        paymentActual: "300.00",
        variance: "65.44",
        missing: false,
      }),
    ],
    more: false,
    ...fields,
  });
}

/** A Margin Builder row: Acme Foods' Electric contract 41 and its March 2026 payment 501. */
export function makeMarginRow(fields: Init<typeof MarginRowSchema> = {}): MarginRow {
  return create(MarginRowSchema, {
    contractId: 41n,
    paymentId: 501n,
    companyId: 5n,
    customerName: "Acme Foods",
    state: "PA",
    commodity: "Electric",
    utility: "PECO",
    contractType: "New",
    insideSales: "Ivy Inside",
    closer1: "Sally Sales",
    closer2: "",
    analyst: "Mia Manager",
    supportAnalyst1: "",
    supportAnalyst2: "",
    pricingType: "Matrix",
    supplier: "Constellation",
    dateSigned: { year: 2025, month: 12, day: 15 },
    startDate: { year: 2026, month: 1, day: 1 },
    fee: "0.005",
    projectedMonth: 3,
    projectedYear: 2026,
    revenueSplit: "50",
    projectedUsage: "72000",
    projectedPayment: "180.00",
    paymentMonth: 5,
    usageActual: "69840",
    paymentActual: "174.60",
    paymentYear: 2026,
    paymentType: "Residual",
    affiliate: "Gridline",
    ...fields,
  });
}

/** A page of Margin Builder rows with its cursors. */
export function marginPage(
  rows: MarginRow[],
  fields: Init<typeof ListMarginRowsResponseSchema> = {},
): ListMarginRowsResponse {
  return create(ListMarginRowsResponseSchema, {
    rows,
    firstCursor: rows.length ? `c${rows[0].paymentId}` : "",
    lastCursor: rows.length ? `c${rows[rows.length - 1].paymentId}` : "",
    hasPrevious: false,
    hasNext: false,
    ...fields,
  });
}

/** Acme Foods' contract 41 ending 06/30/2026, for Renewal Tracking. */
export function makeRenewalRow(fields: Init<typeof RenewalRowSchema> = {}): RenewalRow {
  return create(RenewalRowSchema, {
    contractId: 41n,
    companyId: 5n,
    companyName: "Acme Foods",
    companyCloser: "Sally Sales",
    companyAnalyst: "Mia Manager",
    affiliate: "Gridline",
    supplier: "Constellation",
    commodity: "Electric",
    utility: "PECO",
    endDate: { year: 2026, month: 6, day: 30 },
    annualVolume: "864000",
    termFeeTotal: "4320",
    contractType: "Renewal",
    remainingMonths: 4,
    ...fields,
  });
}

/** One of the signed-in user's contracts ending in 10 days (the 14-day window). */
export function makeRenewalAlert(fields: Init<typeof RenewalAlertSchema> = {}): RenewalAlert {
  return create(RenewalAlertSchema, {
    contractId: 41n,
    companyId: 5n,
    companyName: "Acme Foods",
    commodity: "Electric",
    supplier: "Constellation",
    endDate: { year: 2026, month: 3, day: 31 },
    daysLeft: 10,
    windowDays: 14,
    ...fields,
  });
}

/**
 * Acme Foods' Electric contract 41 with Constellation, signed 02/10/2026, starting 03/01/2026 for 24
 * months, made Inactive on 03/05/2026 from Active - Lost; its first contact is Ann Buyer.
 */
export function makeContractReportRow(fields: Init<typeof ContractReportRowSchema> = {}): ContractReportRow {
  return create(ContractReportRowSchema, {
    contractId: 41n,
    companyId: 5n,
    companyName: "Acme Foods",
    closer1: "Sally Sales",
    analyst: "Mia Manager",
    affiliate: "Gridline",
    commodity: "Electric",
    utility: "PECO",
    state: "PA",
    supplier: "Constellation",
    dateSigned: { year: 2026, month: 2, day: 10 },
    startDate: { year: 2026, month: 3, day: 1 },
    endDate: { year: 2028, month: 2, day: 29 },
    termMonths: 24,
    contractRate: "0.0712",
    contractType: "New",
    billingType: "Dual",
    taxExempt: "No",
    accountCount: 3,
    annualVolume: "864000",
    termFeeTotal: "4320",
    status: 3,
    previousStatus: 2,
    autoInactiveDate: { year: 2026, month: 3, day: 5 },
    contactFirstName: "Ann",
    contactLastName: "Buyer",
    contactEmail: "ann@acme.test",
    ...fields,
  });
}

/** Acme Foods (company 5), entered 03/02/2026, for the Opportunity Tracker. */
export function makeOpportunityRow(fields: Init<typeof OpportunityRowSchema> = {}): OpportunityRow {
  return create(OpportunityRowSchema, {
    companyId: 5n,
    companyName: "Acme Foods",
    entryDate: { year: 2026, month: 3, day: 2 },
    inside: "Ivy Inside",
    closer: "Sally Sales",
    analyst: "Mia Manager",
    affiliate: "Gridline",
    utility: "PECO",
    annualKwh: "1250000",
    annualTherms: "48210.5",
    ...fields,
  });
}
