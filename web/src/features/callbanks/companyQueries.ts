import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { useApi } from "../../api/clients";

/** One page of companies whose name matches (ListCompanies with filter.name_query), with the count of all. */
export function useCompanySearchPage(nameQuery: string, pageToken: string, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: ["companies", "search", nameQuery, pageSize, pageToken],
    queryFn: ({ signal }) =>
      api.companies.listCompanies(
        // The screens show "N companies" on every page.
        { pageSize, pageToken, filter: { nameQuery: nameQuery.trim() }, orderBy: "name", includeTotalSize: true },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
