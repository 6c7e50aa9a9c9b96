import type { MarginRow } from "../../gen/eris/reporting/v1/reporting_pb";
import { formatDate } from "../../lib/dateText";
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
