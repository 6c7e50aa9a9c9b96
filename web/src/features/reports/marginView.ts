import { PageDirection, type MarginFilter } from "../../gen/eris/reporting/v1/reporting_pb";
import { DATE_FORMAT_ERROR, parseDateText } from "../../lib/dateText";
import { dayFromParam, dayParam, paramToDateText, type Day } from "../../lib/dayParam";
import { MONTHS } from "../../lib/records/contractTexts";
import type { ParamChanges } from "../../lib/urlState";
import { MARGIN_TEXTS } from "./texts";

/** The address's params of Margin Builder; each is left out when unset. */
export const MARGIN_PARAMS = {
  supplier: "supplier",
  projectedMonth: "projectedMonth",
  projectedYear: "projectedYear",
  startMonth: "startMonth",
  company: "company",
  paymentMonth: "paymentMonth",
  paymentYear: "paymentYear",
  signedFrom: "signedFrom",
  signedTo: "signedTo",
  size: "size",
  cursor: "cursor",
  dir: "dir",
  /** The page's number, counted by the moves from the first (left out on the first). */
  page: "page",
} as const;

const P = MARGIN_PARAMS;

/** The params that filter (the others say which page). */
export const FILTER_PARAMS: readonly string[] = [
  P.supplier,
  P.projectedMonth,
  P.projectedYear,
  P.startMonth,
  P.company,
  P.paymentMonth,
  P.paymentYear,
  P.signedFrom,
  P.signedTo,
];

/** Rows per page (spec 2 section 9): 5, 10, 25 or 50, 10 by default. */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The address's value of a backward page ("dir=back"); forward is left out. */
const BACKWARD = "back";

/**
 * What the rows are filtered by, as ListMarginRows names it; 0, "" and undefined select everything.
 * Start months are "yyyy-MM".
 */
export type MarginFilters = Omit<MarginFilter, "$typeName" | "$unknown" | "dateSignedStart" | "dateSignedEnd"> & {
  dateSignedStart: Day | undefined;
  dateSignedEnd: Day | undefined;
};

/** Which page: its size and where it is read from. */
export interface MarginPage {
  pageSize: number;
  /** "" for either end. */
  cursor: string;
  direction: PageDirection.FORWARD | PageDirection.BACKWARD;
}

const START_MONTH = /^(\d{4})-(\d{2})$/;

function monthOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 12 ? n : 0;
}

function yearOf(value: string | null): number {
  const n = Number(value);
  return value && /^\d{4}$/.test(value) && n >= 1900 && n <= 2200 ? n : 0;
}

function startMonthOf(value: string | null): string {
  const match = START_MONTH.exec(value ?? "");
  return match && monthOf(match[2]) !== 0 ? value! : "";
}

/** The filters from the address. */
export function marginFiltersOf(params: URLSearchParams): MarginFilters {
  const supplier = params.get(P.supplier);
  return {
    supplierId: supplier && /^[1-9]\d{0,18}$/.test(supplier) ? BigInt(supplier) : 0n,
    projectedMonth: monthOf(params.get(P.projectedMonth)),
    projectedYear: yearOf(params.get(P.projectedYear)),
    startMonth: startMonthOf(params.get(P.startMonth)),
    companyName: (params.get(P.company) ?? "").trim(),
    paymentMonth: monthOf(params.get(P.paymentMonth)),
    paymentYear: yearOf(params.get(P.paymentYear)),
    dateSignedStart: dayFromParam(params.get(P.signedFrom)),
    dateSignedEnd: dayFromParam(params.get(P.signedTo)),
  };
}

/** The page from the address: 10 rows from the first when it says nothing. */
export function marginPageOf(params: URLSearchParams): MarginPage {
  const size = Number(params.get(P.size));
  return {
    pageSize: PAGE_SIZES.find((s) => s === size) ?? DEFAULT_PAGE_SIZE,
    cursor: params.get(P.cursor) ?? "",
    direction: params.get(P.dir) === BACKWARD ? PageDirection.BACKWARD : PageDirection.FORWARD,
  };
}

/** The page's number from the address, as the moves counted it (keyset pages carry none); 1 by default. */
export function pageNumberOf(params: URLSearchParams): number {
  const number = Number(params.get(P.page));
  return Number.isSafeInteger(number) && number > 1 ? number : 1;
}

