/** Texts of the Commissions screens (issue 25), used by the screens and their tests alike. */

/** The buckets of a statement's rows, and Missing: the projected payments no row paid. */
const BUCKET_LABELS = {
  matched: "Matched",
  shortOver: "Short/Over",
  unmatched: "Unmatched",
  duplicate: "Duplicate",
  linked: "Linked",
  missing: "Missing",
} as const;

export const COMMISSION_TEXTS = {
  title: "Commissions",
  tabs: { statements: "Statements", import: "Import", chase: "Chase" },
  retry: "Retry",
  allSuppliers: "All suppliers",
  allMonths: "All months",
  supplier: "Supplier",
  serviceMonth: "Service month",
  year: "Year",
  none: "(none)",
  statementsTable: "Statements",
  statementsLoading: "Loading statements…",
  statementsFailed: "The statements could not be loaded.",
  noStatements: "No statements match.",
  /** The Imported column: when and by whom. */
  importedBy: (date: string, name: string) => (name ? `${date} by ${name}` : date),
  statementColumns: {
    number: "Statement #",
    supplier: "Supplier",
    file: "File",
    status: "Status",
    imported: "Imported",
    rows: "Rows",
    ...BUCKET_LABELS,
    received: "Received",
    applied: "Applied",
  },
  statuses: { applied: "Applied", reverted: "Reverted", preview: "Preview" },
} as const;

/** The Import tab. */
export const IMPORT_TEXTS = {
  intro:
    "Choose the supplier and its statement file (CSV or Excel), map its columns, then preview how its rows " +
    "match the projected payments. Nothing is applied before Apply.",
  supplier: "Supplier",
  chooseSupplier: "Choose a supplier…",
  file: "Statement file",
  chooseFile: "Choose a .csv or .xlsx file…",
  supplierFirst: "Choose the supplier first.",
  wrongEnding: (name: string) => `${name} is not a CSV or Excel file: choose a .csv or .xlsx file.`,
  tooLarge: (name: string) => `${name} is larger than 32 MB: split it into smaller statements.`,
  reading: "Reading the file…",
  readFailed: "The file could not be read.",
  rowCount: (n: number) => `${n.toLocaleString("en-US")} row${n === 1 ? "" : "s"} in the file.`,
  mapping: "Columns",
  mappingHelp: "Choose the file's column that holds each figure (* required).",
  savedMapping: (supplier: string) => `Mapping saved for ${supplier} — check it`,
  sampleRows: "First rows of the file",
  paymentMonth: "Payment month",
  paymentYear: "Payment year",
  tolerance: "Tolerance (%)",
  toleranceInvalid: "Enter a tolerance from 0 to 100, e.g. 2 or 2.5.",
  preview: "Preview",
  previewing: "Matching the rows…",
  previewFailed: "The statement could not be previewed.",
  previewHeading: (rows: number) => `Preview: ${rows.toLocaleString("en-US")} row${rows === 1 ? "" : "s"}`,
  previewStale: "The mapping or the choices changed since this preview: preview again before applying.",
  apply: "Apply",
  applyFailed: "The statement could not be applied.",
  applied: (id: bigint, applied: number) =>
    `Statement #${id} applied: ${applied.toLocaleString("en-US")} payment${applied === 1 ? "" : "s"} set.`,
  alreadyImported: "Already imported",
  openEarlier: (id: string) => `Open statement #${id}`,
} as const;

/** The mapping form's fields, in the form's order (* marks a required one). */
export const MAPPING_LABELS = {
  accountNumber: "Account Number*",
  periodStart: "Period Start*",
  periodEnd: "Period End",
  periodMonth: "Period Month (instead of start)",
  usage: "Usage",
  amount: "Amount*",
  fee: "Fee",
  commodity: "Commodity",
  customerName: "Customer Name",
} as const;

