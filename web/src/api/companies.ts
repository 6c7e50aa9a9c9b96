import { useMemo } from "react";

import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { UserStatus, type User } from "../gen/eris/identity/v1/identity_pb";
import { useApi } from "./clients";
import { useAllUsers } from "./users";

/**
 * The company reads several screens share: one company, the affiliates, the people (users) named on
 * companies and contracts, and the lookup by name. The companies screen's writes are in
 * features/companies/companyQueries.ts, under the same keys.
 */

export const companiesKey = ["companies"] as const;
export const companyKey = (companyId: bigint) => [...companiesKey, "one", companyId.toString()] as const;
export const affiliatesKey = [...companiesKey, "affiliates"] as const;

export function useCompany(companyId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: companyKey(companyId),
    queryFn: async ({ signal }) => (await api.companies.getCompany({ companyId }, { signal })).company ?? null,
  });
}

export function useAffiliates() {
  const api = useApi();
  return useQuery({
    queryKey: affiliatesKey,
    queryFn: async ({ signal }) => (await api.companies.listAffiliates({}, { signal })).names,
  });
}

/** Everyone by id (names for team roles, authors and history), and the active users to choose from. */
export function usePeople() {
  const users = useAllUsers();
  return useMemo(() => {
    const list: readonly User[] = users.data ?? [];
    const byId = new Map(list.map((user) => [user.userId, user]));
    const active = list
      .filter((user) => user.status === UserStatus.ACTIVE)
      .sort((a, b) => a.name.localeCompare(b.name));
    return {
      users: list,
      active,
      isPending: users.isPending,
      /** The user's name; "" for 0 (none); "#id" for a user not (yet) known. */
      nameOf: (userId: bigint) => (userId === 0n ? "" : (byId.get(userId)?.name ?? `#${userId}`)),
    };
  }, [users.data, users.isPending]);
}

/** How many companies a name lookup offers at once. */
export const LOOKUP_SIZE = 20;

/**
 * Companies whose name contains the text, by name (the Ctrl+K finder and the task dialog's company
 * picker). Disabled while `enabled` is false; an empty text lists the first companies by name.
 */
export function useCompanyLookup(nameQuery: string, enabled: boolean) {
  const api = useApi();
  const query = nameQuery.trim();
  return useQuery({
    queryKey: [...companiesKey, "lookup", query],
    queryFn: async ({ signal }) =>
      (
        await api.companies.listCompanies(
          { filter: { nameQuery: query }, pageSize: LOOKUP_SIZE, orderBy: "name" },
          { signal },
        )
      ).companies,
    enabled,
    placeholderData: keepPreviousData,
  });
}
