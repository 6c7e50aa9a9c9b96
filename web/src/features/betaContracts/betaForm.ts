import type { MessageInitShape } from "@bufbuild/protobuf";

import { formatDate } from "../../lib/dateText";
import { idsOf, idsText, type FieldChanges } from "../../lib/recordForm";
import { parseDecimalText } from "../../lib/numberText";
import type { Contract, ContractSchema } from "../../gen/eris/contracts/v1/contracts_pb";
import { AccountCommodity, type Account } from "../../gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { CONTRACT_MASK_PATHS, dateValue, idText } from "../contracts/contractForm";

/**
 * A contract's editable fields as the beta forms hold them: texts as typed, dates as MM/DD/YYYY,
 * user, utility and supplier ids as text ("" for none), the status as its index in text ("" until
 * chosen), Green Power as "yes" or "", and the accounts as one sorted id list, so that the shared
 * record form compares, masks and re-bases them like any other field.
 */
export type BetaContractFields = {
  commodity: Commodity;
  insideSalesUserId: string;
  closer1UserId: string;
  closer2UserId: string;
  analystUserId: string;
  supportAnalyst1UserId: string;
  supportAnalyst2UserId: string;
  affiliate: string;
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
  greenPower: string;
  paymentSchedule: string;
  revenueSplit: string;
  notes: string;
  capacityPercentage: string;
  energyPercentage: string;
  jmiPercentage: string;
  status: string;
  accountIds: string;
};

export type BetaFieldKey = keyof BetaContractFields;

/** The fields of the Info tab: everything but the accounts (the Accounts tab changes those). */
export type InfoFields = Omit<BetaContractFields, "accountIds">;

/** Contract fields as sent (plain values, not a message). */
export type ContractInit = Exclude<MessageInitShape<typeof ContractSchema>, Contract>;

/**
 * UpdateContract's mask path of each Info field: the dialog's, without the accounts and the
 * projection basis (the beta forms do not change it).
 */
export const INFO_MASK_PATHS = Object.fromEntries(
  Object.entries(CONTRACT_MASK_PATHS).filter(([key]) => key !== "accountIds" && key !== "projectionBasis"),
) as Record<keyof InfoFields, string>;

/** The mask of the Accounts tab's Update. */
export const ACCOUNTS_MASK_PATHS = { accountIds: "account_ids" } as const;

const INFO_KEYS = Object.keys(INFO_MASK_PATHS) as (keyof InfoFields)[];

/** A beta contract is for Electric, Gas or DR. */
export const BETA_COMMODITIES: readonly Commodity[] = [Commodity.ELECTRIC, Commodity.GAS, Commodity.DR];

/** Fields a DR contract does not use: hidden on its form and not sent. */
export const DR_HIDDEN: readonly BetaFieldKey[] = ["supplierId", "fee", "affiliate"];
/** Fields only a DR contract uses: hidden on the others' forms and not sent. */
export const DR_ONLY: readonly BetaFieldKey[] = [
  "signedThrough",
  "providerSupplierId",
  "capacityPercentage",
  "energyPercentage",
  "jmiPercentage",
];

/** Whether a field is on the form of a contract of the commodity. */
export function fieldShown(key: BetaFieldKey, commodity: Commodity): boolean {
  return commodity === Commodity.DR ? !DR_HIDDEN.includes(key) : !DR_ONLY.includes(key);
}

export const YES = "yes";

export function emptyBetaFields(): BetaContractFields {
  return {
    commodity: Commodity.UNSPECIFIED,
    insideSalesUserId: "",
    closer1UserId: "",
    closer2UserId: "",
    analystUserId: "",
    supportAnalyst1UserId: "",
    supportAnalyst2UserId: "",
    affiliate: "",
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
    greenPower: "",
    paymentSchedule: "",
    revenueSplit: "",
    notes: "",
    capacityPercentage: "",
    energyPercentage: "",
    jmiPercentage: "",
    status: "",
    accountIds: "",
  };
}

const idOf = (text: string) => (/^\d+$/.test(text.trim()) ? BigInt(text.trim()) : 0n);

export function betaFieldsOf(contract: Contract): BetaContractFields {
  return {
    commodity: contract.commodity,
    insideSalesUserId: idText(contract.insideSalesUserId),
    closer1UserId: idText(contract.closer1UserId),
    closer2UserId: idText(contract.closer2UserId),
    analystUserId: idText(contract.analystUserId),
    supportAnalyst1UserId: idText(contract.supportAnalyst1UserId),
    supportAnalyst2UserId: idText(contract.supportAnalyst2UserId),
    affiliate: contract.affiliate,
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
    contractRate: contract.contractRate,
    rateType: contract.rateType,
    fee: contract.fee,
    billingType: contract.billingType,
    taxExempt: contract.taxExempt,
    greenPower: contract.greenPower ? YES : "",
    paymentSchedule: contract.paymentSchedule,
    revenueSplit: contract.revenueSplit,
    notes: contract.notes,
    capacityPercentage: contract.capacityPercentage,
    energyPercentage: contract.energyPercentage,
    jmiPercentage: contract.jmiPercentage,
    status: String(contract.status),
    accountIds: idsText(contract.accountIds),
  };
}

