import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { XLSX_TYPE } from "../../lib/download";
import { makeContract } from "../../test/contractFakes";
import { contractRow } from "../../test/contractScreenFakes";
import { manager, spyToasts } from "../../test/fakes";
import { sessionTokenOf, type FakeClient } from "../../test/renderApp";
import { openContracts } from "./contractsTestKit";
import { CONTRACT_PDF_TEXTS } from "./texts";

const T = CONTRACT_PDF_TEXTS;

/** A fetch answer with what the dialog reads of one. */
function answer(status: number, body: { json?: unknown; blob?: Blob; type?: string } = {}) {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(body.type ? { "Content-Type": body.type } : {}),
    json: async () => body.json,
    blob: async () => body.blob ?? new Blob([]),
  };
}

type FetchCall = [string, RequestInit | undefined];

let fetchMock: ReturnType<typeof vi.fn>;
const objectUrls: Blob[] = [];

beforeEach(() => {
  objectUrls.length = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      objectUrls.push(blob);
      return `blob:contract-file-${objectUrls.length}`;
    }),
    revokeObjectURL: vi.fn(),
  });
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const withFile = makeContract({ fileName: "signed contract.pdf" });
const withoutFile = makeContract({ fileName: "" });

async function openPdf(contract = withFile, contracts: FakeClient<"contracts"> = {}) {
  const view = openContracts({
    contracts: { listContracts: vi.fn(async () => ({ contracts: [contract], nextPageToken: "" })), ...contracts },
  });
  await userEvent.click(within(await contractRow(contract.contractId)).getByRole("button", { name: "Contract PDF" }));
  const dialog = await screen.findByRole("dialog", { name: T.title });
  return { ...view, dialog };
}

const header = (call: FetchCall, name: string) => new Headers(call[1]?.headers).get(name);

/** A file of the given size without allocating it. */
function fileOf(name: string, type: string, size?: number, content = "%PDF-1.4 test"): File {
  const file = new File([content], name, { type });
  if (size !== undefined) {
    Object.defineProperty(file, "size", { value: size });
  }
  return file;
}

