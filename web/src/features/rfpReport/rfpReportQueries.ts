import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import type { Date as CalendarDate } from "../../gen/eris/common/v1/date_pb";
import { downloadXlsx } from "../../lib/download";

/** Every RFP query starts with this key, so one invalidation refreshes the report and the calendar. */
export const rfpsKey = ["rfps"] as const;

/** RFPs per page of the report ("Load more" asks for the next). */
export const RFP_REPORT_PAGE_SIZE = 50;

/** The report's filters: whose RFPs (0: anyone's) and a search text. */
export interface RfpReportFilters {
  ownerUserId: bigint;
  query: string;
}

/** The RFPs of every company the caller may see, page after page (keyset paging on the server). */
export function useRfpReport({ ownerUserId, query }: RfpReportFilters) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [...rfpsKey, "report", String(ownerUserId), query],
    queryFn: ({ signal, pageParam }) =>
      api.rfps.listRfps(
        { companyId: 0n, ownerUserId, query, pageSize: RFP_REPORT_PAGE_SIZE, pageToken: pageParam },
        { signal },
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextPageToken || undefined,
    // A new filter keeps the rows on show until its first page arrives.
    placeholderData: (previous) => previous,
  });
}

/** A calendar day as the API takes it. */
export type Day = Pick<CalendarDate, "year" | "month" | "day">;

/**
 * The RFPs one user made whose return date falls in [from, to] (userId 0: the caller's own). With
 * `perDay` (a month view) only each date's first `perDay` come, with every date's count in
 * `dayCounts`.
 */
export function useUserRfps(userId: bigint, from: Day, to: Day, perDay = 0) {
  const api = useApi();
  return useQuery({
    queryKey: [...rfpsKey, "user", String(userId), from.year, from.month, from.day, to.year, to.month, to.day, perDay],
    queryFn: ({ signal }) => api.rfps.listUserRfps({ userId, from, to, perDayLimit: perDay }, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** Saves one RFP's spreadsheet (the one a supplier's pricing desk receives). */
export function useDownloadRfp() {
  const api = useApi();
  return useMutation({
    mutationFn: async (rfpId: bigint) => downloadXlsx(await api.rfps.exportRfp({ rfpId })),
  });
}

/** Saves the whole filtered list as RFPs.xlsx. */
export function useExportRfps() {
  const api = useApi();
  return useMutation({
    mutationFn: async (filters: RfpReportFilters) => downloadXlsx(await api.rfps.exportRfps(filters)),
  });
}