/** The Info tab's fields of a contract. */
export function infoFieldsOf(contract: Contract): InfoFields {
  const info: Partial<BetaContractFields> = betaFieldsOf(contract);
  delete info.accountIds;
  return info as InfoFields;
}

/** A decimal as sent: normalised when it reads as one, else as typed (the server then says why not). */
function decimalValue(text: string): string {
  const parsed = parseDecimalText(text);
  return parsed.kind === "number" ? parsed.value : text.trim();
}

/** A term typed: a whole number of months, or 0 (not given) when it is not one. */
export function termOf(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : 0;
}

/** The value sent for a field. */
function apiValue(fields: BetaContractFields, key: BetaFieldKey): unknown {
  switch (key) {
    case "commodity":
      return fields.commodity;
    case "insideSalesUserId":
    case "closer1UserId":
    case "closer2UserId":
    case "analystUserId":
    case "supportAnalyst1UserId":
    case "supportAnalyst2UserId":
    case "utilityId":
    case "providerSupplierId":
    case "supplierId":
      return idOf(fields[key]);
    case "dateSigned":
    case "startDate":
      return dateValue(fields[key]);
    case "termMonths":
      return termOf(fields.termMonths);
    case "contractRate":
    case "fee":
    case "taxExempt":
    case "revenueSplit":
    case "capacityPercentage":
    case "energyPercentage":
    case "jmiPercentage":
      return decimalValue(fields[key]);
    case "greenPower":
      return fields.greenPower === YES;
    case "status":
      return /^\d+$/.test(fields.status) ? Number(fields.status) : 0;
    case "accountIds":
      return idsOf(fields.accountIds);
    case "notes":
      // Paragraphs keep their inner spacing; only the ends are trimmed.
      return fields.notes.trim();
    default:
      return fields[key].trim();
  }
}

/** A new beta contract of a company, as CreateContract takes it; fields its commodity hides are left out. */
export function betaContractInit(companyId: bigint, fields: BetaContractFields): ContractInit {
  const contract: Record<string, unknown> = { companyId };
  for (const key of [...INFO_KEYS, "accountIds"] as BetaFieldKey[]) {
    if (fieldShown(key, fields.commodity)) {
      contract[key] = apiValue(fields, key);
    }
  }
  return contract as ContractInit;
}

/** An update of the changed fields, with the id and version read, and its mask. */
export function contractUpdate<F extends Partial<BetaContractFields>>(
  current: Pick<Contract, "contractId" | "version">,
  changes: FieldChanges<F>,
): { contract: ContractInit & { contractId: bigint; version: bigint }; paths: string[] } {
  const contract: Record<string, unknown> = { contractId: current.contractId, version: current.version };
  const all = { ...emptyBetaFields(), ...changes.fields } as BetaContractFields;
  for (const key of changes.keys) {
    contract[key as string] = apiValue(all, key as BetaFieldKey);
  }
  return { contract: contract as ContractInit & { contractId: bigint; version: bigint }, paths: changes.paths };
}

/** The accounts a contract of the commodity covers: Gas accounts for Gas, Electric for Electric and DR. */
export function accountCommodityFor(commodity: Commodity): AccountCommodity {
  switch (commodity) {
    case Commodity.ELECTRIC:
    case Commodity.DR:
      return AccountCommodity.ELECTRIC;
    case Commodity.GAS:
      return AccountCommodity.GAS;
    default:
      return AccountCommodity.UNSPECIFIED;
  }
}

/** The company's accounts a contract of the commodity may cover (none before a commodity is chosen). */
export function accountsForCommodity(accounts: readonly Account[] | undefined, commodity: Commodity): Account[] {
  const wanted = accountCommodityFor(commodity);
  return wanted === AccountCommodity.UNSPECIFIED ? [] : (accounts ?? []).filter((a) => a.commodity === wanted);
}

/** The fields after choosing another commodity: the accounts, utility and supplier chosen are cleared. */
export function withCommodity(fields: BetaContractFields, commodity: Commodity): BetaContractFields {
  if (fields.commodity === commodity) {
    return fields;
  }
  return { ...fields, commodity, accountIds: "", utilityId: "", supplierId: "" };
}
