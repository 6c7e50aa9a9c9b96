import { create, type MessageInitShape } from "@bufbuild/protobuf";

import { Role, UserSchema, UserStatus, type User } from "../gen/eris/identity/v1/identity_pb";

/** A user as the server would send it. */
export function makeUser(fields: Omit<MessageInitShape<typeof UserSchema>, "$typeName"> = {}): User {
  return create(UserSchema, {
    userId: 7n,
    name: "Dana Scully",
    email: "dana@eris.test",
    job: "Broker",
    role: Role.SALES,
    status: UserStatus.ACTIVE,
    forcePasswordReset: false,
    version: 1n,
    ...fields,
  });
}

/** An in-memory Storage for token tests. */
export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => Array.from(data.keys())[index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}
