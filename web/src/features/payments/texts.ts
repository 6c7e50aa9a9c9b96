import { PaymentTypeSchema } from "../../gen/eris/contracts/v1/contracts_pb";
import { labelsOf } from "../../lib/vocabulary";

/**
 * Texts of the payment screens that the spec does not give (PAYMENT_UI_TEXTS, DR_PAYMENT_TEXTS); its
 * own texts, quoted word for word, are PAYMENT_TEXTS below.
 */
export const PAYMENT_UI_TEXTS = {
  title: "Payments",
  loading: "Loading payments…",
  loadFailed: "The payments could not be loaded.",
  retry: "Retry",
  none: "No payments yet.",
  count: (n: number) => `${n.toLocaleString("en-US")} payment${n === 1 ? "" : "s"}`,
  /** The contract's projection basis, shown by 'Update Proj. Payments' and by the beta tab's totals. */
  basisLabel: { fee: "Projected payments by fee", rate: "Projected payments by rate" },
  basisValue: (name: "fee" | "rate", value: string) =>
    value ? `(${value})` : `(no ${name}: projected payments are 0)`,
  factorNote: (name: "fee" | "rate", value: string) =>
    `Projected payments use the contract's ${name}: ${value || "none (projected payments are 0)"}`,
  tableLabel: "Payments",
  close: "Close",
  cancel: "Cancel",
  columns: {
    actions: "Actions",
    row: "Row",
    projectedMonth: "Projected Month",
    projectedYear: "Projected Year",
    revenueSplit: "Revenue Split",
    projectedUsage: "Projected Usage",
    projectedPayment: "Projected Payment",
    paymentMonth: "Payment Month",
    paymentYear: "Payment Year",
    usageActual: "Usage Actual",
    paymentActual: "Payment Actual",
    paymentType: "Payment Type",
  },
  choose: "Choose…",
  notPaid: "—",
  noType: "(none)",
  edit: "Edit",
  save: "Save",
  delete: "Delete",
  saveRow: (what: string) => `Save the payment of ${what}`,
  cancelRow: (what: string) => `Cancel editing the payment of ${what}`,
  editRow: (what: string) => `Edit the payment of ${what}`,
  deleteRow: (what: string) => `Delete the payment of ${what}`,
  /** How a row is named to screen readers and in notes: its projected month and year. */
  rowName: (month: string, year: string) => `${month} ${year}`.trim(),
  oneRowAtATime: "Save or cancel the payment being edited first.",
  rowKeys: "Enter saves the row, Escape cancels it.",
  stale: (what: string, stored: string) =>
    `Someone else changed the payment of ${what} while you were editing it. It has been read again` +
    (stored ? ` (stored now: ${stored})` : "") +
    "; what you typed is kept. Save again to replace their change, or cancel to keep it.",
  gone: (what: string) => `The payment of ${what} was deleted by someone else.`,
  saveFailed: "The payment could not be saved. Try again.",
  deleted: "Payment deleted",
  deleteFailed: "The payment could not be deleted. Try again.",
  notPaidYet: "not yet paid",
  addForm: "Add Payment Form",
  pasteForm: "Paste Payment Form",
  addPayment: "Add Payment",
  addTitle: "Add a payment",
  pasteTitle: "Paste payments",
  pasteLabel: "Rows copied from a spreadsheet",
  pasteHelp:
    "One payment a line, 10 columns separated by tabs: projected month, projected year, revenue split, projected usage, " +
    "projected payment (recomputed), payment month, payment year, usage actual, payment actual, payment type.",
  previewLabel: "Rows to add",
  pastePreview: (n: number) => `Preview: ${n.toLocaleString("en-US")} row${n === 1 ? "" : "s"} to add`,
  pasteProblems: (n: number) => `${n.toLocaleString("en-US")} row${n === 1 ? "" : "s"} cannot be read:`,
  pasteMoreProblems: (n: number) => `…and ${n.toLocaleString("en-US")} more.`,
  pasteAdd: (n: number) => (n > 0 ? `Add ${n.toLocaleString("en-US")} Payment${n === 1 ? "" : "s"}` : "Add"),
  pasteRefused: "Nothing was added:",
  pasteChecking: "Checking…",
  pasteCheckFailed: "The rows could not be checked. Edit them or try again.",
  addFailed: "The payments could not be added. Try again.",
  projectedUpdated: (n: number) => `Projected payments updated (${n.toLocaleString("en-US")})`,
  projectedNone: "There are no payments to update.",
  projectedStale:
    "Someone else changed payments of this contract meanwhile. They have been read again; nothing was updated. Try again.",
  projectedFailed: "The projected payments could not be updated. Try again.",
  // The beta Payments tab.
  addPayments: "Add Payment(s)",
  singleRow: "Single row",
  copyPaste: "Copy/Paste",
  entryMode: "How to add",
  editTitle: "Edit Payment",
  projectedTotals: "Projected totals",
  actualTotals: "Actual totals",
  totals: {
    annualVolume: "Annual Volume",
    annualRevenue: "Annual Revenue",
    termVolume: "Term Volume",
    termRevenue: "Term Revenue",
  },
} as const;

export const DR_PAYMENT_TEXTS = {
  title: "DR Payment History",
  loading: "Loading payment history…",
  loadFailed: "The payment history could not be loaded.",
  none: "No payment history records found",
  tableLabel: "DR payment history",
  amount: "Amount",
  date: "Date",
  period: "Period",
  delete: "Delete",
  deleteRow: (amount: string, date: string) => `Delete the payment of ${amount} on ${date}`,
  add: "Add Payment History",
  addLabel: "Add a DR payment",
  choose: "Choose…",
  amountRequired: "Enter the amount.",
  amountInvalid: "Enter a number, e.g. 1,250.50",
  dateRequired: "Enter the date.",
  dateInvalid: "Enter the date as MM/DD/YYYY.",
  periodRequired: "Choose the period.",
  addFailed: "The payment could not be recorded. Try again.",
  deleted: "Payment history record deleted",
  deleteFailed: "The record could not be deleted. Try again.",
  close: "Close",
} as const;

/** The payment types, in the spec's order (a payment may have none). */
export const PAYMENT_TYPES = labelsOf(PaymentTypeSchema);

/** The periods of a DR payment. */
export const DR_PERIODS = ["Winter", "Summer"] as const;

/** The spec's texts of the payment screens (spec 2 sections 8 and 9). */
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
