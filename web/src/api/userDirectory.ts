import { useMemo } from "react";

import { UserStatus, type User } from "../gen/eris/identity/v1/identity_pb";
import { useAllUsers } from "./users";

export interface UserDirectory {
  /** Every user, by name. */
  users: User[];
  /** The users who may be assigned work (status Active). */
  active: User[];
  /** The user's name; "" for 0 (none) and for ids not known. */
  nameOf: (userId: bigint) => string;
  isError: boolean;
}

/** Builds the directory from a user list (pure, for tests). */
export function userDirectoryOf(users: readonly User[]): Omit<UserDirectory, "isError"> {
  const names = new Map(users.map((u) => [u.userId, u.name]));
  return {
    users: [...users],
    active: users.filter((u) => u.status === UserStatus.ACTIVE),
    nameOf: (userId) => (userId === 0n ? "" : (names.get(userId) ?? "")),
  };
}

/** All users, loaded once, with an id-to-name lookup. */
export function useUserDirectory(): UserDirectory {
  const query = useAllUsers();
  const data = query.data;
  return useMemo(() => ({ ...userDirectoryOf(data ?? []), isError: query.isError }), [data, query.isError]);
}
