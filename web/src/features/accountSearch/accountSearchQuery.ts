import { useInfiniteQuery } from "@tanstack/react-query";

import { useApi } from "../../api/clients";

/** The server needs at least this many characters. */
export const MIN_QUERY_LENGTH = 2;
/** Matches per page ("Load more" asks for the next). */
export const ACCOUNT_SEARCH_PAGE_SIZE = 50;

/** The text sent: trimmed; null while too short to search. */
export function searchableQuery(text: string): string | null {
  const query = text.trim();
  return query.length >= MIN_QUERY_LENGTH ? query : null;
}

/** Accounts found across the companies the caller may see, page after page; off while query is null. */
export function useAccountSearch(query: string | null) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ["accounts", "search", query ?? ""],
    queryFn: ({ signal, pageParam }) =>
      api.accounts.searchAccounts(
        { query: query ?? "", pageSize: ACCOUNT_SEARCH_PAGE_SIZE, pageToken: pageParam },
        { signal },
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextPageToken || undefined,
    enabled: query !== null,
  });
}
