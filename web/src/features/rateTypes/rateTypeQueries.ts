import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { useApi } from "../../api/clients";

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

export function useCreateRateType() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await api.rateTypes.createRateType({ rateType: { name } })).rateType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateTypesKey }),
  });
}

export function useDeleteRateType() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      await api.rateTypes.deleteRateType({ name });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateTypesKey }),
  });
}
