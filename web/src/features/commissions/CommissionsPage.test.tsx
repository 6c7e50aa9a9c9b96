import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { SHELL_TEXTS } from "../../app/shell/texts";
import { ChaseLineSchema, StatementBucket } from "../../gen/eris/contracts/v1/statements_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { fakeStatementClient, fakeSuppliers, makeRow, makeStatementAnswer } from "../../test/commissionFakes";
import { blobBytes, catchDownloads, spyToasts } from "../../test/fakes";
import { openAs } from "../../test/sourcingFakes";
import { commissionsView } from "./CommissionsPage";
import { BUCKET_TEXTS, CHASE_TEXTS, COMMISSION_TEXTS, DETAIL_TEXTS, LINK_TEXTS, SUMMARY_TEXTS } from "./texts";

const T = COMMISSION_TEXTS;

afterEach(() => {
  vi.restoreAllMocks();
});

function open(role: Role, path: string, overrides: Record<string, unknown> = {}) {
  const statements = fakeStatementClient(overrides);
  const view = openAs(role, path, { statements, suppliers: fakeSuppliers() });
  return { ...view, statements };
}

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll("th, td")).map((cell) => cell.textContent);

describe("Commissions' addresses", () => {
  it("gives each tab and a statement its own", () => {
    expect(commissionsView("/Commissions")).toEqual({ tab: "statements" });
    expect(commissionsView("/Commissions/")).toEqual({ tab: "statements" });
    expect(commissionsView("/Commissions/Import")).toEqual({ tab: "import" });
    expect(commissionsView("/Commissions/Chase")).toEqual({ tab: "chase" });
    expect(commissionsView("/Commissions/Statements/12")).toEqual({ tab: "statements", statementId: 12n });
    expect(commissionsView("/Commissions/Statements/x")).toEqual({ tab: "unknown" });
  });
});

describe("who sees Commissions", () => {
  it("shows Sales the not-allowed page and no menu entry", async () => {
    const { statements } = open(Role.SALES, "/Commissions");
    expect(await screen.findByText(SHELL_TEXTS.noAccess)).toBeTruthy();
    const menu = screen.getByRole("navigation", { name: SHELL_TEXTS.mainMenu });
    expect(within(menu).queryByRole("link", { name: T.title })).toBeNull();
    expect(statements.listStatements).not.toHaveBeenCalled();
  });

  it("lets Customer Care read statements, with Import off and closed to them", async () => {
    open(Role.CUSTOMER_CARE, "/Commissions");
    await screen.findByRole("table", { name: T.statementsTable });
    const menu = screen.getByRole("navigation", { name: SHELL_TEXTS.mainMenu });
    expect(within(menu).getByRole("link", { name: T.title })).toBeTruthy();
    expect(screen.getByRole("tab", { name: T.tabs.import }).getAttribute("aria-disabled")).toBe("true");
  });

  it("shows Customer Care the not-allowed page on the Import address", async () => {
    const { statements } = open(Role.CUSTOMER_CARE, "/Commissions/Import");
    expect(await screen.findByText(SHELL_TEXTS.noAccess)).toBeTruthy();
    expect(statements.readStatementFile).not.toHaveBeenCalled();
  });

  it("offers Customer Care neither Link nor Revert on a statement", async () => {
    open(Role.CUSTOMER_CARE, "/Commissions/Statements/12");
    await screen.findByRole("heading", { name: DETAIL_TEXTS.title("12") });
    expect(screen.queryByRole("button", { name: DETAIL_TEXTS.revert })).toBeNull();
    await userEvent.setup().click(screen.getByRole("tab", { name: BUCKET_TEXTS.withCount("Unmatched", 1) }));
    expect(screen.queryByRole("button", { name: BUCKET_TEXTS.linkRow(3) })).toBeNull();
  });
});