/** The first page: forward from no cursor. */
export function isFirstPage(page: MarginPage): boolean {
  return page.cursor === "" && page.direction === PageDirection.FORWARD;
}

const text = (n: number | bigint) => (n ? String(n) : null);

/** The address's changes for these filters, back on the first page. */
export function filterChanges(filters: MarginFilters): ParamChanges {
  return {
    [P.supplier]: text(filters.supplierId),
    [P.projectedMonth]: text(filters.projectedMonth),
    [P.projectedYear]: text(filters.projectedYear),
    [P.startMonth]: filters.startMonth || null,
    [P.company]: filters.companyName || null,
    [P.paymentMonth]: text(filters.paymentMonth),
    [P.paymentYear]: text(filters.paymentYear),
    [P.signedFrom]: filters.dateSignedStart ? dayParam(filters.dateSignedStart) : null,
    [P.signedTo]: filters.dateSignedEnd ? dayParam(filters.dateSignedEnd) : null,
    ...firstPage(),
  };
}

/** The address's changes that go back to the first page. */
export function firstPage(): ParamChanges {
  return { [P.cursor]: null, [P.dir]: null, [P.page]: null };
}

/** The pager's moves. */
export type PageMove = "first" | "previous" | "next" | "last";

/**
 * The address's changes for a move from the page shown: the first page is forward from no cursor,
 * the next forward from its last row, the previous backward from its first row, the last backward
 * from no cursor.
 */
export function pageChanges(move: PageMove, shown: { firstCursor: string; lastCursor: string }): ParamChanges {
  switch (move) {
    case "first":
      return { [P.cursor]: null, [P.dir]: null };
    case "next":
      return { [P.cursor]: shown.lastCursor || null, [P.dir]: null };
    case "previous":
      return { [P.cursor]: shown.firstCursor || null, [P.dir]: BACKWARD };
    case "last":
      return { [P.cursor]: null, [P.dir]: BACKWARD };
  }
}

/**
 * pageChanges with the page's number counted along from `from`: the last page's is `pageCount`
 * when the rows were counted, and left out (unknown) otherwise.
 */
export function numberedPageChanges(
  move: PageMove,
  shown: { firstCursor: string; lastCursor: string },
  from: number,
  pageCount: number | undefined,
): ParamChanges {
  const to = { first: 1, next: from + 1, previous: from - 1, last: pageCount }[move];
  return { ...pageChanges(move, shown), [P.page]: to && to > 1 ? String(to) : null };
}

/**
 * "1,234 rows · Page 2 of 124" for the rows matching the filter; null while the count is unknown
 * (0: not asked, or a server that does not count yet), so no "0 rows" shows over rows. Keyset pages
 * have no position of their own: a page with nothing before it is the first, one with nothing after
 * it the last, and any other lies between them by the moves counted.
 */
export function marginCountText(
  total: bigint,
  pageSize: number,
  page: { number: number; hasPrevious: boolean; hasNext: boolean },
): string | null {
  if (total <= 0n) {
    return null;
  }
  const pages = Number((total + BigInt(pageSize) - 1n) / BigInt(pageSize));
  const number = !page.hasPrevious ? 1 : !page.hasNext ? pages : Math.min(Math.max(page.number, 2), pages - 1);
  return `${MARGIN_TEXTS.rowCount(total)} · ${MARGIN_TEXTS.pageOf(Math.max(number, 1), pages)}`;
}

/** The filters as the export's JSON body names them (POST /api/reports/marginBuilderExport); unset ones left out. */
export interface MarginExportFilters {
  supplier?: number;
  projectedMonth?: number;
  projectedYear?: number;
  startMonth?: string;
  companyName?: string;
  paymentMonth?: number;
  paymentYear?: number;
  dateSignedStart?: string;
  dateSignedEnd?: string;
}

