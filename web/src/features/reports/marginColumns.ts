import type { MarginRow } from "../../gen/eris/reporting/v1/reporting_pb";
import { formatDate } from "../../lib/dateText";
import { CONTRACT_FIELDS, type ContractFieldSpec } from "../../lib/records/contractFields";
import { formatRate } from "../../lib/records/contractFormat";
import { formatDollars, formatPercent, formatVolume, monthName, yearText } from "../../lib/records/paymentFormat";
import { MARGIN_TEXTS } from "./texts";

export type MarginColumnId = keyof typeof MARGIN_TEXTS.columns;

/** Margin Builder's columns in the spec's order (spec 2 section 3, "Report rows"). */
export const MARGIN_COLUMNS = Object.keys(MARGIN_TEXTS.columns) as MarginColumnId[];

/** The columns whose values are amounts, set to the right. */
export const NUMERIC_MARGIN_COLUMNS: ReadonlySet<MarginColumnId> = new Set([
  "fee",
  "revenueSplit",
  "projectedUsage",
  "projectedPayment",
  "usageActual",
  "paymentActual",
]);

/**
 * The amounts and usage, pinned at the right so they stay in view at 1024 px (the row being read
 * keeps its usage and payments) while the other columns scroll sideways.
 */
export const PINNED_END_MARGIN_COLUMNS: ReadonlySet<MarginColumnId> = new Set([
  "fee",
  "projectedUsage",
  "projectedPayment",
  "usageActual",
  "paymentActual",
]);

/** Widths in px (the table has a fixed layout); long headers wrap at their words' capitals. */
export const MARGIN_COLUMN_WIDTHS: Record<MarginColumnId, number> = {
  customerName: 150,
  state: 72,
  commodity: 112,
  utility: 130,
  contractType: 110,
  insideSales: 130,
  closer1: 130,
  closer2: 130,
  analyst: 130,
  supportAnalyst1: 130,
  supportAnalyst2: 130,
  pricingType: 100,
  supplier: 150,
  dateSigned: 104,
  startDate: 104,
  fee: 84,
  projectedMonth: 100,
  projectedYear: 100,
  revenueSplit: 90,
  projectedUsage: 104,
  projectedPayment: 104,
  paymentMonth: 100,
  usageActual: 100,
  paymentActual: 104,
  paymentYear: 96,
  paymentType: 110,
  affiliate: 130,
};

/** A cell's text: dates MM/DD/YYYY, months by name, the fee as a rate, payments as dollars. */
export function marginCellText(row: MarginRow, id: MarginColumnId): string {
  switch (id) {
    case "dateSigned":
    case "startDate":
      return formatDate(row[id]);
    case "fee":
      return formatRate(row.fee);
    case "projectedMonth":
    case "paymentMonth":
      return monthName(row[id]);
    case "projectedYear":
    case "paymentYear":
      return yearText(row[id]);
    case "revenueSplit":
      return formatPercent(row.revenueSplit);
    case "projectedUsage":
    case "usageActual":
      return formatVolume(row[id]);
    case "projectedPayment":
    case "paymentActual":
      return formatDollars(row[id]);
    default:
      return row[id];
  }
}

/** A Margin Builder column read from each row's contract: a contract field its descriptor heads. */
export interface ContractMarginColumn {
  /** The contract field. */
  key: string;
  header: string;
  width: number;
  numeric: boolean;
  text(row: MarginRow): string;
}

/** The width of a contract column of each kind it may have. */
const CONTRACT_COLUMN_WIDTHS: Partial<Record<ContractFieldSpec["kind"], number>> = {
  text: 150,
  decimal: 90,
  date: 104,
  months: 90,
  bool: 80,
};

/** A contract field's value as a cell shows it, by its kind. */
function contractCellText(spec: ContractFieldSpec, value: unknown): string {
  switch (spec.kind) {
    case "decimal":
      return spec.decimal === "percent" ? formatPercent(value as string) : formatRate(value as string);
    case "date":
      return formatDate(value as MarginRow["dateSigned"]);
    case "months":
      return value ? String(value) : "";
    case "bool":
      return value ? MARGIN_TEXTS.yes : MARGIN_TEXTS.no;
    default:
      return String(value ?? "");
  }
}

/**
 * The columns of the contract fields whose descriptor gives a Margin Builder header, in the
 * descriptor's order. A field of a kind no cell can show as it is (ids, choices) is refused: it
 * needs a name the report would have to look up.
 */
export function contractMarginColumns(
  fields: { readonly [key: string]: ContractFieldSpec } = CONTRACT_FIELDS,
): ContractMarginColumn[] {
  return Object.entries(fields).flatMap(([key, spec]) => {
    if (spec.margin === undefined) {
      return [];
    }
    const width = CONTRACT_COLUMN_WIDTHS[spec.kind];
    if (width === undefined) {
      throw new Error(`The contract field ${key} (${spec.kind}) cannot be a Margin Builder column`);
    }
    const text = (row: MarginRow) =>
      row.contract ? contractCellText(spec, (row.contract as unknown as Record<string, unknown>)[key]) : "";
    return [{ key, header: spec.margin, width, numeric: spec.kind === "decimal" || spec.kind === "months", text }];
  });
}
