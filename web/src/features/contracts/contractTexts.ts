/**
 * The lists and texts of contracts, payments, DR payment history and hedges, shared by the lead
 * contracts screen, the Contracts page and the beta contract screens. Quoted messages are the
 * spec's, word for word (spec 2 sections 5, 8 and 9).
 */

/** Contract statuses: the stored value is the index (0 Active … 3 Inactive). */
export const CONTRACT_STATUSES = ["Active", "Active - Renewed", "Active - Lost", "Inactive"] as const;
export const INACTIVE_STATUS = 3;

export function statusLabel(status: number): string {
  return CONTRACT_STATUSES[status] ?? "";
}

export const PRICING_TYPES = ["BOX", "Custom", "Matrix"] as const;
export const CONTRACT_TYPES = ["New", "Renewal", "Hedge", "B&E", "Regained"] as const;
export const HEDGE_CONTRACT_TYPE = "Hedge";
export const BILLING_TYPES = ["Dual", "Utility Consolidated", "Supplier Consolidated"] as const;
export const SIGNED_THROUGH = ["JMI", "Provider"] as const;
export const PAYMENT_TYPES = ["Residual", "Upfront", "True-up", "Affiliate", "Drop"] as const;
/** Hedge block types; the first is blank. */
export const HEDGE_BLOCK_TYPES = ["", "Load Following Block", "Flat Block"] as const;
export const DR_PERIODS = ["Winter", "Summer"] as const;
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** PaymentYear choices: 15 years counted down from the current year plus 10. */
export function paymentYears(currentYear: number): number[] {
  return Array.from({ length: 15 }, (_, i) => currentYear + 10 - i);
}

export const CONTRACT_TEXTS = {
  title: (leadName: string) => `Contracts for ${leadName}`,
  loadFailed: "error fetching Contracts",
  failed: "error fetching data",
  deleted: "Contract successfully deleted.",
  deleteConfirm: "Are you sure you want to delete this contract ?",
  /** The delete confirmation names the contract's commodity, status and date signed. */
  deleteDescribes: (commodity: string, status: string, dateSigned: string) =>
    `${commodity} contract, ${status}, signed ${dateSigned || "(no date)"}`,
  pdfDeleteConfirm: "Are you sure you want to delete this contract? ",
  uploadContract: "Upload Contract",
  uploaded: "File Upload Success!",
  columns: {
    actions: "Actions",
    status: "Status",
    dateSigned: "Date Signed",
    commodity: "Commodity",
    utility: "Utility",
    contractType: "Contract Type",
    supplier: "Supplier",
    startDate: "Start Date",
    termLength: "Term Length",
    endDate: "End Date",
    rate: "Rate",
    rateType: "Rate Type",
    fee: "Fee",
    annualVolume: "Annual Volume",
    termVolume: "Contract Term Volume",
    annualRevenue: "Annual Revenue",
    termRevenue: "Term Revenue",
  },
} as const;

export const PAYMENT_TEXTS = {
  added: "Payment Added successfully",
  updated: "Payment Updated successfully",
  deleteConfirm: "Confirm Delete Payment?",
  /** The payment delete confirmation names the payment's month and year. */
  deleteDescribes: (month: string, year: string) => `${month} ${year}`.trim(),
  updateProjected: "Update Proj. Payments",
  rowOpen:
    "Unable to update projected payments when a row is being edited.  Please save your changes for any open payment rows and try again.",
  drHistoryAdded: "Payment History Added successfully",
  drDeleteConfirm: "Are you sure you want to delete this record?",
} as const;

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
