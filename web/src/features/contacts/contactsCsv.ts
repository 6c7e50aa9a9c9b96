import type { Contact } from "../../gen/eris/crm/v1/contacts_pb";
import { toCsv } from "../../lib/csv";
import { CONTACT_TEXTS } from "./texts";

const C = CONTACT_TEXTS.columns;

/** The export of contacts: the table's columns (without Edit and Delete), in the order given. */
export function contactsCsv(contacts: readonly Contact[]): string {
  const header = [C.firstName, C.lastName, C.email, C.title, C.officePhone, C.cellPhone, C.contactType, C.priority];
  const rows = contacts.map((c) => [
    c.firstName,
    c.lastName,
    c.email,
    c.title,
    c.officePhone,
    c.cellPhone,
    c.contactType,
    c.priority === 0 ? "" : String(c.priority),
  ]);
  return toCsv([header, ...rows]);
}
