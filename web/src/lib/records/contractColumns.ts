import { create } from "@bufbuild/protobuf";

import { supplierName } from "../../api/suppliers";
import { utilityName } from "../../api/utilities";
import { DateSchema, type Date as CalendarDate } from "../../gen/eris/common/v1/date_pb";
import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import type { Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import { commodityLabel } from "../commodity";
import { formatDate } from "../dateText";
import { formatMoney, formatRate, formatVolume } from "./contractFormat";
import { CONTRACT_TEXTS, statusLabel } from "./contractTexts";

/** The lead contracts tab's columns, in the spec's order, after the row actions. */
export const CONTRACT_COLUMNS = [
  "actions",
  "status",
  "dateSigned",
  "commodity",
  "utility",
  "contractType",
  "supplier",
  "startDate",
  "termLength",
  "endDate",
  "rate",
  "rateType",
  "fee",
  "annualVolume",
  "termVolume",
  "annualRevenue",
  "termRevenue",
] as const satisfies readonly (keyof typeof CONTRACT_TEXTS.columns)[];

export type ContractColumnId = (typeof CONTRACT_COLUMNS)[number];

/** Sales read contracts without the Actions column. */
export function contractColumnsFor(canEdit: boolean): ContractColumnId[] {
  return CONTRACT_COLUMNS.filter((id) => canEdit || id !== "actions");
}

export const CONTRACT_COLUMN_WIDTHS: Record<ContractColumnId, number> = {
  actions: 144,
  status: 124,
  dateSigned: 104,
  commodity: 112,
  utility: 150,
  contractType: 110,
  supplier: 160,
  startDate: 104,
  termLength: 96,
  endDate: 104,
  rate: 92,
  rateType: 110,
  fee: 84,
  annualVolume: 130,
  termVolume: 170,
  annualRevenue: 116,
  termRevenue: 116,
};

export const NUMERIC_CONTRACT_COLUMNS: ReadonlySet<ContractColumnId> = new Set([
  "termLength",
  "rate",
  "fee",
  "annualVolume",
  "termVolume",
  "annualRevenue",
  "termRevenue",
]);

/**
 * The End Date the lead contracts screen shows (spec 2 section 4): the start plus the term, less a
 * day, for beta contracts too (whose saved end date is the last day of a month). As in
 * docs/decisions.md, a day the month reached lacks (January 31st + 1) rolls to the next month's
 * first, so the day before is that month's last (February 28th). The contract's own end date
 * without a start or a term.
 */
export function leadScreenEndDate(
  contract: Pick<Contract, "startDate" | "termMonths" | "endDate">,
): CalendarDate | undefined {
  const start = contract.startDate;
  if (!start || start.year === 0 || contract.termMonths <= 0) {
    return contract.endDate;
  }
  const months = start.month - 1 + contract.termMonths;
  const year = start.year + Math.floor(months / 12);
  const month = (months % 12) + 1;
  // Day 0 of the next month is this month's last (UTC, so no time zone shifts it).
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (start.day > daysInMonth) {
    return create(DateSchema, { year, month, day: daysInMonth });
  }
  const end = new Date(Date.UTC(year, month - 1, start.day - 1));
  return create(DateSchema, { year: end.getUTCFullYear(), month: end.getUTCMonth() + 1, day: end.getUTCDate() });
}

/** The directories that name a contract's utility and supplier. */
export interface ContractDirectories {
  utilities: readonly Utility[] | undefined;
  suppliers: readonly Supplier[] | undefined;
}

/** A cell's text (the actions are drawn by the tab). */
export function contractCellText(
  contract: Contract,
  id: Exclude<ContractColumnId, "actions">,
  dirs: ContractDirectories,
): string {
  switch (id) {
    case "status":
      return statusLabel(contract.status);
    case "dateSigned":
      return formatDate(contract.dateSigned);
    case "commodity":
      return commodityLabel(contract.commodity);
    case "utility":
      return contract.utilityId === 0n ? "" : (utilityName(dirs.utilities, contract.utilityId) ?? "");
    case "contractType":
      return contract.contractType;
    case "supplier":
      return contract.supplierId === 0n ? "" : (supplierName(dirs.suppliers, contract.supplierId) ?? "");
    case "startDate":
      return formatDate(contract.startDate);
    case "termLength":
      return contract.termMonths === 0 ? "" : String(contract.termMonths);
    case "endDate":
      return formatDate(leadScreenEndDate(contract));
    case "rate":
      return formatRate(contract.contractRate);
    case "rateType":
      return contract.rateType;
    case "fee":
      return formatRate(contract.fee);
    case "annualVolume":
      return formatVolume(contract.annualVolume);
    case "termVolume":
      return formatVolume(contract.termVolume);
    case "annualRevenue":
      return formatMoney(contract.annualFeeTotal);
    case "termRevenue":
      return formatMoney(contract.termFeeTotal);
  }
}
