import type { ColumnMapping } from "../../gen/eris/contracts/v1/statements_pb";
import { MAPPING_ERRORS, MAPPING_LABELS } from "./texts";

/** The figures a statement's columns are mapped to, in the form's order. */
export const MAPPING_FIELDS = [
  "accountNumber",
  "periodStart",
  "periodEnd",
  "periodMonth",
  "usage",
  "amount",
  "fee",
  "commodity",
  "customerName",
] as const;

export type MappingField = (typeof MAPPING_FIELDS)[number];

/** Which header holds each figure ("" for none): the form's state, and the proto's fields. */
export type Mapping = Record<MappingField, string>;

export const EMPTY_MAPPING: Mapping = Object.fromEntries(MAPPING_FIELDS.map((field) => [field, ""])) as Mapping;

/**
 * The form's start from the server's mapping: each field's header when the file has it (a saved
 * mapping may name a column this file lacks), else none.
 */
export function mappingFrom(proto: ColumnMapping | undefined, headers: readonly string[]): Mapping {
  const known = new Set(headers);
  return Object.fromEntries(
    MAPPING_FIELDS.map((field) => {
      const header = proto?.[field] ?? "";
      return [field, known.has(header) ? header : ""];
    }),
  ) as Mapping;
}

/** True when the supplier has a saved mapping (a saved one always names the account column). */
export function hasSavedMapping(saved: ColumnMapping | undefined): boolean {
  return !!saved && MAPPING_FIELDS.some((field) => saved[field] !== "");
}

/** What is wrong with a mapping, each problem once, in the form's order; empty when it can be used. */
export function mappingProblems(mapping: Mapping): string[] {
  const problems: string[] = [];
  if (!mapping.accountNumber) {
    problems.push(MAPPING_ERRORS.accountNumber);
  }
  if (!mapping.periodStart && !mapping.periodMonth) {
    problems.push(MAPPING_ERRORS.period);
  } else if (mapping.periodStart && mapping.periodMonth) {
    problems.push(MAPPING_ERRORS.bothPeriods);
  }
  if (!mapping.amount) {
    problems.push(MAPPING_ERRORS.amount);
  }
  const byHeader = new Map<string, MappingField[]>();
  for (const field of MAPPING_FIELDS) {
    const header = mapping[field];
    if (header) {
      byHeader.set(header, [...(byHeader.get(header) ?? []), field]);
    }
  }
  for (const [header, fields] of byHeader) {
    if (fields.length > 1) {
      problems.push(MAPPING_ERRORS.twice(header, fields.map(fieldName).join(" and ")));
    }
  }
  return problems;
}

/** A field's name without its required mark. */
export function fieldName(field: MappingField): string {
  return MAPPING_LABELS[field].replace(/\*$/, "").replace(/ \(.*\)$/, "");
}

/** The largest file the server takes (the proto's 32 MB). */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** Why a chosen file cannot be a statement (its ending or size), or null when it may be. */
export function fileProblem(file: { name: string; size: number }): "ending" | "size" | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) {
    return "ending";
  }
  return file.size > MAX_FILE_BYTES ? "size" : null;
}

/** A tolerance as typed, as the API's decimal text; null when it is not one from 0 to 100. */
export function toleranceValue(text: string): string | null {
  const trimmed = text.trim().replace(/%$/, "").trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(trimmed) || Number(trimmed) > 100) {
    return null;
  }
  return trimmed;
}
