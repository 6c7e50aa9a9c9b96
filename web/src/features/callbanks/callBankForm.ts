import { CallBankCompanyStatus, type CallBank } from "../../gen/eris/crm/v1/call_banks_pb";
import { formatDate, parseDateText } from "../../lib/dateText";
import { CALL_BANK_TEXTS } from "./texts";

/** Call bank (service) types and rep types (spec section 9). */
export const SERVICE_TYPES = ["Brokerage", "Demand Response", "Follow Up", "Contract Renewal"] as const;
export const REP_TYPES = ["Inside", "Admin", "Closer", "Analyst", "Customer Care"] as const;

/** The path of a call bank's companies screen. */
export function callBankCompaniesPath(callBankId: bigint): string {
  return `/callbanks/${callBankId}/companies`;
}

/** Completion as the tables show it: a whole percentage. */
export function completionLabel(callBank: Pick<CallBank, "completionPercent">): string {
  return `${callBank.completionPercent}%`;
}

/** "Complete" once every company is closed (completion 100), "Open" before. */
export function callBankStatusLabel(callBank: Pick<CallBank, "completionPercent">): string {
  return callBank.completionPercent >= 100 ? CALL_BANK_TEXTS.complete : CALL_BANK_TEXTS.open;
}

export const COMPANY_STATUS_LABELS: Record<CallBankCompanyStatus, string> = {
  [CallBankCompanyStatus.UNSPECIFIED]: "",
  [CallBankCompanyStatus.OPEN]: "Open",
  [CallBankCompanyStatus.CLOSED]: "Closed",
};

export const COMPANY_STATUS_CHOICES: readonly CallBankCompanyStatus[] = [
  CallBankCompanyStatus.OPEN,
  CallBankCompanyStatus.CLOSED,
];

/** The due date as typed (MM/DD/YYYY); null when empty or not a real date. */
export function parseDueDate(text: string): { year: number; month: number; day: number } | null {
  const parsed = parseDateText(text);
  return parsed.kind === "date" ? { year: parsed.date.year, month: parsed.date.month, day: parsed.date.day } : null;
}

/** The fields of the add/edit call bank dialog, as edited. */
export interface CallBankFields {
  name: string;
  serviceType: string;
  assigneeUserId: bigint;
  repType: string;
  dueDate: string;
}

export function emptyCallBankFields(): CallBankFields {
  return { name: "", serviceType: "", assigneeUserId: 0n, repType: "", dueDate: "" };
}

export function callBankFieldsOf(callBank: CallBank): CallBankFields {
  return {
    name: callBank.name,
    serviceType: callBank.serviceType,
    assigneeUserId: callBank.assigneeUserId,
    repType: callBank.repType,
    dueDate: formatDate(callBank.dueDate),
  };
}

export interface CallBankFieldErrors {
  name?: boolean;
  serviceType?: boolean;
  assignee?: boolean;
  repType?: boolean;
  dueDate?: boolean;
}

export function callBankFieldErrors(fields: CallBankFields): CallBankFieldErrors {
  const errors: CallBankFieldErrors = {};
  if (fields.name.trim() === "") errors.name = true;
  if (fields.serviceType === "") errors.serviceType = true;
  if (fields.assigneeUserId === 0n) errors.assignee = true;
  if (fields.repType === "") errors.repType = true;
  if (parseDueDate(fields.dueDate) === null) errors.dueDate = true;
  return errors;
}

/** The call bank values to send; null while the fields are not valid. */
export interface CallBankValues {
  name: string;
  serviceType: string;
  assigneeUserId: bigint;
  repType: string;
  dueDate: { year: number; month: number; day: number };
}

export function callBankValuesOf(fields: CallBankFields): CallBankValues | null {
  const dueDate = parseDueDate(fields.dueDate);
  if (!dueDate || Object.keys(callBankFieldErrors(fields)).length > 0) {
    return null;
  }
  return {
    name: fields.name.trim(),
    serviceType: fields.serviceType,
    assigneeUserId: fields.assigneeUserId,
    repType: fields.repType,
    dueDate,
  };
}

/** The UpdateCallBank mask paths whose values differ from the call bank as read. */
export function callBankChangedPaths(callBank: CallBank, values: CallBankValues): string[] {
  const paths: string[] = [];
  if (callBank.name !== values.name) paths.push("name");
  if (callBank.serviceType !== values.serviceType) paths.push("service_type");
  if (callBank.assigneeUserId !== values.assigneeUserId) paths.push("assignee_user_id");
  if (callBank.repType !== values.repType) paths.push("rep_type");
  const d = callBank.dueDate;
  if (!d || d.year !== values.dueDate.year || d.month !== values.dueDate.month || d.day !== values.dueDate.day) {
    paths.push("due_date");
  }
  return paths;
}

/** Filters call banks by a search text over name, service type, rep type and assignee name. */
export function matchesCallBankSearch(callBank: CallBank, assigneeName: string, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (q === "") {
    return true;
  }
  return [callBank.name, callBank.serviceType, callBank.repType, assigneeName, formatDate(callBank.dueDate)].some(
    (text) => text.toLowerCase().includes(q),
  );
}
