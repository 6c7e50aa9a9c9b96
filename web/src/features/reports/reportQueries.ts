import type { MessageInitShape } from "@bufbuild/protobuf";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import { dayParam, type Day } from "../../lib/dayParam";
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

/** One year's revenue by supplier and month, forecast or actual; nothing is read while not `enabled`. */
export function useRevenueBySupplier(basis: RevenueBasis, year: number, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "revenue", basis, year],
    queryFn: ({ signal }) => api.reports.getRevenueBySupplier({ year, basis }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One year's commissions reconciled, for one supplier or all (0n). */
export function useCommissionReconciliation(year: number, supplierId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "commissions", year, String(supplierId)],
    queryFn: ({ signal }) => api.reports.getCommissionReconciliation({ year, supplierId }, { signal }),
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

/**
 * One page of Margin Builder rows; `key` names the request (filters, page size, cursor, direction).
 * Whether the rows are also counted (includeTotalSize) is left out of the key: the page is the same.
 */
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

/**
 * The signed-in user's contracts ending within 150 days, the soonest first. With `perWindow`, only
 * each window's first alerts, with every window's count (`windowCounts`); asks nothing until
 * `enabled`.
 */
export function useRenewalAlerts(perWindow = 0, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "renewalAlerts", perWindow],
    queryFn: ({ signal }) => api.reports.listRenewalAlerts({ perWindowLimit: perWindow }, { signal }),
    enabled,
  });
}

/** Supplier Outreach: contracts starting from a day through the end of its month. */
export function useSupplierOutreach(startDate: Day) {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "supplierOutreach", dayParam(startDate)],
    queryFn: ({ signal }) => api.reports.listSupplierOutreach({ startDate }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The months in which a contract starts ("yyyy-MM"), latest first. */
export function useStartMonths() {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "startMonths"],
    queryFn: async ({ signal }) => (await api.reports.listStartMonths({}, { signal })).startMonths,
  });
}

/** First Months Billing: contracts starting in a month ("yyyy-MM"); nothing is read while it is "". */
export function useFirstMonthsBilling(startMonth: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "firstMonthsBilling", startMonth],
    queryFn: ({ signal }) => api.reports.listFirstMonthsBilling({ startMonth }, { signal }),
    enabled: startMonth !== "",
    placeholderData: keepPreviousData,
  });
}

/** Auto Inactive Contracts: contracts made Inactive on a day. */
export function useAutoInactiveContracts(date: Day) {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "autoInactive", dayParam(date)],
    queryFn: ({ signal }) => api.reports.listAutoInactiveContracts({ date }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A range of days; an end left undefined is open. */
export interface DayRange {
  start: Day | undefined;
  end: Day | undefined;
}

const rangeKey = ({ start, end }: DayRange) => [start ? dayParam(start) : "", end ? dayParam(end) : ""];

/** Welcome E-mails: contracts signed in a range; nothing is read while there is none (null). */
export function useWelcomeEmails(range: DayRange | null) {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "welcomeEmails", ...(range ? rangeKey(range) : [])],
    queryFn: ({ signal }) =>
      api.reports.listWelcomeEmails({ startDate: range?.start, endDate: range?.end }, { signal }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** Opportunity Tracker: companies entered in a range, either end open. */
export function useOpportunities(range: DayRange) {
  const api = useApi();
  return useQuery({
    queryKey: [...reportsKey, "opportunities", ...rangeKey(range)],
    queryFn: ({ signal }) => api.reports.listOpportunities({ startDate: range.start, endDate: range.end }, { signal }),
    placeholderData: keepPreviousData,
  });
}
