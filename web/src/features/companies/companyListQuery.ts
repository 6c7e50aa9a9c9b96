import { useState } from "react";

import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import { companiesKey } from "../../api/companies";
import { COMPANY_PAGE_SIZE } from "./companyQueries";
import { filterKey, type CompanyFilterInit } from "./searchFilter";

export interface CompanyPageRequest {
  filter: CompanyFilterInit;
  /** ListCompaniesRequest.order_by, e.g. "city desc". */
  orderBy: string;
  /** Only valid with the order (and filter) it was made for. */
  pageToken: string;
  /** Ask for the count of all matches (costs the server a count). */
  includeTotalSize: boolean;
}

/** One page of the companies list, in the order asked for. */
export function useCompanyListPage({ filter, orderBy, pageToken, includeTotalSize }: CompanyPageRequest) {
  const api = useApi();
  return useQuery({
    // Under "page", so that saving or adding a company refreshes the list.
    queryKey: [...companiesKey, "page", filterKey(filter), orderBy, pageToken, includeTotalSize],
    queryFn: ({ signal }) =>
      api.companies.listCompanies(
        { filter, pageSize: COMPANY_PAGE_SIZE, pageToken, orderBy, includeTotalSize },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * The count of a paged list, asked for with the first page (or whichever page is opened first, e.g.
 * from a shared link) and then remembered while the filter stays the same, so later pages skip it.
 */
export function useRememberedTotal(key: string, pageToken: string) {
  const [known, setKnown] = useState<{ key: string; total: bigint; pageToken: string } | null>(null);
  const total = known?.key === key ? known.total : undefined;
  return {
    // The page that counted keeps counting, so that its request (and cache entry) stays the same.
    includeTotalSize: pageToken === "" || total === undefined || known?.pageToken === pageToken,
    total,
    /** Keeps the count of an answer that was asked to count. */
    remember: (counted: bigint) => {
      if (known?.key !== key || known.total !== counted) {
        setKnown({ key, total: counted, pageToken });
      }
    },
  };
}

/**
 * How far the search drawer counts its matches: beyond it, it says "more than" (counting a common
 * name part through a whole book is the costliest part of a search, and nobody pages that far).
 */
export const SEARCH_COUNT_LIMIT = 5000;

/**
 * Companies page after page ("load more"), for the search drawer, counted on the first page up to
 * SEARCH_COUNT_LIMIT; off while filter is null.
 */
export function useCompanySearchCounted(filter: CompanyFilterInit | null) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [...companiesKey, "search", "counted", filter ? filterKey(filter) : "none"],
    queryFn: ({ signal, pageParam }) =>
      api.companies.listCompanies(
        {
          filter: filter ?? {},
          pageSize: COMPANY_PAGE_SIZE,
          pageToken: pageParam,
          orderBy: "name",
          includeTotalSize: pageParam === "",
          totalSizeLimit: SEARCH_COUNT_LIMIT,
        },
        { signal },
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextPageToken || undefined,
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}
