import { create, type MessageInitShape } from "@bufbuild/protobuf";

import { formatDate, parseDateText } from "../../lib/dateText";
import { formatDecimal, normalizeDecimal, NUMBER_FORMAT_ERROR, parseDecimalText } from "../../lib/numberText";
import { DATE_FORMAT_ERROR } from "../../lib/dateText";
import { CompanySchema, PrimaryStatus, type Company } from "../../gen/eris/crm/v1/crm_pb";
import { changePrimary, type Commodity } from "../../lib/records/companyStatuses";
import { COMPANY_TEXTS } from "./texts";

/** A company's editable fields as the forms hold them: typed text for dates and numbers. */
export interface CompanyForm {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  affiliate: string;
  primaryElectricStatus: PrimaryStatus;
  secondaryElectricStatuses: readonly string[];
  primaryGasStatus: PrimaryStatus;
  secondaryGasStatuses: readonly string[];
  primaryDrStatus: PrimaryStatus;
  secondaryDrStatuses: readonly string[];
  electricContractEndDate: string;
  gasContractEndDate: string;
  drContractEndDate: string;
  electricUsage: string;
  gasUsage: string;
  drReduction: string;
  electricAreaUtilityId: bigint;
  gasAreaUtilityId: bigint;
  drAreaUtilityId: bigint;
  utilities: boolean;
  billManagement: boolean;
  communitySolar: boolean;
  energyEfficiency: boolean;
  w9: boolean;
  insideUserId: bigint;
  closerUserId: bigint;
  analystUserId: bigint;
  adminUserId: bigint;
  customerCareUserId: bigint;
  supportAnalyst1UserId: bigint;
  supportAnalyst2UserId: bigint;
}

export type CompanyFormKey = keyof CompanyForm;

/** How a field is typed, compared and sent. */
type FieldKind = "text" | "choice" | "list" | "date" | "decimal";

const FIELD_KINDS: Record<CompanyFormKey, FieldKind> = {
  name: "text",
  address: "text",
  city: "text",
  state: "choice",
  zip: "text",
  affiliate: "choice",
  primaryElectricStatus: "choice",
  secondaryElectricStatuses: "list",
  primaryGasStatus: "choice",
  secondaryGasStatuses: "list",
  primaryDrStatus: "choice",
  secondaryDrStatuses: "list",
  electricContractEndDate: "date",
  gasContractEndDate: "date",
  drContractEndDate: "date",
  electricUsage: "decimal",
  gasUsage: "decimal",
  drReduction: "decimal",
  electricAreaUtilityId: "choice",
  gasAreaUtilityId: "choice",
  drAreaUtilityId: "choice",
  utilities: "choice",
  billManagement: "choice",
  communitySolar: "choice",
  energyEfficiency: "choice",
  w9: "choice",
  insideUserId: "choice",
  closerUserId: "choice",
  analystUserId: "choice",
  adminUserId: "choice",
  customerCareUserId: "choice",
  supportAnalyst1UserId: "choice",
  supportAnalyst2UserId: "choice",
};

/** Every form field, in the order changes are sent. */
export const COMPANY_FORM_KEYS = Object.keys(FIELD_KINDS) as CompanyFormKey[];

/** Fields that are typed (saved on blur or when typing stops); the others save at once. */
export function isTypedField(key: CompanyFormKey): boolean {
  const kind = FIELD_KINDS[key];
  return kind === "text" || kind === "decimal";
}

/** The update_mask path of a field: Company's proto field name ("supportAnalyst1UserId" -> "support_analyst1_user_id"). */
export function maskPath(key: CompanyFormKey): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Company fields as sent (plain values, not a message). */
export type CompanyInit = Exclude<MessageInitShape<typeof CompanySchema>, Company>;

