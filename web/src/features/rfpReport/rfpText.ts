import type { Date as CalendarDate } from "../../gen/eris/common/v1/date_pb";
import type { Rfp, RfpOutcome } from "../../gen/eris/sourcing/v1/rfps_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { instantOf } from "../../lib/businessTime";
import { formatDate } from "../../lib/dateText";
import { OUTCOME_LABELS, RFP_REPORT_TEXTS } from "./texts";

/** The server's return time when an RFP names none (11:00). */
const DEFAULT_RETURN_TIME = { hour: 11, minute: 0 };

/** The company tab that lists a company's RFPs. */
export function companyRfpsPath(companyId: bigint | string): string {
  return `/LeadTabs/${companyId}/rfps`;
}

/** Hours and minutes of an "HH:MM" 24-hour text; null when it is not one. */
export function parseReturnTime(text: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) {
    return null;
  }
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

/** "13:30" -> "1:30 PM"; text that is not HH:MM is shown as it is. */
export function formatReturnTime(text: string): string {
  const time = parseReturnTime(text);
  if (!time) {
    return text;
  }
  const { hour, minute } = time;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/** The return date and time, e.g. "11/20/2026 11:00 AM"; "" without a date. */
export function formatReturn(rfp: Pick<Rfp, "returnDate" | "returnTime">): string {
  const date = formatDate(rfp.returnDate);
  return date && rfp.returnTime ? `${date} ${formatReturnTime(rfp.returnTime)}` : date;
}

function isSet(date: CalendarDate | undefined): date is CalendarDate {
  return date !== undefined && date.year > 0 && date.month > 0 && date.day > 0;
}

/**
 * The instant prices are due: the return date at the return time (11:00 when none can be read) on
 * the business clock; null without a return date.
 */
export function returnInstant(rfp: Pick<Rfp, "returnDate" | "returnTime">, timeZone: string): Date | null {
  if (!isSet(rfp.returnDate)) {
    return null;
  }
  const { year, month, day } = rfp.returnDate;
  const { hour, minute } = parseReturnTime(rfp.returnTime) ?? DEFAULT_RETURN_TIME;
  return instantOf({ year, month, day, hour, minute }, timeZone);
}

export function outcomeLabel(outcome: RfpOutcome): string {
  return OUTCOME_LABELS[outcome] ?? "";
}

/** "12, 24 months"; "" for none. */
export function termsText(terms: readonly number[]): string {
  if (terms.length === 0) {
    return "";
  }
  return `${terms.join(", ")} ${terms.length === 1 && terms[0] === 1 ? "month" : "months"}`;
}

/**
 * The RFP's suppliers by name, joined with ", " (archived ones too); "" until the suppliers are
 * read, and an id the list does not hold is named by its number.
 */
export function supplierNames(supplierIds: readonly bigint[], suppliers: readonly Supplier[] | undefined): string {
  if (!suppliers) {
    return "";
  }
  const names = new Map(suppliers.map((supplier) => [supplier.supplierId, supplier.name]));
  return supplierIds.map((id) => names.get(id) ?? RFP_REPORT_TEXTS.unknownSupplier(id)).join(", ");
}

/** The service address on one line: "1 Main St, Media, PA 19063" (empty parts left out). */
export function addressLine(rfp: Pick<Rfp, "address" | "city" | "state" | "zip">): string {
  const stateZip = [rfp.state, rfp.zip].filter(Boolean).join(" ");
  return [rfp.address, rfp.city, stateZip].filter(Boolean).join(", ");
}