export const MAPPING_ERRORS = {
  accountNumber: "Choose the column of the account numbers.",
  amount: "Choose the column of the amounts paid.",
  period: "Choose the Period Start column, or the Period Month column instead.",
  bothPeriods: "Choose Period Start or Period Month, not both.",
  twice: (header: string, fields: string) => `The column ${header} is chosen for ${fields}.`,
} as const;

/** The buckets' tabs and the rows' tables. */
export const BUCKET_TEXTS = {
  ...BUCKET_LABELS,
  withCount: (label: string, n: number) => `${label} (${n.toLocaleString("en-US")})`,
  rowsOf: (label: string) => `${label} rows`,
  noRows: (label: string) => `No ${label} rows.`,
  noMissing: "No projected payment of these months is missing.",
  link: "Link",
  linkRow: (row: number) => `Link row ${row}`,
  columns: {
    row: "Row #",
    account: "Account",
    period: "Period",
    usage: "Usage",
    amount: "Amount",
    expected: "Expected",
    difference: "Difference",
    contract: "Contract",
    company: "Company",
    note: "Note",
    suggestions: "Suggestions",
    action: "Action",
    month: "Month",
  },
  contract: (id: bigint) => `#${id}`,
} as const;

/** A statement's own page. */
export const DETAIL_TEXTS = {
  title: (id: string) => `Statement #${id}`,
  back: "All statements",
  loading: "Loading the statement…",
  loadFailed: "The statement could not be loaded.",
  notFound: "There is no such statement.",
  fields: {
    supplier: "Supplier",
    file: "File",
    status: "Status",
    imported: "Imported",
    reverted: "Reverted",
    paymentMonth: "Payment month",
    tolerance: "Tolerance",
    received: "Received",
    applied: "Applied",
    expected: "Expected",
    missing: "Missing",
  },
  missingTotal: (n: number, amount: string) => `${n.toLocaleString("en-US")} (${amount})`,
  revert: "Revert statement",
  revertConfirm: "Revert this statement? Every payment it set will hold again what it held before it was applied.",
  revertYes: "Revert",
  cancel: "Cancel",
  reverted: (n: number) => `Statement reverted: ${n.toLocaleString("en-US")} payment${n === 1 ? "" : "s"} restored.`,
  revertFailed: "The statement could not be reverted.",
} as const;

/** The Link dialog. */
export const LINK_TEXTS = {
  title: (row: number) => `Link row ${row}`,
  intro: (account: string, amount: string) => `Account ${account}, ${amount}.`,
  suggested: "Suggested contracts",
  contractId: "Contract ID",
  contractIdInvalid: "Enter a contract ID (a whole number).",
  projectedMonth: "Projected month",
  projectedYear: "Projected year",
  link: "Link and apply",
  cancel: "Cancel",
  linked: (row: number) => `Row ${row} linked and applied.`,
  failed: "The row could not be linked.",
} as const;

/** The Chase tab. */
export const CHASE_TEXTS = {
  intro:
    "Per supplier and month: what the projected payments expected, what was received, and what is short or missing.",
  table: "Commission chase",
  loading: "Loading the chase…",
  loadFailed: "The chase could not be loaded.",
  empty: (year: number) => `No projected payments are due in ${year}.`,
  columns: {
    supplier: "Supplier",
    month: "Month",
    expected: "Expected",
    received: "Received",
    short: "Short",
    missingCount: "Missing",
    missingAmount: "Missing amount",
    statements: "Statements",
    exceptions: "Exceptions",
  },
  csv: "Exceptions CSV",
  excel: "Exceptions Excel",
  exportLabel: (format: string, supplier: string, month: string) => `${format} of ${supplier}, ${month}`,
  exportFailed: "The exceptions could not be exported.",
} as const;

/** The dashboard's line for Management. */
export const SUMMARY_TEXTS = {
  label: "Commission statements",
  line: (statements: number, missing: number, amount: string) =>
    `Unreconciled statements: ${statements.toLocaleString("en-US")} · Missing payments: ${missing.toLocaleString("en-US")} (${amount})`,
} as const;
