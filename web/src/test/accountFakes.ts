import { create, type MessageInitShape } from "@bufbuild/protobuf";

import {
  AccountCommodity,
  AccountSchema,
  ListAccountsResponseSchema,
  OpenState,
  type Account,
} from "../gen/eris/crm/v1/accounts_pb";

export type AccountFields = Omit<MessageInitShape<typeof AccountSchema>, "$typeName">;

export function makeAccount(fields: AccountFields = {}): Account {
  return create(AccountSchema, {
    accountId: 21n,
    companyId: 5n,
    name: "Plant 1",
    commodity: AccountCommodity.ELECTRIC,
    utilityId: 3n,
    supplierId: 9n,
    accountNumber: "0001",
    city: "Dayton",
    state: "OH",
    openState: OpenState.OPEN,
    annualKwh: "864000",
    plc: "150",
    loadFactor: "0.4000",
    version: 4n,
    ...fields,
  } as AccountFields);
}

export function listAnswer(
  accounts: Account[],
  extra: Omit<MessageInitShape<typeof ListAccountsResponseSchema>, "$typeName"> = {},
) {
  return create(ListAccountsResponseSchema, {
    accounts,
    totalSize: accounts.length,
    totalKwh: "864000",
    totalPlc: "150",
    totalTherms: "12000",
    ...extra,
  } as Omit<MessageInitShape<typeof ListAccountsResponseSchema>, "$typeName">);
}
