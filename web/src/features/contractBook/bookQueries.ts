import { keepPreviousData, useInfiniteQuery, useMutation } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import { contractsKey } from "../../api/contracts";
import { bookFilterOf, bookViewKey, type BookView } from "./bookFilter";

/** Contracts per page of the book ("Load more" and scrolling read the next). */
export const BOOK_PAGE_SIZE = 100;

/**
 * The book's contracts matching the view, latest signed first, page after page (keyset pages on
 * the server); the first page also says how many match and their annual volume together. Kept
 * under the contracts' key, so a change on a company's tab refreshes the book too.
 */
export function useBookPages(view: BookView, enabled: boolean) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [...contractsKey, "book", ...bookViewKey(view)],
    queryFn: ({ signal, pageParam }) =>
      api.contracts.listBookContracts(
        { filter: bookFilterOf(view), pageSize: BOOK_PAGE_SIZE, pageToken: pageParam },
        { signal },
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextPageToken || undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The book as filtered, as Contracts.xlsx. */
export function useExportBook() {
  const api = useApi();
  return useMutation({ mutationFn: (view: BookView) => api.contracts.exportContracts({ filter: bookFilterOf(view) }) });
}
