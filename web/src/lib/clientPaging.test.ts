import { describe, expect, it, vi } from "vitest";

import { parsePage, slicePage, urlPage } from "./clientPaging";

const rows = Array.from({ length: 120 }, (_, i) => i + 1);

describe("paging in the browser", () => {
  it("cuts a list into pages and says where each sits", () => {
    expect(slicePage(rows, 1)).toMatchObject({ page: 1, pageCount: 3, first: 1, last: 50, total: 120 });
    const last = slicePage(rows, 3);
    expect(last).toMatchObject({ page: 3, first: 101, last: 120 });
    expect(last.rows).toHaveLength(20);
  });

  it("moves a page past the end back inside the list", () => {
    expect(slicePage(rows, 9).page).toBe(3);
    expect(slicePage([], 4)).toMatchObject({ page: 1, pageCount: 1, first: 0, last: 0, total: 0, rows: [] });
  });

  it("reads page numbers from the address", () => {
    expect(parsePage("2")).toBe(2);
    expect(parsePage(null)).toBe(1);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("x")).toBe(1);
  });

  it("keeps the page in the address, leaving the first page out", () => {
    const update = vi.fn();
    const [page, setPage] = urlPage({ params: new URLSearchParams("q=acme&page=3"), update }, "page");
    expect(page).toBe(3);
    setPage(2);
    expect(update).toHaveBeenLastCalledWith({ page: "2" });
    setPage(1);
    expect(update).toHaveBeenLastCalledWith({ page: null });
  });

  it("moves a page past the end back to the last page, e.g. after adding a row", () => {
    expect(slicePage(rows, Number.POSITIVE_INFINITY).page).toBe(3);
  });
});
