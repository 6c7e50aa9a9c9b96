import { useMemo } from "react";

import type { MessageInitShape } from "@bufbuild/protobuf";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import { affiliatesKey, companiesKey, companyKey } from "../../api/companies";
import type { Company } from "../../gen/eris/crm/v1/crm_pb";
import type { Note, NoteSchema } from "../../gen/eris/crm/v1/notes_pb";
import type { CompanyInit } from "./companyForm";

/** The companies screen reads pages of 50. */
export const COMPANY_PAGE_SIZE = 50;
const changesKey = (companyId: bigint) => [...companiesKey, "changes", companyId.toString()] as const;
const notesKey = (companyId: bigint) => [...companiesKey, "notes", companyId.toString()] as const;

/** Functions the autosave needs: update, re-read, and refresh what depends on the company. */
export function useCompanyWriter() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      update: async (company: Partial<CompanyInit> & { companyId: bigint; version: bigint }, paths: string[]) => {
        const res = await api.companies.updateCompany({ company, updateMask: { paths } });
        if (!res.company) {
          throw new Error("UpdateCompany answered without a company");
        }
        return res.company;
      },
      reload: async (companyId: bigint) => {
        const company = (await api.companies.getCompany({ companyId })).company;
        if (company) {
          queryClient.setQueryData(companyKey(companyId), company);
        }
        return company;
      },
      saved: (company: Company) => {
        queryClient.setQueryData(companyKey(company.companyId), company);
        void queryClient.invalidateQueries({ queryKey: changesKey(company.companyId) });
        void queryClient.invalidateQueries({ queryKey: [...companiesKey, "page"] });
        void queryClient.invalidateQueries({ queryKey: [...companiesKey, "search"] });
      },
      refreshHistory: (companyId: bigint) => queryClient.invalidateQueries({ queryKey: changesKey(companyId) }),
    }),
    [api, queryClient],
  );
}

export function useCreateCompany() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (company: Partial<CompanyInit>) => {
      const res = await api.companies.createCompany({ company });
      if (!res.company) {
        throw new Error("CreateCompany answered without a company");
      }
      return res.company;
    },
    onSuccess: (company) => {
      queryClient.setQueryData(companyKey(company.companyId), company);
      void queryClient.invalidateQueries({ queryKey: [...companiesKey, "page"] });
      void queryClient.invalidateQueries({ queryKey: [...companiesKey, "search"] });
    },
  });
}

export function useDeleteCompany() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: bigint) => api.companies.deleteCompany({ companyId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}

/** The changes of a company, newest first (the first 100 are enough for the panel). */
export function useCompanyChanges(companyId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: changesKey(companyId),
    queryFn: async ({ signal }) =>
      (await api.companies.listCompanyChanges({ companyId, pageSize: 100 }, { signal })).changes,
  });
}

export function useCreateAffiliate() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await api.companies.createAffiliate({ name })).name,
    onSettled: () => queryClient.invalidateQueries({ queryKey: affiliatesKey }),
  });
}

/** A company's notes, newest first. */
export function useNotes(companyId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: notesKey(companyId),
    queryFn: async ({ signal }) => (await api.notes.listNotes({ companyId, pageSize: 500 }, { signal })).notes,
  });
}

export type NoteInit = Exclude<MessageInitShape<typeof NoteSchema>, Note>;

export function useCreateNote(companyId: bigint) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (note: Omit<NoteInit, "companyId">) =>
      (await api.notes.createNote({ note: { ...note, companyId } })).note,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notesKey(companyId) }),
  });
}
