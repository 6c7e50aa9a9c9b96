import type { MessageInitShape } from "@bufbuild/protobuf";

import { ProjectionBasis, type Contract, type ContractSchema } from "../../gen/eris/contracts/v1/contracts_pb";
import { AccountFilter } from "../../gen/eris/crm/v1/accounts_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity, type Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import { formatDate, isDateTextValid, parseDateText } from "../../lib/dateText";
import { parseDecimalText } from "../../lib/numberText";
import { idsOf, idsText, type FieldChanges } from "../../lib/recordForm";
import { suppliersFor, utilitiesFor } from "../../lib/records/contractChoices";
import { RATE_DECIMALS } from "../../lib/records/contractFormat";
import { contractBasis } from "../../lib/records/projectionBasis";

/**
 * A contract's editable fields as the dialog holds them: text as typed, ids as decimal text ("" for
 * none), dates as MM/DD/YYYY, the accounts as one sorted text of ids and Green Power as 0 or 1, so
 * that the shared record form compares, masks and re-bases them like any other field.
 */
export type ContractFields = {
  insideSalesUserId: string;
  closer1UserId: string;
  closer2UserId: string;
  analystUserId: string;
  supportAnalyst1UserId: string;
  supportAnalyst2UserId: string;
  affiliate: string;
  commodity: Commodity;
  accountIds: string;
  utilityId: string;
  state: string;
  dateSigned: string;
  signedThrough: string;
  providerSupplierId: string;
  pricingType: string;
  contractType: string;
  supplierId: string;
  startDate: string;
  termMonths: string;
  contractRate: string;
  rateType: string;
  fee: string;
  billingType: string;
  taxExempt: string;
  greenPower: number;
  paymentSchedule: string;
  revenueSplit: string;
  notes: string;
  capacityPercentage: string;
  energyPercentage: string;
  jmiPercentage: string;
  status: number;
  /**
   * What projected payments are computed from (Fee or Rate); UNSPECIFIED for a new contract (the
   * server's default for this screen, Fee). Only Management and Admin change it, on an edit.
   */
  projectionBasis: ProjectionBasis;
};

export type ContractFieldKey = keyof ContractFields;

/** Contract fields as sent (plain values, not a message). */
export type ContractInit = Exclude<MessageInitShape<typeof ContractSchema>, Contract>;

/** UpdateContract's mask path of each field, in the order the dialog shows them. */
export const CONTRACT_MASK_PATHS = {
  insideSalesUserId: "inside_sales_user_id",
  closer1UserId: "closer1_user_id",
  closer2UserId: "closer2_user_id",
  analystUserId: "analyst_user_id",
  supportAnalyst1UserId: "support_analyst1_user_id",
  supportAnalyst2UserId: "support_analyst2_user_id",
  affiliate: "affiliate",
  commodity: "commodity",
  accountIds: "account_ids",
  utilityId: "utility_id",
  state: "state",
  dateSigned: "date_signed",
  signedThrough: "signed_through",
  providerSupplierId: "provider_supplier_id",
  pricingType: "pricing_type",
  contractType: "contract_type",
  supplierId: "supplier_id",
  startDate: "start_date",
  termMonths: "term_months",
  contractRate: "contract_rate",
  rateType: "rate_type",
  fee: "fee",
  billingType: "billing_type",
  taxExempt: "tax_exempt",
  greenPower: "green_power",
  paymentSchedule: "payment_schedule",
  revenueSplit: "revenue_split",
  notes: "notes",
  capacityPercentage: "capacity_percentage",
  energyPercentage: "energy_percentage",
  jmiPercentage: "jmi_percentage",
  status: "status",
  projectionBasis: "projection_basis",
} as const satisfies Record<ContractFieldKey, string>;

const KEYS = Object.keys(CONTRACT_MASK_PATHS) as ContractFieldKey[];

/** A contract is for Electric, Gas or DR. */
export const CONTRACT_COMMODITIES: readonly Commodity[] = [Commodity.ELECTRIC, Commodity.GAS, Commodity.DR];

const ID_KEYS = [
  "insideSalesUserId",
  "closer1UserId",
  "closer2UserId",
  "analystUserId",
  "supportAnalyst1UserId",
  "supportAnalyst2UserId",
  "utilityId",
  "providerSupplierId",
  "supplierId",
] as const satisfies readonly ContractFieldKey[];
const DATE_KEYS = ["dateSigned", "startDate"] as const satisfies readonly ContractFieldKey[];
/** Rates and fees: decimals of at most 5 places. */
const RATE_KEYS = ["contractRate", "fee"] as const satisfies readonly ContractFieldKey[];
/** Percentages: 0 to 100. */
const PERCENT_KEYS = [
  "taxExempt",
  "revenueSplit",
  "capacityPercentage",
  "energyPercentage",
  "jmiPercentage",
] as const satisfies readonly ContractFieldKey[];