describe("Statements", () => {
  it("lists the statements with their counts, each linking to its page; the filters are in the address", async () => {
    const user = userEvent.setup();
    const { statements, router } = open(Role.ADMIN, "/Commissions?month=2026-03");
    const table = await screen.findByRole("table", { name: T.statementsTable });
    expect(statements.listStatements).toHaveBeenCalledWith(
      { supplierId: 0n, month: { year: 2026, month: 3, day: 1 } },
      expect.anything(),
    );
    const [header, row] = within(table).getAllByRole("row");
    expect(cells(header)).toEqual(Object.values(T.statementColumns));
    expect(cells(row)).toEqual([
      "#12",
      "Acme Energy",
      "acme-march.csv",
      "Applied",
      expect.stringMatching(/^04\/02\/2026/),
      "3",
      "1",
      "1",
      "1",
      "0",
      "0",
      "1",
      "$1,234.56",
      "$1,000.00",
    ]);
    expect(within(row).getByRole("link", { name: "#12" }).getAttribute("href")).toBe("/Commissions/Statements/12");
    expect((screen.getByLabelText(T.serviceMonth) as HTMLSelectElement).value).toBe("2026-03");

    await user.selectOptions(screen.getByLabelText(T.supplier), "Keystone Gas");
    await waitFor(() => expect(router().location.search).toBe("?month=2026-03&supplier=2"));
    expect(statements.listStatements).toHaveBeenLastCalledWith(
      { supplierId: 2n, month: { year: 2026, month: 3, day: 1 } },
      expect.anything(),
    );
  });

  it("keeps the tab in the address", async () => {
    const user = userEvent.setup();
    const { router } = open(Role.MANAGEMENT, "/Commissions");
    await user.click(await screen.findByRole("tab", { name: T.tabs.chase }));
    expect(router().location.pathname).toBe("/Commissions/Chase");
    await user.click(screen.getByRole("tab", { name: T.tabs.import }));
    expect(router().location.pathname).toBe("/Commissions/Import");
  });
});

