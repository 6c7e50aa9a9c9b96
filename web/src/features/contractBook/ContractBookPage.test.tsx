import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ContractScope } from "../../gen/eris/contracts/v1/contracts_pb";
import { Role, type User } from "../../gen/eris/identity/v1/identity_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { makeContract, makeDrContract } from "../../test/contractFakes";
import { suppliers, utilities } from "../../test/contractScreenFakes";
import { blobBytes, catchDownloads, makeUser, manager, sally } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { BOOK_TEXTS } from "./texts";

const T = BOOK_TEXTS;
const care = makeUser({ userId: 3n, name: "Cara Care", role: Role.CUSTOMER_CARE });
const admin = makeUser({ userId: 4n, name: "Adam Admin", role: Role.ADMIN });

const acmeContract = makeContract();
const globexContract = makeDrContract({ companyId: 6n, companyName: "Globex", contractId: 42n });

afterEach(() => {
  vi.restoreAllMocks();
});

/** The book's request for a filter, first page. */
const bookRequest = (filter: object, pageToken = "") => ({
  filter: {
    commodity: Commodity.UNSPECIFIED,
    userId: 0n,
    scope: ContractScope.UNSPECIFIED,
    dateSignedFrom: undefined,
    dateSignedTo: undefined,
    ...filter,
  },
  pageSize: 100,
  pageToken,
});

function openBook(options: { me?: User; path?: string; contracts?: Record<string, unknown> } = {}) {
  const contracts = {
    listBookContracts: vi.fn(async () => ({
      contracts: [acmeContract, globexContract],
      nextPageToken: "",
      totalCount: 2n,
      totalAnnualVolume: "1728000.0000",
    })),
    ...options.contracts,
  } as Record<string, ReturnType<typeof vi.fn>>;
  const view = openApp(
    options.path ?? "/Contracts",
    options.me ?? manager,
    {
      contracts,
      utilities: { listUtilities: vi.fn(async () => ({ utilities })) },
      suppliers: { listSuppliers: vi.fn(async () => ({ suppliers })) },
    },
    [manager, sally, care],
  );
  return { ...view, contracts };
}

async function bookRow(contractId: bigint): Promise<HTMLElement> {
  return waitFor(() => {
    const row = screen.getByRole("table", { name: T.table }).querySelector(`tr[data-contract-id="${contractId}"]`);
    if (!row) {
      throw new Error(`No row of contract ${contractId} yet`);
    }
    return row as HTMLElement;
  });
}

const params = (router: () => { location: { search: string } }) => new URLSearchParams(router().location.search);

