import type { Payment } from "../../gen/eris/contracts/v1/contracts_pb";
import {
  amountApiValue,
  fixed,
  parseAmountText,
  roundToCents,
  scaledOf,
  type Scaled,
} from "../../lib/records/paymentFormat";

/**
 * The arithmetic of contract payments: the two projected-payment formulas (spec 2 section 5) and the
 * rows of a payment form; pasted rows are read by the service (`usePastePreview`). All amounts are
 * exact decimal strings, as the API sends them; nothing goes through a double (their parsing,
 * rounding and texts are in lib/records/paymentFormat.ts).
 */

/**
 * The projected payment of a row: usage x split / 100 x factor, in dollars rounded to cents (half
 * away from zero, as the payment is stored); 0 when the factor is missing or the usage or split is
 * not a number. The factor is the contract's fee or its rate, by the contract's projection basis
 * (see `projectionFactor`), on every screen.
 */
export function projectedPayment(usage: string, split: string, factor: string): string {
  const parts = [usage, withoutPercent(split), factor].map(parseAmountText);
  if (parts.some((part) => part.kind !== "number")) {
    return "0.00";
  }
  const [u, s, f] = parts.map((part) => scaledOf((part as { value: string }).value));
  // The product is exact; dividing by 100 only moves the point.
  const product: Scaled = { units: u.units * s.units * f.units, scale: u.scale + s.scale + f.scale + 2 };
  return roundToCents(fixed(product, product.scale));
}

interface PaymentFieldSpec {
  /** A month or year chosen (0 for none), an exact decimal, or text. */
  kind: "choice" | "amount" | "text";
  /** The proto field's name. */
  path: string;
  /** An amount's decimals kept (as the service checks it), and whether it is a percentage. */
  scale?: number;
  percent?: boolean;
  /** The draft's blank value when not "". */
  blank?: string;
}

/**
 * The editable fields of a payment, described once: how each is stored (a month or year chosen, an
 * exact decimal amount, the type's text) and its proto field name. The draft a form holds, the
 * fields sent, the blank draft and the amount rules follow from this list.
 */
const PAYMENT_FIELDS = {
  projectedMonth: { kind: "choice", path: "projected_month" },
  projectedYear: { kind: "choice", path: "projected_year" },
  revenueSplit: { kind: "amount", path: "revenue_split", scale: 4, percent: true },
  projectedUsage: { kind: "amount", path: "projected_usage", scale: 4 },
  // A new payment projects nothing until its usage and split are typed.
  projectedPayment: { kind: "amount", path: "projected_payment", scale: 2, blank: "0.00" },
  paymentMonth: { kind: "choice", path: "payment_month" },
  paymentYear: { kind: "choice", path: "payment_year" },
  usageActual: { kind: "amount", path: "usage_actual", scale: 4 },
  paymentActual: { kind: "amount", path: "payment_actual", scale: 2 },
  paymentType: { kind: "text", path: "payment_type" },
} as const satisfies { readonly [K in keyof Payment]?: PaymentFieldSpec };

type PaymentFieldKey = keyof typeof PAYMENT_FIELDS;
type AmountKey = {
  [K in PaymentFieldKey]: (typeof PAYMENT_FIELDS)[K]["kind"] extends "amount" ? K : never;
}[PaymentFieldKey];

const SPECS: { readonly [K in PaymentFieldKey]: PaymentFieldSpec } = PAYMENT_FIELDS;
const PAYMENT_KEYS = Object.keys(PAYMENT_FIELDS) as PaymentFieldKey[];

/** The editable fields of a payment, as typed (months and years are select values: "" or digits). */
export type PaymentDraft = { [K in PaymentFieldKey]: string };

/** The payment fields the API takes (no id, contract or version). */
export type PaymentFields = Pick<Payment, PaymentFieldKey>;

/** The decimal fields of a draft. */
export const AMOUNT_KEYS: readonly AmountKey[] = PAYMENT_KEYS.filter(
  (key): key is AmountKey => SPECS[key].kind === "amount",
);

/** Proto field names of the draft's fields (for telling which fields were edited). */
export const PAYMENT_FIELD_PATHS = Object.fromEntries(PAYMENT_KEYS.map((key) => [key, SPECS[key].path])) as {
  readonly [K in keyof PaymentDraft]: string;
};

export function emptyDraft(): PaymentDraft {
  return Object.fromEntries(PAYMENT_KEYS.map((key) => [key, SPECS[key].blank ?? ""])) as PaymentDraft;
}

const numberChoice = (n: number) => (n === 0 ? "" : String(n));

/** A stored payment as a form shows it. */
export function draftOf(payment: PaymentFields): PaymentDraft {
  return Object.fromEntries(
    PAYMENT_KEYS.map((key) => {
      const stored = payment[key];
      return [key, typeof stored === "number" ? numberChoice(stored) : stored];
    }),
  ) as PaymentDraft;
}

