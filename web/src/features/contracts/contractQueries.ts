import { useCallback } from "react";

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { accountsKey, fetchAllAccounts } from "../../api/accounts";
import { useApi } from "../../api/clients";
import { contractsKey } from "../../api/contracts";
import { AccountFilter } from "../../gen/eris/crm/v1/accounts_pb";
import type { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { accountFilterFor, type ContractInit } from "./contractForm";

/** A company's contracts are read 100 a page; a company rarely has more. */
export const CONTRACT_PAGE_SIZE = 100;
const companyKey = (companyId: bigint) => [...contractsKey, "company", companyId.toString()] as const;

/** A company's contracts matching a search (Inactive ones too), latest signed first, page after page. */
export function useContractPages(companyId: bigint, query: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [...companyKey(companyId), query],
    queryFn: ({ signal, pageParam }) =>
      api.contracts.listContracts(
        { companyId, query, includeInactive: true, pageSize: CONTRACT_PAGE_SIZE, pageToken: pageParam },
        { signal },
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextPageToken || undefined,
    // A new search keeps showing the previous rows until its first page is there.
    placeholderData: keepPreviousData,
  });
}

/**
 * The company's accounts a contract of the commodity may cover (Electric ones for DR), for the
 * dialog's picker; nothing is read until a commodity is chosen. Kept under the accounts' key, so
 * adding or changing an account refreshes the picker too.
 */
export function useContractAccounts(companyId: bigint, commodity: Commodity) {
  const api = useApi();
  const filter = accountFilterFor(commodity);
  return useQuery({
    queryKey: [...accountsKey, "list", companyId.toString(), "contract picker", filter],
    queryFn: () => fetchAllAccounts(api, { companyId, filter, query: "" }, () => {}),
    enabled: filter !== AccountFilter.UNSPECIFIED,
  });
}

/** Every change to a contract refreshes every contract list. */
export function useRefreshContracts() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: contractsKey }), [queryClient]);
}

export function useCreateContract() {
  const api = useApi();
  const refresh = useRefreshContracts();
  return useMutation({
    mutationFn: async (contract: ContractInit) => {
      const res = await api.contracts.createContract({ contract });
      if (!res.contract) {
        throw new Error("CreateContract answered without a contract");
      }
      return res.contract;
    },
    onSuccess: refresh,
  });
}

export function useUpdateContract() {
  const api = useApi();
  const refresh = useRefreshContracts();
  return useMutation({
    mutationFn: async ({ contract, paths }: { contract: ContractInit; paths: string[] }) => {
      const res = await api.contracts.updateContract({ contract, updateMask: { paths } });
      if (!res.contract) {
        throw new Error("UpdateContract answered without a contract");
      }
      return res.contract;
    },
    // A stale update refreshes the list too: it shows what is stored now.
    onSettled: refresh,
  });
}

/** Reads one contract as stored now (after a stale write). */
export function useFetchContract() {
  const api = useApi();
  return useCallback(async (contractId: bigint) => (await api.contracts.getContract({ contractId })).contract, [api]);
}

export function useDeleteContract() {
  const api = useApi();
  const refresh = useRefreshContracts();
  return useMutation({
    mutationFn: (contractId: bigint) => api.contracts.deleteContract({ contractId }),
    onSettled: refresh,
  });
}

/** A company's contracts (every one, Inactive too) as Contracts.xlsx. */
export function useExportCompanyContracts(companyId: bigint) {
  const api = useApi();
  return useMutation({ mutationFn: () => api.contracts.exportContracts({ companyId }) });
}

/** Removes a contract's file; the lists then show it without one. */
export function useDeleteContractFile() {
  const api = useApi();
  const refresh = useRefreshContracts();
  return useMutation({
    mutationFn: (contractId: bigint) => api.contracts.deleteContractFile({ contractId }),
    onSettled: refresh,
  });
}
