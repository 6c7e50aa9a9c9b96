import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { vi } from "vitest";

import { ContractSchema, ProjectionBasis, type Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import { AccountFilter } from "../../gen/eris/crm/v1/accounts_pb";
import { CompanySchema } from "../../gen/eris/crm/v1/crm_pb";
import { Role, type User } from "../../gen/eris/identity/v1/identity_pb";
import { listAnswer } from "../../test/accountFakes";
import { makeContract, makeDrContract } from "../../test/contractFakes";
import { boiler, plant, plant2, suppliers, utilities } from "../../test/contractScreenFakes";
import { manager, sally } from "../../test/fakes";
import { openApp, type FakeClient } from "../../test/renderApp";

/** Test data and a rendered contracts tab over fake clients (shared by the contract tests). */
export const acme = create(CompanySchema, { companyId: 5n, version: 1n, name: "Acme Foods" });

/** Contracts made on this screen: their projected payments go by their fee. */
export const electricContract = makeContract({ projectionBasis: ProjectionBasis.FEE });
export const drContract = makeDrContract({
  dateSigned: { year: 2025, month: 11, day: 3 },
  projectionBasis: ProjectionBasis.FEE,
});

/** The proto field a mask path names ("projection_basis" -> "projectionBasis"). */
const fieldOfPath = (path: string) => path.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * A contract service over stored contracts, as `me` calls it: UpdateContract changes only the
 * fields its mask names, with the version read (ABORTED when stale), and refuses the projection
 * basis as the server does (Management and Admin only; Fee or Rate only). `contract(id)` reads the
 * stored contract, e.g. for a fake payment service computing by its basis.
 */
export function fakeContractStore(me: User, initial: readonly Contract[] = [electricContract, drContract]) {
  let contracts = [...initial];
  const stored = (contractId: bigint) => {
    const found = contracts.find((c) => c.contractId === contractId);
    if (!found) {
      throw new ConnectError("contract not found", Code.NotFound);
    }
    return found;
  };
  const methods = {
    listContracts: vi.fn(async () => ({ contracts: [...contracts], nextPageToken: "" })),
    getContract: vi.fn(async ({ contractId }: { contractId: bigint }) => ({ contract: stored(contractId) })),
    updateContract: vi.fn(
      async ({ contract, updateMask }: { contract: Record<string, unknown>; updateMask: { paths: string[] } }) => {
        const current = stored(contract.contractId as bigint);
        if (current.version !== contract.version) {
          throw new ConnectError("Someone else changed this contract meanwhile.", Code.Aborted);
        }
        if (updateMask.paths.includes("projection_basis")) {
          if (me.role !== Role.MANAGEMENT && me.role !== Role.ADMIN) {
            throw new ConnectError("Only Management and Admin change the projection basis.", Code.PermissionDenied);
          }
          const basis = contract.projectionBasis;
          if (basis !== ProjectionBasis.FEE && basis !== ProjectionBasis.RATE) {
            throw new ConnectError("Projection basis must be Fee or Rate.", Code.InvalidArgument);
          }
        }
        const changed: Record<string, unknown> = { ...current, version: current.version + 1n };
        for (const path of updateMask.paths) {
          changed[fieldOfPath(path)] = contract[fieldOfPath(path)];
        }
        const saved = create(ContractSchema, changed as Contract);
        contracts = contracts.map((c) => (c.contractId === saved.contractId ? saved : c));
        return { contract: saved };
      },
    ),
  };
  return { methods, contract: stored };
}

/**
 * Opens `path` (the company's contracts tab) as `me` over a contract service listing an Electric
 * and a DR contract of Acme, and the company's accounts by filter (and more fakes).
 */
export function openContracts(options: { me?: User; contracts?: FakeClient<"contracts">; path?: string } = {}) {
  const contracts = {
    listContracts: vi.fn(async () => ({ contracts: [electricContract, drContract], nextPageToken: "" })),
    ...options.contracts,
  } as Record<string, ReturnType<typeof vi.fn>>;
  const listAccounts = vi.fn(async ({ filter }: { filter: AccountFilter }) =>
    listAnswer(filter === AccountFilter.GAS ? [boiler] : filter === AccountFilter.ELECTRIC ? [plant, plant2] : []),
  );
  const view = openApp(
    options.path ?? "/LeadTabs/5/contracts",
    options.me ?? manager,
    {
      companies: {
        getCompany: vi.fn(async () => ({ company: acme })),
        listAffiliates: vi.fn(async () => ({ names: ["Acme Partners"] })),
      },
      utilities: { listUtilities: vi.fn(async () => ({ utilities })) },
      suppliers: { listSuppliers: vi.fn(async () => ({ suppliers })) },
      rateTypes: { listRateTypes: vi.fn(async () => ({ rateTypes: [{ name: "Fixed" }, { name: "Index" }] })) },
      accounts: { listAccounts },
      contracts,
    },
    [manager, sally],
  );
  return { ...view, contracts, listAccounts };
}
