import { useCallback } from "react";

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { accountsKey } from "../../api/accounts";
import { useApi } from "../../api/clients";
import { companiesKey } from "../../api/companies";
import type {
  Account,
  AccountFilter,
  CapacityKind,
  ImportAccountsResponse,
  UsageMonth,
} from "../../gen/eris/crm/v1/accounts_pb";
import type { AccountInit } from "./accountForm";

/** The tab reads 500 accounts a page (the server's default); the export reads the most it allows. */
export const ACCOUNT_PAGE_SIZE = 500;
const listKey = (companyId: bigint) => [...accountsKey, "list", companyId.toString()] as const;
const usageKey = (accountId: bigint) => [...accountsKey, "usage", accountId.toString()] as const;
const capacityKey = (accountId: bigint, kind: CapacityKind) =>
  [...accountsKey, "capacity", accountId.toString(), kind] as const;

/** A company's accounts matching a filter and a search, page after page (more are read as asked). */
export function useAccountPages(companyId: bigint, filter: AccountFilter, query: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [...listKey(companyId), filter, query],
    queryFn: ({ signal, pageParam }) =>
      api.accounts.listAccounts(
        { companyId, filter, query, pageSize: ACCOUNT_PAGE_SIZE, pageToken: pageParam },
        { signal },
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextPageToken || undefined,
    // A new search keeps showing the previous rows until its first page is there.
    placeholderData: keepPreviousData,
  });
}

/**
 * After accounts or usage change: the company's account lists, and the company itself (its total
 * kWh and therms are sums of its accounts).
 */
export function useRefreshAccounts() {
  const queryClient = useQueryClient();
  return useCallback(
    (companyId: bigint) => {
      void queryClient.invalidateQueries({ queryKey: listKey(companyId) });
      void queryClient.invalidateQueries({ queryKey: companiesKey });
    },
    [queryClient],
  );
}

export function useCreateAccount() {
  const api = useApi();
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: async (account: AccountInit) => {
      const res = await api.accounts.createAccount({ account });
      if (!res.account) {
        throw new Error("CreateAccount answered without an account");
      }
      return res.account;
    },
    onSuccess: (account) => refresh(account.companyId),
  });
}

export function useUpdateAccount() {
  const api = useApi();
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: async ({ account, paths }: { account: AccountInit; paths: string[] }) => {
      const res = await api.accounts.updateAccount({ account, updateMask: { paths } });
      if (!res.account) {
        throw new Error("UpdateAccount answered without an account");
      }
      return res.account;
    },
    onSuccess: (account) => refresh(account.companyId),
  });
}

/** Reads one account anew (after a refused stale update). */
export function useFetchAccount() {
  const api = useApi();
  return useCallback(async (accountId: bigint) => (await api.accounts.getAccount({ accountId })).account, [api]);
}

export function useDeleteAccount() {
  const api = useApi();
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: (account: Account) => api.accounts.deleteAccount({ accountId: account.accountId }),
    onSettled: (_answer, _err, account) => refresh(account.companyId),
  });
}

export function useUsage(accountId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: usageKey(accountId),
    queryFn: ({ signal }) => api.accounts.getUsage({ accountId }, { signal }),
  });
}

export function useUpdateUsage(account: Account) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: (months: Pick<UsageMonth, "month" | "value" | "kw">[]) =>
      api.accounts.updateUsage({ accountId: account.accountId, months }),
    onSuccess: (answer) => {
      queryClient.setQueryData(usageKey(account.accountId), answer);
      refresh(account.companyId);
    },
  });
}

export function useCapacityRecords(accountId: bigint, kind: CapacityKind) {
  const api = useApi();
  return useQuery({
    queryKey: capacityKey(accountId, kind),
    queryFn: async ({ signal }) => (await api.accounts.listCapacityRecords({ accountId, kind }, { signal })).records,
  });
}

export interface CapacityRecordInit {
  value: string;
  startDate: { year: number; month: number; day: number };
  endDate: { year: number; month: number; day: number };
}

/** Adding and removing dated values of one history; the account's current value may follow them. */
export function useCapacityWriters(account: Account, kind: CapacityKind) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefreshAccounts();
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: capacityKey(account.accountId, kind) });
    refresh(account.companyId);
  };
  const create = useMutation({
    mutationFn: (record: CapacityRecordInit) =>
      api.accounts.createCapacityRecord({ record: { ...record, accountId: account.accountId, kind } }),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (capacityRecordId: bigint) => api.accounts.deleteCapacityRecord({ capacityRecordId, kind }),
    onSettled: settled,
  });
  return { create, remove };
}

/** Checks (validateOnly) or imports a CSV of accounts into a company. */
export function useImportAccounts(companyId: bigint) {
  const api = useApi();
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: ({ csv, validateOnly }: { csv: string; validateOnly: boolean }): Promise<ImportAccountsResponse> =>
      api.accounts.importAccounts({ companyId, csv, validateOnly }),
    onSuccess: (answer, { validateOnly }) => {
      if (!validateOnly && answer.problems.length === 0) {
        refresh(companyId);
      }
    },
  });
}