/** The fields a DR contract does not use (the team but support analysts, the affiliate, the supplier and the fee). */
export const NOT_DR_KEYS: readonly ContractFieldKey[] = [
  "insideSalesUserId",
  "closer1UserId",
  "closer2UserId",
  "analystUserId",
  "affiliate",
  "supplierId",
  "fee",
];
/** The fields only a DR contract uses. */
export const DR_ONLY_KEYS: readonly ContractFieldKey[] = [
  "signedThrough",
  "providerSupplierId",
  "capacityPercentage",
  "energyPercentage",
  "jmiPercentage",
];

/** The longest term the service takes, in months. */
export const MAX_TERM_MONTHS = 240;

/** A new contract: Active, nothing else chosen. */
export function emptyContractFields(): ContractFields {
  return {
    insideSalesUserId: "",
    closer1UserId: "",
    closer2UserId: "",
    analystUserId: "",
    supportAnalyst1UserId: "",
    supportAnalyst2UserId: "",
    affiliate: "",
    commodity: Commodity.UNSPECIFIED,
    accountIds: "",
    utilityId: "",
    state: "",
    dateSigned: "",
    signedThrough: "",
    providerSupplierId: "",
    pricingType: "",
    contractType: "",
    supplierId: "",
    startDate: "",
    termMonths: "",
    contractRate: "",
    rateType: "",
    fee: "",
    billingType: "",
    taxExempt: "",
    greenPower: 0,
    paymentSchedule: "",
    revenueSplit: "",
    notes: "",
    capacityPercentage: "",
    energyPercentage: "",
    jmiPercentage: "",
    status: 0,
    projectionBasis: ProjectionBasis.UNSPECIFIED,
  };
}

/** An id as a form holds it: "" for none. */
export const idText = (id: bigint) => (id === 0n ? "" : String(id));

/** A date typed (MM/DD/YYYY) as sent: a Date message's fields, or none when it does not read as a date. */
export function dateValue(text: string): { year: number; month: number; day: number } | undefined {
  const parsed = parseDateText(text);
  return parsed.kind === "date"
    ? { year: parsed.date.year, month: parsed.date.month, day: parsed.date.day }
    : undefined;
}

/** A stored decimal as the form shows it, without the zeros a fixed scale adds ("0.07120" -> "0.0712"). */
function decimalField(value: string): string {
  const parsed = parseDecimalText(value);
  return parsed.kind === "number" ? parsed.value : value;
}

export function contractFieldsOf(contract: Contract): ContractFields {
  return {
    insideSalesUserId: idText(contract.insideSalesUserId),
    closer1UserId: idText(contract.closer1UserId),
    closer2UserId: idText(contract.closer2UserId),
    analystUserId: idText(contract.analystUserId),
    supportAnalyst1UserId: idText(contract.supportAnalyst1UserId),
    supportAnalyst2UserId: idText(contract.supportAnalyst2UserId),
    affiliate: contract.affiliate,
    commodity: contract.commodity,
    accountIds: idsText(contract.accountIds),
    utilityId: idText(contract.utilityId),
    state: contract.state,
    dateSigned: formatDate(contract.dateSigned),
    signedThrough: contract.signedThrough,
    providerSupplierId: idText(contract.providerSupplierId),
    pricingType: contract.pricingType,
    contractType: contract.contractType,
    supplierId: idText(contract.supplierId),
    startDate: formatDate(contract.startDate),
    termMonths: contract.termMonths === 0 ? "" : String(contract.termMonths),
    contractRate: decimalField(contract.contractRate),
    rateType: contract.rateType,
    fee: decimalField(contract.fee),
    billingType: contract.billingType,
    taxExempt: decimalField(contract.taxExempt),
    greenPower: contract.greenPower ? 1 : 0,
    paymentSchedule: contract.paymentSchedule,
    revenueSplit: decimalField(contract.revenueSplit),
    notes: contract.notes,
    capacityPercentage: decimalField(contract.capacityPercentage),
    energyPercentage: decimalField(contract.energyPercentage),
    jmiPercentage: decimalField(contract.jmiPercentage),
    status: contract.status,
    projectionBasis: contractBasis(contract),
  };
}

/** Why the fields cannot be sent yet, by field; empty when they can. */
export type ContractProblems = Partial<Record<ContractFieldKey, string>>;

export interface ContractProblemTexts {
  commodityRequired: string;
  dateInvalid: string;
  termInvalid: string;
  amountInvalid: string;
  percentInvalid: string;
}

/** A term as typed: "" (none) or a whole number of months from 1 to 240. */
export function isTermValid(text: string): boolean {
  const cleaned = text.trim();
  return cleaned === "" || (/^\d{1,3}$/.test(cleaned) && Number(cleaned) >= 1 && Number(cleaned) <= MAX_TERM_MONTHS);
}

/** A rate or fee as typed: "" or a decimal with at most 5 places. */
export function isRateValid(text: string): boolean {
  const parsed = parseDecimalText(text);
  return (
    parsed.kind === "empty" || (parsed.kind === "number" && (parsed.value.split(".")[1] ?? "").length <= RATE_DECIMALS)
  );
}