describe("contract PDF dialog", () => {
  it("shows a stored PDF in a viewer, read with the session's token", async () => {
    fetchMock.mockResolvedValue(answer(200, { blob: new Blob(["%PDF-1.4"]), type: "application/pdf" }));
    const { dialog } = await openPdf();
    const viewer = await within(dialog).findByTitle("Contract PDF");
    expect(viewer.tagName).toBe("IFRAME");
    expect(viewer.getAttribute("src")).toBe("blob:contract-file-1");
    const call = fetchMock.mock.calls[0] as FetchCall;
    expect(call[0]).toBe("/api/contractFiles/41");
    expect(header(call, "Authorization")).toBe(`Bearer ${sessionTokenOf(manager)}`);
    expect(within(dialog).queryByLabelText(T.fileInput)).toBeNull();
  });

  it("keeps focus out of the viewer, so that Escape closes the dialog after a click into the PDF", async () => {
    fetchMock.mockResolvedValue(answer(200, { blob: new Blob(["%PDF-1.4"]), type: "application/pdf" }));
    const { dialog } = await openPdf();
    const viewer = await within(dialog).findByTitle("Contract PDF");
    // Tab never enters the frame; without a field the dialog opens on Close.
    expect(viewer.getAttribute("tabindex")).toBe("-1");
    const close = within(dialog).getAllByRole("button", { name: T.close }).at(-1);
    await waitFor(() => expect(document.activeElement).toBe(close));
    // A click into the PDF: the frame takes focus and this page's window loses it.
    viewer.focus();
    fireEvent.blur(window);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("contract-pdf-holder")));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: T.title })).toBeNull());
    // Back on the button that opened it.
    const opener = within(await contractRow(withFile.contractId)).getByRole("button", { name: "Contract PDF" });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("offers a stored Excel file as a download", async () => {
    fetchMock.mockResolvedValue(answer(200, { blob: new Blob(["PK"]), type: XLSX_TYPE }));
    const { dialog } = await openPdf(makeContract({ fileName: "prices.xlsx" }));
    // Blueprint's anchor button: a link that looks (and reads) as a button.
    const link = await within(dialog).findByRole("button", { name: T.download("prices.xlsx") });
    expect(link.tagName).toBe("A");
    expect(link.getAttribute("href")).toBe("blob:contract-file-1");
    expect(link.getAttribute("download")).toBe("prices.xlsx");
    expect(within(dialog).queryByTitle("Contract PDF")).toBeNull();
  });

  it("deletes the file after the spec's confirmation and offers the upload again", async () => {
    fetchMock.mockResolvedValue(answer(200, { blob: new Blob(["%PDF-1.4"]), type: "application/pdf" }));
    const deleteContractFile = vi.fn(async () => ({ contract: withoutFile }));
    const { dialog, contracts } = await openPdf(withFile, { deleteContractFile });
    await within(dialog).findByTitle("Contract PDF");
    await userEvent.click(within(dialog).getByRole("button", { name: T.deleteFile }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("Are you sure you want to delete this contract? ");
    await userEvent.click(within(confirm).getByRole("button", { name: T.deleteFile }));
    await waitFor(() => expect(deleteContractFile).toHaveBeenCalledWith({ contractId: 41n }));
    expect(await within(dialog).findByLabelText(T.fileInput)).toBeTruthy();
    expect(within(dialog).queryByTitle("Contract PDF")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Upload Contract" })).toBeTruthy();
    await waitFor(() => expect(contracts.listContracts).toHaveBeenCalledTimes(2));
  });

  it("uploads a chosen PDF to the address the gateway gives, then shows it", async () => {
    const toasts = spyToasts();
    fetchMock
      .mockResolvedValueOnce(
        answer(200, { json: { url: "/api/contractFiles/upload/t0k3n", expiresAt: "2026-05-09T12:10:00Z" } }),
      )
      .mockResolvedValueOnce(answer(200, { json: { contractId: "41", fileName: "signed contract.pdf" } }))
      .mockResolvedValueOnce(answer(200, { blob: new Blob(["%PDF-1.4"]), type: "application/pdf" }));
    const { dialog } = await openPdf(withoutFile);
    const upload = within(dialog).getByRole("button", { name: "Upload Contract" }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    const file = fileOf("signed contract.pdf", "application/pdf");
    await userEvent.upload(within(dialog).getByLabelText(T.fileInput), file);
    expect(within(dialog).getByText(/^signed contract\.pdf \(1 KB\)$/)).toBeTruthy();
    await userEvent.click(upload);

    expect(await within(dialog).findByTitle("Contract PDF")).toBeTruthy();
    const [address, put, read] = fetchMock.mock.calls as FetchCall[];
    expect(address[0]).toBe("/api/uploadContractPDF/41");
    expect(header(address, "Authorization")).toBe(`Bearer ${sessionTokenOf(manager)}`);
    expect(put[0]).toBe("/api/contractFiles/upload/t0k3n");
    expect(put[1]?.method).toBe("PUT");
    expect(put[1]?.body).toBe(file);
    expect(header(put, "Authorization")).toBe(`Bearer ${sessionTokenOf(manager)}`);
    expect(header(put, "Content-Type")).toBe("application/pdf");
    expect(header(put, "X-File-Name")).toBeNull();
    expect(read[0]).toBe("/api/contractFiles/41");
    expect(toasts.success).toHaveBeenCalledWith("File Upload Success!");
  });

  it("shows the gateway's reason when it refuses the file", async () => {
    fetchMock
      .mockResolvedValueOnce(answer(200, { json: { url: "/api/contractFiles/upload/t0k3n" } }))
      .mockResolvedValueOnce(answer(400, { json: { error: "The file's content is not what its type says." } }));
    const { dialog } = await openPdf(withoutFile);
    await userEvent.upload(within(dialog).getByLabelText(T.fileInput), fileOf("fake.pdf", "application/pdf"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Upload Contract" }));
    expect(await within(dialog).findByText("The file's content is not what its type says.")).toBeTruthy();
    expect(within(dialog).queryByTitle("Contract PDF")).toBeNull();
  });

  it("refuses a file over 25 MB before sending it, in the gateway's words", async () => {
    const { dialog } = await openPdf(withoutFile);
    const big = fileOf("scan.pdf", "application/pdf", 25 * 1024 * 1024 + 1);
    await userEvent.upload(within(dialog).getByLabelText(T.fileInput), big);
    expect(within(dialog).getByRole("alert").textContent).toBe("The file must be at most 25 MB.");
    expect((within(dialog).getByRole("button", { name: "Upload Contract" }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("takes a file dropped on the area, and refuses one of another type", async () => {
    const { dialog } = await openPdf(withoutFile);
    const area = within(dialog).getByTestId("contract-drop");
    fireEvent.drop(area, { dataTransfer: { files: [fileOf("notes.txt", "text/plain")] } });
    expect(within(dialog).getByRole("alert").textContent).toBe("Upload a PDF or Excel file.");
    fireEvent.drop(area, { dataTransfer: { files: [fileOf("rates.xls", "")] } });
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(within(dialog).getByText(/^rates\.xls/)).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Upload Contract" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
