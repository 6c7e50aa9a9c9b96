import { create } from "@bufbuild/protobuf";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ImportAccountsResponseSchema, ImportProblemSchema } from "../../gen/eris/crm/v1/accounts_pb";
import { readFileText } from "../../lib/csv";
import { blobBytes, catchDownloads, type Download } from "../../test/fakes";
import { accountRow, openAccounts } from "./accountsTestKit";
import { IMPORT_HEADERS, IMPORT_TEXTS } from "./texts";

const header = IMPORT_HEADERS.join(",");
const good = "Plant 9,Acme LLC,0009,,PECO,,Electric,GS,1 Main St,Media,PA,19063,0,120,100,PECO";
const bad = "Boiler 2,Acme LLC,G-2,,PECO,,gas,R,2 Main St,Media,PA,19063,0,,,";
const file = (...lines: string[]) => new File([`${lines.join("\r\n")}\r\n`], "accounts.csv", { type: "text/csv" });

const answer = (rowCount: number, problems: { row: number; column: string; message: string }[] = []) =>
  create(ImportAccountsResponseSchema, {
    rowCount,
    problems: problems.map((problem) => create(ImportProblemSchema, problem)),
  });

let downloads: Download[] = [];

beforeEach(() => {
  downloads = catchDownloads();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function openImport(importAccounts: ReturnType<typeof vi.fn>) {
  const opened = openAccounts({ accounts: { importAccounts } });
  await accountRow("Plant 1");
  await userEvent.click(screen.getByRole("button", { name: "Import CSV" }));
  const dialog = await screen.findByRole("dialog", { name: IMPORT_TEXTS.title });
  return { ...opened, dialog };
}

describe("account import dialog", () => {
  it("says 'You must upload a file' and sends nothing without a file", async () => {
    const importAccounts = vi.fn();
    const { dialog } = await openImport(importAccounts);
    expect(within(dialog).getByText(IMPORT_TEXTS.headersHelp)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Import" }));
    expect(await screen.findByText("You must upload a file")).toBeTruthy();
    expect(importAccounts).not.toHaveBeenCalled();
  });

  it("checks the file, lists every row with its problems and keeps Import off", async () => {
    const importAccounts = vi.fn(async () =>
      answer(2, [{ row: 2, column: "Commodity", message: "must be Electric or Gas" }]),
    );
    const { dialog } = await openImport(importAccounts);
    await userEvent.upload(within(dialog).getByLabelText(IMPORT_TEXTS.fileLabel), file(header, good, bad));
    expect((await within(dialog).findByTestId("import-summary")).textContent).toBe(IMPORT_TEXTS.summary(2, 1, 1));
    expect(importAccounts).toHaveBeenCalledWith({
      companyId: 5n,
      csv: `${header}\r\n${good}\r\n${bad}\r\n`,
      validateOnly: true,
    });
    const preview = within(dialog).getByRole("table", { name: IMPORT_TEXTS.title });
    // Rows with problems first; all rows once the switch is off.
    expect(preview.querySelectorAll("tr[data-row]")).toHaveLength(1);
    const row = preview.querySelector('tr[data-row="2"]') as HTMLElement;
    expect(within(row).getByText("Boiler 2")).toBeTruthy();
    expect(within(row).getByText("Commodity: must be Electric or Gas")).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText(IMPORT_TEXTS.onlyProblems));
    expect(preview.querySelectorAll("tr[data-row]")).toHaveLength(2);
    expect(within(preview.querySelector('tr[data-row="1"]') as HTMLElement).getByText(IMPORT_TEXTS.ok)).toBeTruthy();

    expect((within(dialog).getByRole("button", { name: "Import" }) as HTMLButtonElement).disabled).toBe(true);
    expect(importAccounts).toHaveBeenCalledTimes(1);

    await userEvent.click(within(dialog).getByRole("button", { name: IMPORT_TEXTS.downloadProblems }));
    expect(downloads).toHaveLength(1);
    // Excel's byte order mark first (a text reader drops it), then the problems.
    expect(downloads[0].name).toBe(IMPORT_TEXTS.problemsFileName);
    expect(Array.from((await blobBytes(downloads[0].blob)).slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(await readFileText(downloads[0].blob)).toBe(
      '"Row","Column","Problem"\r\n"2","Commodity","must be Electric or Gas"\r\n',
    );
  });

  it("lists problems of the header apart", async () => {
    const importAccounts = vi.fn(async () => answer(1, [{ row: 0, column: "PLC", message: "is missing" }]));
    const { dialog } = await openImport(importAccounts);
    await userEvent.upload(within(dialog).getByLabelText(IMPORT_TEXTS.fileLabel), file("Site Name,LEN", "x,y"));
    expect(await within(dialog).findByText(`${IMPORT_TEXTS.header} — PLC: is missing`)).toBeTruthy();
  });

  it("says columns in the wrong order are the file's problem, not the rows', and lists no row as OK", async () => {
    const swapped = header.replace("PLC,NSPL", "NSPL,PLC");
    // What the server answers for it: problems of row 0 (the header), one per misplaced column; no row checked.
    const importAccounts = vi.fn(async () =>
      answer(1, [
        { row: 0, column: "PLC", message: "Column 14 must be headed PLC, not NSPL." },
        { row: 0, column: "NSPL", message: "Column 15 must be headed NSPL, not PLC." },
      ]),
    );
    const { dialog } = await openImport(importAccounts);
    await userEvent.upload(within(dialog).getByLabelText(IMPORT_TEXTS.fileLabel), file(swapped, good));
    const summary = (await within(dialog).findByTestId("import-summary")).textContent ?? "";
    expect(summary).toContain(`The columns are not in the expected order: expected ${IMPORT_HEADERS.join(", ")}`);
    expect(summary).toContain("found Site Name, LEN, Account #, Secondary Account #, Utility, Supplier, Commodity");
    expect(summary).not.toMatch(/problems? in \d+ rows?/);
    expect(
      within(dialog).getByText(`${IMPORT_TEXTS.header} — PLC: Column 14 must be headed PLC, not NSPL.`),
    ).toBeTruthy();
    expect(within(dialog).queryByRole("table", { name: IMPORT_TEXTS.title })).toBeNull();
    expect(within(dialog).queryByLabelText(IMPORT_TEXTS.onlyProblems)).toBeNull();
    expect((within(dialog).getByRole("button", { name: IMPORT_TEXTS.import }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("imports a file without problems and refreshes the accounts", async () => {
    const importAccounts = vi.fn(async () => answer(1));
    const { dialog, accounts } = await openImport(importAccounts);
    await userEvent.upload(within(dialog).getByLabelText(IMPORT_TEXTS.fileLabel), file(header, good));
    expect((await within(dialog).findByTestId("import-summary")).textContent).toBe(IMPORT_TEXTS.summary(1, 0, 0));
    const button = within(dialog).getByRole("button", { name: "Import" }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    const listCalls = accounts.listAccounts.mock.calls.length;
    await userEvent.click(button);
    await waitFor(() =>
      expect(importAccounts).toHaveBeenLastCalledWith({
        companyId: 5n,
        csv: `${header}\r\n${good}\r\n`,
        validateOnly: false,
      }),
    );
    expect(await screen.findByText("Accounts Imported")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: IMPORT_TEXTS.title })).toBeNull());
    await waitFor(() => expect(accounts.listAccounts.mock.calls.length).toBeGreaterThan(listCalls));
  });

  it("says 'Error Importing Accounts' when the import fails", async () => {
    const importAccounts = vi
      .fn()
      .mockResolvedValueOnce(answer(1))
      .mockRejectedValueOnce(new ConnectError("down", Code.Unavailable));
    const { dialog } = await openImport(importAccounts);
    await userEvent.upload(within(dialog).getByLabelText(IMPORT_TEXTS.fileLabel), file(header, good));
    await within(dialog).findByTestId("import-summary");
    await userEvent.click(within(dialog).getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Error Importing Accounts")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: IMPORT_TEXTS.title })).toBeTruthy();
  });
});