/**
 * A draft after a change of one field. With the contract's factor, changing the usage or the split
 * recomputes the projected payment (which can then be typed over).
 */
export function changeDraft(
  draft: PaymentDraft,
  key: keyof PaymentDraft,
  value: string,
  factor?: string,
): PaymentDraft {
  const next = { ...draft, [key]: value };
  if (factor !== undefined && (key === "projectedUsage" || key === "revenueSplit")) {
    next.projectedPayment = projectedPayment(next.projectedUsage, next.revenueSplit, factor);
  }
  return next;
}

export const DRAFT_PROBLEMS = {
  projectedMonth: "Choose the projected month.",
  projectedYear: "Choose the projected year.",
  number: "Enter a number, e.g. 1,250.50",
  negative: "Cannot be negative.",
  percent: "Must be between 0 and 100.",
  decimals: (scale: number) => `At most ${scale} decimals.`,
  tooLarge: "Too large.",
} as const;

/** "50%" is a split of 50. */
function withoutPercent(text: string): string {
  return text.trim().replace(/%$/, "");
}

/** Amounts are stored with at most 14 digits before the point. */
const MAX_WHOLE_DIGITS = 14;

/** Why a decimal field's text cannot be stored; null when it can (empty included). */
export function amountProblem(key: AmountKey, text: string): string | null {
  const rule = SPECS[key];
  const parsed = parseAmountText(rule.percent ? withoutPercent(text) : text);
  if (parsed.kind === "empty") {
    return null;
  }
  if (parsed.kind === "invalid") {
    return DRAFT_PROBLEMS.number;
  }
  const negative = parsed.value.startsWith("-");
  const [whole, fraction = ""] = (negative ? parsed.value.slice(1) : parsed.value).split(".");
  if (rule.percent && negative) {
    return DRAFT_PROBLEMS.negative;
  }
  if (rule.percent && (whole.length > 3 || Number(parsed.value) > 100)) {
    return DRAFT_PROBLEMS.percent;
  }
  const scale = rule.scale ?? 0;
  if (fraction.length > scale) {
    return DRAFT_PROBLEMS.decimals(scale);
  }
  if (whole.length > MAX_WHOLE_DIGITS) {
    return DRAFT_PROBLEMS.tooLarge;
  }
  return null;
}

/** What keeps a draft from being saved, by field; empty when it can be. */
export function draftProblems(draft: PaymentDraft): Partial<Record<keyof PaymentDraft, string>> {
  const problems: Partial<Record<keyof PaymentDraft, string>> = {};
  if (draft.projectedMonth === "") {
    problems.projectedMonth = DRAFT_PROBLEMS.projectedMonth;
  }
  if (draft.projectedYear === "") {
    problems.projectedYear = DRAFT_PROBLEMS.projectedYear;
  }
  for (const key of AMOUNT_KEYS) {
    const problem = amountProblem(key, draft[key]);
    if (problem) {
      problems[key] = problem;
    }
  }
  return problems;
}

/** An amount as sent: a percentage without its "%". */
function amountSent(key: AmountKey, text: string): string {
  return amountApiValue(SPECS[key].percent ? withoutPercent(text) : text);
}

/** The fields a valid draft sends. */
export function fieldsOfDraft(draft: PaymentDraft): PaymentFields {
  return Object.fromEntries(
    PAYMENT_KEYS.map((key) => {
      const kind = SPECS[key].kind;
      const text = draft[key];
      return [
        key,
        kind === "choice" ? Number(text || 0) : kind === "amount" ? amountSent(key as AmountKey, text) : text,
      ];
    }),
  ) as PaymentFields;
}

/** Two drafts that would be stored alike ("7.50" and "7.5" are one value). */
export function sameDraftValue(key: keyof PaymentDraft, a: PaymentDraft, b: PaymentDraft): boolean {
  return (AMOUNT_KEYS as readonly string[]).includes(key)
    ? amountApiValue(a[key]) === amountApiValue(b[key])
    : a[key] === b[key];
}

/** A pasted row the service can add: its line, and its payment with the projected payment it computed. */
export interface PastedRow {
  line: number;
  fields: PaymentFields;
}

/** Why a pasted row cannot be read; `line` counts from 1 in the pasted text. */
export interface PasteProblem {
  line: number;
  message: string;
}

export interface PasteResult {
  rows: PastedRow[];
  problems: PasteProblem[];
}

/** "Row 3: projected month "13" is not a month …"; a problem of the paste as a whole (line 0) as it is. */
export function pasteProblemText(problem: PasteProblem): string {
  return problem.line === 0 ? problem.message : `Row ${problem.line}: ${problem.message}`;
}

/** PaymentYear choices plus a stored year outside them (so editing never loses it). */
export function yearChoices(years: readonly number[], stored: string): string[] {
  const choices = years.map(String);
  return stored !== "" && !choices.includes(stored) ? [stored, ...choices] : choices;
}