/** What the form shows for a company as stored. */
export function formOf(company: Company): CompanyForm {
  return {
    name: company.name,
    address: company.address,
    city: company.city,
    state: company.state,
    zip: company.zip,
    affiliate: company.affiliate,
    primaryElectricStatus: company.primaryElectricStatus,
    secondaryElectricStatuses: company.secondaryElectricStatuses,
    primaryGasStatus: company.primaryGasStatus,
    secondaryGasStatuses: company.secondaryGasStatuses,
    primaryDrStatus: company.primaryDrStatus,
    secondaryDrStatuses: company.secondaryDrStatuses,
    electricContractEndDate: formatDate(company.electricContractEndDate),
    gasContractEndDate: formatDate(company.gasContractEndDate),
    drContractEndDate: formatDate(company.drContractEndDate),
    electricUsage: formatDecimal(company.electricUsage),
    gasUsage: formatDecimal(company.gasUsage),
    drReduction: formatDecimal(company.drReduction),
    electricAreaUtilityId: company.electricAreaUtilityId,
    gasAreaUtilityId: company.gasAreaUtilityId,
    drAreaUtilityId: company.drAreaUtilityId,
    utilities: company.utilities,
    billManagement: company.billManagement,
    communitySolar: company.communitySolar,
    energyEfficiency: company.energyEfficiency,
    w9: company.w9,
    insideUserId: company.insideUserId,
    closerUserId: company.closerUserId,
    analystUserId: company.analystUserId,
    adminUserId: company.adminUserId,
    customerCareUserId: company.customerCareUserId,
    supportAnalyst1UserId: company.supportAnalyst1UserId,
    supportAnalyst2UserId: company.supportAnalyst2UserId,
  };
}

/**
 * The read-only total a commodity shows (TotalKwh for electric, TotalTherms for gas: the sums of the
 * company's accounts, computed by the server), with thousands separators; undefined for DR.
 */
export function companyTotal(company: Company, commodity: Commodity): string | undefined {
  const total = commodity === "electric" ? company.totalKwh : commodity === "gas" ? company.totalTherms : undefined;
  return total === undefined ? undefined : formatDecimal(total || "0");
}

/** The form of a company not yet created. */
export function emptyCompanyForm(): CompanyForm {
  return formOf(create(CompanySchema));
}

/** The messages of fields whose typed text cannot be sent (a bad date or number). */
export function formErrors(form: CompanyForm): Partial<Record<CompanyFormKey, string>> {
  const errors: Partial<Record<CompanyFormKey, string>> = {};
  for (const key of COMPANY_FORM_KEYS) {
    const kind = FIELD_KINDS[key];
    if (kind === "date" && parseDateText(form[key] as string).kind === "invalid") {
      errors[key] = DATE_FORMAT_ERROR;
    }
    if (kind === "decimal" && parseDecimalText(form[key] as string).kind === "invalid") {
      errors[key] = NUMBER_FORMAT_ERROR;
    }
  }
  return errors;
}

/**
 * The messages of fields the company details will not send: a bad date or number, or an emptied
 * name (a company needs one; the check runs here so the value never reaches the server).
 */
export function editErrors(form: CompanyForm): Partial<Record<CompanyFormKey, string>> {
  const errors = formErrors(form);
  if (form.name.trim() === "") {
    errors.name = COMPANY_TEXTS.nameRequired;
  }
  return errors;
}

type Outgoing = { ok: true; value: unknown } | { ok: false };

/** The value sent for a field, or not ok when its text cannot be read. */
function outgoing(key: CompanyFormKey, form: CompanyForm): Outgoing {
  const value = form[key];
  switch (FIELD_KINDS[key]) {
    case "text":
      return { ok: true, value: (value as string).trim() };
    case "date": {
      const parsed = parseDateText(value as string);
      return parsed.kind === "invalid"
        ? { ok: false }
        : { ok: true, value: parsed.kind === "date" ? parsed.date : undefined };
    }
    case "decimal": {
      const parsed = parseDecimalText(value as string);
      return parsed.kind === "invalid"
        ? { ok: false }
        : { ok: true, value: parsed.kind === "number" ? parsed.value : "" };
    }
    case "list":
      return { ok: true, value: [...(value as readonly string[])] };
    case "choice":
      return { ok: true, value };
  }
}

