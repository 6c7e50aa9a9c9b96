import { create } from "@bufbuild/protobuf";
import { Classes } from "@blueprintjs/core";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import {
  ListMarginOptionsResponseSchema,
  SupplierOptionSchema,
  type GetCommissionReconciliationRequest,
} from "../../gen/eris/reporting/v1/reporting_pb";
import { readFileText } from "../../lib/csv";
import { catchDownloads, manager, spyToasts } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { makeReconciliation, makeRevenueReport } from "../../test/reportFakes";
import { isEmptyReconciliation, parseSupplierId, supplierChoices } from "./reconciliationData";
import { RECONCILIATION_TEXTS, REVENUE_TEXTS } from "./texts";

const T = RECONCILIATION_TEXTS;

afterEach(() => {
  vi.restoreAllMocks();
});

/** Keystone is known to the margin options only: it has no payment in the year. */
const options = create(ListMarginOptionsResponseSchema, {
  suppliers: [
    create(SupplierOptionSchema, { supplierId: 1n, name: "Constellation", commodity: "Electric" }),
    create(SupplierOptionSchema, { supplierId: 7n, name: "Keystone", commodity: "Gas" }),
  ],
});

function openReconciliation(
  path: string,
  getCommissionReconciliation = vi.fn(async (req: GetCommissionReconciliationRequest) =>
    makeReconciliation({ year: req.year }),
  ),
) {
  const reports = {
    getCommissionReconciliation,
    getRevenueBySupplier: vi.fn(async () => makeRevenueReport()),
    listRevenueYears: vi.fn(async () => ({ years: [2026, 2025] })),
    listMarginOptions: vi.fn(async () => options),
  };
  const view = openApp(path, manager, { reports });
  return { ...view, ...reports };
}

const params = (router: () => { location: { search: string } }) =>
  Object.fromEntries(new URLSearchParams(router().location.search));

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll("th, td")).map((cell) => cell.textContent);

