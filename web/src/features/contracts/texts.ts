import { CONTRACT_FIELD_LABELS } from "../../lib/records/contractTexts";

/**
 * Labels of the lead contracts tab, its dialogs and the PDF dialog. The spec's messages and
 * confirmations are in lib/records/contractTexts.ts (CONTRACT_TEXTS), shared with the other contract screens.
 */
export const CONTRACT_TAB_TEXTS = {
  table: "Contracts",
  search: "Search",
  searchPlaceholder: "Status, type, supplier, utility, notes",
  add: "Add Contract",
  export: "Export",
  loading: "Loading…",
  noContracts: "No contracts found.",
  shown: (count: number, more: boolean) =>
    `${count.toLocaleString("en-US")}${more ? "+" : ""} ${count === 1 && !more ? "contract" : "contracts"}`,
  loadMore: "Load more",
  retry: "Retry",
  actions: {
    pdf: "Contract PDF",
    edit: "Edit",
    delete: "Delete",
    payments: "Payments",
    drPayments: "DR Payment History",
  },
  cancel: "Cancel",
  save: "Save",
} as const;

/** The Add/Edit Contract dialog. */
export const CONTRACT_FORM_TEXTS = {
  addTitle: "Add Contract",
  editTitle: "Edit Contract",
  choose: "Choose…",
  team: "Team",
  terms: "Terms",
  dr: "Demand response",
  computed: "Computed when saved",
  computedLater: "The volumes, fee totals and end date are computed from the accounts and terms when saved.",
  fields: {
    ...CONTRACT_FIELD_LABELS,
    annualVolume: "Annual Volume",
    termVolume: "Contract Term Volume",
    annualFeeTotal: "Annual Revenue",
    termFeeTotal: "Term Revenue",
    endDate: "End Date",
  },
  months: "months",
  chooseCommodityFirst: "Choose a commodity first.",
  commodityRequired: "Choose the commodity.",
  noAccounts: "The company has no accounts of this commodity.",
  accountsLoading: "Loading accounts…",
  accountLabel: (site: string, number: string) => [site || "(no site name)", number].filter(Boolean).join(" — "),
  archived: "(archived)",
  inactiveUser: "(inactive)",
  termInvalid: "Enter a whole number of months from 1 to 240.",
  amountInvalid: "Enter a decimal number with at most 5 decimals, e.g. 0.0712.",
  percentInvalid: "Enter a percentage from 0 to 100.",
  /** The choices of "Projected payments by" (Management and Admin, editing a contract). */
  basisChoices: { fee: "Fee", rate: "Rate" },
  basisConfirm: (basis: "fee" | "rate") =>
    `Projected payments of this contract will be computed by its ${basis} from now on. ` +
    'Existing payments keep their figures until "Update Proj. Payments" is used.',
} as const;

/** The Contract PDF dialog. */
export const CONTRACT_PDF_TEXTS = {
  title: "Contract PDF",
  viewer: "Contract PDF",
  loading: "Loading the contract's file…",
  retry: "Retry",
  deleteFile: "Delete File",
  download: (fileName: string) => `Download ${fileName}`,
  excelNote: "The contract's file is a spreadsheet: download it to open it.",
  chooseFile: "Choose a file…",
  dropHere: "Drop the contract's PDF or Excel file here, or choose it.",
  fileInput: "Contract file",
  chosen: (name: string, size: string) => `${name} (${size})`,
  uploading: "Uploading…",
  /** The gateway's words for a file of another type, used before sending one too. */
  wrongType: "Upload a PDF or Excel file.",
  tooLarge: "The file must be at most 25 MB.",
  close: "Close",
} as const;
