import type { Payment } from "../../gen/eris/contracts/v1/contracts_pb";
import { formatDollars, formatPercent, formatVolume, monthName, yearText } from "../../lib/records/paymentFormat";
import type { PaymentDraft } from "./paymentMath";
import { PAYMENT_TEXTS, PAYMENT_UI_TEXTS as T } from "./texts";

/** The ten values a payment shows (a Margin Builder row has them too). */
export type PaymentValues = Pick<Payment, keyof PaymentDraft>;

/** One of the ten payment columns: the field it shows, how wide, and its text in read mode. */
export interface PaymentColumn {
  key: keyof PaymentDraft;
  header: string;
  width: number;
  numeric?: boolean;
  text: (payment: PaymentValues) => string;
}

const C = T.columns;

/** The payment table's columns in the spec's order; months by name, money as dollars. */
export const PAYMENT_COLUMNS: readonly PaymentColumn[] = [
  { key: "projectedMonth", header: C.projectedMonth, width: 130, text: (p) => monthName(p.projectedMonth) },
  { key: "projectedYear", header: C.projectedYear, width: 96, text: (p) => yearText(p.projectedYear) },
  { key: "revenueSplit", header: C.revenueSplit, width: 90, numeric: true, text: (p) => formatPercent(p.revenueSplit) },
  {
    key: "projectedUsage",
    header: C.projectedUsage,
    width: 120,
    numeric: true,
    text: (p) => formatVolume(p.projectedUsage),
  },
  {
    key: "projectedPayment",
    header: C.projectedPayment,
    width: 120,
    numeric: true,
    text: (p) => formatDollars(p.projectedPayment),
  },
  { key: "paymentMonth", header: C.paymentMonth, width: 130, text: (p) => monthName(p.paymentMonth) },
  { key: "paymentYear", header: C.paymentYear, width: 96, text: (p) => yearText(p.paymentYear) },
  { key: "usageActual", header: C.usageActual, width: 110, numeric: true, text: (p) => formatVolume(p.usageActual) },
  {
    key: "paymentActual",
    header: C.paymentActual,
    width: 110,
    numeric: true,
    text: (p) => formatDollars(p.paymentActual),
  },
  { key: "paymentType", header: C.paymentType, width: 110, text: (p) => p.paymentType },
];

/** A payment named by its projected month and year ("March 2026"), for buttons and notes. */
export function paymentName(payment: Pick<Payment, "projectedMonth" | "projectedYear">): string {
  return T.rowName(monthName(payment.projectedMonth), yearText(payment.projectedYear));
}

/**
 * The delete confirmation's description: the payment month and year (spec 2 section 5), or the
 * projected ones when it is not yet paid.
 */
export function deleteDescription(payment: Payment): string {
  return payment.paymentMonth !== 0
    ? PAYMENT_TEXTS.deleteDescribes(monthName(payment.paymentMonth), yearText(payment.paymentYear))
    : PAYMENT_TEXTS.deleteDescribes(
        `${T.notPaidYet}, projected ${monthName(payment.projectedMonth)}`,
        yearText(payment.projectedYear),
      );
}
