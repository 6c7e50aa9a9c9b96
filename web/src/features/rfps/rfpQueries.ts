import { useCallback } from "react";

import type { MessageInitShape } from "@bufbuild/protobuf";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { accountsKey, fetchAllAccounts } from "../../api/accounts";
import { useApi } from "../../api/clients";
import { AccountFilter } from "../../gen/eris/crm/v1/accounts_pb";
import type { Rfp, RfpOutcome, RfpQuote, RfpQuoteSchema } from "../../gen/eris/sourcing/v1/rfps_pb";
import type { RfpInit } from "./rfpForm";

/** RFPs are read 50 a page (the server's default); a company rarely has more. */
export const RFP_PAGE_SIZE = 50;

export const rfpsKey = ["rfps"] as const;
const listKey = (companyId: bigint) => [...rfpsKey, "company", companyId.toString()] as const;
const quotesKey = (rfpId: bigint) => [...rfpsKey, "quotes", rfpId.toString()] as const;

/** A company's RFPs matching a search, latest return date first, page after page. */
export function useRfpPages(companyId: bigint, query: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [...listKey(companyId), query],
    queryFn: ({ signal, pageParam }) =>
      api.rfps.listRfps({ companyId, query, pageSize: RFP_PAGE_SIZE, pageToken: pageParam }, { signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextPageToken || undefined,
    // A new search keeps showing the previous rows until its first page is there.
    placeholderData: keepPreviousData,
  });
}

/**
 * Every account of the company (both commodities), for the RFP dialog's picker. Kept under the
 * accounts' list key, so adding or changing an account refreshes the picker too.
 */
export function useCompanyAccounts(companyId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: [...accountsKey, "list", companyId.toString(), "rfp picker"],
    queryFn: () => fetchAllAccounts(api, { companyId, filter: AccountFilter.UNSPECIFIED, query: "" }, () => {}),
  });
}

/** Every change to an RFP refreshes every RFP list (the tab, the report, the calendar). */
function useRefreshRfps() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: rfpsKey }), [queryClient]);
}

export function useCreateRfp() {
  const api = useApi();
  const refresh = useRefreshRfps();
  return useMutation({
    mutationFn: async (rfp: RfpInit) => {
      const res = await api.rfps.createRfp({ rfp });
      if (!res.rfp) {
        throw new Error("CreateRfp answered without an RFP");
      }
      return res.rfp;
    },
    onSuccess: refresh,
  });
}

export function useUpdateRfp() {
  const api = useApi();
  const refresh = useRefreshRfps();
  return useMutation({
    mutationFn: async ({ rfp, paths }: { rfp: RfpInit; paths: string[] }) => {
      const res = await api.rfps.updateRfp({ rfp, updateMask: { paths } });
      if (!res.rfp) {
        throw new Error("UpdateRfp answered without an RFP");
      }
      return res.rfp;
    },
    // A stale update refreshes the list too: it shows what is stored now.
    onSettled: refresh,
  });
}

/** Reads one RFP as stored now (after a stale write). */
export function useFetchRfp() {
  const api = useApi();
  return useCallback(async (rfpId: bigint) => (await api.rfps.getRfp({ rfpId })).rfp, [api]);
}

export function useDeleteRfp() {
  const api = useApi();
  const refresh = useRefreshRfps();
  return useMutation({
    mutationFn: (rfp: Rfp) => api.rfps.deleteRfp({ rfpId: rfp.rfpId }),
    onSettled: refresh,
  });
}

/** The spreadsheet a supplier's pricing desk receives, as ExportRfp makes it. */
export function useExportRfp() {
  const api = useApi();
  return useMutation({ mutationFn: (rfp: Rfp) => api.rfps.exportRfp({ rfpId: rfp.rfpId }) });
}

export function useRfpQuotes(rfpId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: quotesKey(rfpId),
    queryFn: async ({ signal }) => (await api.rfps.listRfpQuotes({ rfpId }, { signal })).quotes,
  });
}

/** A quote as recorded (plain values). */
export type RfpQuoteInit = Exclude<MessageInitShape<typeof RfpQuoteSchema>, RfpQuote>;

/** Recording and removing an RFP's quotes; both refresh its quotes. */
export function useQuoteWriters(rfpId: bigint) {
  const api = useApi();
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: quotesKey(rfpId) });
  const create = useMutation({
    mutationFn: async (quote: RfpQuoteInit) => {
      const res = await api.rfps.createRfpQuote({ quote: { ...quote, rfpId } });
      if (!res.quote) {
        throw new Error("CreateRfpQuote answered without a quote");
      }
      return res.quote;
    },
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (quoteId: bigint) => api.rfps.deleteRfpQuote({ quoteId }),
    onSettled: settled,
  });
  return { create, remove };
}

export function useSetRfpOutcome() {
  const api = useApi();
  const refresh = useRefreshRfps();
  return useMutation({
    mutationFn: async (request: { rfpId: bigint; outcome: RfpOutcome; wonQuoteId: bigint; version: bigint }) => {
      const res = await api.rfps.setRfpOutcome(request);
      if (!res.rfp) {
        throw new Error("SetRfpOutcome answered without an RFP");
      }
      return res.rfp;
    },
    onSettled: refresh,
  });
}
