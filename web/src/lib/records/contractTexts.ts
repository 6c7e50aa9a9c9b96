/**
 * The lists and texts of contracts shared by the lead contracts screen, the Contracts page, the beta
 * contract screens, the payment screens and the reports. Quoted messages are the spec's, word for
 * word (spec 2 sections 5, 8 and 9). The payment screens' own are in features/payments/texts.ts, the
 * beta screens' and the hedges' in features/betaContracts/betaTexts.ts.
 */

import {
  BillingTypeSchema,
  ContractStatus,
  ContractStatusSchema,
  ContractType,
  ContractTypeSchema,
  PricingTypeSchema,
} from "../../gen/eris/contracts/v1/contracts_pb";
import { labelOf, labelsOf } from "../vocabulary";
import type { ContractFieldKey } from "./contractFields";

/**
 * Each editable contract field's label (spec 2 sections 5 and 8), shared by the lead screen's
 * contract dialog, the beta contract screens and their details: a field is named once.
 */
export const CONTRACT_FIELD_LABELS = {
  insideSalesUserId: "Inside Sales",
  closer1UserId: "Closer 1",
  closer2UserId: "Closer 2",
  analystUserId: "Analyst",
  supportAnalyst1UserId: "Support Analyst 1",
  supportAnalyst2UserId: "Support Analyst 2",
  affiliate: "Affiliate",
  commodity: "Commodity",
  accountIds: "Accounts",
  utilityId: "Utility",
  state: "State",
  dateSigned: "Date Signed",
  signedThrough: "Signed Through",
  providerSupplierId: "Provider",
  pricingType: "Pricing Type",
  contractType: "Contract Type",
  supplierId: "Supplier",
  startDate: "Start Date",
  termMonths: "Term Length",
  contractRate: "Contract Rate",
  rateType: "Rate Type",
  fee: "Fee",
  billingType: "Billing Type",
  taxExempt: "Tax Exempt",
  greenPower: "Green Power",
  paymentSchedule: "Payment Schedule",
  revenueSplit: "Revenue Split",
  notes: "Notes",
  capacityPercentage: "Capacity %",
  energyPercentage: "Energy %",
  jmiPercentage: "JMI %",
  status: "Status",
  projectionBasis: "Projected payments by",
} as const satisfies { readonly [K in ContractFieldKey]: string };

/** Contract statuses' labels: the stored value is the index (ContractStatus, 0 Active … 3 Inactive). */
export const CONTRACT_STATUSES = labelsOf(ContractStatusSchema);
export const INACTIVE_STATUS: number = ContractStatus.INACTIVE;

export function statusLabel(status: number): string {
  return CONTRACT_STATUSES[status] ?? "";
}

export const PRICING_TYPES = labelsOf(PricingTypeSchema);
export const CONTRACT_TYPES = labelsOf(ContractTypeSchema);
export const HEDGE_CONTRACT_TYPE = labelOf(ContractTypeSchema, ContractType.HEDGE);
export const BILLING_TYPES = labelsOf(BillingTypeSchema);
export const SIGNED_THROUGH = ["JMI", "Provider"] as const;
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** PaymentYear choices: 15 years counted down from the current year plus 10. */
export function paymentYears(currentYear: number): number[] {
  return Array.from({ length: 15 }, (_, i) => currentYear + 10 - i);
}

export const CONTRACT_TEXTS = {
  title: (leadName: string) => `Contracts for ${leadName}`,
  loadFailed: "error fetching Contracts",
  failed: "error fetching data",
  deleted: "Contract successfully deleted.",
  deleteConfirm: "Are you sure you want to delete this contract ?",
  /** The delete confirmation names the contract's commodity, status and date signed. */
  deleteDescribes: (commodity: string, status: string, dateSigned: string) =>
    `${commodity} contract, ${status}, signed ${dateSigned || "(no date)"}`,
  pdfDeleteConfirm: "Are you sure you want to delete this contract? ",
  uploadContract: "Upload Contract",
  uploaded: "File Upload Success!",
  columns: {
    actions: "Actions",
    status: "Status",
    dateSigned: "Date Signed",
    commodity: "Commodity",
    utility: "Utility",
    contractType: "Contract Type",
    supplier: "Supplier",
    startDate: "Start Date",
    termLength: "Term Length",
    endDate: "End Date",
    rate: "Rate",
    rateType: "Rate Type",
    fee: "Fee",
    annualVolume: "Annual Volume",
    termVolume: "Contract Term Volume",
    annualRevenue: "Annual Revenue",
    termRevenue: "Term Revenue",
  },
} as const;
