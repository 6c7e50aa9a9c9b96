import { useMutation, useQueryClient } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import { rateTypesKey } from "../../api/rateTypes";

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
