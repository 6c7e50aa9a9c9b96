import type { UrlParams } from "./urlState";

/** Rows a page of a list held whole in the browser (suppliers, utilities: a few hundred at most). */
export const CLIENT_PAGE_SIZE = 50;

/** One page of a list: its rows and where it sits. */
export interface PageSlice<T> {
  rows: T[];
  /** 1 for the first page; a page past the end is read as the last one. */
  page: number;
  pageCount: number;
  /** 1-based position of the first and last row shown (0 and 0 when there are none). */
  first: number;
  last: number;
  total: number;
}

/** The page asked for, moved inside the list when it no longer reaches that far (after a filter). */
export function slicePage<T>(rows: readonly T[], requested: number, size = CLIENT_PAGE_SIZE): PageSlice<T> {
  const total = rows.length;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  const start = (page - 1) * size;
  const shown = rows.slice(start, start + size);
  return {
    rows: shown,
    page,
    pageCount,
    first: shown.length ? start + 1 : 0,
    last: start + shown.length,
    total,
  };
}

/** A page number from the address; 1 when absent or not one. */
export function parsePage(text: string | null): number {
  return text && /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1;
}

/** A page number kept in the address under `key` (the first page is left out); each page change is a history entry. */
export function urlPage({ params, update }: UrlParams, key: string): [number, (page: number) => void] {
  return [parsePage(params.get(key)), (page) => update({ [key]: page <= 1 ? null : String(page) })];
}
