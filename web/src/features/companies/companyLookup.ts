import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import { companiesKey } from "./companyQueries";

/** How many companies a name lookup offers at once. */
export const LOOKUP_SIZE = 20;

/**
 * Companies whose name contains the text, by name (the Ctrl+K finder and the task dialog's company
 * picker). Disabled while `enabled` is false; an empty text lists the first companies by name.
 */
export function useCompanyLookup(nameQuery: string, enabled: boolean) {
  const api = useApi();
  const query = nameQuery.trim();
  return useQuery({
    queryKey: [...companiesKey, "lookup", query],
    queryFn: async ({ signal }) =>
      (
        await api.companies.listCompanies(
          { filter: { nameQuery: query }, pageSize: LOOKUP_SIZE, orderBy: "name" },
          { signal },
        )
      ).companies,
    enabled,
    placeholderData: keepPreviousData,
  });
}
