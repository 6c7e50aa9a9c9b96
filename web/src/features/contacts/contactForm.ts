import type { MessageInitShape } from "@bufbuild/protobuf";

import type { Contact, ContactSchema } from "../../gen/eris/crm/v1/contacts_pb";
import { editedKeys } from "../../lib/recordForm";
import { CONTACT_TEXTS, PRIORITY_MAX, PRIORITY_MIN } from "./texts";

/** A contact's editable fields as the dialog holds them: the priority as typed. */
export interface ContactFields {
  firstName: string;
  lastName: string;
  email: string;
  title: string;
  officePhone: string;
  cellPhone: string;
  contactType: string;
  priority: string;
}

export type ContactFieldKey = keyof ContactFields;

/** Contact fields as sent (plain values, not a message). */
export type ContactInit = Exclude<MessageInitShape<typeof ContactSchema>, Contact>;

/** The fields UpdateContact accepts in its mask, with their proto names, in the order they are sent. */
export const CONTACT_MASK_PATHS: Record<ContactFieldKey, string> = {
  firstName: "first_name",
  lastName: "last_name",
  email: "email",
  title: "title",
  officePhone: "office_phone",
  cellPhone: "cell_phone",
  contactType: "contact_type",
  priority: "priority",
};

const KEYS = Object.keys(CONTACT_MASK_PATHS) as ContactFieldKey[];

export function emptyContactFields(): ContactFields {
  return {
    firstName: "",
    lastName: "",
    email: "",
    title: "",
    officePhone: "",
    cellPhone: "",
    contactType: "",
    priority: "",
  };
}

/** What the dialog shows for a stored contact; priority 0 (not ranked) is an empty box. */
export function contactFieldsOf(contact: Contact): ContactFields {
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    title: contact.title,
    officePhone: contact.officePhone,
    cellPhone: contact.cellPhone,
    contactType: contact.contactType,
    priority: contact.priority === 0 ? "" : String(contact.priority),
  };
}

/** A typed priority: empty (not ranked, sent as 0), a whole number, or text that is not one. */
export type ParsedPriority = { kind: "empty" } | { kind: "number"; value: number } | { kind: "invalid" };

export function parsePriority(text: string): ParsedPriority {
  const cleaned = text.trim();
  if (cleaned === "") {
    return { kind: "empty" };
  }
  if (!/^\d{1,6}$/.test(cleaned)) {
    return { kind: "invalid" };
  }
  return { kind: "number", value: Number(cleaned) };
}

/** The spec's message when the typed priority is not a number 1 to 15; null when it may be sent. */
export function priorityProblem(text: string): string | null {
  const parsed = parsePriority(text);
  if (parsed.kind === "empty") {
    return null;
  }
  if (parsed.kind === "invalid" || parsed.value < PRIORITY_MIN || parsed.value > PRIORITY_MAX) {
    return CONTACT_TEXTS.priorityRange;
  }
  return null;
}

/**
 * The message for an e-mail address that is not one; null when it is one, or empty. The rule is
 * the server's (one @, something before it, a dot inside the part after it, no spaces), so the
 * browser refuses exactly what the server would.
 */
export function emailProblem(text: string): string | null {
  const email = text.trim();
  if (email === "") {
    return null;
  }
  const at = email.indexOf("@");
  const domain = email.slice(at + 1);
  const shaped =
    at > 0 &&
    !/\s/.test(email) &&
    !domain.includes("@") &&
    domain.includes(".") &&
    !domain.startsWith(".") &&
    !domain.endsWith(".");
  return shaped ? null : CONTACT_TEXTS.emailInvalid;
}

/** A contact needs a first or a last name. */
export function hasName(fields: ContactFields): boolean {
  return fields.firstName.trim() !== "" || fields.lastName.trim() !== "";
}

/** Whether the fields may be sent: a name, an e-mail address or none, and a priority that is empty or 1 to 15. */
export function canSendContact(fields: ContactFields): boolean {
  return hasName(fields) && emailProblem(fields.email) === null && priorityProblem(fields.priority) === null;
}

/** The value sent for a field: text trimmed, the priority as a number (0 when empty). */
function outgoing(key: ContactFieldKey, fields: ContactFields): string | number {
  if (key === "priority") {
    const parsed = parsePriority(fields.priority);
    return parsed.kind === "number" ? parsed.value : 0;
  }
  return fields[key].trim();
}

/** The fields of a new contact of a company, as CreateContact takes them. */
export function contactInit(companyId: bigint, fields: ContactFields): ContactInit {
  const init: Record<string, unknown> = { companyId };
  for (const key of KEYS) {
    init[key] = outgoing(key, fields);
  }
  return init as ContactInit;
}

/** The edited fields and their mask paths, so an update sends only what changed. */
export interface ContactChanges {
  fields: Partial<ContactInit>;
  paths: string[];
  keys: ContactFieldKey[];
}

/** Compares the dialog with the contact as read (spaces around text do not count as a change). */
export function contactChanges(original: ContactFields, edited: ContactFields): ContactChanges {
  const keys = editedKeys(KEYS, original, edited, (fields, key) => outgoing(key, fields));
  const fields = Object.fromEntries(keys.map((key) => [key, outgoing(key, edited)]));
  return { fields: fields as Partial<ContactInit>, paths: keys.map((key) => CONTACT_MASK_PATHS[key]), keys };
}

/** True when any field of the contact contains the search text (case and spaces aside). */
export function matchesSearch(contact: Contact, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === "") {
    return true;
  }
  const haystack = [
    contact.firstName,
    contact.lastName,
    `${contact.firstName} ${contact.lastName}`,
    contact.email,
    contact.title,
    contact.officePhone,
    contact.cellPhone,
    contact.contactType,
  ];
  return haystack.some((value) => value.toLocaleLowerCase().includes(needle));
}
