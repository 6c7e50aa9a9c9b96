import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { useApi } from "../../api/clients";

/** One page of companies whose name matches (ListCompanies with filter.name_query). */
export function useCompanySearchPage(nameQuery: string, pageToken: string, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: ["companies", "search", nameQuery, pageSize, pageToken],
    queryFn: ({ signal }) =>
      api.companies.listCompanies({ pageSize, pageToken, filter: { nameQuery: nameQuery.trim() } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
