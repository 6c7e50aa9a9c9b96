import { AccountFilter } from "../../gen/eris/crm/v1/accounts_pb";
import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity, type Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import { isDateTextValid } from "../../lib/dateText";
import { parseDecimalText } from "../../lib/numberText";
import type { FieldChanges } from "../../lib/recordForm";
import { suppliersFor, utilitiesFor } from "../../lib/records/contractChoices";
import {
  CONTRACT_FIELD_KEYS,
  contractForm,
  contractKeysWith,
  SHARED_CONTRACT_CODECS,
} from "../../lib/records/contractFields";
import { RATE_DECIMALS } from "../../lib/records/contractFormat";

/**
 * How the dialog holds each kind of contract field (lib/records/contractFields.ts lists the fields):
 * text as typed, ids as decimal text ("" for none), dates as MM/DD/YYYY, decimals without the zeros
 * of a fixed scale, the accounts as one sorted text of ids, Green Power as 0 or 1 and the status as
 * its index, so that the shared record form compares, masks and re-bases them like any other field.
 */
const FORM = contractForm(
  {
    ...SHARED_CONTRACT_CODECS,
    decimal: { blank: "", read: decimalField, write: decimalSent },
    bool: { blank: 0, read: (on: boolean) => (on ? 1 : 0), write: (flag: number) => flag === 1 },
    index: SHARED_CONTRACT_CODECS.enum,
  },
  CONTRACT_FIELD_KEYS,
);

/**
 * A contract's editable fields as the dialog holds them. The projection basis is what projected
 * payments are computed from (Fee or Rate); UNSPECIFIED for a new contract (the server's default
 * for this screen, Fee). Only Management and Admin change it, on an edit.
 */
export type ContractFields = ReturnType<typeof FORM.blank>;

export type ContractFieldKey = keyof ContractFields;

export type { ContractInit } from "../../lib/records/contractFields";

/** UpdateContract's mask path of each field, in the order the dialog shows them. */
export const CONTRACT_MASK_PATHS = FORM.maskPaths;

/** A contract is for Electric, Gas or DR. */
export const CONTRACT_COMMODITIES: readonly Commodity[] = [Commodity.ELECTRIC, Commodity.GAS, Commodity.DR];

const DATE_KEYS = contractKeysWith({ kind: "date" });
/** Rates and fees: decimals of at most 5 places. */
const RATE_KEYS = contractKeysWith({ decimal: "rate" });
/** Percentages: 0 to 100. */
const PERCENT_KEYS = contractKeysWith({ decimal: "percent" });

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
export const DR_ONLY_KEYS: readonly ContractFieldKey[] = contractKeysWith({ drOnly: true });

/** The longest term the service takes, in months. */
export const MAX_TERM_MONTHS = 240;

/** A new contract: Active, nothing else chosen. */
export function emptyContractFields(): ContractFields {
  return FORM.blank();
}

/** A stored decimal as the form shows it, without the zeros a fixed scale adds ("0.07120" -> "0.0712"). */
function decimalField(value: string): string {
  const parsed = parseDecimalText(value);
  return parsed.kind === "number" ? parsed.value : value;
}

/** A decimal as sent: normalised ("" when it does not read as one; the dialog refuses it first). */
function decimalSent(text: string): string {
  const parsed = parseDecimalText(text);
  return parsed.kind === "number" ? parsed.value : "";
}

export function contractFieldsOf(contract: Contract): ContractFields {
  return FORM.read(contract);
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

/** A new contract of a company, as CreateContract takes it. */
export function contractInit(companyId: bigint, fields: ContractFields) {
  return FORM.init(companyId, fields);
}

/** An update of the changed fields, with the id and version read, and its mask. */
export function contractUpdate(
  current: Pick<Contract, "contractId" | "version">,
  changes: FieldChanges<ContractFields>,
) {
  return FORM.update(current, changes);
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
