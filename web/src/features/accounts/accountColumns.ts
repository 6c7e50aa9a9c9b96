import { supplierName } from "../../api/suppliers";
import { utilityName } from "../../api/utilities";
import { AccountCommodity, AccountFilter, DrStatus, OpenState, type Account } from "../../gen/eris/crm/v1/accounts_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import type { Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import { toCsv } from "../../lib/csv";
import { formatDate } from "../../lib/dateText";
import { ACCOUNT_TEXTS } from "./texts";

/** The commodity filter of the accounts tab, as kept in the address ("all" is left out). */
export type CommodityFilter = "all" | "electric" | "gas" | "dr";

export const COMMODITY_FILTERS: readonly CommodityFilter[] = ["all", "electric", "gas", "dr"];

/** The filter named by the address's param; anything else is "all". */
export function commodityFilterOf(param: string | null): CommodityFilter {
  return COMMODITY_FILTERS.find((filter) => filter === param) ?? "all";
}

export const API_FILTERS: Record<CommodityFilter, AccountFilter> = {
  all: AccountFilter.UNSPECIFIED,
  electric: AccountFilter.ELECTRIC,
  gas: AccountFilter.GAS,
  dr: AccountFilter.DR,
};

export type ColumnId = keyof typeof ACCOUNT_TEXTS.columns;

/** Spec section 2: the Electric columns. */
const ELECTRIC: readonly ColumnId[] = [
  "actions",
  "name",
  "utility",
  "accountNumber",
  "secondaryNumber",
  "rateClass",
  "supplier",
  "address",
  "taxExempt",
  "annualKwh",
  "plc",
  "nspl",
  "loadFactor",
  "contractEndDate",
  "openState",
];
/** DR adds Status, Provider and the registered kW. */
const DR: readonly ColumnId[] = [...ELECTRIC, "drStatus", "provider", "summerKw", "winterKw"];
/** Gas uses Annual Therms and drops PLC, NSPL and Load Factor. */
const GAS: readonly ColumnId[] = ELECTRIC.flatMap((column): ColumnId[] =>
  column === "annualKwh"
    ? ["annualTherms"]
    : column === "plc" || column === "nspl" || column === "loadFactor"
      ? []
      : [column],
);
/** All: the Electric and Gas columns, with the commodity (DR accounts marked) after the name. */
const ALL: readonly ColumnId[] = ELECTRIC.flatMap((column): ColumnId[] =>
  column === "name" ? ["name", "commodity"] : column === "annualKwh" ? ["annualKwh", "annualTherms"] : [column],
);

const COLUMNS: Record<CommodityFilter, readonly ColumnId[]> = { all: ALL, electric: ELECTRIC, gas: GAS, dr: DR };

/** The columns of a filter; without Actions for those who may not change accounts (Sales). */
export function columnsFor(filter: CommodityFilter, canEdit: boolean): ColumnId[] {
  return COLUMNS[filter].filter((column) => canEdit || column !== "actions");
}

/** Widths in px: the table has a fixed layout, so rows can be drawn as they scroll into view. */
export const COLUMN_WIDTHS: Record<ColumnId, number> = {
  actions: 124,
  name: 180,
  commodity: 112,
  utility: 180,
  accountNumber: 150,
  secondaryNumber: 130,
  rateClass: 110,
  supplier: 170,
  address: 260,
  taxExempt: 96,
  annualKwh: 104,
  annualTherms: 104,
  plc: 84,
  nspl: 84,
  loadFactor: 90,
  contractEndDate: 158,
  openState: 90,
  drStatus: 110,
  provider: 160,
  summerKw: 120,
  winterKw: 120,
};

export const NUMERIC_COLUMNS: ReadonlySet<ColumnId> = new Set<ColumnId>([
  "taxExempt",
  "annualKwh",
  "annualTherms",
  "plc",
  "nspl",
  "loadFactor",
  "summerKw",
  "winterKw",
]);

/**
 * The usage columns, pinned at the right of the table so they stay in view at 1024 px while the
 * others scroll sideways.
 */
export const PINNED_END_COLUMNS: ReadonlySet<ColumnId> = new Set<ColumnId>([
  "annualKwh",
  "annualTherms",
  "plc",
  "nspl",
]);

/**
 * Decimals shown of each quantity, in its column and in its total alike: volumes in whole kWh or
 * therms, capacities (kW) to 2 decimals, so "153.00" stands above "65.50", never "153".
 */
const QUANTITY_DECIMALS = {
  annualKwh: 0,
  annualTherms: 0,
  plc: 2,
  nspl: 2,
  summerKw: 2,
  winterKw: 2,
} as const satisfies Partial<Record<ColumnId, number>>;

export type QuantityColumn = keyof typeof QUANTITY_DECIMALS;

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * A quantity (decimal text) as its column shows it: thousands separators and the column's number of
 * decimals, rounded half up on the digits themselves ("1250000.4" -> "1,250,000", "65.5" -> "65.50").
 * Empty stays empty; text that is not a decimal is returned as is.
 */
