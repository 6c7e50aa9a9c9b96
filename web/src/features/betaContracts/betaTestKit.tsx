import { useEffect, type ReactNode } from "react";

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation, type Location } from "react-router";
import { vi } from "vitest";

import { AppProviders } from "../../app/App";
import { useSessionState } from "../../app/auth/SessionContext";
import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { CONTRACTS_BETA_FEATURE } from "../../app/auth/useSessionUser";
import {
  ContractSchema,
  HedgeSchema,
  ProjectionBasis,
  type Contract,
  type Hedge,
} from "../../gen/eris/contracts/v1/contracts_pb";
import { AccountCommodity } from "../../gen/eris/crm/v1/accounts_pb";
import { CompanySchema } from "../../gen/eris/crm/v1/crm_pb";
import { Role, UserStatus, type User } from "../../gen/eris/identity/v1/identity_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { listAnswer, makeAccount } from "../../test/accountFakes";
import { makeUser, manager, sally } from "../../test/fakes";
import { signedInServices, type FakeClients } from "../../test/renderApp";
import { makeSupplier, makeUtility } from "../../test/sourcingFakes";
import { AddBetaContract } from "./AddBetaContract";
import { BetaContractsTab } from "./BetaContractsTab";
import { ViewBetaContract } from "./ViewBetaContract";

/** Test data and the beta contract screens over fake clients (shared by the beta contract tests). */
export const acme = create(CompanySchema, { companyId: 5n, version: 1n, name: "Acme Foods" });

export const closer = makeUser({ userId: 3n, name: "Carl Closer", role: Role.MANAGEMENT });
export const analyst = makeUser({ userId: 4n, name: "Ana Analyst", role: Role.ADMIN });
export const gone = makeUser({ userId: 6n, name: "Gus Gone", status: UserStatus.INACTIVE });
export const team: User[] = [manager, sally, closer, analyst, gone];

export const utilities = [
  makeUtility({ utilityId: 3n, name: "PECO", state: "PA", commodity: Commodity.ELECTRIC }),
  makeUtility({ utilityId: 12n, name: "PPL Electric Utilities", state: "PA", commodity: Commodity.ELECTRIC }),
  makeUtility({ utilityId: 4n, name: "PECO", state: "PA", commodity: Commodity.GAS }),
  makeUtility({ utilityId: 6n, name: "Columbia Gas", state: "PA", commodity: Commodity.GAS }),
  makeUtility({ utilityId: 7n, name: "PECO", state: "PA", commodity: Commodity.DR }),
];

export const suppliers = [
  makeSupplier({ supplierId: 8n, name: "Constellation", commodity: Commodity.ELECTRIC }),
  makeSupplier({ supplierId: 12n, name: "Volt Power", commodity: Commodity.ELECTRIC }),
  makeSupplier({ supplierId: 10n, name: "Gas Direct", commodity: Commodity.GAS }),
  makeSupplier({ supplierId: 11n, name: "CPower", commodity: Commodity.DR }),
];

/** Two Electric accounts (PECO with Constellation, PPL with Volt Power) and a Gas one. */
export const plant = makeAccount({
  accountId: 21n,
  name: "Plant 1",
  accountNumber: "0001",
  utilityId: 3n,
  supplierId: 8n,
});
export const mill = makeAccount({
  accountId: 23n,
  name: "Mill",
  accountNumber: "0002",
  utilityId: 12n,
  supplierId: 12n,
});
export const boiler = makeAccount({
  accountId: 22n,
  name: "Boiler House",
  commodity: AccountCommodity.GAS,
  utilityId: 6n,
  supplierId: 10n,
  accountNumber: "G-77",
  annualKwh: "",
  annualTherms: "12000",
});

type ContractFields = Omit<MessageInitShape<typeof ContractSchema>, "$typeName">;

/** An Active Electric beta contract of Acme: made on the beta tab, its projected payments go by its rate. */
export function makeContract(fields: ContractFields = {}): Contract {
  return create(ContractSchema, {
    contractId: 41n,
    companyId: 5n,
    companyName: "Acme Foods",
    insideSalesUserId: 1n,
    closer1UserId: 3n,
    analystUserId: 4n,
    commodity: Commodity.ELECTRIC,
    utilityId: 3n,
    state: "PA",
    dateSigned: { year: 2026, month: 1, day: 15 },
    pricingType: "Matrix",
    contractType: "New",
    supplierId: 8n,
    startDate: { year: 2026, month: 2, day: 1 },
    termMonths: 12,
    contractRate: "0.0712",
    rateType: "Fixed",
    fee: "0.005",
    billingType: "Dual",
    paymentSchedule: "Monthly",
    revenueSplit: "50",
    notes: "Signed at the plant.",
    accountIds: [21n],
    status: 0,
    beta: true,
    projectionBasis: ProjectionBasis.RATE,
    annualVolume: "864000",
    termVolume: "864000",
    annualFeeTotal: "4320",
    termFeeTotal: "4320",
    endDate: { year: 2027, month: 2, day: 28 },
    version: 3n,
    ...fields,
  } as ContractFields);
}

