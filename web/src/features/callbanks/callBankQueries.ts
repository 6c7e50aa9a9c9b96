import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import { CallBankCompanyStatus, type CallBank } from "../../gen/eris/crm/v1/call_banks_pb";
import type { CallBankValues } from "./callBankForm";

export const callBanksKey = ["callBanks"] as const;

/** Call banks, all of them or one assignee's (Management); others always get their own. */
export function useCallBanks(assigneeUserId: bigint = 0n) {
  const api = useApi();
  return useQuery({
    queryKey: [...callBanksKey, "list", String(assigneeUserId)],
    queryFn: async ({ signal }) => (await api.callBanks.listCallBanks({ assigneeUserId }, { signal })).callBanks,
  });
}

export function useCallBank(callBankId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: [...callBanksKey, "one", String(callBankId)],
    queryFn: async ({ signal }) => (await api.callBanks.getCallBank({ callBankId }, { signal })).callBank,
  });
}

/** One page of a call bank's companies, with each company's details. */
export function useCallBankCompaniesPage(callBankId: bigint, pageToken: string, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: [...callBanksKey, "companies", String(callBankId), pageSize, pageToken],
    queryFn: ({ signal }) =>
      api.callBanks.listCallBankCompanies({ callBankId, includeCompany: true, pageSize, pageToken }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every company of a call bank (ids and statuses), for the Assign Companies dialog. */
export function useAllCallBankCompanies(callBankId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: [...callBanksKey, "companies", String(callBankId), "all"],
    queryFn: async ({ signal }) => {
      const all = [];
      let pageToken = "";
      do {
        const res = await api.callBanks.listCallBankCompanies(
          { callBankId, includeCompany: true, pageSize: 500, pageToken },
          { signal },
        );
        all.push(...res.companies);
        pageToken = res.nextPageToken;
      } while (pageToken);
      return all;
    },
  });
}

/** Puts a call bank the server answered with into the caches that hold it. */
function useStoreCallBank() {
  const queryClient = useQueryClient();
  return (callBank: CallBank | undefined) => {
    if (callBank) {
      queryClient.setQueryData([...callBanksKey, "one", String(callBank.callBankId)], callBank);
    }
    return queryClient.invalidateQueries({ queryKey: callBanksKey });
  };
}

export function useCreateCallBank() {
  const api = useApi();
  const store = useStoreCallBank();
  return useMutation({
    mutationFn: async (values: CallBankValues) => (await api.callBanks.createCallBank({ callBank: values })).callBank,
    onSuccess: (callBank) => store(callBank),
  });
}

export function useUpdateCallBank() {
  const api = useApi();
  const store = useStoreCallBank();
  return useMutation({
    mutationFn: async ({ callBank, values, paths }: { callBank: CallBank; values: CallBankValues; paths: string[] }) =>
      (
        await api.callBanks.updateCallBank({
          callBank: { callBankId: callBank.callBankId, version: callBank.version, ...values },
          updateMask: { paths },
        })
      ).callBank,
    onSuccess: (callBank) => store(callBank),
  });
}

export function useDeleteCallBank() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (callBankId: bigint) => {
      await api.callBanks.deleteCallBank({ callBankId });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callBanksKey }),
  });
}

export function useSetCallBankCompanies() {
  const api = useApi();
  const store = useStoreCallBank();
  return useMutation({
    mutationFn: async ({ callBankId, companyIds }: { callBankId: bigint; companyIds: bigint[] }) =>
      (
        await api.callBanks.setCallBankCompanies({
          callBankId,
          // No status: new companies start Open, companies already in the bank keep theirs.
          companies: companyIds.map((companyId) => ({ companyId })),
        })
      ).callBank,
    onSuccess: (callBank) => store(callBank),
  });
}

export function useUpdateCallBankCompany() {
  const api = useApi();
  const store = useStoreCallBank();
  return useMutation({
    mutationFn: async (req: { callBankId: bigint; companyId: bigint; status: CallBankCompanyStatus }) =>
      (await api.callBanks.updateCallBankCompany(req)).callBank,
    onSuccess: (callBank) => store(callBank),
  });
}
