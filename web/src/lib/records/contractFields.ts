import type { MessageInitShape } from "@bufbuild/protobuf";

import type { Date as CalendarDate } from "../../gen/eris/common/v1/date_pb";
import type { Contract, ContractSchema } from "../../gen/eris/contracts/v1/contracts_pb";
import { formatDate, parseDateText } from "../dateText";
import { idsOf, idsText, type FieldChanges } from "../recordForm";
import { contractBasis } from "./projectionBasis";

/**
 * The editable fields of a contract, described once for both contract forms (the lead screen's
 * Add/Edit Contract dialog and the beta Add/View Contract screens). A form names a field by the
 * proto field's name and holds it as its kind's codec says; the conversions to and from the stored
 * contract, the blank form and the update masks all follow from this list, so a new contract field
 * is one line here plus its input on the forms (and, with a `margin` header, a Margin Builder column).
 */

/** How a field is stored and typed. */
export type ContractFieldKind =
  /** A user, utility or supplier id (0 for none). */
  | "id"
  /** The accounts' ids. */
  | "ids"
  | "text"
  /** A rate, fee or percentage: exact decimal text. */
  | "decimal"
  /** A calendar date, typed as MM/DD/YYYY. */
  | "date"
  /** A whole number of months (0 for none). */
  | "months"
  | "bool"
  /** A proto enum (the commodity, the projection basis). */
  | "enum"
  /** A position in a list of choices (the status). */
  | "index";

export interface ContractFieldSpec {
  kind: ContractFieldKind;
  /** UpdateContract's mask path. */
  path: string;
  /** What a decimal is: a rate or fee (at most 5 decimals) or a percentage (0 to 100). */
  decimal?: "rate" | "percent";
  /** Only a DR contract has it. */
  drOnly?: boolean;
  /** What is read instead of the stored field (the projection basis of a contract stored without one). */
  read?: (contract: Contract) => unknown;
  /**
   * Margin Builder's header of the field, when it is a column there too: the column reads the field
   * from each row's contract (a text, decimal, date, months or yes/no field), after the spec's
   * columns.
   */
  margin?: string;
}

/** Every editable field, in the lead dialog's order (which is the order of an update's mask). */
export const CONTRACT_FIELDS = {
  insideSalesUserId: { kind: "id", path: "inside_sales_user_id" },
  closer1UserId: { kind: "id", path: "closer1_user_id" },
  closer2UserId: { kind: "id", path: "closer2_user_id" },
  analystUserId: { kind: "id", path: "analyst_user_id" },
  supportAnalyst1UserId: { kind: "id", path: "support_analyst1_user_id" },
  supportAnalyst2UserId: { kind: "id", path: "support_analyst2_user_id" },
  affiliate: { kind: "text", path: "affiliate" },
  commodity: { kind: "enum", path: "commodity" },
  accountIds: { kind: "ids", path: "account_ids" },
  utilityId: { kind: "id", path: "utility_id" },
  state: { kind: "text", path: "state" },
  dateSigned: { kind: "date", path: "date_signed" },
  signedThrough: { kind: "text", path: "signed_through", drOnly: true },
  providerSupplierId: { kind: "id", path: "provider_supplier_id", drOnly: true },
  pricingType: { kind: "text", path: "pricing_type" },
  contractType: { kind: "text", path: "contract_type" },
  supplierId: { kind: "id", path: "supplier_id" },
  startDate: { kind: "date", path: "start_date" },
  termMonths: { kind: "months", path: "term_months" },
  contractRate: { kind: "decimal", path: "contract_rate", decimal: "rate" },
  rateType: { kind: "text", path: "rate_type" },
  fee: { kind: "decimal", path: "fee", decimal: "rate" },
  billingType: { kind: "text", path: "billing_type" },
  taxExempt: { kind: "decimal", path: "tax_exempt", decimal: "percent" },
  greenPower: { kind: "bool", path: "green_power" },
  paymentSchedule: { kind: "text", path: "payment_schedule" },
  revenueSplit: { kind: "decimal", path: "revenue_split", decimal: "percent" },
  notes: { kind: "text", path: "notes" },
  capacityPercentage: { kind: "decimal", path: "capacity_percentage", decimal: "percent", drOnly: true },
  energyPercentage: { kind: "decimal", path: "energy_percentage", decimal: "percent", drOnly: true },
  jmiPercentage: { kind: "decimal", path: "jmi_percentage", decimal: "percent", drOnly: true },
  status: { kind: "index", path: "status" },
  projectionBasis: { kind: "enum", path: "projection_basis", read: contractBasis },
} as const satisfies { readonly [K in keyof Contract]?: ContractFieldSpec };

export type ContractFieldKey = keyof typeof CONTRACT_FIELDS;

const SPECS: { readonly [K in ContractFieldKey]: ContractFieldSpec } = CONTRACT_FIELDS;

/** Every field's key, in order. */
export const CONTRACT_FIELD_KEYS = Object.keys(CONTRACT_FIELDS) as ContractFieldKey[];

type KindOf<K extends ContractFieldKey> = (typeof CONTRACT_FIELDS)[K]["kind"];

