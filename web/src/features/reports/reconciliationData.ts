import type {
  CommissionRow,
  CommissionTotals,
  GetCommissionReconciliationResponse,
  SupplierOption,
} from "../../gen/eris/reporting/v1/reporting_pb";
import { monthName } from "../../lib/records/paymentFormat";
import { revenueNumber } from "./revenueData";
import { RECONCILIATION_TEXTS } from "./texts";

const T = RECONCILIATION_TEXTS;
const C = T.columns;

/** A supplier id from the address: 0n (all suppliers) when absent or not one. */
export function parseSupplierId(text: string | null): bigint {
  return text && /^[1-9]\d{0,18}$/.test(text) ? BigInt(text) : 0n;
}

/** True when the year has no projected payment (for the supplier chosen). */
export function isEmptyReconciliation(
  report: Pick<GetCommissionReconciliationResponse, "suppliers" | "total" | "rows">,
) {
  if (report.suppliers.length === 0) {
    return true;
  }
  const { projected, actual } = report.total ?? { projected: "", actual: "" };
  return revenueNumber(projected) === 0 && revenueNumber(actual) === 0 && report.rows.length === 0;
}

/** True for a decimal text below zero ("-0.00" is not). */
export function isNegative(value: string): boolean {
  return revenueNumber(value) < 0;
}

/** A choice of the Supplier select: the supplier's id and its name. */
export interface SupplierChoice {
  id: string;
  label: string;
}

/**
 * The Supplier select's suppliers by name: those of the answer (but "No supplier", which cannot be
 * chosen alone), every supplier the margin options know, and the chosen one even when neither does.
 */
export function supplierChoices(
  answered: readonly CommissionTotals[],
  options: readonly SupplierOption[],
  chosen: bigint,
): SupplierChoice[] {
  const choices = new Map<string, string>();
  for (const option of options) {
    choices.set(String(option.supplierId), option.commodity ? `${option.name} (${option.commodity})` : option.name);
  }
  for (const supplier of answered) {
    const id = String(supplier.supplierId);
    if (supplier.supplierId > 0n && !choices.has(id)) {
      choices.set(id, supplier.supplierName);
    }
  }
  if (chosen > 0n && !choices.has(String(chosen))) {
    choices.set(String(chosen), `#${chosen}`);
  }
  return [...choices]
    .map(([id, label]) => ({ id, label }))
    .sort((a, b) => a.label.localeCompare(b.label, "en-US") || a.id.localeCompare(b.id));
}

/**
 * The totals table's rows: one per supplier, then the year's ("All suppliers") only when every
 * supplier is shown; for one supplier it would repeat that supplier's row under another name.
 */
export function totalsRows(report: GetCommissionReconciliationResponse, supplierId: bigint): CommissionTotals[] {
  return supplierId === 0n && report.total ? [...report.suppliers, report.total] : [...report.suppliers];
}

/**
 * Both tables as CSV rows under one header, a Kind column saying which: the supplier totals (the
 * year's last, as shown), then the contract months; amounts as the server gave them.
 */
export function reconciliationCsvRows(report: GetCommissionReconciliationResponse, supplierId: bigint): string[][] {
  const header = [
    T.csv.kind,
    C.supplier,
    C.company,
    C.month,
    C.projectedUsage,
    C.usageActual,
    C.usageVariance,
    C.projected,
    C.received,
    C.variance,
    C.missingMonths,
    C.missingAmount,
    T.csv.missing,
  ];
  const totals = totalsRows(report, supplierId).map((t) => [
    t === report.total ? T.csv.totalKind : T.csv.supplierKind,
    t.supplierName,
    "",
    "",
    "",
    "",
    "",
    t.projected,
    t.actual,
    t.variance,
    String(t.missingMonths),
    t.missingAmount,
    "",
  ]);
  const months = report.rows.map((row: CommissionRow) => [
    T.csv.monthKind,
    row.supplier,
    row.companyName,
    monthName(row.month),
    row.projectedUsage,
    row.usageActual,
    row.usageVariance,
    row.projectedPayment,
    row.paymentActual,
    row.variance,
    "",
    "",
    row.missing ? T.csv.yes : T.csv.no,
  ]);
  return [header, ...totals, ...months];
}
