import type { MessageInitShape } from "@bufbuild/protobuf";

import { AccountCommodity, type Account } from "../../gen/eris/crm/v1/accounts_pb";
import type { Rfp, RfpSchema } from "../../gen/eris/sourcing/v1/rfps_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { wallClockOf } from "../../lib/businessTime";
import { formatDate, formatWallClockText, isDateTextValid, parseDateText } from "../../lib/dateText";
import { parseDecimalText } from "../../lib/numberText";
import { ID_SEPARATOR, idsOf, idsText, type FieldChanges } from "../../lib/recordForm";
import { DEFAULT_RETURN_TIME } from "./rfpTime";

/**
 * An RFP's editable fields as the dialog holds them: text as typed, dates as MM/DD/YYYY, the return
 * time as "HH:MM", and the lists as one text each (ids and terms sorted, products in the order
 * added), so that the shared record form compares, masks and re-bases them like any other field.
 */
export type RfpFields = {
  len: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  commodity: Commodity;
  startDate: string;
  returnDate: string;
  returnTime: string;
  supplierIds: string;
  terms: string;
  products: string;
  fee: string;
  accountIds: string;
};

export type RfpFieldKey = keyof RfpFields;

/** RFP fields as sent (plain values, not a message). */
export type RfpInit = Exclude<MessageInitShape<typeof RfpSchema>, Rfp>;

/** UpdateRfp's mask path of each field, in the order the dialog shows them. */
export const RFP_MASK_PATHS = {
  len: "len",
  address: "address",
  city: "city",
  state: "state",
  zip: "zip",
  commodity: "commodity",
  startDate: "start_date",
  returnDate: "return_date",
  returnTime: "return_time",
  supplierIds: "supplier_ids",
  terms: "terms",
  products: "products",
  fee: "fee",
  accountIds: "account_ids",
} as const satisfies Record<RfpFieldKey, string>;

const KEYS = Object.keys(RFP_MASK_PATHS) as RfpFieldKey[];

/** An RFP is for Electric or Gas accounts. */
export const RFP_COMMODITIES: readonly Commodity[] = [Commodity.ELECTRIC, Commodity.GAS];
const PRODUCT_SEPARATOR = "\n";

/** Terms as one text, sorted from the shortest. */
export function termsText(terms: readonly number[]): string {
  return [...new Set(terms)].sort((a, b) => a - b).join(ID_SEPARATOR);
}

export function termsOf(text: string): number[] {
  return text
    .split(ID_SEPARATOR)
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}

/** Products as one text, in the order they were added. */
export function productsText(products: readonly string[]): string {
  return products.join(PRODUCT_SEPARATOR);
}

export function productsOf(text: string): string[] {
  return text
    .split(PRODUCT_SEPARATOR)
    .map((product) => product.trim())
    .filter(Boolean);
}

/** A term typed as a chip: a positive whole number of months, or null when it is not one. */
export function parseTerm(text: string): number | null {
  const cleaned = text.trim();
  // A term is 1 to 240 months, as the service takes them.
  return /^[1-9]\d{0,2}$/.test(cleaned) && Number(cleaned) <= 240 ? Number(cleaned) : null;
}

/** Terms after chips were typed: the numbers are added; the first text that is not one is refused. */
export function addTerms(
  terms: readonly number[],
  typed: readonly string[],
): { terms: number[]; refused: string | null } {
  const added: number[] = [];
  for (const text of typed.map((t) => t.trim()).filter(Boolean)) {
    const term = parseTerm(text);
    if (term === null) {
      return { terms: [...terms], refused: text };
    }
    added.push(term);
  }
  return { terms: termsOf(termsText([...terms, ...added])), refused: null };
}

/** Products after chips were typed: new names are added, in order; a name already there is not repeated. */
export function addProducts(products: readonly string[], typed: readonly string[]): string[] {
  const next = [...products];
  for (const product of typed.map((t) => t.trim()).filter(Boolean)) {
    if (!next.some((p) => p.toLowerCase() === product.toLowerCase())) {
      next.push(product);
    }
  }
  return next;
}

/** Today on the business clock, as the date fields show it. */
export function businessToday(timeZone: string, now = new Date()): string {
  return formatWallClockText(wallClockOf(now, timeZone), false);
}

/** A new RFP: returning today (on the business clock) at 11:00 AM. */
export function emptyRfpFields(today: string): RfpFields {
  return {
    len: "",
    address: "",
    city: "",
    state: "",
    zip: "",
    commodity: Commodity.UNSPECIFIED,
    startDate: "",
    returnDate: today,
    returnTime: DEFAULT_RETURN_TIME,
    supplierIds: "",
    terms: "",
    products: "",
    fee: "",
    accountIds: "",
  };
}

