import type { MessageInitShape } from "@bufbuild/protobuf";

import {
  AccountCommodity,
  DrStatus,
  OpenState,
  type Account,
  type AccountSchema,
} from "../../gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { DATE_FORMAT_ERROR, formatDate, parseDateText } from "../../lib/dateText";
import { NUMBER_FORMAT_ERROR, parseDecimalText } from "../../lib/numberText";
import { editedKeys } from "../../lib/recordForm";
import { ACCOUNT_FORM_TEXTS } from "./texts";

/** An account's editable fields as the dialog holds them: text as typed, ids as decimal text ("" or "0" for none). */
export interface AccountForm {
  name: string;
  len: string;
  accountNumber: string;
  secondaryAccountNumber: string;
  commodity: AccountCommodity;
  utilityId: string;
  zone: string;
  supplierId: string;
  rateClass: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  openState: OpenState;
  taxExemptPercent: string;
  contractEndDate: string;
  plc: string;
  nspl: string;
  isDr: boolean;
  drStatus: DrStatus;
  drProviderSupplierId: string;
  summerRegisteredKw: string;
  winterRegisteredKw: string;
}

export type AccountFormKey = keyof AccountForm;
export type AccountInit = Omit<Exclude<MessageInitShape<typeof AccountSchema>, Account>, "$typeName">;

/** UpdateAccountRequest.update_mask's name of each field. */
export const FIELD_PATHS: Record<AccountFormKey, string> = {
  name: "name",
  len: "len",
  accountNumber: "account_number",
  secondaryAccountNumber: "secondary_account_number",
  commodity: "commodity",
  utilityId: "utility_id",
  zone: "zone",
  supplierId: "supplier_id",
  rateClass: "rate_class",
  address: "address",
  city: "city",
  state: "state",
  zip: "zip",
  openState: "open_state",
  taxExemptPercent: "tax_exempt_percent",
  contractEndDate: "contract_end_date",
  plc: "plc",
  nspl: "nspl",
  isDr: "is_dr",
  drStatus: "dr_status",
  drProviderSupplierId: "dr_provider_supplier_id",
  summerRegisteredKw: "summer_registered_kw",
  winterRegisteredKw: "winter_registered_kw",
};

const FORM_KEYS = Object.keys(FIELD_PATHS) as AccountFormKey[];
const TEXT_KEYS = [
  "name",
  "len",
  "accountNumber",
  "secondaryAccountNumber",
  "zone",
  "rateClass",
  "address",
  "city",
  "state",
  "zip",
] as const;
const DECIMAL_KEYS = ["taxExemptPercent", "plc", "nspl", "summerRegisteredKw", "winterRegisteredKw"] as const;
const ID_KEYS = ["utilityId", "supplierId", "drProviderSupplierId"] as const;
/** Fields an account has only when Electric, and only when DR. */
const ELECTRIC_KEYS: readonly AccountFormKey[] = ["plc", "nspl", "isDr"];
const DR_KEYS: readonly AccountFormKey[] = [
  "drStatus",
  "drProviderSupplierId",
  "summerRegisteredKw",
  "winterRegisteredKw",
];

export function emptyAccountForm(): AccountForm {
  return {
    name: "",
    len: "",
    accountNumber: "",
    secondaryAccountNumber: "",
    commodity: AccountCommodity.UNSPECIFIED,
    utilityId: "",
    zone: "",
    supplierId: "",
    rateClass: "",
    address: "",
    city: "",
    state: "",
    zip: "",
    openState: OpenState.OPEN,
    taxExemptPercent: "",
    contractEndDate: "",
    plc: "",
    nspl: "",
    isDr: false,
    drStatus: DrStatus.UNSPECIFIED,
    drProviderSupplierId: "",
    summerRegisteredKw: "",
    winterRegisteredKw: "",
  };
}

const idText = (id: bigint) => (id === 0n ? "" : String(id));

export function accountFormOf(account: Account): AccountForm {
  return {
    name: account.name,
    len: account.len,
    accountNumber: account.accountNumber,
    secondaryAccountNumber: account.secondaryAccountNumber,
    commodity: account.commodity,
    utilityId: idText(account.utilityId),
    zone: account.zone,
    supplierId: idText(account.supplierId),
    rateClass: account.rateClass,
    address: account.address,
    city: account.city,
    state: account.state,
    zip: account.zip,
    openState: account.openState,
    taxExemptPercent: account.taxExemptPercent,
    contractEndDate: formatDate(account.contractEndDate),
    plc: account.plc,
    nspl: account.nspl,
    isDr: account.isDr,
    drStatus: account.drStatus,
    drProviderSupplierId: idText(account.drProviderSupplierId),
    summerRegisteredKw: account.summerRegisteredKw,
    winterRegisteredKw: account.winterRegisteredKw,
  };
}

