import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { DATA_GRID_TEXTS } from "../../components/DataGridColumns";

import type { User } from "../../gen/eris/identity/v1/identity_pb";
import { RfpOutcome, type ListRfpsRequest } from "../../gen/eris/sourcing/v1/rfps_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { blobBytes, catchDownloads, manager, sally, spyToasts } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { makeRfp, makeSupplier } from "../../test/sourcingFakes";
import { RFP_REPORT_TEXTS } from "./texts";

const T = RFP_REPORT_TEXTS;
const XLSX = new Uint8Array([0x50, 0x4b, 3, 4]);

const acme = makeRfp({ supplierIds: [1n, 2n], returnTime: "14:30" });
const bolt = makeRfp({
  rfpId: 2n,
  companyId: 6n,
  companyName: "Bolt Metals",
  len: "Bolt Metals Inc",
  commodity: Commodity.GAS,
  address: "9 Forge Ln",
  city: "Chester",
  zip: "19013",
  returnDate: { year: 2026, month: 11, day: 18 },
  returnTime: "09:00",
  startDate: { year: 2027, month: 2, day: 1 },
  fee: "0.01",
  supplierIds: [3n],
  outcome: RfpOutcome.LOST,
});
const cedar = makeRfp({ rfpId: 3n, companyId: 7n, companyName: "Cedar Farms", len: "Cedar Farms Co" });

interface ReportOptions {
  path?: string;
  listRfps?: (req: ListRfpsRequest) => Promise<unknown>;
}

function openReport(me: User, { path = "/RFP", listRfps }: ReportOptions = {}) {
  const list = vi.fn(
    listRfps ??
      (async (req: ListRfpsRequest) =>
        req.pageToken === "" ? { rfps: [acme, bolt], nextPageToken: "p2" } : { rfps: [cedar], nextPageToken: "" }),
  );
  const exportRfp = vi.fn(async () => ({ fileName: "RFP 2 - Bolt Metals.xlsx", content: XLSX }));
  const exportRfps = vi.fn(async () => ({ fileName: "RFPs.xlsx", content: XLSX }));
  const listSuppliers = vi.fn(async () => ({
    suppliers: [
      makeSupplier({ supplierId: 1n, name: "Acme Energy" }),
      makeSupplier({ supplierId: 2n, name: "Old Power", archived: true }),
      makeSupplier({ supplierId: 3n, name: "Bolt Gas", commodity: Commodity.GAS }),
    ],
  }));
  const view = openApp(path, me, { rfps: { listRfps: list, exportRfp, exportRfps }, suppliers: { listSuppliers } }, [
    manager,
    sally,
  ]);
  return { ...view, listRfps: list, exportRfp, exportRfps, listSuppliers };
}

async function row(text: string) {
  const table = await screen.findByRole("table", { name: T.rfps });
  return (await within(table).findByText(text)).closest("tr") as HTMLElement;
}

function cells(tr: HTMLElement): string[] {
  return within(tr)
    .getAllByRole("cell")
    .map((td) => td.textContent ?? "");
}

function search(router: () => { location: { search: string } }) {
  return Object.fromEntries(new URLSearchParams(router().location.search));
}

