import { useState } from "react";

import { LIST_TEXTS } from "./listTexts";

/** The server's sort keys of ListCompaniesRequest.order_by (each may be followed by " desc"). */
export const SORT_KEYS = [
  "name",
  "city",
  "state",
  "zip",
  "entry_date",
  "electric_usage",
  "gas_usage",
  "dr_reduction",
  "electric_contract_end_date",
  "gas_contract_end_date",
  "dr_contract_end_date",
  "primary_electric_status",
  "primary_gas_status",
  "primary_dr_status",
] as const;

export type SortKey = (typeof SORT_KEYS)[number];

/** A list order: a sort key and its direction. */
export interface SortOrder {
  key: SortKey;
  desc: boolean;
}

/** The server's default order, left out of the address. */
export const DEFAULT_SORT: SortOrder = { key: "name", desc: false };

/** Reads "city" or "city desc" (the address's and the server's form); the default for anything else. */
export function parseSort(text: string | null): SortOrder {
  const match = /^([a-z_]+)( desc)?$/.exec(text?.trim() ?? "");
  const key = SORT_KEYS.find((k) => k === match?.[1]);
  return key ? { key, desc: match?.[2] !== undefined } : DEFAULT_SORT;
}

/** The order_by text of an order. */
export function orderByOf(sort: SortOrder): string {
  return sort.desc ? `${sort.key} desc` : sort.key;
}

/** Clicking a column's header: ascending first, then the other way round. */
export function nextSort(current: SortOrder, key: SortKey): SortOrder {
  return current.key === key ? { key, desc: !current.desc } : { key, desc: false };
}

/** The columns a person may add to the list. */
export const OPTIONAL_COLUMNS = [
  "electricUsage",
  "gasUsage",
  "electricContractEnd",
  "gasContractEnd",
  "drContractEnd",
  "drStatus",
  "totalKwh",
  "totalTherms",
] as const satisfies readonly (keyof typeof LIST_TEXTS.optionalColumns)[];

export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

/** The sort key of each optional column; the accounts' totals cannot be sorted on (the server has no such order). */
export const OPTIONAL_COLUMN_SORT: Partial<Record<OptionalColumn, SortKey>> = {
  electricUsage: "electric_usage",
  gasUsage: "gas_usage",
  electricContractEnd: "electric_contract_end_date",
  gasContractEnd: "gas_contract_end_date",
  drContractEnd: "dr_contract_end_date",
  drStatus: "primary_dr_status",
};

/** How a person likes the list: the optional columns shown and compact rows. */
export interface ListPrefs {
  columns: OptionalColumn[];
  compact: boolean;
}

export const DEFAULT_PREFS: ListPrefs = { columns: [], compact: false };

/** Where a user's list preferences are kept (per user, so people sharing a browser keep their own). */
export function prefsKey(userId: bigint): string {
  return `eris.companyList.${userId}`;
}

/** The stored preferences; the defaults for anything missing or unreadable. */
export function readPrefs(storage: Pick<Storage, "getItem">, userId: bigint): ListPrefs {
  try {
    const raw = JSON.parse(storage.getItem(prefsKey(userId)) ?? "null") as Partial<ListPrefs> | null;
    if (!raw || typeof raw !== "object") {
      return DEFAULT_PREFS;
    }
    const columns = Array.isArray(raw.columns)
      ? OPTIONAL_COLUMNS.filter((column) => (raw.columns as unknown[]).includes(column))
      : [];
    return { columns, compact: raw.compact === true };
  } catch {
    return DEFAULT_PREFS;
  }
}

export function writePrefs(storage: Pick<Storage, "setItem">, userId: bigint, prefs: ListPrefs): void {
  try {
    storage.setItem(prefsKey(userId), JSON.stringify(prefs));
  } catch {
    // Storage may be full or refused; the choice then lasts until the page is left.
  }
}

/** The signed-in user's list preferences, kept in localStorage. */
export function useListPrefs(userId: bigint): [ListPrefs, (prefs: ListPrefs) => void] {
  const [state, setState] = useState(() => ({ userId, prefs: readPrefs(window.localStorage, userId) }));
  const prefs = state.userId === userId ? state.prefs : readPrefs(window.localStorage, userId);
  const change = (next: ListPrefs) => {
    writePrefs(window.localStorage, userId, next);
    setState({ userId, prefs: next });
  };
  return [prefs, change];
}