/** The directory commodity whose utilities and suppliers an account of this commodity offers. */
export function directoryCommodity(commodity: AccountCommodity): Commodity {
  return commodity === AccountCommodity.ELECTRIC
    ? Commodity.ELECTRIC
    : commodity === AccountCommodity.GAS
      ? Commodity.GAS
      : Commodity.UNSPECIFIED;
}

/**
 * A change of one field, with what goes with it: another commodity clears the utility, the
 * supplier and (for Gas) the Electric-only fields; turning DR off clears the DR fields, turning it on
 * starts Unregistered.
 */
export function editAccountForm<K extends AccountFormKey>(
  form: AccountForm,
  key: K,
  value: AccountForm[K],
): AccountForm {
  const next = { ...form, [key]: value };
  if (key === "commodity" && value !== form.commodity) {
    next.utilityId = "";
    next.supplierId = "";
    if (value !== AccountCommodity.ELECTRIC) {
      Object.assign(next, clearedFields([...ELECTRIC_KEYS, ...DR_KEYS]));
    }
  }
  if (key === "isDr") {
    Object.assign(next, value ? { drStatus: DrStatus.UNREGISTERED } : clearedFields(DR_KEYS));
  }
  return next;
}

function clearedFields(keys: readonly AccountFormKey[]): Partial<AccountForm> {
  const empty = emptyAccountForm();
  return Object.fromEntries(keys.map((key) => [key, empty[key]]));
}

export type AccountFormErrors = Partial<Record<AccountFormKey, string>>;

/** What stops a save, by field. */
export function validateAccountForm(form: AccountForm): AccountFormErrors {
  const errors: AccountFormErrors = {};
  if (form.name.trim() === "") {
    errors.name = ACCOUNT_FORM_TEXTS.nameRequired;
  }
  if (form.commodity === AccountCommodity.UNSPECIFIED) {
    errors.commodity = ACCOUNT_FORM_TEXTS.commodityRequired;
  }
  for (const key of DECIMAL_KEYS) {
    if (parseDecimalText(form[key]).kind === "invalid") {
      errors[key] = NUMBER_FORMAT_ERROR;
    }
  }
  const percent = parseDecimalText(form.taxExemptPercent);
  if (percent.kind === "number" && Number(percent.value) > 100) {
    errors.taxExemptPercent = ACCOUNT_FORM_TEXTS.percentRange;
  }
  if (parseDateText(form.contractEndDate).kind === "invalid") {
    errors.contractEndDate = DATE_FORMAT_ERROR;
  }
  return errors;
}

/** One field as the API takes it. */
function apiValue(form: AccountForm, key: AccountFormKey): unknown {
  if ((TEXT_KEYS as readonly string[]).includes(key)) {
    return (form[key] as string).trim();
  }
  if ((DECIMAL_KEYS as readonly string[]).includes(key)) {
    const parsed = parseDecimalText(form[key] as string);
    return parsed.kind === "number" ? parsed.value : "";
  }
  if ((ID_KEYS as readonly string[]).includes(key)) {
    const text = (form[key] as string).trim();
    return /^\d+$/.test(text) ? BigInt(text) : 0n;
  }
  if (key === "contractEndDate") {
    const parsed = parseDateText(form.contractEndDate);
    return parsed.kind === "date"
      ? { year: parsed.date.year, month: parsed.date.month, day: parsed.date.day }
      : undefined;
  }
  return form[key];
}

/** A field's value reduced to text, so that "7.50" and "7.5" or " Plant" and "Plant" compare equal. */
function comparable(form: AccountForm, key: AccountFormKey): string {
  if (key === "contractEndDate") {
    const parsed = parseDateText(form.contractEndDate);
    return parsed.kind === "date" ? formatDate(parsed.date) : "";
  }
  return String(apiValue(form, key));
}

/** The fields a new account is created with (the Electric-only ones only for Electric). */
export function newAccountInit(form: AccountForm, companyId: bigint): AccountInit {
  const electric = form.commodity === AccountCommodity.ELECTRIC;
  const keys = FORM_KEYS.filter(
    (key) => (electric || !ELECTRIC_KEYS.includes(key)) && ((electric && form.isDr) || !DR_KEYS.includes(key)),
  );
  const account: Record<string, unknown> = { companyId };
  for (const key of keys) {
    account[key] = apiValue(form, key);
  }
  // Every new account starts Open (the server says so too).
  account.openState = OpenState.OPEN;
  return account as AccountInit;
}

/**
 * An update of the fields that differ from the account read: their values, their mask paths and
 * the form keys they come from.
 */
export function accountChanges(
  original: Account,
  form: AccountForm,
): { account: AccountInit & { accountId: bigint; version: bigint }; paths: string[]; keys: AccountFormKey[] } {
  const keys = editedKeys(FORM_KEYS, accountFormOf(original), form, comparable);
  const account: Record<string, unknown> = { accountId: original.accountId, version: original.version };
  for (const key of keys) {
    account[key] = apiValue(form, key);
  }
  return {
    account: account as AccountInit & { accountId: bigint; version: bigint },
    paths: keys.map((key) => FIELD_PATHS[key]),
    keys,
  };
}
