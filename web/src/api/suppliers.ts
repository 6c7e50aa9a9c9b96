import { useQuery } from "@tanstack/react-query";

import type { Supplier } from "../gen/eris/sourcing/v1/suppliers_pb";
import type { Commodity } from "../gen/eris/sourcing/v1/utilities_pb";
import { useApi } from "./clients";

/** Every query of the supplier directory starts with this key, so one invalidation refreshes all. */
export const suppliersKey = ["suppliers"] as const;

/** Suppliers change rarely: read them once in a while. */
const SUPPLIERS_FRESH_MS = 5 * 60_000;

/**
 * Every supplier by name. Archived ones are included so records that name them still show the
 * name; pickers use `supplierOptions`, which leaves them out.
 */
export function useSuppliers() {
  const api = useApi();
  return useQuery({
    queryKey: [...suppliersKey, "all"],
    queryFn: async ({ signal }) => (await api.suppliers.listSuppliers({ includeArchived: true }, { signal })).suppliers,
    staleTime: SUPPLIERS_FRESH_MS,
  });
}

/** The suppliers of one commodity that may still be chosen, as picker options (by name). */
export function supplierOptions(
  suppliers: readonly Supplier[] | undefined,
  commodity: Commodity,
): { value: bigint; label: string }[] {
  return (suppliers ?? [])
    .filter((supplier) => !supplier.archived && supplier.commodity === commodity)
    .map((supplier) => ({ value: supplier.supplierId, label: supplier.name }));
}

/** A supplier's name by id (archived ones too), or undefined while unknown. */
export function supplierName(suppliers: readonly Supplier[] | undefined, supplierId: bigint): string | undefined {
  return suppliers?.find((supplier) => supplier.supplierId === supplierId)?.name;
}