export function formatQuantity(value: string, column: QuantityColumn): string {
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[1] === "" && !match[2])) {
    return value.trim();
  }
  const [, whole, fraction = ""] = match;
  const decimals = QUANTITY_DECIMALS[column];
  const scale = 10n ** BigInt(decimals);
  const kept = BigInt((whole || "0") + fraction.padEnd(decimals, "0").slice(0, decimals));
  const rounded = kept + (fraction.charAt(decimals) >= "5" ? 1n : 0n);
  const grouped = (rounded / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return decimals === 0 ? grouped : `${grouped}.${(rounded % scale).toString().padStart(decimals, "0")}`;
}

/** Names of the directories' entries by id (archived suppliers included). */
export interface Directories {
  utility: (utilityId: bigint) => string;
  supplier: (supplierId: bigint) => string;
}

export function directoriesOf(
  utilities: readonly Utility[] | undefined,
  suppliers: readonly Supplier[] | undefined,
): Directories {
  return {
    utility: (utilityId) => (utilityId === 0n ? "" : (utilityName(utilities, utilityId) ?? "")),
    supplier: (supplierId) => (supplierId === 0n ? "" : (supplierName(suppliers, supplierId) ?? "")),
  };
}

export function commodityText(account: Account): string {
  const names = ACCOUNT_TEXTS.commodityNames;
  switch (account.commodity) {
    case AccountCommodity.ELECTRIC:
      return account.isDr ? `${names.electric}${names.drSuffix}` : names.electric;
    case AccountCommodity.GAS:
      return names.gas;
    default:
      return "";
  }
}

export function openStateText(state: OpenState): string {
  return state === OpenState.OPEN
    ? ACCOUNT_TEXTS.openStates.open
    : state === OpenState.CLOSED
      ? ACCOUNT_TEXTS.openStates.closed
      : "";
}

export function drStatusText(status: DrStatus): string {
  return status === DrStatus.REGISTERED
    ? ACCOUNT_TEXTS.drStatuses.registered
    : status === DrStatus.UNREGISTERED
      ? ACCOUNT_TEXTS.drStatuses.unregistered
      : "";
}

/** "12 Main St, Dayton, OH 45402": the parts that are there. */
export function addressText(account: Account): string {
  const stateZip = [account.state, account.zip].filter(Boolean).join(" ");
  return [account.address, account.city, stateZip].filter(Boolean).join(", ");
}

const isElectric = (account: Account) => account.commodity === AccountCommodity.ELECTRIC;

/**
 * A cell's value: `shown` formats numbers for people (thousands separators, the column's decimals),
 * `raw` keeps the server's decimal (for a spreadsheet). Electric-only values are blank on gas accounts.
 */
function cellValue(account: Account, column: ColumnId, dirs: Directories, shown: boolean): string {
  const number = (value: string, quantity: QuantityColumn) =>
    shown && value ? formatQuantity(value, quantity) : value;
  const dr = isElectric(account) && account.isDr;
  switch (column) {
    case "actions":
      return "";
    case "name":
      return account.name;
    case "commodity":
      return commodityText(account);
    case "utility":
      return dirs.utility(account.utilityId);
    case "accountNumber":
      return account.accountNumber;
    case "secondaryNumber":
      return account.secondaryAccountNumber;
    case "rateClass":
      return account.rateClass;
    case "supplier":
      return dirs.supplier(account.supplierId);
    case "address":
      return addressText(account);
    case "taxExempt":
      return account.taxExemptPercent ? `${account.taxExemptPercent}%` : "";
    case "annualKwh":
      return isElectric(account) ? number(account.annualKwh, "annualKwh") : "";
    case "annualTherms":
      return account.commodity === AccountCommodity.GAS ? number(account.annualTherms, "annualTherms") : "";
    case "plc":
      return isElectric(account) ? number(account.plc, "plc") : "";
    case "nspl":
      return isElectric(account) ? number(account.nspl, "nspl") : "";
    case "loadFactor":
      // Already 4 decimals; rounding it to 2 would hide what the usage dialog shows.
      return isElectric(account) ? account.loadFactor : "";
    case "contractEndDate":
      return formatDate(account.contractEndDate);
    case "openState":
      return openStateText(account.openState);
    case "drStatus":
      return dr ? drStatusText(account.drStatus) : "";
    case "provider":
      return dr ? dirs.supplier(account.drProviderSupplierId) : "";
    case "summerKw":
      return dr ? number(account.summerRegisteredKw, "summerKw") : "";
    case "winterKw":
      return dr ? number(account.winterRegisteredKw, "winterKw") : "";
  }
}

/** What a cell shows. */
export function cellText(account: Account, column: ColumnId, dirs: Directories): string {
  return cellValue(account, column, dirs, true);
}

/** The export of a filter's columns (without Actions), every value as the server has it. */
export function accountsCsv(accounts: readonly Account[], filter: CommodityFilter, dirs: Directories): string {
  const columns = columnsFor(filter, false);
  const header = columns.map((column) => ACCOUNT_TEXTS.columns[column]);
  const rows = accounts.map((account) => columns.map((column) => cellValue(account, column, dirs, false)));
  return toCsv([header, ...rows]);
}