export function rfpFieldsOf(rfp: Rfp): RfpFields {
  return {
    len: rfp.len,
    address: rfp.address,
    city: rfp.city,
    state: rfp.state,
    zip: rfp.zip,
    commodity: rfp.commodity,
    startDate: formatDate(rfp.startDate),
    returnDate: formatDate(rfp.returnDate),
    // No time stored reads as the server's default.
    returnTime: rfp.returnTime || DEFAULT_RETURN_TIME,
    supplierIds: idsText(rfp.supplierIds),
    terms: termsText(rfp.terms),
    products: productsText(rfp.products),
    fee: rfp.fee,
    accountIds: idsText(rfp.accountIds),
  };
}

/** Why the fields cannot be sent yet, by field; empty when they can. */
export type RfpProblems = Partial<Record<RfpFieldKey, string>>;

export function rfpProblems(
  fields: RfpFields,
  texts: { commodityRequired: string; feeInvalid: string; dateInvalid: string },
): RfpProblems {
  const problems: RfpProblems = {};
  if (!RFP_COMMODITIES.includes(fields.commodity)) {
    problems.commodity = texts.commodityRequired;
  }
  if (parseDecimalText(fields.fee).kind === "invalid") {
    problems.fee = texts.feeInvalid;
  }
  for (const key of ["startDate", "returnDate"] as const) {
    if (!isDateTextValid(fields[key])) {
      problems[key] = texts.dateInvalid;
    }
  }
  return problems;
}

/** The value sent for a field. */
function apiValue(fields: RfpFields, key: RfpFieldKey): unknown {
  switch (key) {
    case "commodity":
      return fields.commodity;
    case "startDate":
    case "returnDate": {
      const parsed = parseDateText(fields[key]);
      return parsed.kind === "date"
        ? { year: parsed.date.year, month: parsed.date.month, day: parsed.date.day }
        : undefined;
    }
    case "supplierIds":
    case "accountIds":
      return idsOf(fields[key]);
    case "terms":
      return termsOf(fields.terms);
    case "products":
      return productsOf(fields.products);
    case "fee": {
      const parsed = parseDecimalText(fields.fee);
      return parsed.kind === "number" ? parsed.value : "";
    }
    default:
      return fields[key].trim();
  }
}

/** A new RFP of a company, as CreateRfp takes it. */
export function rfpInit(companyId: bigint, fields: RfpFields): RfpInit {
  const rfp: Record<string, unknown> = { companyId };
  for (const key of KEYS) {
    rfp[key] = apiValue(fields, key);
  }
  return rfp as RfpInit;
}

/** An update of the changed fields, with the id and version read, and its mask. */
export function rfpUpdate(
  current: Pick<Rfp, "rfpId" | "version">,
  changes: FieldChanges<RfpFields>,
): { rfp: RfpInit & { rfpId: bigint; version: bigint }; paths: string[] } {
  const rfp: Record<string, unknown> = { rfpId: current.rfpId, version: current.version };
  for (const key of changes.keys) {
    rfp[key] = apiValue({ ...emptyRfpFields(""), ...changes.fields }, key);
  }
  return { rfp: rfp as RfpInit & { rfpId: bigint; version: bigint }, paths: changes.paths };
}

/** The sourcing commodity of an account (crm names its commodities apart). */
export function accountCommodity(commodity: AccountCommodity): Commodity {
  switch (commodity) {
    case AccountCommodity.ELECTRIC:
      return Commodity.ELECTRIC;
    case AccountCommodity.GAS:
      return Commodity.GAS;
    default:
      return Commodity.UNSPECIFIED;
  }
}

/** The company's accounts an RFP of the commodity may price. */
export function accountsOf(accounts: readonly Account[] | undefined, commodity: Commodity): Account[] {
  return (accounts ?? []).filter((account) => accountCommodity(account.commodity) === commodity);
}

/**
 * The suppliers and accounts kept when the commodity changes: only those known to be of the new
 * commodity (an RFP prices one commodity's accounts with that commodity's suppliers).
 */
export function keptForCommodity(
  fields: Pick<RfpFields, "supplierIds" | "accountIds">,
  commodity: Commodity,
  suppliers: readonly Supplier[] | undefined,
  accounts: readonly Account[] | undefined,
): Pick<RfpFields, "supplierIds" | "accountIds"> {
  const supplierCommodity = new Map((suppliers ?? []).map((s) => [s.supplierId, s.commodity]));
  const accountOf = new Map((accounts ?? []).map((a) => [a.accountId, accountCommodity(a.commodity)]));
  return {
    supplierIds: idsText(idsOf(fields.supplierIds).filter((id) => supplierCommodity.get(id) === commodity)),
    accountIds: idsText(idsOf(fields.accountIds).filter((id) => accountOf.get(id) === commodity)),
  };
}
