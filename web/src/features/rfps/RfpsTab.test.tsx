import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { blobBytes, catchDownloads, sally, spyToasts } from "../../test/fakes";
import { acmeRfp, makeRfp, openRfps, rfpRow } from "./rfpsTestKit";
import { RFP_TEXTS } from "./texts";

const headers = () => screen.getAllByRole("columnheader").map((th) => th.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("RFPs tab", () => {
  it("is titled for the company and lists the spec's columns, then the outcome", async () => {
    const { rfps } = openRfps();
    expect(await screen.findByRole("heading", { name: "RFPs for Acme Foods" })).toBeTruthy();
    const row = await rfpRow("Acme Foods LLC");
    expect(headers()).toEqual([
      "Actions",
      "Len",
      "Commodity",
      "Address",
      "City",
      "State",
      "Zip",
      "ReturnDate",
      "StartDate",
      "Fee",
      "Outcome",
    ]);
    expect(rfps.listRfps).toHaveBeenCalledWith(
      { companyId: 5n, query: "", pageSize: 50, pageToken: "" },
      expect.anything(),
    );
    const cells = within(row)
      .getAllByRole("cell")
      .map((td) => td.textContent);
    expect(cells.slice(1)).toEqual([
      "Acme Foods LLC",
      "Electric",
      "1 State St",
      "Media",
      "PA",
      "19063",
      "05/07/2026",
      "06/01/2026",
      "0.005",
      "Open",
    ]);
    expect(within(row).getByText("05/07/2026").closest("td")?.getAttribute("title")).toBe("05/07/2026 by 1:30 PM");
    const gas = await rfpRow("Acme Gas LLC");
    expect(within(gas).getByText("Gas")).toBeTruthy();
    expect(within(gas).getByText("Won")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "RFPs" }).getAttribute("aria-selected")).toBe("true");
  });

  it("gives everyone but Sales Add RFP and the row actions", async () => {
    openRfps();
    const row = await rfpRow("Acme Foods LLC");
    expect(screen.getByRole("button", { name: RFP_TEXTS.add })).toBeTruthy();
    for (const name of Object.values(RFP_TEXTS.actions)) {
      expect(within(row).getByRole("button", { name })).toBeTruthy();
    }
  });

  it("gives Sales the list without the Actions column, Add RFP or export", async () => {
    openRfps({ me: sally });
    const row = await rfpRow("Acme Foods LLC");
    expect(headers()[0]).toBe("Len");
    expect(headers()).not.toContain("Actions");
    expect(within(row).queryAllByRole("button")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: RFP_TEXTS.add })).toBeNull();
    expect(screen.queryByRole("button", { name: RFP_TEXTS.actions.export })).toBeNull();
  });

  it("keeps the search in the address as ?q= and lets the server search", async () => {
    const { rfps, router } = openRfps();
    await rfpRow("Acme Foods LLC");
    await userEvent.type(screen.getByLabelText(RFP_TEXTS.search), "media");
    await waitFor(() =>
      expect(rfps.listRfps).toHaveBeenCalledWith(
        { companyId: 5n, query: "media", pageSize: 50, pageToken: "" },
        expect.anything(),
      ),
    );
    expect(new URLSearchParams(router().location.search).get("q")).toBe("media");
  });

  it("opens with the search of the address", async () => {
    const { rfps } = openRfps({ path: "/LeadTabs/5/rfps?q=gas" });
    await rfpRow("Acme Foods LLC");
    expect((screen.getByLabelText(RFP_TEXTS.search) as HTMLInputElement).value).toBe("gas");
    expect(rfps.listRfps).toHaveBeenCalledWith(expect.objectContaining({ query: "gas" }), expect.anything());
  });

  it("reads the next page by its token", async () => {
    const listRfps = vi.fn(async ({ pageToken }: { pageToken: string }) =>
      pageToken === ""
        ? { rfps: [acmeRfp], nextPageToken: "p2" }
        : { rfps: [makeRfp({ rfpId: 33n, len: "Second Page LLC" })], nextPageToken: "" },
    );
    openRfps({ rfps: { listRfps } });
    await rfpRow("Second Page LLC");
    expect(listRfps).toHaveBeenLastCalledWith(
      { companyId: 5n, query: "", pageSize: 50, pageToken: "p2" },
      expect.anything(),
    );
    expect(screen.getByTestId("rfp-count").textContent).toBe("2 RFPs");
    expect(screen.queryByRole("button", { name: RFP_TEXTS.loadMore })).toBeNull();
  });

  it("says 'error fetching accounts' when the RFPs cannot be read", async () => {
    openRfps({
      rfps: {
        listRfps: vi.fn(async () => {
          throw new ConnectError("down", Code.Unavailable);
        }),
      },
    });
    expect((await screen.findAllByText(RFP_TEXTS.loadFailed)).length).toBeGreaterThan(0);
  });

  it("downloads the RFP's spreadsheet as ExportRfp makes it", async () => {
    const downloads = catchDownloads();
    const content = new Uint8Array([0x50, 0x4b, 3, 4]);
    const exportRfp = vi.fn(async () => ({ fileName: "RFP 31 - Acme Foods.xlsx", content }));
    openRfps({ rfps: { exportRfp } });
    await userEvent.click(
      within(await rfpRow("Acme Foods LLC")).getByRole("button", { name: RFP_TEXTS.actions.export }),
    );
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exportRfp).toHaveBeenCalledWith({ rfpId: 31n });
    expect(downloads[0].name).toBe("RFP 31 - Acme Foods.xlsx");
    expect(Array.from(await blobBytes(downloads[0].blob))).toEqual([0x50, 0x4b, 3, 4]);
  });

  it("deletes an RFP after the spec's confirmation", async () => {
    const toasts = spyToasts();
    const deleteRfp = vi.fn(async () => ({}));
    const { rfps } = openRfps({ rfps: { deleteRfp } });
    await userEvent.click(
      within(await rfpRow("Acme Foods LLC")).getByRole("button", { name: RFP_TEXTS.actions.delete }),
    );
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Are you sure you want to delete this RFP?")).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: RFP_TEXTS.actions.delete }));
    await waitFor(() => expect(deleteRfp).toHaveBeenCalledWith({ rfpId: 31n }));
    await waitFor(() => expect(rfps.listRfps).toHaveBeenCalledTimes(2));
    expect(toasts.success).toHaveBeenCalledWith(RFP_TEXTS.deleted);
  });
});
