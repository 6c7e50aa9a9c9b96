import { useMemo, useState } from "react";

import type { ColumnOption, DataGridColumnsProps } from "./DataGridColumns";
import type { VirtualColumn } from "./VirtualTable";

/** What the chooser needs of a column: pinned columns (a row's name, its amounts) are always shown. */
export type ChoosableColumn = Pick<VirtualColumn<never>, "id" | "header" | "label" | "pinned">;

/** Where a user's hidden columns of a table are kept (per user, so people sharing a browser keep their own). */
export function gridColumnsKey(table: string, userId: bigint): string {
  return `eris.gridColumns.${table}.${userId}`;
}

/** The hidden columns stored under `key`; none when missing or unreadable. */
export function readHiddenColumns(storage: Pick<Storage, "getItem">, key: string): string[] {
  try {
    const stored = JSON.parse(storage.getItem(key) ?? "null") as { hidden?: unknown } | null;
    const hidden = stored?.hidden;
    return Array.isArray(hidden) ? hidden.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Keeps the hidden columns; none hidden leaves nothing stored, so a reset follows later defaults. */
export function writeHiddenColumns(
  storage: Pick<Storage, "setItem" | "removeItem">,
  key: string,
  hidden: readonly string[],
): void {
  try {
    if (hidden.length === 0) {
      storage.removeItem(key);
    } else {
      storage.setItem(key, JSON.stringify({ hidden }));
    }
  } catch {
    // Storage may be full or refused; the choice then lasts until the page is left.
  }
}

/** The columns shown, in their order: pinned ones always, the others unless hidden. */
export function shownColumns<C extends ChoosableColumn>(columns: readonly C[], hidden: readonly string[]): C[] {
  return columns.filter((column) => column.pinned || !hidden.includes(column.id));
}

/** The chooser's entries: every column by name, whether shown, and whether it is pinned (always shown). */
export function columnOptions(columns: readonly ChoosableColumn[], hidden: readonly string[]): ColumnOption[] {
  return columns.map((column) => ({
    id: column.id,
    label: column.label ?? (typeof column.header === "string" ? column.header : column.id),
    pinned: Boolean(column.pinned),
    shown: Boolean(column.pinned) || !hidden.includes(column.id),
  }));
}

/**
 * The columns a user shows of a table (`table` names it in storage), kept in localStorage per
 * user, and the props of the DataGridColumns chooser that changes them.
 */
export function useGridColumns<C extends ChoosableColumn>(
  table: string,
  userId: bigint,
  columns: readonly C[],
): { columns: C[]; chooser: DataGridColumnsProps } {
  const key = gridColumnsKey(table, userId);
  const [state, setState] = useState(() => ({ key, hidden: readHiddenColumns(window.localStorage, key) }));
  // Another user (or table) reads its own choice at once.
  const hidden = state.key === key ? state.hidden : readHiddenColumns(window.localStorage, key);
  const save = (next: string[]) => {
    writeHiddenColumns(window.localStorage, key, next);
    setState({ key, hidden: next });
  };
  const shown = useMemo(() => shownColumns(columns, hidden), [columns, hidden]);
  return {
    columns: shown,
    chooser: {
      options: columnOptions(columns, hidden),
      onChange: (id, show) => save(show ? hidden.filter((other) => other !== id) : [...hidden, id]),
      onReset: () => save([]),
    },
  };
}
