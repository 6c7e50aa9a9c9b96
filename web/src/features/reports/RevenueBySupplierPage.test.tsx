import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { RevenueBasis, type GetRevenueBySupplierRequest } from "../../gen/eris/reporting/v1/reporting_pb";
import { readFileText } from "../../lib/csv";
import { catchDownloads, manager, spyToasts } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { makeRevenueReport } from "../../test/reportFakes";
import { parseYear, yearChoices } from "./RevenueBySupplierPage";
import { REVENUE_TEXTS } from "./texts";

const T = REVENUE_TEXTS;
const thisYear = new Date().getFullYear();

afterEach(() => {
  vi.restoreAllMocks();
});

function openRevenue(
  path: string,
  getRevenueBySupplier = vi.fn(async (req: GetRevenueBySupplierRequest) => makeRevenueReport({ year: req.year })),
) {
  const listRevenueYears = vi.fn(async () => ({ years: [2027, 2025, 2024] }));
  const view = openApp(path, manager, { reports: { getRevenueBySupplier, listRevenueYears } });
  return { ...view, getRevenueBySupplier, listRevenueYears };
}

const params = (router: () => { location: { search: string } }) =>
  Object.fromEntries(new URLSearchParams(router().location.search));

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll("th, td")).map((cell) => cell.textContent);

