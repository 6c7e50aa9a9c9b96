import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { DATA_GRID_TEXTS } from "../../components/DataGridColumns";
import { makeContract } from "../../test/contractFakes";
import { contractRow } from "../../test/contractScreenFakes";
import { blobBytes, catchDownloads, sally, spyToasts } from "../../test/fakes";
import { CONTRACT_TEXTS } from "../../lib/records/contractTexts";
import { drContract, electricContract, openContracts } from "./contractsTestKit";
import { CONTRACT_TAB_TEXTS } from "./texts";

const T = CONTRACT_TAB_TEXTS;
const headers = () => screen.getAllByRole("columnheader").map((th) => th.textContent);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((td) => td.textContent);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("lead contracts tab", () => {
  it("is titled for the company and lists every contract, Inactive too, in the spec's columns", async () => {
    const { contracts } = openContracts();
    expect(await screen.findByRole("heading", { name: "Contracts for Acme Foods" })).toBeTruthy();
    const row = await contractRow(electricContract.contractId);
    expect(headers()).toEqual([
      "Actions",
      "Status",
      "Date Signed",
      "Commodity",
      "Utility",
      "Contract Type",
      "Supplier",
      "Start Date",
      "Term Length",
      "End Date",
      "Rate Type",
      "Annual Volume",
      "Contract Term Volume",
      // The amounts are pinned at the right, so they stay in view while the others scroll.
      "Rate",
      "Fee",
      "Annual Revenue",
      "Term Revenue",
    ]);
    expect(contracts.listContracts).toHaveBeenCalledWith(
      { companyId: 5n, query: "", includeInactive: true, pageSize: 100, pageToken: "" },
      expect.anything(),
    );
    await waitFor(() => expect(cells(row)[4]).toBe("PECO (PA)"));
    expect(cells(row).slice(1)).toEqual([
      "Active",
      "12/15/2025",
      "Electric",
      "PECO (PA)",
      "New",
      "Constellation",
      "01/01/2026",
      "12",
      "12/31/2026",
      "Fixed",
      "864,000",
      "864,000",
      "$0.0712",
      "$0.005",
      "$4,320.00",
      "$4,320.00",
    ]);
    expect(screen.getByRole("tab", { name: "Contracts" }).getAttribute("aria-selected")).toBe("true");
  });

  it("shows the status by name, large amounts grouped, revenues to the cent and rates to 5 decimals", async () => {
    const big = makeContract({
      contractId: 44n,
      status: 3,
      contractRate: "0.123450",
      fee: "0.00525",
      annualVolume: "1234567.5000",
      termVolume: "2469135.0000",
      annualFeeTotal: "6481.98",
      termFeeTotal: "12963.96",
      termMonths: 24,
    });
    openContracts({ contracts: { listContracts: vi.fn(async () => ({ contracts: [big], nextPageToken: "" })) } });
    const row = await contractRow(44n);
    const shown = cells(row);
    expect(shown[1]).toBe("Inactive");
    expect(shown.slice(10)).toEqual([
      "Fixed",
      "1,234,567.50",
      "2,469,135",
      "$0.12345",
      "$0.00525",
      "$6,481.98",
      "$12,963.96",
    ]);
  });

  it("shows a beta contract's End Date as its start plus its term less a day, not its month's end", async () => {
    const beta = makeContract({
      contractId: 46n,
      beta: true,
      startDate: { year: 2026, month: 3, day: 15 },
      termMonths: 6,
      endDate: { year: 2026, month: 9, day: 30 },
    });
    openContracts({ contracts: { listContracts: vi.fn(async () => ({ contracts: [beta], nextPageToken: "" })) } });
    const row = await contractRow(46n);
    expect(cells(row)[headers().indexOf("End Date")]).toBe("09/14/2026");
  });

  it("pins Actions and Status at the left and the amounts at the right", async () => {
    openContracts();
    await contractRow(electricContract.contractId);
    const pinned = (side: string) =>
      screen
        .getAllByRole("columnheader")
        .filter((th) => th.classList.contains(side))
        .map((th) => th.textContent);
    expect(pinned("eris-vtable-pinned")).toEqual(["Actions", "Status"]);
    expect(pinned("eris-vtable-pinned-end")).toEqual(["Rate", "Fee", "Annual Revenue", "Term Revenue"]);
  });

  it("hides a column chosen in Columns, for this user on later visits too, until Reset columns", async () => {
    const first = openContracts();
    await contractRow(electricContract.contractId);
    await userEvent.click(screen.getByRole("button", { name: DATA_GRID_TEXTS.columns }));
    const chooser = await screen.findByRole("group", { name: DATA_GRID_TEXTS.chooseColumns });
    // The pinned columns are always shown.
    expect((within(chooser).getByLabelText(DATA_GRID_TEXTS.pinned("Fee")) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(within(chooser).getByLabelText("Contract Type"));
    expect(headers()).not.toContain("Contract Type");
    expect(headers()).toHaveLength(16);
    first.unmount();

    openContracts();
    await contractRow(electricContract.contractId);
    expect(headers()).not.toContain("Contract Type");
    await userEvent.click(screen.getByRole("button", { name: DATA_GRID_TEXTS.columns }));
    await userEvent.click(await screen.findByRole("button", { name: DATA_GRID_TEXTS.reset }));
    expect(headers()).toContain("Contract Type");
  });

  it("gives Management the row actions, with DR Payment History on DR contracts only", async () => {
    openContracts();
    const electric = await contractRow(electricContract.contractId);
    const dr = await contractRow(drContract.contractId);
    const names = (row: HTMLElement) =>
      within(row)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label"));
    expect(names(electric)).toEqual(["Contract PDF", "Edit", "Payments", "Delete"]);
    expect(names(dr)).toEqual(["Contract PDF", "Edit", "Payments", "DR Payment History", "Delete"]);
    expect(screen.getByRole("button", { name: T.add })).toBeTruthy();
    expect(screen.getByRole("button", { name: T.export })).toBeTruthy();
  });

  it("gives Sales the list without the Actions column, Add Contract or Export", async () => {
    openContracts({ me: sally });
    const row = await contractRow(electricContract.contractId);
    expect(headers()[0]).toBe("Status");
    expect(headers()).not.toContain("Actions");
    expect(within(row).queryAllByRole("button")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: T.add })).toBeNull();
    expect(screen.queryByRole("button", { name: T.export })).toBeNull();
  });

  it("keeps the search in the address as ?q= and lets the server search", async () => {
    const { contracts, router } = openContracts();
    await contractRow(electricContract.contractId);
    await userEvent.type(screen.getByLabelText(T.search), "hedge");
    await waitFor(() =>
      expect(contracts.listContracts).toHaveBeenCalledWith(
        { companyId: 5n, query: "hedge", includeInactive: true, pageSize: 100, pageToken: "" },
        expect.anything(),
      ),
    );
    expect(new URLSearchParams(router().location.search).get("q")).toBe("hedge");
  });

  it("opens with the search of the address", async () => {
    const { contracts } = openContracts({ path: "/LeadTabs/5/contracts?q=lost" });
    await contractRow(electricContract.contractId);
    expect((screen.getByLabelText(T.search) as HTMLInputElement).value).toBe("lost");
    expect(contracts.listContracts).toHaveBeenCalledWith(expect.objectContaining({ query: "lost" }), expect.anything());
  });

  it("reads the next page by its token", async () => {
    const listContracts = vi.fn(async ({ pageToken }: { pageToken: string }) =>
      pageToken === ""
        ? { contracts: [electricContract], nextPageToken: "p2" }
        : { contracts: [makeContract({ contractId: 45n })], nextPageToken: "" },
    );
    openContracts({ contracts: { listContracts } });
    await contractRow(45n);
    expect(listContracts).toHaveBeenLastCalledWith(
      { companyId: 5n, query: "", includeInactive: true, pageSize: 100, pageToken: "p2" },
      expect.anything(),
    );
    expect(screen.getByTestId("contract-count").textContent).toBe("2 contracts");
    expect(screen.queryByRole("button", { name: T.loadMore })).toBeNull();
  });

  it("says 'error fetching Contracts' when the contracts cannot be read", async () => {
    const toasts = spyToasts();
    openContracts({
      contracts: {
        listContracts: vi.fn(async () => {
          throw new ConnectError("down", Code.Unavailable);
        }),
      },
    });
    expect(await screen.findByText("error fetching Contracts")).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith("error fetching Contracts");
  });

  it("exports the company's contracts as ExportContracts makes them", async () => {
    const downloads = catchDownloads();
    const exportContracts = vi.fn(async () => ({ fileName: "Contracts.xlsx", content: new Uint8Array([0x50, 0x4b]) }));
    openContracts({ contracts: { exportContracts } });
    await contractRow(electricContract.contractId);
    await userEvent.click(screen.getByRole("button", { name: T.export }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exportContracts).toHaveBeenCalledWith({ companyId: 5n });
    expect(downloads[0].name).toBe("Contracts.xlsx");
    expect(Array.from(await blobBytes(downloads[0].blob))).toEqual([0x50, 0x4b]);
  });

  it("deletes a contract after the spec's confirmation naming its commodity, status and date signed", async () => {
    const toasts = spyToasts();
    const deleteContract = vi.fn(async () => ({}));
    const { contracts } = openContracts({ contracts: { deleteContract } });
    await userEvent.click(within(await contractRow(drContract.contractId)).getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Are you sure you want to delete this contract ?")).toBeTruthy();
    expect(within(confirm).getByText("DR contract, Active, signed 11/03/2025")).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleteContract).toHaveBeenCalledWith({ contractId: 42n }));
    await waitFor(() => expect(contracts.listContracts).toHaveBeenCalledTimes(2));
    expect(toasts.success).toHaveBeenCalledWith(CONTRACT_TEXTS.deleted);
  });

  it("says 'error fetching data' when a delete fails", async () => {
    const toasts = spyToasts();
    const deleteContract = vi.fn(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    openContracts({ contracts: { deleteContract } });
    await userEvent.click(within(await contractRow(41n)).getByRole("button", { name: "Delete" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("error fetching data"));
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it("opens the contract's payments, and a DR contract's payment history", async () => {
    const listPayments = vi.fn(async () => ({ payments: [] }));
    const listDrPayments = vi.fn(async () => ({ drPayments: [] }));
    const view = openContracts();
    Object.assign(view.services.api, { payments: { listPayments, listDrPayments } });
    await userEvent.click(within(await contractRow(41n)).getByRole("button", { name: "Payments" }));
    expect(await screen.findByRole("dialog", { name: "Payments" })).toBeTruthy();
    await waitFor(() =>
      expect(listPayments).toHaveBeenCalledWith(expect.objectContaining({ contractId: 41n }), expect.anything()),
    );
    const payments = screen.getByRole("dialog", { name: "Payments" });
    await userEvent.click(within(payments).getAllByRole("button", { name: "Close" }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Payments" })).toBeNull());
    await userEvent.click(within(await contractRow(42n)).getByRole("button", { name: "DR Payment History" }));
    expect(await screen.findByRole("dialog", { name: "DR Payment History" })).toBeTruthy();
    await waitFor(() =>
      expect(listDrPayments).toHaveBeenCalledWith(expect.objectContaining({ contractId: 42n }), expect.anything()),
    );
  });
});
