import { useQuery } from "@tanstack/react-query";

import { useApi } from "./clients";

/** Every query of rate types starts with this key, so one invalidation refreshes every list and picker. */
export const rateTypesKey = ["rateTypes"] as const;

/** Every rate type, by name. */
export function useRateTypes() {
  const api = useApi();
  return useQuery({
    queryKey: rateTypesKey,
    queryFn: async ({ signal }) => (await api.rateTypes.listRateTypes({}, { signal })).rateTypes,
  });
}
