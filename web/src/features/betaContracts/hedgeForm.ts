import type { Hedge } from "../../gen/eris/contracts/v1/contracts_pb";
import { formatDate, parseDateText } from "../../lib/dateText";
import { parseDecimalText } from "../../lib/numberText";
import { monthText } from "./betaDisplay";
import type { HedgeInit } from "./betaQueries";

/** A hedge's fields as its dialog holds them: dates as MM/DD/YYYY, the start month as MM/YYYY. */
export type HedgeFields = {
  blockType: string;
  signedDate: string;
  startMonth: string;
  termMonths: string;
  rate: string;
  fee: string;
};

export type HedgeFieldKey = keyof HedgeFields;

/** The record form compares fields by these names (UpdateHedge itself takes every field). */
export const HEDGE_FIELD_PATHS = {
  blockType: "block_type",
  signedDate: "signed_date",
  startMonth: "start_month",
  termMonths: "term_months",
  rate: "rate",
  fee: "fee",
} as const satisfies Record<HedgeFieldKey, string>;

export function emptyHedgeFields(): HedgeFields {
  return { blockType: "", signedDate: "", startMonth: "", termMonths: "", rate: "", fee: "" };
}

export function hedgeFieldsOf(hedge: Hedge): HedgeFields {
  return {
    blockType: hedge.blockType,
    signedDate: formatDate(hedge.signedDate),
    startMonth: monthText(hedge.startMonth),
    termMonths: String(hedge.termMonths),
    rate: hedge.rate,
    fee: hedge.fee,
  };
}

/** A start month typed as MM/YYYY (or M/YYYY): its first day, "empty", or "invalid". */
export function parseMonthText(
  text: string,
): { kind: "empty" } | { kind: "month"; year: number; month: number } | { kind: "invalid" } {
  const trimmed = text.trim();
  if (trimmed === "") {
    return { kind: "empty" };
  }
  const match = /^(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (!match || Number(match[1]) < 1 || Number(match[1]) > 12 || Number(match[2]) < 1) {
    return { kind: "invalid" };
  }
  return { kind: "month", year: Number(match[2]), month: Number(match[1]) };
}

/** Why a field cannot be sent, by field (the hedge's term, rate and fee are 0 or more). */
export type HedgeProblems = Partial<Record<HedgeFieldKey, string>>;

export function hedgeProblems(
  fields: HedgeFields,
  texts: { dateInvalid: string; monthInvalid: string; amountInvalid: string },
): HedgeProblems {
  const problems: HedgeProblems = {};
  if (parseDateText(fields.signedDate).kind === "invalid") {
    problems.signedDate = texts.dateInvalid;
  }
  if (parseMonthText(fields.startMonth).kind === "invalid") {
    problems.startMonth = texts.monthInvalid;
  }
  if (fields.termMonths.trim() !== "" && !/^\d+$/.test(fields.termMonths.trim())) {
    problems.termMonths = texts.amountInvalid;
  }
  for (const key of ["rate", "fee"] as const) {
    if (parseDecimalText(fields[key]).kind === "invalid") {
      problems[key] = texts.amountInvalid;
    }
  }
  return problems;
}

/** The hedge as sent (every field: UpdateHedge replaces them all). */
export function hedgeInit(fields: HedgeFields): HedgeInit {
  const signed = parseDateText(fields.signedDate);
  const month = parseMonthText(fields.startMonth);
  const decimal = (text: string) => {
    const parsed = parseDecimalText(text);
    return parsed.kind === "number" ? parsed.value : "";
  };
  return {
    blockType: fields.blockType,
    signedDate:
      signed.kind === "date" ? { year: signed.date.year, month: signed.date.month, day: signed.date.day } : undefined,
    startMonth: month.kind === "month" ? { year: month.year, month: month.month, day: 1 } : undefined,
    termMonths: /^\d+$/.test(fields.termMonths.trim()) ? Number(fields.termMonths.trim()) : 0,
    rate: decimal(fields.rate),
    fee: decimal(fields.fee),
  };
}
