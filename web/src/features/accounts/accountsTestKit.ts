import { create } from "@bufbuild/protobuf";
import { screen, within } from "@testing-library/react";
import { vi } from "vitest";

import { AccountCommodity } from "../../gen/eris/crm/v1/accounts_pb";
import { CompanySchema } from "../../gen/eris/crm/v1/crm_pb";
import type { User } from "../../gen/eris/identity/v1/identity_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { listAnswer, makeAccount } from "../../test/accountFakes";
import { manager, sally } from "../../test/fakes";
import { openApp, type FakeClient, type FakeClients } from "../../test/renderApp";
import { makeSupplier, makeUtility } from "../../test/sourcingFakes";

/** Test data and a rendered accounts tab over fake clients (shared by the accounts tests). */
export const acme = create(CompanySchema, { companyId: 5n, version: 1n, name: "Acme Foods", totalKwh: "864000" });

export const utilities = [
  makeUtility({ utilityId: 3n, name: "PECO", state: "PA", commodity: Commodity.ELECTRIC }),
  makeUtility({ utilityId: 4n, name: "PECO", state: "PA", commodity: Commodity.GAS }),
  makeUtility({ utilityId: 6n, name: "Columbia Gas", state: "PA", commodity: Commodity.GAS }),
];

export const suppliers = [
  makeSupplier({ supplierId: 8n, name: "Constellation", commodity: Commodity.ELECTRIC }),
  makeSupplier({ supplierId: 9n, name: "Old Energy", commodity: Commodity.ELECTRIC, archived: true }),
  makeSupplier({ supplierId: 10n, name: "Gas Direct", commodity: Commodity.GAS }),
  makeSupplier({ supplierId: 11n, name: "CPower", commodity: Commodity.DR }),
];

export const plant = makeAccount();
export const boiler = makeAccount({
  accountId: 22n,
  name: "Boiler House",
  commodity: AccountCommodity.GAS,
  utilityId: 6n,
  supplierId: 10n,
  accountNumber: "G-77",
  annualKwh: "",
  plc: "",
  loadFactor: "",
  annualTherms: "12000",
});

/** The fake clients of an accounts tab: a company, the directories and an account service listing `plant` and `boiler`. */
export function accountsTabClients(accounts: FakeClient<"accounts"> = {}, companies: FakeClient<"companies"> = {}) {
  const listAccounts = vi.fn(async () => listAnswer([plant, boiler]));
  return {
    companies: { getCompany: vi.fn(async () => ({ company: acme })), ...companies },
    utilities: { listUtilities: vi.fn(async () => ({ utilities })) },
    suppliers: { listSuppliers: vi.fn(async () => ({ suppliers })) },
    accounts: { listAccounts, ...accounts },
  } satisfies FakeClients;
}

/** Opens a company's accounts tab as `me`; the account service answers with `accounts` (and more fakes). */
export function openAccounts(
  options: { me?: User; accounts?: FakeClient<"accounts">; path?: string; companies?: FakeClient<"companies"> } = {},
) {
  const getCompany = vi.fn(async () => ({ company: acme }));
  const clients = accountsTabClients(options.accounts, { getCompany, ...options.companies });
  const view = openApp(options.path ?? "/LeadTabs/5/accounts", options.me ?? manager, clients, [manager, sally]);
  return { ...view, accounts: clients.accounts as Record<string, ReturnType<typeof vi.fn>>, getCompany };
}

/** The table row of an account, once listed. */
export async function accountRow(name: string): Promise<HTMLElement> {
  const table = await screen.findByRole("table", { name: "Accounts" });
  const cell = await within(table).findByText(name);
  return cell.closest("tr") as HTMLElement;
}