/** The report's order depends on the clock: by default every return date here has passed. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-12-01T17:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("RFPs report", () => {
  it("lists every RFP the caller may see with the spec's columns", async () => {
    const { listRfps } = openReport(manager);
    expect(await screen.findByRole("heading", { name: T.title })).toBeTruthy();
    const acmeRow = await row("Acme Foods");
    expect(listRfps).toHaveBeenCalledWith(
      { companyId: 0n, ownerUserId: 0n, query: "", pageSize: 50, pageToken: "" },
      expect.anything(),
    );
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Company",
      "Len",
      "Return Date",
      "Outcome",
      "Commodity",
      "Address",
      "City",
      "State",
      "Zip",
      "Start Date",
      "Fee",
      "Suppliers",
      "Download",
    ]);
    // Archived suppliers are still named.
    await waitFor(() => expect(cells(acmeRow)[11]).toBe("Acme Energy, Old Power"));
    expect(cells(acmeRow)).toEqual([
      "Acme Foods",
      "Acme Foods LLC",
      "11/20/2026 2:30 PM",
      "Open",
      "Electric",
      "1 Main St",
      "Media",
      "PA",
      "19063",
      "01/01/2027",
      "0.005",
      "Acme Energy, Old Power",
      "",
    ]);
    expect(cells(await row("Bolt Metals"))).toEqual([
      "Bolt Metals",
      "Bolt Metals Inc",
      "11/18/2026 9:00 AM",
      "Lost",
      "Gas",
      "9 Forge Ln",
      "Chester",
      "PA",
      "19013",
      "02/01/2027",
      "0.01",
      "Bolt Gas",
      "",
    ]);
    // One line per cell: long text is cut, and shown whole on hover.
    expect(within(acmeRow).getByText("1 Main St").closest("td")?.title).toBe("1 Main St");
    expect(within(acmeRow).getByText("Acme Foods").closest("td")?.title).toBe("Acme Foods");
    expect(within(acmeRow).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe("/LeadTabs/5/rfps");
  });

  it("lists the nearest return first: upcoming ones the soonest first, then past ones the most recent first", async () => {
    // 10:00 in New York on November 19th, 2026.
    vi.setSystemTime(new Date("2026-11-19T15:00:00Z"));
    const far = makeRfp({ rfpId: 4n, companyName: "Far Co", returnDate: { year: 2027, month: 3, day: 1 } });
    const soon = makeRfp({
      rfpId: 5n,
      companyName: "Soon Co",
      returnDate: { year: 2026, month: 11, day: 19 },
      returnTime: "15:00",
    });
    const older = makeRfp({ rfpId: 6n, companyName: "Older Co", returnDate: { year: 2026, month: 10, day: 1 } });
    // The server's order, latest return first: the first page holds only upcoming returns, so the
    // report reads the next one on its own, where the nearest ones are.
    const { listRfps } = openReport(manager, {
      listRfps: async (req) =>
        req.pageToken === ""
          ? { rfps: [far, acme], nextPageToken: "p2" }
          : req.pageToken === "p2"
            ? { rfps: [soon, bolt], nextPageToken: "p3" }
            : { rfps: [older], nextPageToken: "" },
    });
    await row("Bolt Metals");
    const table = screen.getByRole("table", { name: T.rfps });
    const companies = () =>
      within(table)
        .getAllByRole("link")
        .map((link) => link.textContent);
    expect(companies()).toEqual(["Soon Co", "Acme Foods", "Far Co", "Bolt Metals"]);
    // Past returns reached: the rest waits for Load more.
    expect(listRfps).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole("button", { name: T.loadMore }));
    await row("Older Co");
    expect(companies()).toEqual(["Soon Co", "Acme Foods", "Far Co", "Bolt Metals", "Older Co"]);
  });

  it("hides a column chosen in Columns, kept for the user", async () => {
    const first = openReport(manager);
    await row("Acme Foods");
    await userEvent.click(screen.getByRole("button", { name: DATA_GRID_TEXTS.columns }));
    await userEvent.click(await screen.findByLabelText("Address"));
    expect(screen.queryByRole("columnheader", { name: "Address" })).toBeNull();
    first.unmount();
    openReport(manager);
    await row("Acme Foods");
    expect(screen.queryByRole("columnheader", { name: "Address" })).toBeNull();
    expect(screen.getByRole("columnheader", { name: "Fee" })).toBeTruthy();
  });

  it("loads more RFPs on request", async () => {
    const { listRfps } = openReport(manager);
    await row("Acme Foods");
    expect(screen.queryByText("Cedar Farms")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: T.loadMore }));
    expect(await row("Cedar Farms")).toBeTruthy();
    expect(listRfps).toHaveBeenLastCalledWith(expect.objectContaining({ pageToken: "p2" }), expect.anything());
    expect(screen.queryByRole("button", { name: T.loadMore })).toBeNull();
    expect(screen.getByText("Acme Foods")).toBeTruthy();
  });

  it("keeps the user and the search in the address", async () => {
    const { listRfps, router } = openReport(manager);
    await row("Acme Foods");
    const user = screen.getByLabelText(T.user) as HTMLSelectElement;
    expect(user.selectedOptions[0].textContent).toBe(T.allUsers);
    await screen.findByRole("option", { name: "Sally Sales" });
    await userEvent.selectOptions(user, "Sally Sales");
    await userEvent.type(screen.getByLabelText(T.search), "acme");
    expect(search(router)).toEqual({ user: "2", q: "acme" });
    await waitFor(() =>
      expect(listRfps).toHaveBeenLastCalledWith(
        { companyId: 0n, ownerUserId: 2n, query: "acme", pageSize: 50, pageToken: "" },
        expect.anything(),
      ),
    );
    await userEvent.selectOptions(user, T.allUsers);
    expect(search(router)).toEqual({ q: "acme" });
  });

  it("opens on the filters an address names", async () => {
    const { listRfps } = openReport(manager, { path: "/RFP?user=2&q=bolt" });
    await row("Acme Foods");
    expect((screen.getByLabelText(T.user) as HTMLSelectElement).value).toBe("2");
    expect((screen.getByLabelText(T.search) as HTMLInputElement).value).toBe("bolt");
    expect(listRfps).toHaveBeenCalledWith(
      expect.objectContaining({ ownerUserId: 2n, query: "bolt" }),
      expect.anything(),
    );
  });

  it("shows Sales no user select, and asks for anyone's RFPs whatever the address says", async () => {
    const { listRfps, exportRfps } = openReport(sally, { path: "/RFP?user=1" });
    await row("Acme Foods");
    expect(screen.queryByLabelText(T.user)).toBeNull();
    expect(screen.queryByRole("option", { name: T.allUsers })).toBeNull();
    expect(listRfps).toHaveBeenCalledWith(expect.objectContaining({ ownerUserId: 0n }), expect.anything());
    expect(listRfps).not.toHaveBeenCalledWith(expect.objectContaining({ ownerUserId: 1n }), expect.anything());
    // Sales download too.
    catchDownloads();
    await userEvent.click(screen.getByRole("button", { name: T.export }));
    await waitFor(() => expect(exportRfps).toHaveBeenCalledWith({ ownerUserId: 0n, query: "" }));
  });

  it("downloads a row's spreadsheet", async () => {
    const downloads = catchDownloads();
    const { exportRfp } = openReport(sally);
    const boltRow = await row("Bolt Metals");
    await userEvent.click(within(boltRow).getByRole("button", { name: T.downloadRfp("Bolt Metals Inc") }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exportRfp).toHaveBeenCalledWith({ rfpId: 2n });
    expect(downloads[0].name).toBe("RFP 2 - Bolt Metals.xlsx");
    expect(await blobBytes(downloads[0].blob)).toEqual(XLSX);
  });

  it("exports the filtered list as RFPs.xlsx", async () => {
    const downloads = catchDownloads();
    const { exportRfps } = openReport(manager, { path: "/RFP?user=2&q=acme" });
    await row("Acme Foods");
    await userEvent.click(screen.getByRole("button", { name: T.export }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exportRfps).toHaveBeenCalledWith({ ownerUserId: 2n, query: "acme" });
    expect(downloads[0].name).toBe("RFPs.xlsx");
  });

  it("opens an RFP's details from its Len", async () => {
    openReport(manager);
    const boltRow = await row("Bolt Metals");
    await userEvent.click(within(boltRow).getByRole("button", { name: T.openRfp("Bolt Metals Inc") }));
    const dialog = await screen.findByRole("dialog", { name: T.details.title });
    expect(within(dialog).getByRole("link", { name: "Bolt Metals" }).getAttribute("href")).toBe("/LeadTabs/6/rfps");
    expect(within(dialog).getByText("Lost")).toBeTruthy();
  });

  it("says when the report cannot be loaded", async () => {
    const toasts = spyToasts();
    openReport(manager, {
      listRfps: async () => {
        throw new ConnectError("down", Code.Unavailable);
      },
    });
    expect(await screen.findByText(T.loadFailed)).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith(T.loadFailed);
  });

  it("says when nothing matches the filters", async () => {
    openReport(manager, { path: "/RFP?q=zzz", listRfps: async () => ({ rfps: [], nextPageToken: "" }) });
    expect(await screen.findByText(T.noMatches)).toBeTruthy();
  });
});
