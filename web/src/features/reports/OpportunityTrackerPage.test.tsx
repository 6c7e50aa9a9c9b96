import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { readFileText } from "../../lib/csv";
import { catchDownloads, makeUser, spyToasts } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { makeOpportunityRow } from "../../test/reportFakes";
import { OPPORTUNITY_TEXTS } from "./texts";

const T = OPPORTUNITY_TEXTS;
const admin = makeUser({ userId: 4n, name: "Adam Admin", role: Role.ADMIN });

beforeEach(() => {
  // 03/18/2026 on the business clock.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-18T15:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function openTracker(
  path = "/OpportunityTracker",
  listOpportunities = vi.fn(async () => ({ rows: [makeOpportunityRow()], more: false })),
) {
  const view = openApp(path, admin, { reports: { listOpportunities } });
  return { ...view, listOpportunities };
}

const day = (year: number, month: number, d: number) => ({ year, month, day: d });
const params = (router: () => { location: { search: string } }) =>
  Object.fromEntries(new URLSearchParams(router().location.search));
const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const filter = () => userEvent.click(screen.getByRole("button", { name: T.filter }));

/** The row of a company, once the table shows it. */
function companyRow(companyId: bigint): Promise<HTMLElement> {
  return waitFor(() => {
    const row = screen.getByRole("table", { name: T.table }).querySelector(`tr[data-company-id="${companyId}"]`);
    if (!row) {
      throw new Error(`No row of company ${companyId} yet`);
    }
    return row as HTMLElement;
  });
}

describe("Opportunity Tracker", () => {
  it("lists the companies entered this month so far in the spec's columns, usage with thousands separators", async () => {
    const { listOpportunities } = openTracker();
    const row = await companyRow(5n);
    expect(screen.getByRole("heading", { name: T.title })).toBeTruthy();
    expect(screen.getByRole("form", { name: T.rangeFilter })).toBeTruthy();
    expect(listOpportunities).toHaveBeenCalledWith(
      { startDate: day(2026, 3, 1), endDate: day(2026, 3, 18) },
      expect.anything(),
    );
    expect(box(T.startDate).value).toBe("03/01/2026");
    expect(box(T.endDate).value).toBe("03/18/2026");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "CompanyName",
      "EntryDate",
      "Inside",
      "Closer",
      "Analyst",
      "Affiliate",
      "Utility",
      "AnnualKwH",
      "AnnualTherms",
    ]);
    expect(
      within(row)
        .getAllByRole("cell")
        .map((td) => td.textContent),
    ).toEqual([
      "Acme Foods",
      "03/02/2026",
      "Ivy Inside",
      "Sally Sales",
      "Mia Manager",
      "Gridline",
      "PECO",
      "1,250,000",
      "48,210.50",
    ]);
    expect(within(row).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe("/LeadTabs/5");
    expect(screen.getByTestId("report-count").textContent).toBe("1 company");
  });

  it("clears both ends, and Filter reads every company, the open range kept in the address", async () => {
    const { listOpportunities, router } = openTracker();
    await companyRow(5n);
    await userEvent.click(screen.getByRole("button", { name: T.clearStart }));
    await userEvent.click(screen.getByRole("button", { name: T.clearEnd }));
    expect(box(T.startDate).value).toBe("");
    expect(box(T.endDate).value).toBe("");
    // Nothing is read before Filter.
    expect(listOpportunities).toHaveBeenCalledTimes(1);
    await filter();
    await waitFor(() => expect(listOpportunities).toHaveBeenCalledTimes(2));
    expect(listOpportunities).toHaveBeenLastCalledWith({ startDate: undefined, endDate: undefined }, expect.anything());
    expect(params(router)).toEqual({ from: "any", to: "any" });
  });

  it("opens with the address's range, an open end left blank", async () => {
    const { listOpportunities } = openTracker("/OpportunityTracker?from=2025-01-01&to=any");
    await companyRow(5n);
    expect(listOpportunities).toHaveBeenCalledWith(
      { startDate: day(2025, 1, 1), endDate: undefined },
      expect.anything(),
    );
    expect(box(T.startDate).value).toBe("01/01/2025");
    expect(box(T.endDate).value).toBe("");
  });

  it("filters by a typed range with Enter, and Back returns to the range before", async () => {
    const { listOpportunities, router } = openTracker();
    await companyRow(5n);
    await userEvent.clear(box(T.startDate));
    await userEvent.type(box(T.startDate), "02/01/2026");
    await userEvent.clear(box(T.endDate));
    await userEvent.type(box(T.endDate), "02/28/2026{Enter}");
    await waitFor(() =>
      expect(listOpportunities).toHaveBeenLastCalledWith(
        { startDate: day(2026, 2, 1), endDate: day(2026, 2, 28) },
        expect.anything(),
      ),
    );
    expect(params(router)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    router().navigate(-1);
    await waitFor(() => expect(box(T.startDate).value).toBe("03/01/2026"));
    expect(box(T.endDate).value).toBe("03/18/2026");
  });

  it("reads nothing while a date is not MM/DD/YYYY", async () => {
    const { listOpportunities } = openTracker();
    await companyRow(5n);
    await userEvent.clear(box(T.startDate));
    await userEvent.type(box(T.startDate), "2/1/2026");
    await filter();
    expect(screen.getByText("Date Format Should be MM/DD/YYYY")).toBeTruthy();
    expect(listOpportunities).toHaveBeenCalledTimes(1);
  });

  it("says when more companies match than the server answered", async () => {
    openTracker(
      "/OpportunityTracker",
      vi.fn(async () => ({ rows: [makeOpportunityRow()], more: true })),
    );
    await companyRow(5n);
    expect(screen.getByTestId("report-count").textContent).toBe(T.countMore(1));
  });

  it("exports the rows as CSV, usage as the server gave it", async () => {
    const downloads = catchDownloads();
    openTracker("/OpportunityTracker?from=any");
    await companyRow(5n);
    await userEvent.click(screen.getByRole("button", { name: T.export }));
    expect(downloads[0].name).toBe("Opportunity Tracker start to 2026-03-18.csv");
    const lines = (await readFileText(downloads[0].blob)).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines.slice(0, 2)).toEqual([
      '"CompanyName","EntryDate","Inside","Closer","Analyst","Affiliate","Utility","AnnualKwH","AnnualTherms"',
      '"Acme Foods","03/02/2026","Ivy Inside","Sally Sales","Mia Manager","Gridline","PECO","1250000","48210.5"',
    ]);
  });

  it("says 'error fetching Report data' when the rows cannot be read", async () => {
    const toasts = spyToasts();
    openTracker(
      "/OpportunityTracker",
      vi.fn(async () => {
        throw new ConnectError("down", Code.Unavailable);
      }),
    );
    expect(await screen.findByText("error fetching Report data")).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith("error fetching Report data");
  });
});