/** Whether an outgoing value equals what the company holds, by the field's meaning. */
function sameAsStored(key: CompanyFormKey, value: unknown, company: Company): boolean {
  const stored = company[key];
  switch (FIELD_KINDS[key]) {
    case "date":
      return (
        formatDate(value as Company["electricContractEndDate"]) ===
        formatDate(stored as Company["electricContractEndDate"])
      );
    case "decimal":
      return (value as string) === (stored === "" ? "" : normalizeDecimal(stored as string));
    case "list": {
      const a = value as string[];
      const b = stored as string[];
      return a.length === b.length && a.every((item, i) => item === b[i]);
    }
    default:
      return value === stored;
  }
}

/** The fields of the form that differ from the company as read, ready for UpdateCompany. */
export interface CompanyChanges {
  /** The changed fields with the values to send (Company field names). */
  fields: Partial<CompanyInit>;
  /** update_mask paths, snake_case. */
  paths: string[];
  /** The form keys sent. */
  keys: CompanyFormKey[];
}

/**
 * Compares the form with the company last read and keeps only what changed, so that a save sends
 * only the edited fields. Fields whose text cannot be read (a half-typed date) are left out, and so
 * are the fields `include` turns down.
 */
export function companyChanges(
  company: Company,
  form: CompanyForm,
  include: (key: CompanyFormKey) => boolean = () => true,
): CompanyChanges {
  const fields: Record<string, unknown> = {};
  const paths: string[] = [];
  const keys: CompanyFormKey[] = [];
  for (const key of COMPANY_FORM_KEYS) {
    if (!include(key)) {
      continue;
    }
    const out = outgoing(key, form);
    if (!out.ok || sameAsStored(key, out.value, company)) {
      continue;
    }
    fields[key] = out.value;
    paths.push(maskPath(key));
    keys.push(key);
  }
  return { fields: fields as Partial<CompanyInit>, paths, keys };
}

/** True when the form shows what the company holds for this field (spaces and separators aside). */
export function fieldMatches(key: CompanyFormKey, form: CompanyForm, company: Company): boolean {
  const out = outgoing(key, form);
  return out.ok && sameAsStored(key, out.value, company);
}

/** One field's value as the form holds it. */
export type CompanyFormValue = CompanyForm[CompanyFormKey];

/** Whether two form values are the same (lists item by item). */
export function sameFieldValue(a: CompanyFormValue, b: CompanyFormValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => item === b[i]);
  }
  return a === b;
}

/** Whether two stored copies of a company hold the same value for a field. */
export function sameStoredValue(key: CompanyFormKey, a: Company, b: Company): boolean {
  return sameFieldValue(formOf(a)[key], formOf(b)[key]);
}

/**
 * Fields that must be saved together: a primary status and its secondary statuses (a new primary
 * clears them, and the server checks them as a pair). Every other field stands alone.
 */
export function saveGroup(key: CompanyFormKey): string {
  for (const [commodity, keys] of Object.entries(COMMODITY_KEYS)) {
    if (key === keys.primary || key === keys.secondary) {
      return `${commodity} statuses`;
    }
  }
  return key;
}

/** The form keys of one commodity's statuses and area. */
export const COMMODITY_KEYS = {
  electric: {
    primary: "primaryElectricStatus",
    secondary: "secondaryElectricStatuses",
    area: "electricAreaUtilityId",
    endDate: "electricContractEndDate",
    usage: "electricUsage",
  },
  gas: {
    primary: "primaryGasStatus",
    secondary: "secondaryGasStatuses",
    area: "gasAreaUtilityId",
    endDate: "gasContractEndDate",
    usage: "gasUsage",
  },
  dr: {
    primary: "primaryDrStatus",
    secondary: "secondaryDrStatuses",
    area: "drAreaUtilityId",
    endDate: "drContractEndDate",
    usage: "drReduction",
  },
} as const satisfies Record<Commodity, Record<string, CompanyFormKey>>;

/** The form change of picking a primary status: its secondary statuses are cleared at once. */
export function primaryStatusPatch(
  form: CompanyForm,
  commodity: Commodity,
  primary: PrimaryStatus,
): Partial<CompanyForm> {
  const keys = COMMODITY_KEYS[commodity];
  const next = changePrimary({ primary: form[keys.primary], secondary: form[keys.secondary] }, primary);
  return { [keys.primary]: next.primary, [keys.secondary]: next.secondary };
}
