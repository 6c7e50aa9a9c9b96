/** The contacts tab of a company. */
export function contactsTabPath(companyId: bigint | string): string {
  return `/LeadTabs/${companyId}/contacts`;
}

/** The Add Contact dialog (spec route /Leads/{LeadId}/contacts/add). */
export function addContactPath(companyId: bigint | string): string {
  return `/Leads/${companyId}/contacts/add`;
}

/** The Edit Contact dialog (spec route /Leads/{LeadId}/contacts/edit/{ContactId}). */
export function editContactPath(companyId: bigint | string, contactId: bigint | string): string {
  return `/Leads/${companyId}/contacts/edit/${contactId}`;
}

/** The history state of links from the tab to a dialog: closing the dialog then goes Back to the tab. */
export interface FromContactsTab {
  fromContactsTab: true;
}

export const FROM_CONTACTS_TAB: FromContactsTab = { fromContactsTab: true };

export function cameFromContactsTab(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as Partial<FromContactsTab>).fromContactsTab === true;
}

/** A contact id from the address; null when it cannot be one. */
export function parseContactId(text: string | undefined): bigint | null {
  return text && /^[1-9]\d{0,18}$/.test(text) ? BigInt(text) : null;
}
