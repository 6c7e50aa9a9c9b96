import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { readFileText } from "../../lib/csv";
import { contractRow } from "../../test/contractScreenFakes";
import { catchDownloads, manager, spyToasts } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { makeContractReportRow } from "../../test/reportFakes";
import { AUTO_INACTIVE_TEXTS, CONTRACT_REPORT_TEXTS } from "./texts";

const T = AUTO_INACTIVE_TEXTS;
const R = CONTRACT_REPORT_TEXTS;

beforeEach(() => {
  // 03/18/2026 on the business clock (New York), though already the 19th in UTC.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-19T02:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function openAutoInactive(
  path = "/AutoInactiveContracts",
  listAutoInactiveContracts = vi.fn(async () => ({
    rows: [
      makeContractReportRow(),
      makeContractReportRow({ contractId: 42n, previousStatus: 1, companyName: "Birch" }),
    ],
    more: false,
  })),
) {
  const view = openApp(path, manager, { reports: { listAutoInactiveContracts } });
  return { ...view, listAutoInactiveContracts };
}

const on = (year: number, month: number, day: number) => ({ date: { year, month, day } });
const params = (router: () => { location: { search: string } }) =>
  Object.fromEntries(new URLSearchParams(router().location.search));
const dateBox = () => screen.getByLabelText(T.date) as HTMLInputElement;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((td) => td.textContent);

describe("Auto Inactive Contracts", () => {
  it("lists the contracts made inactive today with the status each had before", async () => {
    const { listAutoInactiveContracts } = openAutoInactive();
    const row = await contractRow(41n, T.table);
    expect(screen.getByRole("heading", { name: T.title })).toBeTruthy();
    expect(listAutoInactiveContracts).toHaveBeenCalledWith(on(2026, 3, 18), expect.anything());
    expect(dateBox().value).toBe("03/18/2026");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Name",
      "Commodity",
      "Supplier",
      "Utility",
      "EndDate",
      "Previous Status",
      "Closer1",
      "Analyst",
    ]);
    expect(cells(row)).toEqual([
      "Acme Foods",
      "Electric",
      "Constellation",
      "PECO",
      "02/29/2028",
      "Active - Lost",
      "Sally Sales",
      "Mia Manager",
    ]);
    expect(cells(await contractRow(42n, T.table))[5]).toBe("Active - Renewed");
    expect(within(row).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe("/LeadTabs/5/contracts");
    expect(screen.getByTestId("report-count").textContent).toBe("2 contracts");
  });

  it("loads another day picked from the calendar and keeps it in the address", async () => {
    const { listAutoInactiveContracts, router } = openAutoInactive("/AutoInactiveContracts?date=2026-03-05");
    await contractRow(41n, T.table);
    expect(listAutoInactiveContracts).toHaveBeenCalledWith(on(2026, 3, 5), expect.anything());
    expect(dateBox().value).toBe("03/05/2026");
    await userEvent.click(screen.getByRole("button", { name: "Choose from a calendar" }));
    const calendar = await screen.findByRole("grid");
    await userEvent.click(within(calendar).getByText("9", { selector: "button, button *" }));
    await waitFor(() => expect(listAutoInactiveContracts).toHaveBeenLastCalledWith(on(2026, 3, 9), expect.anything()));
    expect(params(router)).toEqual({ date: "2026-03-09" });
    expect(dateBox().value).toBe("03/09/2026");
  });

  it("shows the day in force again when Refresh finds the box blank", async () => {
    const { listAutoInactiveContracts } = openAutoInactive("/AutoInactiveContracts?date=2026-03-05");
    await contractRow(41n, T.table);
    await userEvent.clear(dateBox());
    await userEvent.click(screen.getByRole("button", { name: R.refresh }));
    await waitFor(() => expect(listAutoInactiveContracts).toHaveBeenCalledTimes(2));
    expect(listAutoInactiveContracts).toHaveBeenLastCalledWith(on(2026, 3, 5), expect.anything());
    expect(dateBox().value).toBe("03/05/2026");
  });

  it("exports the shown rows as CSV, statuses by name", async () => {
    const downloads = catchDownloads();
    openAutoInactive();
    await contractRow(41n, T.table);
    await userEvent.click(screen.getByRole("button", { name: R.export }));
    expect(downloads[0].name).toBe("Auto Inactive Contracts 2026-03-18.csv");
    const lines = (await readFileText(downloads[0].blob)).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines.slice(0, 3)).toEqual([
      '"Name","Commodity","Supplier","Utility","EndDate","Previous Status","Closer1","Analyst"',
      '"Acme Foods","Electric","Constellation","PECO","02/29/2028","Active - Lost","Sally Sales","Mia Manager"',
      '"Birch","Electric","Constellation","PECO","02/29/2028","Active - Renewed","Sally Sales","Mia Manager"',
    ]);
  });

  it("says 'error fetching Report data' when the rows cannot be read", async () => {
    const toasts = spyToasts();
    openAutoInactive(
      "/AutoInactiveContracts",
      vi.fn(async () => {
        throw new ConnectError("down", Code.Unavailable);
      }),
    );
    expect(await screen.findByText("error fetching Report data")).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith("error fetching Report data");
  });
});