export function marginExportFilters(filters: MarginFilters): MarginExportFilters {
  const body: MarginExportFilters = {
    supplier: filters.supplierId ? Number(filters.supplierId) : undefined,
    projectedMonth: filters.projectedMonth || undefined,
    projectedYear: filters.projectedYear || undefined,
    startMonth: filters.startMonth || undefined,
    companyName: filters.companyName || undefined,
    paymentMonth: filters.paymentMonth || undefined,
    paymentYear: filters.paymentYear || undefined,
    dateSignedStart: filters.dateSignedStart ? dayParam(filters.dateSignedStart) : undefined,
    dateSignedEnd: filters.dateSignedEnd ? dayParam(filters.dateSignedEnd) : undefined,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** A query key of plain texts for the filters and the page. */
export function marginKey(filters: MarginFilters, page: MarginPage): string[] {
  const changes = filterChanges(filters);
  return [
    ...FILTER_PARAMS.map((key) => String(changes[key] ?? "")),
    String(page.pageSize),
    page.cursor,
    String(page.direction),
  ];
}

/** The filters the address names, as a text that changes only when they do. */
export function filterSearch(params: URLSearchParams): string {
  return FILTER_PARAMS.map((key) => `${key}=${params.get(key) ?? ""}`).join("&");
}

/** "2026-03" -> "March 2026". */
export function startMonthLabel(value: string): string {
  const match = START_MONTH.exec(value);
  return match ? `${MONTHS[Number(match[2]) - 1] ?? match[2]} ${match[1]}` : value;
}

/** The filter form as typed: selects' values and the dates as MM/DD/YYYY. */
export interface MarginDraft {
  supplier: string;
  projectedMonth: string;
  projectedYear: string;
  startMonth: string;
  companyName: string;
  paymentMonth: string;
  paymentYear: string;
  signedFrom: string;
  signedTo: string;
}

/** The form showing the filters in force. */
export function draftOf(params: URLSearchParams): MarginDraft {
  const f = marginFiltersOf(params);
  return {
    supplier: f.supplierId ? String(f.supplierId) : "",
    projectedMonth: f.projectedMonth ? String(f.projectedMonth) : "",
    projectedYear: f.projectedYear ? String(f.projectedYear) : "",
    startMonth: f.startMonth,
    companyName: f.companyName,
    paymentMonth: f.paymentMonth ? String(f.paymentMonth) : "",
    paymentYear: f.paymentYear ? String(f.paymentYear) : "",
    signedFrom: paramToDateText(params.get(P.signedFrom) ?? ""),
    signedTo: paramToDateText(params.get(P.signedTo) ?? ""),
  };
}

/** The filters the form says, or why it cannot be used (a date that is not one, or a reversed range). */
export function filtersOfDraft(draft: MarginDraft): { filters: MarginFilters } | { error: string } {
  const from = parseDateText(draft.signedFrom);
  const to = parseDateText(draft.signedTo);
  if (from.kind === "invalid" || to.kind === "invalid") {
    return { error: DATE_FORMAT_ERROR };
  }
  const day = (parsed: typeof from): Day | undefined =>
    parsed.kind === "date" ? { year: parsed.date.year, month: parsed.date.month, day: parsed.date.day } : undefined;
  const signedFrom = day(from);
  const signedTo = day(to);
  if (signedFrom && signedTo && dayParam(signedFrom) > dayParam(signedTo)) {
    return { error: MARGIN_TEXTS.rangeReversed };
  }
  const params = new URLSearchParams();
  const set = (key: string, value: string) => value && params.set(key, value);
  set(P.supplier, draft.supplier);
  set(P.projectedMonth, draft.projectedMonth);
  set(P.projectedYear, draft.projectedYear);
  set(P.startMonth, draft.startMonth);
  set(P.company, draft.companyName);
  set(P.paymentMonth, draft.paymentMonth);
  set(P.paymentYear, draft.paymentYear);
  return { filters: { ...marginFiltersOf(params), dateSignedStart: signedFrom, dateSignedEnd: signedTo } };
}

/**
 * Whether the form shows the filters in force (those of the table and of an export): false once a
 * select, the company or a date was changed and Filter not pressed, or while the form cannot be read.
 */
export function isDraftApplied(draft: MarginDraft, params: URLSearchParams): boolean {
  const typed = filtersOfDraft(draft);
  if ("error" in typed) {
    return false;
  }
  const shown = filterChanges(typed.filters);
  const inForce = filterChanges(marginFiltersOf(params));
  return FILTER_PARAMS.every((key) => (shown[key] ?? null) === (inForce[key] ?? null));
}
