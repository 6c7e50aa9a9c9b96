import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import { AccountCommodity, type Account } from "../../gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { parseDecimalText } from "../../lib/numberText";
import type { FieldChanges } from "../../lib/recordForm";
import {
  CONTRACT_FIELD_KEYS,
  contractForm,
  contractKeysWith,
  SHARED_CONTRACT_CODECS,
} from "../../lib/records/contractFields";

export const YES = "yes";

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

/**
 * How the beta forms hold each kind of contract field (lib/records/contractFields.ts lists the
 * fields): texts and decimals as typed, dates as MM/DD/YYYY, user, utility and supplier ids as text
 * ("" for none), the status as its index in text ("" until chosen), Green Power as "yes" or "", and
 * the accounts as one sorted id list, so that the shared record form compares, masks and re-bases
 * them like any other field.
 */
const CODECS = {
  ...SHARED_CONTRACT_CODECS,
  decimal: { blank: "", read: (value: string) => value, write: decimalValue },
  months: { ...SHARED_CONTRACT_CODECS.months, write: termOf },
  bool: { blank: "", read: (on: boolean) => (on ? YES : ""), write: (text: string) => text === YES },
  index: {
    blank: "",
    read: (index: number) => String(index),
    write: (text: string) => (/^\d+$/.test(text) ? Number(text) : 0),
  },
};

/** The Info tab's fields: everything but the accounts (the Accounts tab changes those) and the projection basis. */
const INFO = contractForm(
  CODECS,
  CONTRACT_FIELD_KEYS.filter(
    (key): key is Exclude<typeof key, "accountIds" | "projectionBasis"> =>
      key !== "accountIds" && key !== "projectionBasis",
  ),
);
/** All the beta forms' fields: the Info tab's and the accounts. */
const BETA = contractForm(CODECS, [...INFO.keys, "accountIds"] as const);

/** A contract's editable fields as the beta forms hold them (all but the projection basis: they do not change it). */
export type BetaContractFields = ReturnType<typeof BETA.blank>;

export type BetaFieldKey = keyof BetaContractFields;

/** The fields of the Info tab: everything but the accounts (the Accounts tab changes those). */
export type InfoFields = ReturnType<typeof INFO.blank>;

export type { ContractInit } from "../../lib/records/contractFields";

/** UpdateContract's mask path of each Info field, in the lead dialog's order. */
export const INFO_MASK_PATHS = INFO.maskPaths;

/** The mask of the Accounts tab's Update. */
export const ACCOUNTS_MASK_PATHS = contractForm(CODECS, ["accountIds"] as const).maskPaths;

/** A beta contract is for Electric, Gas or DR. */
export const BETA_COMMODITIES: readonly Commodity[] = [Commodity.ELECTRIC, Commodity.GAS, Commodity.DR];

/** Fields a DR contract does not use: hidden on its form and not sent. */
export const DR_HIDDEN: readonly BetaFieldKey[] = ["supplierId", "fee", "affiliate"];
/** Fields only a DR contract uses: hidden on the others' forms and not sent. */
export const DR_ONLY: readonly BetaFieldKey[] = contractKeysWith({ drOnly: true });

/** Whether a field is on the form of a contract of the commodity. */
export function fieldShown(key: BetaFieldKey, commodity: Commodity): boolean {
  return commodity === Commodity.DR ? !DR_HIDDEN.includes(key) : !DR_ONLY.includes(key);
}

export function emptyBetaFields(): BetaContractFields {
  return BETA.blank();
}

export function betaFieldsOf(contract: Contract): BetaContractFields {
  return BETA.read(contract);
}

/** The Info tab's fields of a contract. */
export function infoFieldsOf(contract: Contract): InfoFields {
  return INFO.read(contract);
}

/** A new beta contract of a company, as CreateContract takes it; fields its commodity hides are left out. */
export function betaContractInit(companyId: bigint, fields: BetaContractFields) {
  return BETA.init(
    companyId,
    fields,
    BETA.keys.filter((key) => fieldShown(key, fields.commodity)),
  );
}

/** An update of the changed fields, with the id and version read, and its mask. */
export function contractUpdate<F extends Partial<BetaContractFields>>(
  current: Pick<Contract, "contractId" | "version">,
  changes: FieldChanges<F>,
) {
  return BETA.update(current, changes);
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