describe("Commission reconciliation", () => {
  it("shows the supplier totals with All suppliers last and bold, then the contract months that differ", async () => {
    const { getCommissionReconciliation, getRevenueBySupplier } = openReconciliation(
      "/ActualRevenueBySupplier?year=2026&tab=reconciliation",
    );
    const totals = await screen.findByRole("table", { name: T.totalsTable });
    expect(getCommissionReconciliation).toHaveBeenCalledWith({ year: 2026, supplierId: 0n }, expect.anything());
    // The revenue itself is not read on this tab.
    expect(getRevenueBySupplier).not.toHaveBeenCalled();
    expect(screen.getByRole("tab", { name: T.tab }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText(T.intro)).toBeTruthy();

    const rows = within(totals).getAllByRole("row");
    expect(rows.map(cells)).toEqual([
      ["Supplier", "Projected", "Received", "Variance", "Months missing", "Missing amount"],
      ["Constellation", "$12,000.00", "$10,765.44", "-$1,234.56", "2", "$2,000.00"],
      ["Direct Energy", "$234.56", "$300.00", "$65.44", "0", "$0.00"],
      ["All suppliers", "$12,234.56", "$11,065.44", "-$1,169.12", "2", "$2,000.00"],
    ]);
    expect(rows[3].className).toContain("eris-report-totals");
    // A negative variance is in the danger colour; a positive one is not.
    expect(within(rows[1]).getByText("-$1,234.56").className).toBe("eris-negative");
    expect(within(rows[2]).getByText("$65.44").className).toBe("");

    expect(screen.getByRole("heading", { name: T.monthsTable })).toBeTruthy();
    const months = screen.getByRole("table", { name: T.monthsTable });
    const monthRows = within(months).getAllByRole("row");
    expect(monthRows.map(cells)).toEqual([
      [
        "Company",
        "Supplier",
        "Month",
        "Projected usage",
        "Actual usage",
        "Usage variance",
        "Projected payment",
        "Received",
        "Variance",
      ],
      ["Acme Foods", "Constellation", "February", "72,000", "", "", "$1,000.00", "Missing", "-$1,000.00"],
      ["Beta Bakery", "Direct Energy", "March", "10,000", "12,000", "2,000", "$234.56", "$300.00", "$65.44"],
    ]);
    expect(within(monthRows[1]).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe(
      "/LeadTabs/5/contracts",
    );
    const tag = within(monthRows[1]).getByText(T.missing);
    expect(tag.closest(`.${Classes.TAG}`)?.classList.contains(Classes.INTENT_DANGER)).toBe(true);
    expect(within(monthRows[2]).queryByText(T.missing)).toBeNull();
    expect(screen.queryByText(T.more)).toBeNull();
  });

  it("says when more contract months differ than are shown", async () => {
    openReconciliation(
      "/ForecastRevenueBySupplier?tab=reconciliation",
      vi.fn(async () => makeReconciliation({ more: true })),
    );
    expect(await screen.findByText(T.more)).toBeTruthy();
  });

  it("asks for the supplier chosen, keeps it in the address and shows no All suppliers row for it", async () => {
    const { getCommissionReconciliation, router } = openReconciliation(
      "/ActualRevenueBySupplier?year=2026&tab=reconciliation",
    );
    await screen.findByRole("table", { name: T.totalsTable });
    const select = screen.getByLabelText(T.supplier) as HTMLSelectElement;
    await waitFor(() =>
      expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
        "All suppliers",
        "Constellation (Electric)",
        "Direct Energy",
        "Keystone (Gas)",
      ]),
    );
    expect(select.value).toBe("0");

    const direct = makeReconciliation({
      suppliers: makeReconciliation().suppliers.slice(1),
      rows: makeReconciliation().rows.slice(1),
    });
    getCommissionReconciliation.mockImplementation(async () => direct);
    await userEvent.selectOptions(select, "Direct Energy");
    await waitFor(() =>
      expect(getCommissionReconciliation).toHaveBeenLastCalledWith({ year: 2026, supplierId: 2n }, expect.anything()),
    );
    expect(params(router)).toEqual({ year: "2026", tab: "reconciliation", supplier: "2" });
    const totals = screen.getByRole("table", { name: T.totalsTable });
    await waitFor(() => expect(within(totals).getAllByRole("row")).toHaveLength(2));
    expect(within(totals).queryByText("All suppliers")).toBeNull();
    // The other suppliers stay choices.
    expect(Array.from(select.options).map((o) => o.value)).toEqual(["0", "1", "2", "7"]);

    await userEvent.selectOptions(select, "All suppliers");
    await waitFor(() =>
      expect(getCommissionReconciliation).toHaveBeenLastCalledWith({ year: 2026, supplierId: 0n }, expect.anything()),
    );
    expect(params(router)).toEqual({ year: "2026", tab: "reconciliation" });
  });

  it("opens the address's supplier and year, and the year select changes the year asked", async () => {
    const { getCommissionReconciliation, router } = openReconciliation(
      "/ForecastRevenueBySupplier?year=2026&tab=reconciliation&supplier=7",
    );
    await waitFor(() =>
      expect(getCommissionReconciliation).toHaveBeenCalledWith({ year: 2026, supplierId: 7n }, expect.anything()),
    );
    await screen.findByRole("table", { name: T.totalsTable });
    expect((screen.getByLabelText(T.supplier) as HTMLSelectElement).value).toBe("7");
    await waitFor(() => expect(screen.getByRole("option", { name: "2025" })).toBeTruthy());
    await userEvent.selectOptions(screen.getByLabelText(REVENUE_TEXTS.year), "2025");
    await waitFor(() =>
      expect(getCommissionReconciliation).toHaveBeenLastCalledWith({ year: 2025, supplierId: 7n }, expect.anything()),
    );
    expect(params(router)).toEqual({ year: "2025", tab: "reconciliation", supplier: "7" });
  });

  it("is a tab of the revenue page kept in the address", async () => {
    const { router, getCommissionReconciliation } = openReconciliation("/ForecastRevenueBySupplier?year=2025");
    await screen.findByRole("table", { name: REVENUE_TEXTS.table });
    expect(getCommissionReconciliation).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("tab", { name: T.tab }));
    expect(await screen.findByRole("table", { name: T.totalsTable })).toBeTruthy();
    expect(params(router)).toEqual({ year: "2025", tab: "reconciliation" });
    expect(getCommissionReconciliation).toHaveBeenCalledWith({ year: 2025, supplierId: 0n }, expect.anything());

    await userEvent.selectOptions(screen.getByLabelText(T.supplier), "Constellation (Electric)");
    expect(params(router)).toEqual({ year: "2025", tab: "reconciliation", supplier: "1" });
    // Another tab leaves the supplier behind.
    await userEvent.click(screen.getByRole("tab", { name: REVENUE_TEXTS.dataTab }));
    expect(await screen.findByRole("table", { name: REVENUE_TEXTS.table })).toBeTruthy();
    expect(params(router)).toEqual({ year: "2025" });
  });

  it("exports the supplier totals, then the contract months, as one CSV with a Kind column", async () => {
    const downloads = catchDownloads();
    openReconciliation("/ActualRevenueBySupplier?year=2026&tab=reconciliation");
    await screen.findByRole("table", { name: T.totalsTable });
    await userEvent.click(screen.getByRole("button", { name: T.export }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toBe("Commission Reconciliation 2026.csv");
    const lines = (await readFileText(downloads[0].blob)).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines).toEqual([
      '"Kind","Supplier","Company","Month","Projected usage","Actual usage","Usage variance","Projected","Received",' +
        '"Variance","Months missing","Missing amount","Missing"',
      '"Supplier","Constellation","","","","","","12000.00","10765.44","-1234.56","2","2000.00",""',
      '"Supplier","Direct Energy","","","","","","234.56","300.00","65.44","0","0.00",""',
      '"Total","All suppliers","","","","","","12234.56","11065.44","-1169.12","2","2000.00",""',
      '"Contract month","Constellation","Acme Foods","February","72000","","","1000.00","","-1000.00","","","Yes"',
      '"Contract month","Direct Energy","Beta Bakery","March","10000","12000","2000","234.56","300.00","65.44","","","No"',
      "",
    ]);
  });

  it("says a year without projected payments is empty, with no tables and no Export", async () => {
    const empty = vi.fn(async () =>
      makeReconciliation({
        year: 2024,
        suppliers: [],
        rows: [],
        total: { supplierName: "All suppliers", projected: "0.00", actual: "0.00", variance: "0.00" },
      }),
    );
    openReconciliation("/ForecastRevenueBySupplier?year=2024&tab=reconciliation", empty);
    expect(await screen.findByText(T.empty(2024))).toBeTruthy();
    expect(screen.queryByRole("table", { name: T.totalsTable })).toBeNull();
    expect(screen.queryByRole("table", { name: T.monthsTable })).toBeNull();
    expect(screen.queryByRole("button", { name: T.export })).toBeNull();
    // Another supplier can still be chosen.
    expect(screen.getByLabelText(T.supplier)).toBeTruthy();
  });

  it("says 'error fetching Report data' when the reconciliation cannot be read", async () => {
    const toasts = spyToasts();
    const failing = vi.fn(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    openReconciliation("/ActualRevenueBySupplier?tab=reconciliation", failing);
    expect(await screen.findByText("error fetching Report data")).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith("error fetching Report data");
    expect(screen.queryByRole("table", { name: T.totalsTable })).toBeNull();
  });

  it("reads the supplier from the address, offers every known supplier once and knows an empty year", () => {
    expect(parseSupplierId("7")).toBe(7n);
    expect(parseSupplierId("0")).toBe(0n);
    expect(parseSupplierId("-3")).toBe(0n);
    expect(parseSupplierId("x")).toBe(0n);
    expect(parseSupplierId(null)).toBe(0n);

    const report = makeReconciliation();
    const noSupplier = { ...report.suppliers[1], supplierId: 0n, supplierName: "No supplier" };
    expect(supplierChoices([...report.suppliers, noSupplier], options.suppliers, 9n)).toEqual([
      { id: "9", label: "#9" },
      { id: "1", label: "Constellation (Electric)" },
      { id: "2", label: "Direct Energy" },
      { id: "7", label: "Keystone (Gas)" },
    ]);
    expect(isEmptyReconciliation(report)).toBe(false);
    expect(isEmptyReconciliation({ ...report, suppliers: [] })).toBe(true);
  });
});
