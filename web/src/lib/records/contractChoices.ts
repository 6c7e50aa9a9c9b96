import type { Account } from "../../gen/eris/crm/v1/accounts_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity, type Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import { idsOf } from "../recordForm";

/**
 * The utilities of the commodity. A DR contract covers Electric accounts, so the Electric utilities
 * are offered with the DR ones.
 */
export function utilitiesFor(utilities: readonly Utility[] | undefined, commodity: Commodity): Utility[] {
  return (utilities ?? []).filter(
    (utility) =>
      utility.commodity === commodity || (commodity === Commodity.DR && utility.commodity === Commodity.ELECTRIC),
  );
}

/** The suppliers of the commodity that may still be chosen. */
export function suppliersFor(suppliers: readonly Supplier[] | undefined, commodity: Commodity): Supplier[] {
  return (suppliers ?? []).filter((supplier) => !supplier.archived && supplier.commodity === commodity);
}

/** The choices narrowed to those the chosen accounts name, when any match; all of them otherwise. */
export function narrowedTo<T>(choices: readonly T[], idOf: (choice: T) => bigint, named: readonly bigint[]): T[] {
  const wanted = new Set(named.filter((id) => id !== 0n));
  const matching = choices.filter((choice) => wanted.has(idOf(choice)));
  return matching.length > 0 ? matching : [...choices];
}

/** The chosen accounts among those offered. */
export function chosenAccounts(accounts: readonly Account[] | undefined, accountIds: string): Account[] {
  const chosen = new Set(idsOf(accountIds));
  return (accounts ?? []).filter((account) => chosen.has(account.accountId));
}

/** The utilities offered: the commodity's, narrowed to the chosen accounts' utilities when any match. */
export function utilityChoices(
  utilities: readonly Utility[] | undefined,
  commodity: Commodity,
  chosen: readonly Account[],
): Utility[] {
  return narrowedTo(
    utilitiesFor(utilities, commodity),
    (utility) => utility.utilityId,
    chosen.map((account) => account.utilityId),
  );
}

/** The suppliers offered: the commodity's, narrowed to the chosen accounts' suppliers when any match. */
export function supplierChoices(
  suppliers: readonly Supplier[] | undefined,
  commodity: Commodity,
  chosen: readonly Account[],
): Supplier[] {
  return narrowedTo(
    suppliersFor(suppliers, commodity),
    (supplier) => supplier.supplierId,
    chosen.map((account) => account.supplierId),
  );
}
