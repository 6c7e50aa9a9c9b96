import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { ImportStatementRequest } from "../../gen/eris/contracts/v1/statements_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { fakeStatementClient, fakeSuppliers, makeReadAnswer } from "../../test/commissionFakes";
import { spyToasts } from "../../test/fakes";
import { openAs } from "../../test/sourcingFakes";
import { mappingProblems, EMPTY_MAPPING, fileProblem, toleranceValue } from "./mapping";
import { BUCKET_TEXTS, IMPORT_TEXTS, MAPPING_ERRORS, MAPPING_LABELS } from "./texts";

const T = IMPORT_TEXTS;

afterEach(() => {
  vi.restoreAllMocks();
});

function openImport(overrides: Record<string, unknown> = {}) {
  const statements = fakeStatementClient(overrides);
  const view = openAs(Role.MANAGEMENT, "/Commissions/Import", { statements, suppliers: fakeSuppliers() });
  return { ...view, statements };
}

const csv = (name = "acme.csv") => new File(["ESI ID,Start\n1,03/01/2026\n"], name, { type: "text/csv" });

/** Chooses the supplier and the file, and waits for the mapping form. */
async function chooseFile(user: ReturnType<typeof userEvent.setup>, file = csv()) {
  await user.selectOptions(
    await screen.findByLabelText(T.supplier),
    await screen.findByRole("option", { name: "Acme Energy" }),
  );
  await user.upload(screen.getByLabelText(T.file), file);
  await screen.findByRole("group", { name: T.mapping });
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

describe("the mapping's rules", () => {
  it("needs the account, the amount and one of period start or month", () => {
    expect(mappingProblems(EMPTY_MAPPING)).toEqual([
      MAPPING_ERRORS.accountNumber,
      MAPPING_ERRORS.period,
      MAPPING_ERRORS.amount,
    ]);
    const complete = { ...EMPTY_MAPPING, accountNumber: "A", periodMonth: "M", amount: "P" };
    expect(mappingProblems(complete)).toEqual([]);
    expect(mappingProblems({ ...complete, periodStart: "S" })).toEqual([MAPPING_ERRORS.bothPeriods]);
    expect(mappingProblems({ ...complete, fee: "P" })).toEqual([MAPPING_ERRORS.twice("P", "Amount and Fee")]);
  });

  it("takes .csv and .xlsx files up to 32 MB, and tolerances from 0 to 100", () => {
    expect(fileProblem({ name: "a.CSV", size: 10 })).toBeNull();
    expect(fileProblem({ name: "a.xlsx", size: 32 * 1024 * 1024 })).toBeNull();
    expect(fileProblem({ name: "a.xls", size: 10 })).toBe("ending");
    expect(fileProblem({ name: "a.csv", size: 32 * 1024 * 1024 + 1 })).toBe("size");
    expect(toleranceValue(" 2.5 %")).toBe("2.5");
    expect(toleranceValue("101")).toBeNull();
    expect(toleranceValue("two")).toBeNull();
  });
});

describe("Import", () => {
  it("reads the file and prefills the mapping with the suggestion, the file's headers as choices", async () => {
    const user = userEvent.setup();
    const { statements } = openImport();
    expect(await screen.findByLabelText(T.file)).toHaveProperty("disabled", true);
    await chooseFile(user);
    expect(statements.readStatementFile).toHaveBeenCalledWith(
      expect.objectContaining({ supplierId: 1n, fileName: "acme.csv" }),
    );
    expect(select(MAPPING_LABELS.accountNumber).value).toBe("ESI ID");
    expect(select(MAPPING_LABELS.periodStart).value).toBe("Start");
    expect(select(MAPPING_LABELS.amount).value).toBe("Commission");
    expect(select(MAPPING_LABELS.periodMonth).value).toBe("");
    expect(select(MAPPING_LABELS.fee).value).toBe("");
    expect(
      within(select(MAPPING_LABELS.fee))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["(none)", ...makeReadAnswer().headers]);
    expect(screen.getByText(T.rowCount(3))).toBeTruthy();
    expect(screen.queryByText(T.savedMapping("Acme Energy"))).toBeNull();
    expect(screen.getByRole("table", { name: T.sampleRows }).textContent).toContain("0012-345");
  });

  it("says when the supplier's mapping was saved, for checking", async () => {
    const user = userEvent.setup();
    openImport({ readStatementFile: vi.fn(async () => makeReadAnswer(true)) });
    await chooseFile(user);
    expect(screen.getByText(T.savedMapping("Acme Energy"))).toBeTruthy();
  });

  it("refuses other endings in the browser, without asking the server", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { statements } = openImport();
    await user.selectOptions(
      await screen.findByLabelText(T.supplier),
      await screen.findByRole("option", { name: "Acme Energy" }),
    );
    await user.upload(screen.getByLabelText(T.file), new File(["x"], "acme.pdf"));
    expect((await screen.findByRole("alert")).textContent).toBe(T.wrongEnding("acme.pdf"));
    expect(statements.readStatementFile).not.toHaveBeenCalled();
  });

  it("marks the required fields left empty and previews nothing", async () => {
    const user = userEvent.setup();
    const { statements } = openImport();
    await chooseFile(user);
    await user.selectOptions(select(MAPPING_LABELS.accountNumber), "");
    await user.selectOptions(select(MAPPING_LABELS.periodStart), "");
    await user.click(screen.getByRole("button", { name: T.preview }));
    expect(screen.getAllByText(MAPPING_ERRORS.accountNumber).length).toBeGreaterThan(0);
    expect(screen.getAllByText(MAPPING_ERRORS.period).length).toBeGreaterThan(0);
    expect(select(MAPPING_LABELS.accountNumber).getAttribute("aria-invalid")).toBe("true");
    expect(statements.importStatement).not.toHaveBeenCalled();

    // A period month instead of a start will do; both will not.
    await user.selectOptions(select(MAPPING_LABELS.accountNumber), "ESI ID");
    await user.selectOptions(select(MAPPING_LABELS.periodMonth), "Month");
    await user.selectOptions(select(MAPPING_LABELS.periodStart), "Start");
    await user.click(screen.getByRole("button", { name: T.preview }));
    expect(screen.getAllByText(MAPPING_ERRORS.bothPeriods).length).toBeGreaterThan(0);
    expect(statements.importStatement).not.toHaveBeenCalled();
    await user.selectOptions(select(MAPPING_LABELS.periodStart), "");
    await user.click(screen.getByRole("button", { name: T.preview }));
    await waitFor(() => expect(statements.importStatement).toHaveBeenCalledTimes(1));
    const request = statements.importStatement.mock.calls[0][0] as unknown as ImportStatementRequest;
    expect(request.source.case).toBe("file");
    expect(request.source.value).toMatchObject({
      mapping: { accountNumber: "ESI ID", periodStart: "", periodMonth: "Month", amount: "Commission" },
    });
  });

  it("previews the buckets with their counts, then applies and opens the statement", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const { statements, router } = openImport();
    await chooseFile(user);
    await user.clear(screen.getByLabelText(T.tolerance));
    await user.type(screen.getByLabelText(T.tolerance), "3.5");
    await user.click(screen.getByRole("button", { name: T.preview }));

    const matched = await screen.findByRole("tab", { name: BUCKET_TEXTS.withCount("Matched", 1) });
    expect(matched.getAttribute("aria-selected")).toBe("true");
    for (const [label, n] of [
      ["Short/Over", 1],
      ["Unmatched", 1],
      ["Duplicate", 0],
      ["Missing", 1],
    ] as const) {
      expect(screen.getByRole("tab", { name: BUCKET_TEXTS.withCount(label, n) })).toBeTruthy();
    }
    expect(screen.queryByRole("tab", { name: /Linked/ })).toBeNull();
    expect(screen.getByRole("table", { name: BUCKET_TEXTS.rowsOf("Matched") }).textContent).toContain("0012-345");
    const first = statements.importStatement.mock.calls[0][0] as unknown as ImportStatementRequest;
    expect(first).toMatchObject({ validateOnly: true, supplierId: 1n, tolerancePercent: "3.5" });

    await user.click(screen.getByRole("tab", { name: BUCKET_TEXTS.withCount("Unmatched", 1) }));
    const unmatched = screen.getByRole("table", { name: BUCKET_TEXTS.rowsOf("Unmatched") });
    expect(within(unmatched).getByRole("link", { name: "Cobalt Mills" }).getAttribute("href")).toBe(
      "/LeadTabs/79/contracts",
    );
    await user.click(screen.getByRole("tab", { name: BUCKET_TEXTS.withCount("Short/Over", 1) }));
    const short = screen.getByRole("table", { name: BUCKET_TEXTS.rowsOf("Short/Over") });
    expect(short.textContent).toContain("-$100.00");
    expect(within(short).getByRole("link", { name: "#502" }).getAttribute("href")).toBe("/LeadTabs/78/contracts");
    // A preview offers no Link: nothing is stored yet.
    expect(within(short).queryByRole("button", { name: /Link/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: T.apply }));
    await waitFor(() => expect(router().location.pathname).toBe("/Commissions/Statements/12"));
    expect(statements.importStatement.mock.calls[1][0]).toMatchObject({ validateOnly: false });
    expect(toasts.success).toHaveBeenCalledWith(T.applied(12n, 2));
  });

  it("asks for a new preview after a change, before Apply", async () => {
    const user = userEvent.setup();
    openImport();
    await chooseFile(user);
    await user.click(screen.getByRole("button", { name: T.preview }));
    const apply = await screen.findByRole("button", { name: T.apply });
    expect(apply).toHaveProperty("disabled", false);
    await user.selectOptions(select(MAPPING_LABELS.fee), "Rate");
    expect(screen.getByText(T.previewStale)).toBeTruthy();
    expect(screen.getByRole("button", { name: T.apply })).toHaveProperty("disabled", true);
  });

  it("shows a repeat's refusal with a link to the earlier statement, keeping every choice", async () => {
    const user = userEvent.setup();
    const refused = new ConnectError(
      "This file was imported already as statement #7 on 04/01/2026.",
      Code.AlreadyExists,
    );
    const importStatement = vi.fn(async (req: { validateOnly: boolean }) => {
      if (!req.validateOnly) throw refused;
      return fakeStatementClient().importStatement(req);
    });
    openImport({ importStatement });
    await chooseFile(user);
    await user.selectOptions(select(MAPPING_LABELS.customerName), "Customer");
    await user.click(screen.getByRole("button", { name: T.preview }));
    await user.click(await screen.findByRole("button", { name: T.apply }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(refused.rawMessage);
    expect(
      within(alert)
        .getByRole("link", { name: T.openEarlier("7") })
        .getAttribute("href"),
    ).toBe("/Commissions/Statements/7");
    expect(select(MAPPING_LABELS.customerName).value).toBe("Customer");
    expect(screen.getByRole("tab", { name: BUCKET_TEXTS.withCount("Matched", 1) })).toBeTruthy();
  });

  it("shows an INVALID_ARGUMENT message as it comes", async () => {
    const user = userEvent.setup();
    const message = "Row 4: the amount “ten” is not a number.";
    openImport({ importStatement: vi.fn(async () => Promise.reject(new ConnectError(message, Code.InvalidArgument))) });
    await chooseFile(user);
    await user.click(screen.getByRole("button", { name: T.preview }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(select(MAPPING_LABELS.amount).value).toBe("Commission");
  });
});
