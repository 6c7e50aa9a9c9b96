import type { MessageInitShape } from "@bufbuild/protobuf";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import {
  RevenueBasis,
  type ListMarginRowsRequestSchema,
  type ListRenewalsRequestSchema,
} from "../../gen/eris/reporting/v1/reporting_pb";

/** Every report query starts with this key. */
export const reportsKey = ["reports"] as const;

/** The years the revenue reports offer, latest first. */
export function useRevenueYears() {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "revenueYears"],
    queryFn: async ({ signal }) => (await api.reports.listRevenueYears({}, { signal })).years,
  });
}

/** One year's revenue by supplier and month, forecast or actual. */
export function useRevenueBySupplier(basis: RevenueBasis, year: number) {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "revenue", basis, year],
    queryFn: ({ signal }) => api.reports.getRevenueBySupplier({ year, basis }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The Margin Builder filters' choices. */
export function useMarginOptions() {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "marginOptions"],
    queryFn: ({ signal }) => api.reports.listMarginOptions({}, { signal }),
  });
}

export type MarginRowsRequest = Exclude<MessageInitShape<typeof ListMarginRowsRequestSchema>, { $typeName: string }>;

/** One page of Margin Builder rows; `key` names the request (filters, page size, cursor, direction). */
export function useMarginRows(request: MarginRowsRequest, key: readonly string[]) {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "marginRows", ...key],
    queryFn: ({ signal }) => api.reports.listMarginRows(request, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One contract's payments as Margin Builder rows. */
export function useContractMarginPayments(contractId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "marginPayments", String(contractId)],
    queryFn: async ({ signal }) => (await api.reports.listContractMarginPayments({ contractId }, { signal })).rows,
  });
}

export type RenewalsRequest = Exclude<MessageInitShape<typeof ListRenewalsRequestSchema>, { $typeName: string }>;

/** Renewal Tracking's rows for the filters, and whether more match; `key` names them. */
export function useRenewals(request: RenewalsRequest, key: readonly string[]) {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "renewals", ...key],
    queryFn: ({ signal }) => api.reports.listRenewals(request, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The signed-in user's contracts ending within 150 days, the soonest first. */
export function useRenewalAlerts() {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "renewalAlerts"],
    queryFn: async ({ signal }) => (await api.reports.listRenewalAlerts({}, { signal })).alerts,
  });
}
