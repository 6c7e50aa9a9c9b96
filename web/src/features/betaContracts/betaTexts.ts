import { CONTRACT_FIELD_LABELS } from "../../lib/records/contractTexts";

/**
 * Texts of the beta contract screens (Contracts (BETA) tab, Add Contract, View Contract). The spec's
 * own texts (validation messages, confirmations, button names) are BETA_CONTRACT_TEXTS,
 * BETA_CONTRACT_ERRORS and HEDGE_TEXTS at the end; the others are the labels and notes it leaves open.
 */
export const BETA_TEXTS = {
  tabTitle: (leadName: string) => `Contracts (BETA) for ${leadName}`,
  table: "Contracts",
  search: "Search",
  searchPlaceholder: "Status, commodity, type, supplier, utility or notes",
  showInactive: "Show Inactive",
  loading: "Loading…",
  noContracts: "No contracts found.",
  shown: (count: number, more: boolean) =>
    `${count.toLocaleString("en-US")}${more ? "+" : ""} ${count === 1 && !more ? "contract" : "contracts"}`,
  loadMore: "Load more",
  retry: "Retry",
  exportFailed: "The contracts could not be exported. Please try again.",
  actions: {
    expand: "Show details",
    collapse: "Hide details",
    edit: "Edit",
    view: "View",
    delete: "Delete",
  },
  details: {
    accounts: "Accounts",
    noAccounts: "No accounts.",
    annualVolume: "Annual Volume",
    termVolume: "Contract Term Volume",
    annualRevenue: "Annual Revenue",
    termRevenue: "Term Revenue",
    beta: "Made in beta",
    yes: "Yes",
    no: "No",
  },
  unknownAccount: (id: bigint) => `Account ${id}`,
  unknownUser: (id: bigint) => `User ${id}`,
  unknownSupplier: (id: bigint) => `Supplier ${id}`,
  unknownUtility: (id: bigint) => `Utility ${id}`,
} as const;

/** Labels of the contract's fields, on the Add Contract form, the Info tab and the expanded rows. */
export const FIELD_LABELS = {
  lead: "Lead",
  ...CONTRACT_FIELD_LABELS,
  endDate: "End Date",
} as const;

/** The Add Contract page and the parts of the form it shares with the Info tab. */
export const FORM_TEXTS = {
  addTitle: "Add Contract",
  back: "Back to contracts",
  contractInfo: "Contract Info",
  assignments: "Assignments",
  accounts: "Accounts",
  choose: "Choose…",
  none: "None",
  chooseCommodityFirst: "Choose a commodity first.",
  accountsLoading: "Loading accounts…",
  noAccounts: "The company has no accounts of this commodity.",
  selectAll: "Select all accounts",
  selectAccount: (name: string, number: string) => `Select ${name || "(no site name)"} ${number}`.trim(),
  accountsChosen: (chosen: number, total: number) => `${chosen} of ${total} selected`,
  accountColumns: {
    select: "Select",
    name: "Name",
    accountNumber: "Account #",
    utility: "Utility",
    supplier: "Supplier",
    annualVolume: "Annual kWh / Therms",
    city: "City",
  },
  archived: "(archived)",
  inactiveUser: "(inactive)",
  created: "Contract Added",
  failed: "error fetching data",
  dateHelp: "MM/DD/YYYY",
} as const;

/** The View Contract page. */
export const VIEW_TEXTS = {
  title: "View Contract",
  heading: (commodity: string, status: string, dateSigned: string) =>
    [commodity ? `${commodity} contract` : "Contract", status, dateSigned ? `signed ${dateSigned}` : ""]
      .filter(Boolean)
      .join(", "),
  tabs: { info: "Info", hedge: "Hedge", payments: "Payments", accounts: "Accounts" },
  notFound: "This contract does not exist, or you may not see it.",
  loadFailed: "error fetching Contracts",
  updated: "Contract Updated",
  notChanged: "Nothing has changed.",
  accountsUpdate: "Update",
  accountsUpdated: "Contract Accounts Updated",
  notBeta: "Only contracts made with the beta Add Contract form change their accounts here.",
  readOnly: "Sales see contracts without changing them.",
} as const;

/** The Hedge tab and its dialogs. */
export const HEDGE_VIEW_TEXTS = {
  table: "Hedges",
  notHedge: "Hedges are kept for contracts whose Contract Type is Hedge.",
  noHedges: "No hedges yet.",
  loading: "Loading hedges…",
  loadFailed: "The hedges could not be read.",
  add: "Add Hedge",
  addTitle: "Add Hedge",
  editTitle: "Edit Hedge",
  save: "Save",
  cancel: "Cancel",
  added: "Hedge Added",
  updated: "Hedge Updated",
  deleted: "Hedge Deleted",
  failed: "error fetching data",
  blank: "(blank)",
  columns: {
    actions: "Actions",
    blockType: "Block Type",
    signedDate: "Signed Date",
    startMonth: "Start Month",
    term: "Term",
    rate: "Rate",
    fee: "Fee",
  },
  fields: {
    blockType: "Block Type",
    signedDate: "Signed Date",
    startMonth: "Start Month",
    term: "Term",
    rate: "Rate",
    fee: "Fee",
  },
  audit: {
    createdBy: "Created By",
    createdOn: "Created On",
    modifiedBy: "Last Modified By",
    modifiedOn: "Last Modified On",
  },
  startMonthPlaceholder: "MM/YYYY",
  startMonthInvalid: "Start Month Format Should be MM/YYYY",
  amountInvalid: "Enter a number of 0 or more, e.g. 0.0712.",
  edit: "Edit hedge",
  delete: "Delete hedge",
  confirmDelete: "Delete",
  retry: "Retry",
} as const;

/** Hedge block types; the first is blank. */
export const HEDGE_BLOCK_TYPES = ["", "Load Following Block", "Flat Block"] as const;

export const HEDGE_TEXTS = {
  deleteConfirm: "Confirm Delete Hedge?",
  deleteDescribes: (blockType: string, startMonth: string) => `${blockType || "(blank)"} starting ${startMonth}`,
} as const;

/** The beta Add Contract form's messages (spec 2 section 5), in the order they are listed. */
export const BETA_CONTRACT_TEXTS = {
  errorsHeading: "Errors found on this form:",
  submit: "submit contract",
  submitChanges: "Submit Changes",
  exportContracts: "Export Contracts",
  addContract: "Add Contract",
} as const;

/**
 * The beta Add Contract form's validation messages (spec 2 section 5), word for word with the
 * spec's own spelling and spacing, in the order they are listed; the server sends the same lines.
 */
export const BETA_CONTRACT_ERRORS = {
  commodity: "Commodity is a require field.",
  insideSales: "Inside Sales is a required field.",
  closer1: "Closer 1 is a required field.",
  dateSigned: "Date signed is a required field.",
  startDate: "Start date is a required field.",
  termLength: "Term length is a required field.",
  status: "Status is a required field.",
  signedThrough: "Signed through is a required field.",
  provider: "Provider is a required field.",
  capacity: "Capactive % is a required field.",
  analyst: "Analyst is a required field.",
  contractType: "Contract type is a required field",
  supplier: "Supplier is a required field",
  contractRate: "Contract rate is a required field",
  state: "State is a required field",
  fee: "Fee is a required field",
  billingType: "Billing type is a required field",
  noAccounts: "No accounts selected for this contract.  At least 1 account is required.",
} as const;