describe("Revenue By Supplier", () => {
  it("shows this year's forecast by supplier and month with its totals, money as dollars", async () => {
    const { getRevenueBySupplier } = openRevenue("/ForecastRevenueBySupplier");
    expect(await screen.findByRole("heading", { name: T.forecastTitle })).toBeTruthy();
    const table = await screen.findByRole("table", { name: T.table });
    expect(getRevenueBySupplier).toHaveBeenCalledWith(
      { year: thisYear, basis: RevenueBasis.FORECAST },
      expect.anything(),
    );
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual([
      "Supplier",
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
      "Total",
    ]);
    const rows = within(table).getAllByRole("row");
    expect(cells(rows[1])).toEqual(["Constellation", ...Array(12).fill("$1,000.00"), "$12,000.00"]);
    expect(cells(rows[2])[3]).toBe("$234.56");
    expect(cells(rows[3])).toEqual([
      "Total",
      "$1,000.00",
      "$1,000.00",
      "$1,234.56",
      ...Array(9).fill("$1,000.00"),
      "$12,234.56",
    ]);
    const year = screen.getByLabelText(T.year) as HTMLSelectElement;
    expect(year.value).toBe(String(thisYear));
    await waitFor(() =>
      expect(Array.from(year.options).map((o) => o.value)).toEqual(
        yearChoices([2027, 2025, 2024], thisYear, thisYear).map(String),
      ),
    );
  });

  it("reads the actual revenue on /ActualRevenueBySupplier and keeps the chosen year in the address", async () => {
    const { getRevenueBySupplier, router } = openRevenue("/ActualRevenueBySupplier");
    expect(await screen.findByRole("heading", { name: T.actualTitle })).toBeTruthy();
    await screen.findByRole("table", { name: T.table });
    await waitFor(() => expect(screen.getByRole("option", { name: "2024" })).toBeTruthy());
    await userEvent.selectOptions(screen.getByLabelText(T.year), "2024");
    await waitFor(() =>
      expect(getRevenueBySupplier).toHaveBeenLastCalledWith(
        { year: 2024, basis: RevenueBasis.ACTUAL },
        expect.anything(),
      ),
    );
    expect(params(router)).toEqual({ year: "2024" });
  });

  it("opens the address's year on the Charts tab with the supplier pie, the month pie and the stacked bars", async () => {
    const { getRevenueBySupplier } = openRevenue("/ForecastRevenueBySupplier?year=2025&tab=charts");
    const supplierPie = await screen.findByRole("figure", { name: T.supplierChart });
    expect(getRevenueBySupplier).toHaveBeenCalledWith({ year: 2025, basis: RevenueBasis.FORECAST }, expect.anything());
    expect(screen.getByRole("tab", { name: T.chartsTab }).getAttribute("aria-selected")).toBe("true");
    expect(screen.queryByRole("table", { name: T.table })).toBeNull();
    const monthPie = screen.getByRole("figure", { name: T.monthChart });
    const bars = screen.getByRole("figure", { name: T.stackChart });
    for (const figure of [supplierPie, monthPie, bars]) {
      expect(figure.querySelector("svg")).toBeTruthy();
    }
    expect(supplierPie.getAttribute("data-slices")).toBe("2");
    expect(monthPie.getAttribute("data-slices")).toBe("12");
    expect(bars.getAttribute("data-stacks")).toBe("2");
    // The share of each supplier in the year's total.
    expect(within(supplierPie).getByText("(98.1%)")).toBeTruthy();
    expect(within(supplierPie).getByText("(1.9%)")).toBeTruthy();
  });

  it("switches tabs with the address", async () => {
    const { router } = openRevenue("/ForecastRevenueBySupplier?year=2025");
    await screen.findByRole("table", { name: T.table });
    await userEvent.click(screen.getByRole("tab", { name: T.chartsTab }));
    expect(await screen.findByRole("figure", { name: T.stackChart })).toBeTruthy();
    expect(params(router)).toEqual({ year: "2025", tab: "charts" });
    await userEvent.click(screen.getByRole("tab", { name: T.dataTab }));
    expect(await screen.findByRole("table", { name: T.table })).toBeTruthy();
    expect(params(router)).toEqual({ year: "2025" });
  });

  it("exports the table as CSV made in the browser", async () => {
    const downloads = catchDownloads();
    openRevenue("/ForecastRevenueBySupplier?year=2025");
    await screen.findByRole("table", { name: T.table });
    await userEvent.click(screen.getByRole("button", { name: T.export }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toBe("Forecast Revenue By Supplier 2025.csv");
    const lines = (await readFileText(downloads[0].blob)).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe('"Supplier","Jan","Feb","Mar","Apr","May","Jun","Jul","Aug","Sep","Oct","Nov","Dec","Total"');
    expect(lines[2]).toBe(
      '"Direct Energy","0.00","0.00","234.56","0.00","0.00","0.00","0.00","0.00","0.00","0.00","0.00","0.00","234.56"',
    );
    expect(lines[3].startsWith('"Total","1000.00","1000.00","1234.56"')).toBe(true);
    expect(lines[3].endsWith('"12234.56"')).toBe(true);
  });

  it("says a year without revenue is empty, on both tabs, without charts", async () => {
    const empty = vi.fn(async () => makeRevenueReport({ year: 2024, suppliers: [], monthTotals: [], total: "0" }));
    openRevenue("/ForecastRevenueBySupplier?year=2024&tab=charts", empty);
    expect(await screen.findByText(T.empty(2024))).toBeTruthy();
    expect(screen.queryByRole("figure")).toBeNull();
    await userEvent.click(screen.getByRole("tab", { name: T.dataTab }));
    expect(await screen.findByText(T.empty(2024))).toBeTruthy();
    expect(screen.queryByRole("table", { name: T.table })).toBeNull();
    expect(screen.queryByRole("button", { name: T.export })).toBeNull();
  });

  it("says 'error fetching Report data' when the report cannot be read", async () => {
    const toasts = spyToasts();
    const failing = vi.fn(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    openRevenue("/ForecastRevenueBySupplier", failing);
    expect(await screen.findByText("error fetching Report data")).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith("error fetching Report data");
  });

  it("reads a year from the address only when it is one", () => {
    expect(parseYear("2026")).toBe(2026);
    expect(parseYear("26")).toBeNull();
    expect(parseYear("3000")).toBeNull();
    expect(parseYear(null)).toBeNull();
    expect(yearChoices([2025, 2027], 2020, 2026)).toEqual([2027, 2026, 2025, 2020]);
  });
});
