import type { GetRevenueBySupplierResponse } from "../../gen/eris/reporting/v1/reporting_pb";
import { MONTHS } from "../../lib/records/contractTexts";
import { REVENUE_TEXTS } from "./texts";

const T = REVENUE_TEXTS;

/** Jan … Dec: the table's and the charts' month names. */
export const MONTH_ABBREVIATIONS: readonly string[] = MONTHS.map((month) => month.slice(0, 3));

/** A decimal text as a number for the charts (0 when it is not one). */
export function revenueNumber(value: string | undefined): number {
  const number = Number(value ?? "");
  return Number.isFinite(number) ? number : 0;
}

/** True when the year has no revenue to show: no supplier, or nothing but zeros. */
export function isEmptyRevenue(report: Pick<GetRevenueBySupplierResponse, "suppliers" | "total">): boolean {
  return report.suppliers.length === 0 || revenueNumber(report.total) === 0;
}

/** The table as CSV rows: the header, a row per supplier, then the totals; amounts as the server gave them. */
export function revenueCsvRows(report: GetRevenueBySupplierResponse): string[][] {
  const twelve = (values: readonly string[]) => MONTH_ABBREVIATIONS.map((_, i) => values[i] ?? "");
  return [
    [T.supplier, ...MONTH_ABBREVIATIONS, T.total],
    ...report.suppliers.map((s) => [s.supplierName, ...twelve(s.monthly), s.total]),
    [T.total, ...twelve(report.monthTotals), report.total],
  ];
}

/** One supplier (or the rest of them together) in the charts. */
export interface ChartSeries {
  name: string;
  /** Twelve amounts, January first. */
  monthly: number[];
  total: number;
}

/**
 * The suppliers the charts draw: the largest `most - 1` by total (the server sends them largest
 * first) and the others together as one, so a pie keeps slices one can tell apart.
 */
export function chartSeries(report: GetRevenueBySupplierResponse, most: number): ChartSeries[] {
  const series = report.suppliers.map((s) => ({
    name: s.supplierName,
    monthly: MONTH_ABBREVIATIONS.map((_, i) => revenueNumber(s.monthly[i])),
    total: revenueNumber(s.total),
  }));
  if (series.length <= most) {
    return series;
  }
  const rest = series.slice(most - 1);
  return [
    ...series.slice(0, most - 1),
    {
      name: T.other,
      monthly: MONTH_ABBREVIATIONS.map((_, i) => rest.reduce((sum, s) => sum + s.monthly[i], 0)),
      total: rest.reduce((sum, s) => sum + s.total, 0),
    },
  ];
}

/** A share of the whole as a percentage with one decimal ("12.5%"); "0%" of nothing. */
export function shareText(part: number, whole: number): string {
  return whole === 0 ? "0%" : `${((part / whole) * 100).toFixed(1)}%`;
}