type HedgeFields = Omit<MessageInitShape<typeof HedgeSchema>, "$typeName">;

export function makeHedge(fields: HedgeFields = {}): Hedge {
  return create(HedgeSchema, {
    hedgeId: 51n,
    contractId: 41n,
    blockType: "Flat Block",
    signedDate: { year: 2026, month: 1, day: 20 },
    startMonth: { year: 2026, month: 3, day: 1 },
    termMonths: 6,
    rate: "0.065",
    fee: "0.004",
    creatorUserId: 3n,
    createTime: timestampFromDate(new Date("2026-01-20T15:05:00Z")),
    modifierUserId: 4n,
    updateTime: timestampFromDate(new Date("2026-01-21T18:30:00Z")),
    version: 2n,
    ...fields,
  } as HedgeFields);
}

/** Fake methods by client; each replaces that method's default fake. */
export type FakeMethods = Record<string, Record<string, ReturnType<typeof vi.fn>>>;

/** Where the router is now. */
export interface RouterProbe {
  location: Location;
}

function Probe({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useEffect(() => {
    onChange(location);
  }, [location, onChange]);
  return null;
}

/** The screens wait for the session, as the app's shell does. */
function SignedIn({ children }: { children: ReactNode }) {
  const state = useSessionState();
  return state.status === "signedIn" ? <>{children}</> : null;
}

/** The default fakes: Acme with its three accounts, the directories, and one Electric beta contract. */
function defaultClients(): FakeMethods {
  return {
    companies: {
      getCompany: vi.fn(async () => ({ company: acme })),
      listAffiliates: vi.fn(async () => ({ names: ["Acme Partners", "Keystone Energy Group"] })),
    },
    utilities: { listUtilities: vi.fn(async () => ({ utilities })) },
    suppliers: { listSuppliers: vi.fn(async () => ({ suppliers })) },
    rateTypes: { listRateTypes: vi.fn(async () => ({ rateTypes: [{ name: "Fixed" }, { name: "Index" }] })) },
    accounts: { listAccounts: vi.fn(async () => listAnswer([plant, mill, boiler])) },
    contracts: {
      listContracts: vi.fn(async () => ({ contracts: [makeContract()], nextPageToken: "" })),
      getContract: vi.fn(async () => ({ contract: makeContract() })),
      createContract: vi.fn(async () => ({ contract: makeContract({ contractId: 77n }) })),
      updateContract: vi.fn(async () => ({ contract: makeContract({ version: 4n }) })),
      deleteContract: vi.fn(async () => ({})),
      exportContracts: vi.fn(async () => ({ fileName: "Contracts.xlsx", content: new Uint8Array([80, 75]) })),
    },
    hedges: {
      listHedges: vi.fn(async () => ({ hedges: [makeHedge()] })),
      getHedge: vi.fn(async () => ({ hedge: makeHedge() })),
      createHedge: vi.fn(async () => ({ hedge: makeHedge({ hedgeId: 52n }) })),
      updateHedge: vi.fn(async () => ({ hedge: makeHedge({ version: 3n }) })),
      deleteHedge: vi.fn(async () => ({})),
    },
    payments: { listPayments: vi.fn(async () => ({ payments: [] })) },
  };
}

export interface OpenOptions {
  me?: User;
  /** Fake methods replacing the defaults, by client. */
  api?: FakeMethods;
}

/**
 * Renders the three beta contract routes at `path` for `me` (Management unless given), signed in
 * with the Contracts (BETA) feature, over the fake clients. `router()` tells where it is now.
 */
export function openBeta(path: string, { me = manager, api = {} }: OpenOptions = {}) {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(me, team, [CONTRACTS_BETA_FEATURE]);
  const clients = defaultClients();
  for (const [name, methods] of Object.entries(api)) {
    clients[name] = { ...clients[name], ...methods };
  }
  Object.assign(services.api, clients as FakeClients);
  let location: Location | null = null;
  const result = render(
    <AppProviders services={services}>
      <MemoryRouter initialEntries={[path]}>
        <SignedIn>
          <Routes>
            <Route path="/LeadTabs/:leadId/contractsBETA" element={<BetaContractsTab />} />
            <Route path="/LeadTabs/:leadId/contractsBETA/add" element={<AddBetaContract />} />
            <Route path="/LeadTabs/:leadId/contractsBETA/view/:contractId" element={<ViewBetaContract />} />
          </Routes>
        </SignedIn>
        <Probe onChange={(next) => (location = next)} />
      </MemoryRouter>
    </AppProviders>,
  );
  const router = (): RouterProbe => {
    if (!location) {
      throw new Error("The router has not rendered yet");
    }
    return { location };
  };
  return { ...result, services, clients, router };
}

/** The contracts table's row of a contract, once listed. */
export function contractRow(contractId: bigint): Promise<HTMLElement> {
  return waitFor(() => {
    const table = screen.getByRole("table", { name: "Contracts" });
    const row = within(table)
      .getAllByRole("row")
      .find((r) => r.getAttribute("data-contract-id") === String(contractId));
    if (!row) {
      throw new Error(`No row of contract ${contractId}`);
    }
    return row;
  });
}

export { manager, sally };