/** A percentage as typed: "" or a decimal from 0 to 100. */
export function isPercentValid(text: string): boolean {
  const parsed = parseDecimalText(text);
  return parsed.kind === "empty" || (parsed.kind === "number" && Number(parsed.value) <= 100);
}

export function contractProblems(fields: ContractFields, texts: ContractProblemTexts): ContractProblems {
  const problems: ContractProblems = {};
  if (!CONTRACT_COMMODITIES.includes(fields.commodity)) {
    problems.commodity = texts.commodityRequired;
  }
  for (const key of DATE_KEYS) {
    if (!isDateTextValid(fields[key])) {
      problems[key] = texts.dateInvalid;
    }
  }
  if (!isTermValid(fields.termMonths)) {
    problems.termMonths = texts.termInvalid;
  }
  for (const key of RATE_KEYS) {
    if (!isRateValid(fields[key])) {
      problems[key] = texts.amountInvalid;
    }
  }
  for (const key of PERCENT_KEYS) {
    if (!isPercentValid(fields[key])) {
      problems[key] = texts.percentInvalid;
    }
  }
  return problems;
}

const isOneOf = <T extends string>(list: readonly T[], key: string): key is T =>
  (list as readonly string[]).includes(key);

/** The value sent for a field. */
function apiValue(fields: ContractFields, key: ContractFieldKey): unknown {
  if (isOneOf(ID_KEYS, key)) {
    const text = fields[key].trim();
    return /^\d+$/.test(text) ? BigInt(text) : 0n;
  }
  if (isOneOf(DATE_KEYS, key)) {
    return dateValue(fields[key]);
  }
  if (isOneOf(RATE_KEYS, key) || isOneOf(PERCENT_KEYS, key)) {
    const parsed = parseDecimalText(fields[key]);
    return parsed.kind === "number" ? parsed.value : "";
  }
  switch (key) {
    case "commodity":
    case "status":
    case "projectionBasis":
      return fields[key];
    case "accountIds":
      return idsOf(fields.accountIds);
    case "termMonths":
      return fields.termMonths.trim() === "" ? 0 : Number(fields.termMonths.trim());
    case "greenPower":
      return fields.greenPower === 1;
    default:
      return (fields[key] as string).trim();
  }
}

/** A new contract of a company, as CreateContract takes it. */
export function contractInit(companyId: bigint, fields: ContractFields): ContractInit {
  const contract: Record<string, unknown> = { companyId };
  for (const key of KEYS) {
    contract[key] = apiValue(fields, key);
  }
  return contract as ContractInit;
}

/** An update of the changed fields, with the id and version read, and its mask. */
export function contractUpdate(
  current: Pick<Contract, "contractId" | "version">,
  changes: FieldChanges<ContractFields>,
): { contract: ContractInit & { contractId: bigint; version: bigint }; paths: string[] } {
  const contract: Record<string, unknown> = { contractId: current.contractId, version: current.version };
  const fields = { ...emptyContractFields(), ...changes.fields };
  for (const key of changes.keys) {
    contract[key] = apiValue(fields, key);
  }
  return { contract: contract as ContractInit & { contractId: bigint; version: bigint }, paths: changes.paths };
}

/** The accounts a contract of the commodity covers: Electric ones for Electric and DR, Gas ones for Gas. */
export function accountFilterFor(commodity: Commodity): AccountFilter {
  switch (commodity) {
    case Commodity.ELECTRIC:
    case Commodity.DR:
      return AccountFilter.ELECTRIC;
    case Commodity.GAS:
      return AccountFilter.GAS;
    default:
      return AccountFilter.UNSPECIFIED;
  }
}

/**
 * The fields after another commodity is chosen: the accounts chosen are dropped (they were of the
 * other commodity), and so are the fields the new commodity does not use and a utility or supplier
 * it does not offer.
 */
export function withCommodity(
  fields: ContractFields,
  commodity: Commodity,
  utilities: readonly Utility[] | undefined,
  suppliers: readonly Supplier[] | undefined,
): ContractFields {
  if (commodity === fields.commodity) {
    return fields;
  }
  const next: ContractFields = { ...fields, commodity, accountIds: "" };
  const empty = emptyContractFields();
  const unused = commodity === Commodity.DR ? NOT_DR_KEYS : DR_ONLY_KEYS;
  for (const key of unused) {
    (next as Record<string, unknown>)[key] = empty[key];
  }
  const utilityIds = new Set(utilitiesFor(utilities, commodity).map((u) => String(u.utilityId)));
  if (!utilityIds.has(next.utilityId)) {
    next.utilityId = "";
  }
  const supplierIds = new Set(suppliersFor(suppliers, commodity).map((s) => String(s.supplierId)));
  if (!supplierIds.has(next.supplierId)) {
    next.supplierId = "";
  }
  return next;
}
