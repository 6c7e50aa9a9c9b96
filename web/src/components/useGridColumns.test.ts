import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import {
  columnOptions,
  gridColumnsKey,
  readHiddenColumns,
  shownColumns,
  useGridColumns,
  writeHiddenColumns,
  type ChoosableColumn,
} from "./useGridColumns";

const columns: ChoosableColumn[] = [
  { id: "name", header: "Name", pinned: true },
  { id: "city", header: "City" },
  { id: "zip", header: "Zip" },
  { id: "fee", header: "Fee", pinned: "end" },
  { id: "payment", header: null, label: "Payment Actual", pinned: "end" },
];
const ids = (shown: readonly ChoosableColumn[]) => shown.map((column) => column.id);

describe("grid column choices", () => {
  it("are kept per user and per table", () => {
    expect(gridColumnsKey("contracts", 7n)).toBe("eris.gridColumns.contracts.7");
    expect(gridColumnsKey("contracts", 8n)).not.toBe(gridColumnsKey("contracts", 7n));
    expect(gridColumnsKey("accounts", 7n)).not.toBe(gridColumnsKey("contracts", 7n));
  });

  it("read back what was written, and nothing from a missing or spoilt entry", () => {
    const storage = window.localStorage;
    writeHiddenColumns(storage, "k", ["city", "zip"]);
    expect(storage.getItem("k")).toBe('{"hidden":["city","zip"]}');
    expect(readHiddenColumns(storage, "k")).toEqual(["city", "zip"]);
    writeHiddenColumns(storage, "k", []);
    expect(storage.getItem("k")).toBeNull();
    expect(readHiddenColumns(storage, "k")).toEqual([]);
    storage.setItem("k", "{not json");
    expect(readHiddenColumns(storage, "k")).toEqual([]);
    storage.setItem("k", '{"hidden":["city",3,null]}');
    expect(readHiddenColumns(storage, "k")).toEqual(["city"]);
  });

  it("never hide a pinned column, whatever is stored", () => {
    expect(ids(shownColumns(columns, ["city", "fee", "name"]))).toEqual(["name", "zip", "fee", "payment"]);
    expect(columnOptions(columns, ["city", "fee"])).toEqual([
      { id: "name", label: "Name", pinned: true, shown: true },
      { id: "city", label: "City", pinned: false, shown: false },
      { id: "zip", label: "Zip", pinned: false, shown: true },
      { id: "fee", label: "Fee", pinned: true, shown: true },
      { id: "payment", label: "Payment Actual", pinned: true, shown: true },
    ]);
  });
});

describe("useGridColumns", () => {
  it("hides and shows columns, keeps the choice for the user, and resets it", () => {
    const first = renderHook(() => useGridColumns("rfps", 7n, columns));
    expect(ids(first.result.current.columns)).toEqual(["name", "city", "zip", "fee", "payment"]);
    act(() => first.result.current.chooser.onChange("city", false));
    act(() => first.result.current.chooser.onChange("zip", false));
    act(() => first.result.current.chooser.onChange("zip", true));
    expect(ids(first.result.current.columns)).toEqual(["name", "zip", "fee", "payment"]);
    first.unmount();

    // A reload: the same user finds the same columns, another user their own.
    const again = renderHook(() => useGridColumns("rfps", 7n, columns));
    expect(ids(again.result.current.columns)).toEqual(["name", "zip", "fee", "payment"]);
    expect(ids(renderHook(() => useGridColumns("rfps", 8n, columns)).result.current.columns)).toHaveLength(5);

    act(() => again.result.current.chooser.onReset());
    expect(ids(again.result.current.columns)).toHaveLength(5);
    expect(window.localStorage.getItem(gridColumnsKey("rfps", 7n))).toBeNull();
  });
});
