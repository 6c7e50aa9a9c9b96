import type { Date as CalendarDate } from "../../gen/eris/common/v1/date_pb";
import { StatementBucket, StatementStatus, type StatementLine } from "../../gen/eris/contracts/v1/statements_pb";
import { formatDate } from "../../lib/dateText";
import { monthName } from "../../lib/records/paymentFormat";
import { BUCKET_TEXTS, COMMISSION_TEXTS } from "./texts";

/** A month of a year (1 to 12). */
export interface MonthKey {
  year: number;
  month: number;
}

/** "March 2026"; "" for no month. */
export function monthLabel(date: MonthKey | undefined): string {
  return date && date.year > 0 && date.month > 0 ? `${monthName(date.month)} ${date.year}` : "";
}

/** A month as the address keeps it: "2026-03". */
export function monthParam({ year, month }: MonthKey): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}

/** A month from the address ("2026-03"); null when absent or not one. */
export function parseMonthParam(text: string | null): MonthKey | null {
  const match = text ? /^(\d{4})-(\d{2})$/.exec(text) : null;
  if (!match) {
    return null;
  }
  const [year, month] = [Number(match[1]), Number(match[2])];
  return year >= 1900 && month >= 1 && month <= 12 ? { year, month } : null;
}

/** The `count` months up to and including `last`, latest first. */
export function recentMonths(last: MonthKey, count: number): MonthKey[] {
  return Array.from({ length: count }, (_, back) => {
    const index = last.year * 12 + (last.month - 1) - back;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  });
}

/** Today's month on the browser's clock. */
export function thisMonth(now = new Date()): MonthKey {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** A row's service period: "03/01/2026 – 03/31/2026", or its start alone. */
export function periodText(line: StatementLine | undefined): string {
  const start = formatDate(line?.periodStart);
  const end = formatDate(line?.periodEnd);
  return end ? `${start} – ${end}` : start;
}

/** A date's month, for proto dates that name the first day of one. */
export function dateMonth(date: CalendarDate | undefined): MonthKey | undefined {
  return date && date.year > 0 ? { year: date.year, month: date.month } : undefined;
}

export function statusLabel(status: StatementStatus): string {
  const T = COMMISSION_TEXTS.statuses;
  return status === StatementStatus.APPLIED ? T.applied : status === StatementStatus.REVERTED ? T.reverted : T.preview;
}

/** The tabs of a statement's rows: each bucket, then Missing (the projected payments no row paid). */
export type BucketTab = "matched" | "shortOver" | "unmatched" | "duplicate" | "linked" | "missing";

export const BUCKET_OF_TAB: Record<Exclude<BucketTab, "missing">, StatementBucket> = {
  matched: StatementBucket.MATCHED,
  shortOver: StatementBucket.SHORT_OVER,
  unmatched: StatementBucket.UNMATCHED,
  duplicate: StatementBucket.DUPLICATE,
  linked: StatementBucket.LINKED,
};

export function bucketLabel(tab: BucketTab): string {
  return BUCKET_TEXTS[tab];
}
