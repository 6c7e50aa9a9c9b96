import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { screen, within } from "@testing-library/react";
import { vi } from "vitest";

import { AccountCommodity } from "../../gen/eris/crm/v1/accounts_pb";
import { CompanySchema } from "../../gen/eris/crm/v1/crm_pb";
import type { User } from "../../gen/eris/identity/v1/identity_pb";
import { RfpOutcome, RfpQuoteSchema, RfpSchema, type Rfp } from "../../gen/eris/sourcing/v1/rfps_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { listAnswer, makeAccount } from "../../test/accountFakes";
import { manager, sally } from "../../test/fakes";
import { openApp, type FakeClient } from "../../test/renderApp";
import { makeSupplier } from "../../test/sourcingFakes";

/** Test data and a rendered RFPs tab over fake clients (shared by the RFP tests). */
export const acme = create(CompanySchema, { companyId: 5n, version: 1n, name: "Acme Foods" });

export const suppliers = [
  makeSupplier({ supplierId: 8n, name: "Constellation", commodity: Commodity.ELECTRIC }),
  makeSupplier({ supplierId: 9n, name: "Old Energy", commodity: Commodity.ELECTRIC, archived: true }),
  makeSupplier({ supplierId: 10n, name: "Gas Direct", commodity: Commodity.GAS }),
  makeSupplier({ supplierId: 12n, name: "Volt Power", commodity: Commodity.ELECTRIC }),
];

export const plant = makeAccount({ accountId: 21n, name: "Plant 1", accountNumber: "0001" });
export const plant2 = makeAccount({ accountId: 23n, name: "Plant 2", accountNumber: "0002" });
export const boiler = makeAccount({
  accountId: 22n,
  name: "Boiler House",
  commodity: AccountCommodity.GAS,
  accountNumber: "G-77",
});

type RfpFields = Omit<MessageInitShape<typeof RfpSchema>, "$typeName">;

export function makeRfp(fields: RfpFields = {}): Rfp {
  return create(RfpSchema, {
    rfpId: 31n,
    companyId: 5n,
    companyName: "Acme Foods",
    len: "Acme Foods LLC",
    address: "1 State St",
    city: "Media",
    state: "PA",
    zip: "19063",
    commodity: Commodity.ELECTRIC,
    startDate: { year: 2026, month: 6, day: 1 },
    returnDate: { year: 2026, month: 5, day: 7 },
    returnTime: "13:30",
    supplierIds: [8n, 12n],
    terms: [12, 24],
    products: ["Fixed"],
    fee: "0.005",
    accountIds: [21n],
    outcome: RfpOutcome.OPEN,
    version: 3n,
    ...fields,
  } as RfpFields);
}

export const acmeRfp = makeRfp();
export const gasRfp = makeRfp({
  rfpId: 32n,
  len: "Acme Gas LLC",
  commodity: Commodity.GAS,
  supplierIds: [10n],
  accountIds: [22n],
  outcome: RfpOutcome.WON,
  returnDate: { year: 2026, month: 4, day: 2 },
  startDate: undefined,
  fee: "",
});

export function makeQuote(fields: Omit<MessageInitShape<typeof RfpQuoteSchema>, "$typeName"> = {}) {
  return create(RfpQuoteSchema, {
    rfpId: 31n,
    quoteId: 41n,
    supplierId: 8n,
    termMonths: 12,
    rate: "0.0712",
    ...fields,
  });
}

/** Opens `path` as `me` over an RFP service listing the two RFPs of Acme (and more fakes). */
export function openRfps(options: { me?: User; rfps?: FakeClient<"rfps">; path?: string } = {}) {
  const rfps = {
    listRfps: vi.fn(async () => ({ rfps: [acmeRfp, gasRfp], nextPageToken: "" })),
    ...options.rfps,
  } as Record<string, ReturnType<typeof vi.fn>>;
  const listAccounts = vi.fn(async () => listAnswer([plant, boiler, plant2]));
  const view = openApp(
    options.path ?? "/LeadTabs/5/rfps",
    options.me ?? manager,
    {
      companies: { getCompany: vi.fn(async () => ({ company: acme })) },
      suppliers: { listSuppliers: vi.fn(async () => ({ suppliers })) },
      accounts: { listAccounts },
      rfps,
    },
    [manager, sally],
  );
  return { ...view, rfps, listAccounts };
}

/** The table row of an RFP, once listed. */
export async function rfpRow(len: string): Promise<HTMLElement> {
  const table = await screen.findByRole("table", { name: "RFPs" });
  const cell = await within(table).findByText(len);
  return cell.closest("tr") as HTMLElement;
}
