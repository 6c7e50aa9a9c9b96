import { useCallback } from "react";

import type { MessageInitShape } from "@bufbuild/protobuf";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { accountsKey, fetchAllAccounts } from "../../api/accounts";
import { useApi } from "../../api/clients";
import type { Contract, Hedge, HedgeSchema } from "../../gen/eris/contracts/v1/contracts_pb";
import { AccountFilter } from "../../gen/eris/crm/v1/accounts_pb";
import type { ContractInit } from "./betaForm";

/** The beta tab reads contracts 50 a page; a company rarely has more. */
export const BETA_PAGE_SIZE = 50;

/** Every contract query starts with this key, so a change refreshes every contract list and screen. */
export const contractsKey = ["contracts"] as const;
const betaListKey = (companyId: bigint) => [...contractsKey, "beta list", companyId.toString()] as const;
const contractKey = (contractId: bigint) => [...contractsKey, "beta one", contractId.toString()] as const;
const hedgesKey = (contractId: bigint) => ["hedges", contractId.toString()] as const;

/** A company's contracts matching a search (Inactive ones only when asked), latest signed first. */
export function useBetaContractPages(companyId: bigint, query: string, includeInactive: boolean) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [...betaListKey(companyId), query, includeInactive],
    queryFn: ({ signal, pageParam }) =>
      api.contracts.listContracts(
        { companyId, query, includeInactive, pageSize: BETA_PAGE_SIZE, pageToken: pageParam },
        { signal },
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextPageToken || undefined,
    // A new search keeps showing the previous rows until its first page is there.
    placeholderData: keepPreviousData,
  });
}

/** One contract; null when the server answers without one. */
export function useContract(contractId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: contractKey(contractId),
    queryFn: async ({ signal }) => (await api.contracts.getContract({ contractId }, { signal })).contract ?? null,
  });
}

/** Reads one contract as stored now (after a stale write), without touching the screen's copy. */
export function useFetchContract() {
  const api = useApi();
  return useCallback(async (contractId: bigint) => (await api.contracts.getContract({ contractId })).contract, [api]);
}

function useRefreshContracts() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: contractsKey }), [queryClient]);
}

/** Makes a contract with the beta form's rules checked by the server. */
export function useCreateBetaContract() {
  const api = useApi();
  const refresh = useRefreshContracts();
  return useMutation({
    mutationFn: async (contract: ContractInit) => {
      const res = await api.contracts.createContract({ contract, beta: true });
      if (!res.contract) {
        throw new Error("CreateContract answered without a contract");
      }
      return res.contract;
    },
    onSuccess: refresh,
  });
}

/** Changes the fields named by `paths`, with the version read; the contract is then read again. */
export function useUpdateContract() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ contract, paths }: { contract: ContractInit; paths: string[] }) => {
      const res = await api.contracts.updateContract({ contract, updateMask: { paths } });
      if (!res.contract) {
        throw new Error("UpdateContract answered without a contract");
      }
      return res.contract;
    },
    onSuccess: (contract: Contract) => queryClient.setQueryData(contractKey(contract.contractId), contract),
    // A stale update refreshes too: the lists show what is stored now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractsKey }),
  });
}

/** Removes a beta contract (the server refuses any other). */
export function useDeleteBetaContract() {
  const api = useApi();
  const refresh = useRefreshContracts();
  return useMutation({
    mutationFn: (contract: Contract) =>
      api.contracts.deleteContract({ contractId: contract.contractId, betaOnly: true }),
    onSettled: refresh,
  });
}

/** The company's contracts (Inactive too) as Contracts.xlsx. */
export function useExportContracts() {
  const api = useApi();
  return useMutation({ mutationFn: (companyId: bigint) => api.contracts.exportContracts({ companyId }) });
}

/**
 * Every account of the company (both commodities), for the contract's account table. Kept under
 * the accounts' list key, so adding or changing an account refreshes the table too.
 */
export function useContractAccounts(companyId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: [...accountsKey, "list", companyId.toString(), "contract picker"],
    queryFn: () => fetchAllAccounts(api, { companyId, filter: AccountFilter.UNSPECIFIED, query: "" }, () => {}),
  });
}

/** A Hedge contract's hedges, read only while `enabled` (the contract's type is Hedge). */
export function useHedges(contractId: bigint, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: hedgesKey(contractId),
    queryFn: async ({ signal }) => (await api.hedges.listHedges({ contractId }, { signal })).hedges,
    enabled,
  });
}

/** A hedge as sent (plain values). */
export type HedgeInit = Exclude<MessageInitShape<typeof HedgeSchema>, Hedge>;

/** Adding, changing and removing a contract's hedges; each refreshes its hedges. */
export function useHedgeWriters(contractId: bigint) {
  const api = useApi();
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: hedgesKey(contractId) });
  const create = useMutation({
    mutationFn: async (hedge: HedgeInit) => {
      const res = await api.hedges.createHedge({ hedge: { ...hedge, contractId } });
      if (!res.hedge) {
        throw new Error("CreateHedge answered without a hedge");
      }
      return res.hedge;
    },
    onSettled: settled,
  });
  const update = useMutation({
    mutationFn: async (hedge: HedgeInit & { hedgeId: bigint; version: bigint }) => {
      const res = await api.hedges.updateHedge({ hedge: { ...hedge, contractId } });
      if (!res.hedge) {
        throw new Error("UpdateHedge answered without a hedge");
      }
      return res.hedge;
    },
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (hedge: Hedge) => api.hedges.deleteHedge({ hedgeId: hedge.hedgeId }),
    onSettled: settled,
  });
  const fetch = useCallback(async (hedgeId: bigint) => (await api.hedges.getHedge({ hedgeId })).hedge, [api]);
  return { create, update, remove, fetch };
}
