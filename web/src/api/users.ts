import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import type { CreateUserResponse, Role, User, UserStatus } from "../gen/eris/identity/v1/identity_pb";
import { useApi } from "./clients";

export const usersKey = ["users"] as const;

/** The editable fields of a user, as the add and edit dialogs hold them. */
export interface UserFields {
  name: string;
  email: string;
  job: string;
  role: Role;
  status: UserStatus;
}

/** Every user, read page by page on the server's terms (staff lists are small). */
export function useAllUsers() {
  const api = useApi();
  return useQuery({
    queryKey: [...usersKey, "all"],
    queryFn: async ({ signal }) => {
      const users: User[] = [];
      let pageToken = "";
      do {
        const res = await api.users.listUsers({ pageSize: 500, pageToken }, { signal });
        users.push(...res.users);
        pageToken = res.nextPageToken;
      } while (pageToken);
      return users;
    },
  });
}

/**
 * The one-time password CreateUser and ResetUserPassword answer with: shown once, works for one
 * sign-in, never retrievable again.
 */
export type OneTimePassword = Pick<CreateUserResponse, "oneTimePassword" | "oneTimePasswordExpireTime">;

export function useCreateUser() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    // The answer carries the new user's one-time password.
    mutationFn: (fields: Omit<UserFields, "status">) => api.users.createUser({ user: fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export interface UpdateUserInput {
  userId: bigint;
  version: bigint;
  fields: Partial<UserFields>;
  paths: string[];
}

export function useUpdateUser() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, version, fields, paths }: UpdateUserInput) =>
      (await api.users.updateUser({ user: { userId, version, ...fields }, updateMask: { paths } })).user,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useResetUserPassword() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    // The answer carries the user's new one-time password.
    mutationFn: (userId: bigint) => api.users.resetUserPassword({ userId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** Reads one user as stored now (used after a stale write). */
export function useFetchUser() {
  const api = useApi();
  return async (userId: bigint) => (await api.users.getUser({ userId })).user;
}
