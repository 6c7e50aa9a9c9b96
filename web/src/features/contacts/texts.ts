/** Texts of the contacts screens; the quoted messages are the spec's, word for word. */
export const CONTACT_TEXTS = {
  title: (leadName: string) => `Contacts for ${leadName}`,
  search: "Search",
  searchPlaceholder: "Search contacts",
  addContact: "Add Contact",
  editContact: "Edit Contact",
  export: "Export",
  /** The export's file name (spec section 9), without the extension. */
  exportFileName: "contacts export",
  columns: {
    firstName: "First Name",
    lastName: "Last Name",
    email: "Email",
    title: "Title",
    officePhone: "Office Phone",
    cellPhone: "Cell Phone",
    contactType: "Contact Type",
    priority: "Priority",
    edit: "Edit",
    delete: "Delete",
  },
  edit: "Edit",
  delete: "Delete",
  save: "Save",
  cancel: "Cancel",
  none: "None",
  contactsTable: "Contacts",
  deleteConfirm: "Are you sure you want to delete this contact ?",
  priorityRange: "Contact Priority should be between 1 and 15 with 1 being the highest priority",
  priorityHint: "1 is called first; leave empty when not ranked.",
  nameNeeded: "Enter a first or a last name.",
  // Not in the spec (it shows no e-mail rule): the server's own words for the same check.
  emailInvalid: "Email must be an e-mail address.",
  fetchFailed: "error fetching data",
  added: "Contact added",
  updated: "Contact updated",
  deleted: "Contact deleted",
  noContacts: "No contacts yet.",
  noMatch: "No contacts match.",
  notFound: "Contact not found",
  notFoundBody: "There is no such contact for this company.",
  loading: "Loading…",
  retry: "Retry",
} as const;

/** Contact types (spec section 9), with en dashes. */
export const CONTACT_TYPES = [
  "All",
  "Brokerage",
  "Demand Response",
  "Bill Management",
  "DR \u2013 Primary",
  "DR \u2013 Event",
  "DR \u2013 Payment",
  "Other",
] as const;

/** Contact priority bounds (spec section 9): 1 is called first. */
export const PRIORITY_MIN = 1;
export const PRIORITY_MAX = 15;
