/** Texts of the Suppliers screen; the quoted messages are the spec's, word for word (odd spacing included). */
export const SUPPLIER_TEXTS = {
  title: "Suppliers",
  suppliers: "Suppliers",
  commodityFilter: "Commodity",
  all: "All",
  search: "Search",
  searchPlaceholder: "Search suppliers",
  showArchived: "Show archived",
  archived: "Archived",
  refresh: "Refresh",
  addSupplier: "Add Supplier",
  editSupplier: "Edit Supplier",
  edit: "Edit",
  delete: "Delete",
  contacts: "Contacts",
  save: "Save",
  cancel: "Cancel",
  close: "Close",
  choose: "Choose…",
  required: "(required)",
  columns: {
    name: "Supplier Name",
    commodity: "Commodity",
    brokerAgreementStatus: "Broker Agreement Status",
    actions: "Actions",
  },
  noSuppliers: "No suppliers yet.",
  noMatches: "No suppliers match the filter.",
  deleteConfirm: "Are you sure you want to delete the supplier ?",
  deleteExplain:
    "It leaves the supplier pickers, but the accounts, contracts and RFPs that use it keep showing its name. Show archived still lists it.",
  // Messages (spec section 8)
  supplierAdded: "Supplier Added",
  supplierUpdated: "Supplier updated",
  deleteFailed: "There was an error deleting the supplier !",
  loadFailed: "There was an error loading data",
  // Not in the spec (its other failures were only logged): said so nothing fails silently.
  addFailed: "The supplier could not be added. Please try again.",
  updateFailed: "The supplier could not be updated. Please try again.",

  /** The supplier contacts dialog. */
  contact: {
    title: (supplier: string) => `Contacts: ${supplier}`,
    contacts: "Supplier contacts",
    addContact: "Add Contact",
    editContact: "Edit Contact",
    edit: "Edit",
    delete: "Delete",
    noContacts: "No contacts yet.",
    allCommodities: "All",
    columns: {
      name: "Name",
      contactType: "Contact Type",
      commodity: "Commodity",
      email: "Email",
      support: "Support",
      pricingDesk: "Pricing Desk",
      officePhone: "Office Phone",
      cellPhone: "Cell Phone",
      actions: "Actions",
    },
    deleteConfirm: "Are you sure you want to delete this contact ? ",
    addFailed: "There was an error adding contact",
    deleteFailed: "There was an error deleting contact",
    updateFailed: "There was an error updating contact",
    loadFailed: "There was an error loading data",
  },
} as const;

/** Supplier contact types (spec section 9). */
export const CONTACT_TYPES = ["Primary", "Secondary", "Regional"] as const;