/** The keys whose description has all of `pattern` (e.g. `{ kind: "date" }`), in order. */
export function contractKeysWith<const P extends Partial<ContractFieldSpec>>(
  pattern: P,
): { [K in ContractFieldKey]: (typeof CONTRACT_FIELDS)[K] extends P ? K : never }[ContractFieldKey][] {
  const wanted = Object.entries(pattern) as [keyof ContractFieldSpec, unknown][];
  return CONTRACT_FIELD_KEYS.filter((key) => wanted.every(([name, value]) => SPECS[key][name] === value)) as never;
}

/** How a form holds one kind of field: blank, as read from the stored value, and the value it sends. */
export interface FieldCodec<V, Stored> {
  blank: V;
  read(stored: Stored): V;
  write(value: V): unknown;
}

/** What the proto stores for each kind. */
interface StoredKinds {
  id: bigint;
  ids: readonly bigint[];
  text: string;
  decimal: string;
  date: CalendarDate | undefined;
  months: number;
  bool: boolean;
  enum: number;
  index: number;
}

/** A form's codec of every kind. */
export type ContractCodecs = { readonly [Kind in ContractFieldKind]: FieldCodec<unknown, StoredKinds[Kind]> };

/** The form values of the keys: enums as the proto's, the other kinds as the form's codecs hold them. */
export type ContractFormValues<C extends ContractCodecs, K extends ContractFieldKey> = {
  [P in K]: KindOf<P> extends "enum" ? Contract[P] : C[KindOf<P>] extends FieldCodec<infer V, never> ? V : never;
};

/** An id as a form holds it: "" for none. */
const idText = (id: bigint) => (id === 0n ? "" : String(id));

/** A date typed (MM/DD/YYYY) as sent: a Date message's fields, or none when it does not read as a date. */
function dateValue(text: string): { year: number; month: number; day: number } | undefined {
  const parsed = parseDateText(text);
  return parsed.kind === "date"
    ? { year: parsed.date.year, month: parsed.date.month, day: parsed.date.day }
    : undefined;
}

/**
 * The codecs both forms use: ids, dates and months as text ("" for none), the accounts as one sorted
 * id list, texts trimmed and enums as they are.
 */
export const SHARED_CONTRACT_CODECS = {
  id: {
    blank: "",
    read: idText,
    write: (text: string) => (/^\d+$/.test(text.trim()) ? BigInt(text.trim()) : 0n),
  } satisfies FieldCodec<string, bigint>,
  ids: { blank: "", read: idsText, write: idsOf } satisfies FieldCodec<string, readonly bigint[]>,
  // Paragraphs of the notes keep their inner spacing; only the ends are trimmed.
  text: { blank: "", read: (text: string) => text, write: (text: string) => text.trim() } satisfies FieldCodec<
    string,
    string
  >,
  date: { blank: "", read: formatDate, write: dateValue } satisfies FieldCodec<string, CalendarDate | undefined>,
  months: {
    blank: "",
    read: (months: number) => (months === 0 ? "" : String(months)),
    write: (text: string) => (text.trim() === "" ? 0 : Number(text.trim())),
  } satisfies FieldCodec<string, number>,
  enum: { blank: 0, read: (value: number) => value, write: (value: number) => value } satisfies FieldCodec<
    number,
    number
  >,
};

/** Contract fields as sent (plain values, not a message). */
export type ContractInit = Exclude<MessageInitShape<typeof ContractSchema>, Contract>;

/**
 * The conversions of a form holding the keys' fields as the codecs say: its blank fields, a stored
 * contract's, a new contract or an update to send, and the update's mask paths.
 */
export function contractForm<C extends ContractCodecs, K extends ContractFieldKey>(codecs: C, keys: readonly K[]) {
  type Values = ContractFormValues<C, K>;
  const codecOf = (key: K) => codecs[SPECS[key].kind] as FieldCodec<unknown, unknown>;
  const blank = (): Values => Object.fromEntries(keys.map((key) => [key, codecOf(key).blank])) as Values;
  const write = (contract: Record<string, unknown>, fields: Partial<Values>, sent: readonly K[]) => {
    for (const key of sent) {
      contract[key] = codecOf(key).write(fields[key]);
    }
    return contract as ContractInit;
  };
  return {
    keys,
    /** UpdateContract's mask path of each field, in order. */
    maskPaths: Object.fromEntries(keys.map((key) => [key, SPECS[key].path])) as { readonly [P in K]: string },
    blank,
    read: (contract: Contract): Values =>
      Object.fromEntries(
        keys.map((key) => {
          const read = SPECS[key].read;
          return [key, codecOf(key).read(read ? read(contract) : contract[key])];
        }),
      ) as Values,
    /** A new contract of a company with the `sent` fields, as CreateContract takes it. */
    init: (companyId: bigint, fields: Values, sent: readonly K[] = keys) => write({ companyId }, fields, sent),
    /** An update of the changed fields, with the id and version read, and its mask (a field missing from the changes is sent blank). */
    update: <F extends Partial<Values>>(
      current: Pick<Contract, "contractId" | "version">,
      changes: FieldChanges<F>,
    ) => ({
      contract: write(
        { contractId: current.contractId, version: current.version },
        { ...blank(), ...changes.fields },
        changes.keys as K[],
      ) as ContractInit & { contractId: bigint; version: bigint },
      paths: changes.paths,
    }),
  };
}