describe("a statement's page", () => {
  it("shows its totals and its rows by bucket, Linked included", async () => {
    open(Role.MANAGEMENT, "/Commissions/Statements/12");
    await screen.findByRole("heading", { name: DETAIL_TEXTS.title("12") });
    const facts = screen.getByText(DETAIL_TEXTS.fields.paymentMonth).closest("dl");
    expect(facts?.textContent).toContain("April 2026");
    expect(facts?.textContent).toContain("$1,234.56");
    expect(facts?.textContent).toContain(DETAIL_TEXTS.missingTotal(1, "$75.00"));
    expect(screen.getByRole("tab", { name: BUCKET_TEXTS.withCount("Linked", 0) })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("tab", { name: BUCKET_TEXTS.withCount("Missing", 1) }));
    const missing = screen.getByRole("table", { name: BUCKET_TEXTS.rowsOf("Missing") });
    expect(cells(within(missing).getAllByRole("row")[1])).toEqual(["#504", "Delta Farms", "March 2026", "$75.00"]);
  });

  it("links an unmatched row to a suggested contract and month", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const { statements } = open(Role.ADMIN, "/Commissions/Statements/12");
    await user.click(await screen.findByRole("tab", { name: BUCKET_TEXTS.withCount("Unmatched", 1) }));
    await user.click(screen.getByRole("button", { name: BUCKET_TEXTS.linkRow(3) }));
    const dialog = await screen.findByRole("dialog", { name: LINK_TEXTS.title(3) });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(LINK_TEXTS.contractId)));
    await user.click(within(dialog).getByRole("button", { name: "#503 · Cobalt Mills" }));
    expect((within(dialog).getByLabelText(LINK_TEXTS.contractId) as HTMLInputElement).value).toBe("503");
    expect((within(dialog).getByLabelText(LINK_TEXTS.projectedMonth) as HTMLSelectElement).value).toBe("3");
    await user.selectOptions(within(dialog).getByLabelText(LINK_TEXTS.projectedMonth), "February");
    await user.click(within(dialog).getByRole("button", { name: LINK_TEXTS.link }));
    await waitFor(() =>
      expect(statements.linkStatementRow).toHaveBeenCalledWith({
        statementId: 12n,
        rowNumber: 3,
        contractId: 503n,
        projectedMonth: 2,
        projectedYear: 2026,
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith(LINK_TEXTS.linked(3));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("keeps the dialog open with the server's words when the link is refused", async () => {
    const user = userEvent.setup();
    const message = "Contract 77 is not one of this supplier's.";
    open(Role.MANAGEMENT, "/Commissions/Statements/12", {
      linkStatementRow: vi.fn(async () => Promise.reject(new ConnectError(message, Code.FailedPrecondition))),
    });
    await user.click(await screen.findByRole("tab", { name: BUCKET_TEXTS.withCount("Unmatched", 1) }));
    await user.click(screen.getByRole("button", { name: BUCKET_TEXTS.linkRow(3) }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(LINK_TEXTS.contractId), "77");
    await user.click(within(dialog).getByRole("button", { name: LINK_TEXTS.link }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(message);
    expect((within(dialog).getByLabelText(LINK_TEXTS.contractId) as HTMLInputElement).value).toBe("77");
  });

  it("reverts after a confirmation, and shows a refusal as the server words it", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const message = "Payment 9001 was changed by Mia Manager since: the statement cannot be reverted.";
    const revertStatement = vi
      .fn()
      .mockRejectedValueOnce(new ConnectError(message, Code.FailedPrecondition))
      .mockResolvedValueOnce({ paymentsRestored: 2 });
    const { statements } = open(Role.MANAGEMENT, "/Commissions/Statements/12", { revertStatement });
    await user.click(await screen.findByRole("button", { name: DETAIL_TEXTS.revert }));
    expect(screen.getByText(DETAIL_TEXTS.revertConfirm)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: DETAIL_TEXTS.revertYes }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);

    await user.click(screen.getByRole("button", { name: DETAIL_TEXTS.revert }));
    await user.click(screen.getByRole("button", { name: DETAIL_TEXTS.revertYes }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(DETAIL_TEXTS.reverted(2)));
    expect(statements.revertStatement).toHaveBeenCalledWith({ statementId: 12n });
  });

  it("offers Link on Short/Over rows too, never on matched ones", async () => {
    const user = userEvent.setup();
    const answer = makeStatementAnswer();
    answer.rows.push(makeRow({ rowNumber: 4, bucket: StatementBucket.DUPLICATE }));
    open(Role.MANAGEMENT, "/Commissions/Statements/12", { getStatement: vi.fn(async () => answer) });
    await screen.findByRole("table", { name: BUCKET_TEXTS.rowsOf("Matched") });
    expect(screen.queryByRole("button", { name: BUCKET_TEXTS.linkRow(1) })).toBeNull();
    await user.click(screen.getByRole("tab", { name: BUCKET_TEXTS.withCount("Short/Over", 1) }));
    expect(screen.getByRole("button", { name: BUCKET_TEXTS.linkRow(2) })).toBeTruthy();
  });
});

describe("Chase", () => {
  it("lists the year's lines and downloads a line's exceptions as the server names them", async () => {
    const user = userEvent.setup();
    const downloads = catchDownloads();
    const line = create(ChaseLineSchema, {
      supplierId: 1n,
      supplierName: "Acme Energy",
      month: { year: 2025, month: 3, day: 1 },
      expected: "1100",
      received: "1000",
      short: "100",
      missingCount: 1,
      missingAmount: "75",
      statements: 1,
    });
    const content = new TextEncoder().encode("Account,Expected\n");
    const { statements } = open(Role.CUSTOMER_CARE, "/Commissions/Chase?year=2025", {
      getCommissionChase: vi.fn(async () => ({ lines: [line] })),
      exportChaseExceptions: vi.fn(async () => ({ fileName: "acme-2025-03.csv", contentType: "text/csv", content })),
    });
    const table = await screen.findByRole("table", { name: CHASE_TEXTS.table });
    expect(statements.getCommissionChase).toHaveBeenCalledWith({ year: 2025, supplierId: 0n }, expect.anything());
    expect(cells(within(table).getAllByRole("row")[1]).slice(0, 8)).toEqual([
      "Acme Energy",
      "March 2025",
      "$1,100.00",
      "$1,000.00",
      "$100.00",
      "1",
      "$75.00",
      "1",
    ]);
    await user.click(
      within(table).getByRole("button", {
        name: CHASE_TEXTS.exportLabel(CHASE_TEXTS.csv, "Acme Energy", "March 2025"),
      }),
    );
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(statements.exportChaseExceptions).toHaveBeenCalledWith({
      supplierId: 1n,
      month: { year: 2025, month: 3, day: 1 },
      format: "csv",
    });
    expect(downloads[0].name).toBe("acme-2025-03.csv");
    expect(new TextDecoder().decode(await blobBytes(downloads[0].blob))).toBe("Account,Expected\n");
  });
});

describe("the dashboard's line", () => {
  it("shows Management the unreconciled statements and missing payments, linking to Commissions", async () => {
    open(Role.MANAGEMENT, "/Dashboard");
    // The line is its own chunk, fetched (and, under vitest, transformed) when the dashboard first shows.
    const line = await screen.findByRole("region", { name: SUMMARY_TEXTS.label }, { timeout: 5_000 });
    const link = within(line).getByRole("link", { name: SUMMARY_TEXTS.line(2, 3, "$1,234.50") });
    expect(link.getAttribute("href")).toBe("/Commissions");
  });

  it("is hidden when the figures cannot be read, and from other roles", async () => {
    const { statements } = open(Role.MANAGEMENT, "/Dashboard", {
      getStatementSummary: vi.fn(async () => Promise.reject(new ConnectError("down", Code.Unavailable))),
    });
    await waitFor(() => expect(statements.getStatementSummary).toHaveBeenCalled());
    await screen.findByRole("tab", { name: "Tasks" });
    expect(screen.queryByRole("region", { name: SUMMARY_TEXTS.label })).toBeNull();
  });

  it("is not asked for by Admin", async () => {
    const { statements } = open(Role.ADMIN, "/Dashboard");
    await screen.findByRole("tab", { name: "Tasks" });
    expect(statements.getStatementSummary).not.toHaveBeenCalled();
  });
});
