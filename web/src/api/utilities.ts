import { useQuery } from "@tanstack/react-query";

import { Commodity, type Utility } from "../gen/eris/sourcing/v1/utilities_pb";
import { useApi } from "./clients";

export const utilitiesKey = ["utilities"] as const;

/** Utilities change rarely (an administrator adds one now and then): read them once in a while. */
const UTILITIES_FRESH_MS = 5 * 60_000;

/** Every utility, by name. */
export function useUtilities() {
  const api = useApi();
  return useQuery({
    queryKey: utilitiesKey,
    queryFn: async ({ signal }) => (await api.utilities.listUtilities({}, { signal })).utilities,
    staleTime: UTILITIES_FRESH_MS,
  });
}

/** How pickers name a utility: "PECO (PA)". */
export function utilityLabel(utility: Utility): string {
  return utility.state ? `${utility.name} (${utility.state})` : utility.name;
}

/** The utilities of one commodity as picker options, in the server's order (by name). */
export function utilityOptions(
  utilities: readonly Utility[] | undefined,
  commodity: Commodity,
): { value: bigint; label: string }[] {
  return (utilities ?? [])
    .filter((utility) => utility.commodity === commodity)
    .map((utility) => ({ value: utility.utilityId, label: utilityLabel(utility) }));
}

/** A utility's label by id, or undefined while unknown. */
export function utilityName(utilities: readonly Utility[] | undefined, utilityId: bigint): string | undefined {
  const utility = utilities?.find((u) => u.utilityId === utilityId);
  return utility && utilityLabel(utility);
}
