import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { AppProviders } from "../../app/App";
import { RfpOutcome, type Rfp } from "../../gen/eris/sourcing/v1/rfps_pb";
import { blobBytes, catchDownloads, manager, spyToasts } from "../../test/fakes";
import { signedInServices } from "../../test/renderApp";
import { makeRfp, makeSupplier } from "../../test/sourcingFakes";
import { RfpDetailsDialog } from "./RfpDetailsDialog";
import { RFP_REPORT_TEXTS } from "./texts";

const T = RFP_REPORT_TEXTS.details;
const XLSX = new Uint8Array([0x50, 0x4b, 3, 4]);

function openDialog(rfp: Rfp, exportRfp = vi.fn(async () => ({ fileName: "RFP 1 - Acme Foods.xlsx", content: XLSX }))) {
  const services = signedInServices(manager, [manager]);
  const listSuppliers = vi.fn(async () => ({
    suppliers: [
      makeSupplier({ supplierId: 1n, name: "Acme Energy" }),
      makeSupplier({ supplierId: 2n, name: "Old Power", archived: true }),
    ],
  }));
  Object.assign(services.api, { rfps: { exportRfp }, suppliers: { listSuppliers } });
  const onClose = vi.fn();
  render(
    <AppProviders services={services}>
      <MemoryRouter>
        <RfpDetailsDialog rfp={rfp} onClose={onClose} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { dialog: screen.getByRole("dialog", { name: T.title }), exportRfp, listSuppliers, onClose };
}

/** The dialog's details, label by label. */
function details(dialog: HTMLElement): Record<string, string> {
  const terms = within(dialog).getAllByRole("term");
  return Object.fromEntries(terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? ""]));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("RFP details dialog", () => {
  it("shows the RFP read-only, its suppliers named even when archived", async () => {
    const rfp = makeRfp({ supplierIds: [1n, 2n], returnTime: "14:30", outcome: RfpOutcome.WON });
    const { dialog, listSuppliers } = openDialog(rfp);
    await waitFor(() => expect(details(dialog)[T.suppliers]).toBe("Acme Energy, Old Power"));
    expect(listSuppliers).toHaveBeenCalledWith({ includeArchived: true }, expect.anything());
    expect(details(dialog)).toEqual({
      [T.company]: "Acme Foods",
      [T.len]: "Acme Foods LLC",
      [T.address]: "1 Main St, Media, PA 19063",
      [T.commodity]: "Electric",
      [T.startDate]: "01/01/2027",
      [T.returnDate]: "11/20/2026 2:30 PM",
      [T.suppliers]: "Acme Energy, Old Power",
      [T.terms]: "12, 24 months",
      [T.products]: "Fixed",
      [T.fee]: "0.005",
      [T.accounts]: "2",
      [T.outcome]: "Won",
    });
    expect(within(dialog).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe("/LeadTabs/5/rfps");
    // Nothing to edit.
    expect(within(dialog).queryByRole("textbox")).toBeNull();
  });

  it("marks what the RFP leaves empty", () => {
    const rfp = makeRfp({ products: [], fee: "", startDate: undefined, outcome: RfpOutcome.UNSPECIFIED });
    const shown = details(openDialog(rfp).dialog);
    expect([shown[T.products], shown[T.fee], shown[T.startDate]]).toEqual([T.none, T.none, T.none]);
    // An RFP with no outcome set is Open.
    expect(shown[T.outcome]).toBe("Open");
  });

  it("downloads the RFP's spreadsheet under the server's name", async () => {
    const downloads = catchDownloads();
    const { dialog, exportRfp } = openDialog(makeRfp({ rfpId: 9n }));
    await userEvent.click(within(dialog).getByRole("button", { name: T.download }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exportRfp).toHaveBeenCalledWith({ rfpId: 9n });
    expect(downloads[0].name).toBe("RFP 1 - Acme Foods.xlsx");
    expect(downloads[0].blob.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(await blobBytes(downloads[0].blob)).toEqual(XLSX);
  });

  it("says when the spreadsheet cannot be downloaded, and closes", async () => {
    const toasts = spyToasts();
    const { dialog, onClose } = openDialog(
      makeRfp(),
      vi.fn(async () => {
        throw new ConnectError("down", Code.Unavailable);
      }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: T.download }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(RFP_REPORT_TEXTS.downloadFailed));
    // The footer's Close (the header has its own close button).
    const closes = within(dialog).getAllByRole("button", { name: T.close });
    await userEvent.click(closes[closes.length - 1]);
    expect(onClose).toHaveBeenCalled();
  });
});
