import { useCallback, useState } from "react";

import { useLocation, useNavigationType, useSearchParams } from "react-router";

/** New values of some search params: a list repeats the param; null, undefined or "" removes it. */
export type ParamChanges = Record<string, string | readonly string[] | null | undefined>;

/** The params with the changes made (pure, for tests). */
export function applyParamChanges(params: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    if (value === null || value === undefined || value === "") {
      continue;
    }
    if (typeof value === "string") {
      next.set(key, value);
    } else {
      value.forEach((v) => next.append(key, v));
    }
  }
  return next;
}

export interface UrlParams {
  params: URLSearchParams;
  /**
   * Changes some params. A change is a new history entry (Back returns to the state before), unless
   * `replace` is set (typing in a search box); a change that changes nothing adds no entry.
   */
  update: (changes: ParamChanges, options?: { replace?: boolean }) => void;
}

/**
 * A list's state (search text, chosen user, page, sort, tab) kept in the address, so that Back, a
 * reload and a shared link show the same list. Defaults are left out of the address.
 */
export function useUrlParams(): UrlParams {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: ParamChanges, options: { replace?: boolean } = {}) => {
      const next = applyParamChanges(params, changes);
      if (next.toString() !== params.toString()) {
        setParams(next, { replace: options.replace });
      }
    },
    [params, setParams],
  );
  return { params, update };
}

export interface UrlTextOptions {
  /** Params dropped with every change (e.g. the page tokens of a search). */
  resets?: readonly string[];
  /** The param's value for a text: undefined leaves the address alone (e.g. a half-typed date). */
  toUrl?: (text: string) => string | null | undefined;
  /** The text shown for the param's value ("" when absent). */
  fromUrl?: (value: string) => string;
}

/**
 * A text box bound to a search param: it shows what is typed at once and writes it to the address
 * (replacing the entry, so typing does not fill the history). Back, Forward and links that change
 * the param change the text too.
 */
export function useUrlText(
  { params, update }: UrlParams,
  key: string,
  { resets = [], toUrl = (text) => text, fromUrl = (value) => value }: UrlTextOptions = {},
): [string, (value: string) => void] {
  const urlValue = fromUrl(params.get(key) ?? "");
  const location = useLocation();
  const navigationType = useNavigationType();
  const [text, setText] = useState(urlValue);
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    // Typing replaces entries; any other navigation (Back, a link, a menu click) says what to show.
    if (navigationType !== "REPLACE" && text !== urlValue) {
      setText(urlValue);
    }
  }
  const change = (value: string) => {
    setText(value);
    const written = toUrl(value);
    if (written !== undefined) {
      update({ [key]: written, ...Object.fromEntries(resets.map((r) => [r, null])) }, { replace: true });
    }
  };
  return [text, change];
}

/**
 * Next/previous paging over server page tokens: a stack of the tokens of the pages visited, so that
 * Previous goes back without the server knowing about previous pages.
 */
export interface PageTokens {
  /** The token of the page shown ("" for the first). */
  token: string;
  /** 1 for the first page. */
  page: number;
  hasPrevious: boolean;
  next: (nextPageToken: string) => void;
  previous: () => void;
  reset: () => void;
}

/**
 * Page tokens kept in the address (the param repeated, one per page after the first), so that a
 * reload or a shared link opens the same page and Previous still works. Each page is a history entry.
 */
export function useUrlPageTokens({ params, update }: UrlParams, key: string): PageTokens {
  const stack = ["", ...params.getAll(key).filter(Boolean)];
  return {
    token: stack[stack.length - 1],
    page: stack.length,
    hasPrevious: stack.length > 1,
    next: (nextPageToken) => {
      if (nextPageToken) {
        update({ [key]: [...stack.slice(1), nextPageToken] });
      }
    },
    previous: () => update({ [key]: stack.slice(1, -1) }),
    reset: () => update({ [key]: null }),
  };
}

/** Changes to show another tab: the tab's own params (search, page, ...) are dropped; the default tab is left out. */
export function tabChanges(params: URLSearchParams, key: string, tab: string, defaultTab: string): ParamChanges {
  const changes: ParamChanges = Object.fromEntries([...params.keys()].map((k) => [k, null]));
  changes[key] = tab === defaultTab ? null : tab;
  return changes;
}
