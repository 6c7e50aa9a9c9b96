import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import { utilitiesKey } from "../../api/utilities";
import type { RateCode, Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import type { FieldChanges } from "../../lib/recordForm";
import type { UtilityFields } from "./utilityForm";

/** A utility's rate codes; under `utilitiesKey`, so refreshing the utilities refreshes them too. */
export function rateCodesKey(utilityId: bigint) {
  return [...utilitiesKey, "rateCodes", String(utilityId)] as const;
}

/** Every change to a utility refreshes every utility list and picker in the app. */
function useInvalidateUtilities() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: utilitiesKey });
}

export function useCreateUtility() {
  const api = useApi();
  const invalidate = useInvalidateUtilities();
  return useMutation({
    mutationFn: async (fields: UtilityFields) => (await api.utilities.createUtility({ utility: fields })).utility,
    onSuccess: invalidate,
  });
}

export function useUpdateUtility() {
  const api = useApi();
  const invalidate = useInvalidateUtilities();
  return useMutation({
    mutationFn: async ({ utility, changes }: { utility: Utility; changes: FieldChanges<UtilityFields> }) =>
      (
        await api.utilities.updateUtility({
          utility: { utilityId: utility.utilityId, version: utility.version, ...changes.fields },
          updateMask: { paths: changes.paths },
        })
      ).utility,
    // A stale update refreshes the list too: it shows what is stored now.
    onSettled: invalidate,
  });
}

/** Reads one utility as stored now (after a stale write). */
export function useFetchUtility() {
  const api = useApi();
  return async (utilityId: bigint) => (await api.utilities.getUtility({ utilityId })).utility;
}

export function useRateCodes(utilityId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: rateCodesKey(utilityId),
    queryFn: async ({ signal }) => (await api.utilities.listRateCodes({ utilityId }, { signal })).rateCodes,
    // The editor starts from what is stored now, not from a copy read earlier.
    staleTime: 0,
  });
}

export function useReplaceRateCodes(utilityId: bigint) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rateCodes: Pick<RateCode, "matrix" | "tariff" | "description">[]) =>
      (await api.utilities.replaceRateCodes({ utilityId, rateCodes })).rateCodes,
    onSuccess: (saved) => {
      queryClient.setQueryData(rateCodesKey(utilityId), saved);
    },
  });
}