describe("Contracts page", () => {
  it("lists the book with its columns, the Displaying label and the total annual volume", async () => {
    const { contracts } = openBook();
    expect(await screen.findByRole("heading", { name: "Contracts" })).toBeTruthy();
    const row = await bookRow(41n);
    expect(contracts.listBookContracts).toHaveBeenCalledWith(bookRequest({}), expect.anything());
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Company",
      "Status",
      "Date Signed",
      "Commodity",
      "Utility",
      "Supplier",
      "Start Date",
      "End Date",
      "Term",
      "Rate",
      "Fee",
      "Annual Volume",
      "Term Revenue",
    ]);
    await waitFor(() => expect(within(row).getByText("PECO (PA)")).toBeTruthy());
    expect(
      within(row)
        .getAllByRole("cell")
        .map((td) => td.textContent),
    ).toEqual([
      "Acme Foods",
      "Active",
      "12/15/2025",
      "Electric",
      "PECO (PA)",
      "Constellation",
      "01/01/2026",
      "12/31/2026",
      "12",
      "$0.0712",
      "$0.005",
      "864,000",
      "$4,320.00",
    ]);
    expect(
      within(await bookRow(42n))
        .getByRole("link", { name: "Globex" })
        .getAttribute("href"),
    ).toBe("/LeadTabs/6/contracts");
    expect(screen.getByTestId("book-displaying").textContent).toBe("Displaying 2 of 2");
    expect(screen.getByTestId("book-total-volume").textContent).toBe("1,728,000");
    expect(screen.getByText("Active filter: All")).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Show All" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "All" }) as HTMLInputElement).checked).toBe(true);
  });

  it("counts every match from the first page and reads the next pages by their token", async () => {
    const listBookContracts = vi.fn(async ({ pageToken }: { pageToken: string }) =>
      pageToken === ""
        ? { contracts: [acmeContract], nextPageToken: "p2", totalCount: 250n, totalAnnualVolume: "99000000" }
        : { contracts: [globexContract], nextPageToken: "", totalCount: 0n, totalAnnualVolume: "" },
    );
    openBook({ contracts: { listBookContracts } });
    await bookRow(42n);
    expect(listBookContracts).toHaveBeenLastCalledWith(bookRequest({}, "p2"), expect.anything());
    expect(screen.getByTestId("book-displaying").textContent).toBe("Displaying 2 of 250");
    expect(screen.getByTestId("book-total-volume").textContent).toBe("99,000,000");
  });

  it("keeps every filter in the address and sends it", async () => {
    const { contracts, router } = openBook();
    await bookRow(41n);
    await userEvent.click(screen.getByRole("radio", { name: "Gas" }));
    await userEvent.selectOptions(screen.getByLabelText(T.user), "Sally Sales");
    await userEvent.click(screen.getByRole("radio", { name: "Show Future Only" }));
    expect(await screen.findByText("Active filter: Future Only")).toBeTruthy();
    await userEvent.type(screen.getByLabelText(T.signedFrom), "01/01/2026");
    await userEvent.type(screen.getByLabelText(T.signedTo), "12/31/2026");
    await waitFor(() =>
      expect(contracts.listBookContracts).toHaveBeenLastCalledWith(
        bookRequest({
          commodity: Commodity.GAS,
          userId: 2n,
          scope: ContractScope.FUTURE_ONLY,
          dateSignedFrom: { year: 2026, month: 1, day: 1 },
          dateSignedTo: { year: 2026, month: 12, day: 31 },
        }),
        expect.anything(),
      ),
    );
    expect(Object.fromEntries(params(router))).toEqual({
      commodity: "Gas",
      user: "2",
      scope: "future",
      from: "2026-01-01",
      to: "2026-12-31",
    });
    // A half-typed date leaves the address alone.
    await userEvent.type(screen.getByLabelText(T.signedTo), "{Backspace}");
    expect(params(router).get("to")).toBe("2026-12-31");
  });

  it("opens with the filters of the address", async () => {
    const { contracts } = openBook({
      path: "/Contracts?commodity=DR&user=2&scope=active&from=2025-06-01&to=2025-12-31",
    });
    await bookRow(41n);
    expect(contracts.listBookContracts).toHaveBeenCalledWith(
      bookRequest({
        commodity: Commodity.DR,
        userId: 2n,
        scope: ContractScope.ACTIVE_ONLY,
        dateSignedFrom: { year: 2025, month: 6, day: 1 },
        dateSignedTo: { year: 2025, month: 12, day: 31 },
      }),
      expect.anything(),
    );
    expect((screen.getByRole("radio", { name: "DR" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Show Active Only" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Active filter: Active Only")).toBeTruthy();
    expect((screen.getByLabelText(T.signedFrom) as HTMLInputElement).value).toBe("06/01/2025");
    expect((screen.getByLabelText(T.signedTo) as HTMLInputElement).value).toBe("12/31/2025");
    await waitFor(() => expect((screen.getByLabelText(T.user) as HTMLSelectElement).value).toBe("2"));
  });

  it("gives Sales the commodity only: no user, scope, dates or export, whatever the address says", async () => {
    const { contracts } = openBook({ me: sally, path: "/Contracts?user=1&scope=active&from=2025-06-01" });
    await bookRow(41n);
    expect(contracts.listBookContracts).toHaveBeenCalledWith(bookRequest({}), expect.anything());
    expect(screen.queryByLabelText(T.user)).toBeNull();
    expect(screen.queryByRole("radio", { name: "Show Active Only" })).toBeNull();
    expect(screen.queryByLabelText(T.signedFrom)).toBeNull();
    expect(screen.queryByRole("button", { name: T.export })).toBeNull();
    expect(screen.getByRole("radio", { name: "Electric" })).toBeTruthy();
  });

  it("gives Customer Care and Admin the scope, the dates and Export with the filter", async () => {
    const downloads = catchDownloads();
    const exportContracts = vi.fn(async () => ({ fileName: "Contracts.xlsx", content: new Uint8Array([0x50, 0x4b]) }));
    openBook({ me: care, path: "/Contracts?commodity=Electric&scope=future", contracts: { exportContracts } });
    await bookRow(41n);
    expect(screen.getByLabelText(T.user)).toBeTruthy();
    expect(screen.getByLabelText(T.signedFrom)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: T.export }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exportContracts).toHaveBeenCalledWith({
      filter: bookRequest({ commodity: Commodity.ELECTRIC, scope: ContractScope.FUTURE_ONLY }).filter,
    });
    expect(downloads[0].name).toBe("Contracts.xlsx");
    expect(Array.from(await blobBytes(downloads[0].blob))).toEqual([0x50, 0x4b]);
  });

  it("shows Admin the scope radio too", async () => {
    openBook({ me: admin });
    await bookRow(41n);
    expect(screen.getByRole("radio", { name: "Show Active Only" })).toBeTruthy();
    expect(screen.getByRole("button", { name: T.export })).toBeTruthy();
  });

  it("says so when Date Signed Start is after Date Signed End, and asks nothing", async () => {
    const { contracts } = openBook({ path: "/Contracts?from=2026-02-01&to=2026-01-01" });
    expect(await screen.findByText(T.rangeInvalid)).toBeTruthy();
    expect(contracts.listBookContracts).not.toHaveBeenCalled();
    expect((screen.getByRole("button", { name: T.export }) as HTMLButtonElement).disabled).toBe(true);
  });
});
