import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import { contractCellText, type ContractColumnId, type ContractDirectories } from "../../lib/records/contractColumns";
import { BOOK_TEXTS } from "./texts";

/** The Contracts page's columns, in order. */
export const BOOK_COLUMNS = [
  "company",
  "status",
  "dateSigned",
  "commodity",
  "utility",
  "supplier",
  "startDate",
  "endDate",
  "term",
  "rate",
  "fee",
  "annualVolume",
  "termRevenue",
] as const satisfies readonly (keyof typeof BOOK_TEXTS.columns)[];

export type BookColumnId = (typeof BOOK_COLUMNS)[number];

export const BOOK_COLUMN_WIDTHS: Record<BookColumnId, number> = {
  company: 220,
  status: 130,
  dateSigned: 104,
  commodity: 106,
  utility: 150,
  supplier: 160,
  startDate: 100,
  endDate: 100,
  term: 70,
  rate: 100,
  fee: 90,
  annualVolume: 130,
  termRevenue: 130,
};

export const NUMERIC_BOOK_COLUMNS: ReadonlySet<BookColumnId> = new Set([
  "term",
  "rate",
  "fee",
  "annualVolume",
  "termRevenue",
]);

/** The lead contracts tab's column each column shows (the company is a link, drawn by the page). */
const TAB_COLUMN: Record<Exclude<BookColumnId, "company">, Exclude<ContractColumnId, "actions">> = {
  status: "status",
  dateSigned: "dateSigned",
  commodity: "commodity",
  utility: "utility",
  supplier: "supplier",
  startDate: "startDate",
  endDate: "endDate",
  term: "termLength",
  rate: "rate",
  fee: "fee",
  annualVolume: "annualVolume",
  termRevenue: "termRevenue",
};

/** A cell's text, formatted as on the company's contracts tab. */
export function bookCellText(contract: Contract, id: BookColumnId, dirs: ContractDirectories): string {
  return id === "company" ? contract.companyName : contractCellText(contract, TAB_COLUMN[id], dirs);
}
