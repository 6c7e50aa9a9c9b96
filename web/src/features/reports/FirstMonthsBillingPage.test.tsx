import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { readFileText } from "../../lib/csv";
import { contractRow } from "../../test/contractScreenFakes";
import { catchDownloads, manager, spyToasts } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { makeContractReportRow } from "../../test/reportFakes";
import { CONTRACT_REPORT_TEXTS, FIRST_MONTHS_TEXTS } from "./texts";

const T = FIRST_MONTHS_TEXTS;
const R = CONTRACT_REPORT_TEXTS;

beforeEach(() => {
  // March 2026 on the business clock.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-18T15:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function openFirstMonths(
  path = "/FirstMonthsBilling",
  startMonths = ["2026-05", "2026-03", "2026-01"],
  listFirstMonthsBilling = vi.fn(async () => ({ rows: [makeContractReportRow()], more: false })),
) {
  const listStartMonths = vi.fn(async () => ({ startMonths }));
  const view = openApp(path, manager, { reports: { listStartMonths, listFirstMonthsBilling } });
  return { ...view, listStartMonths, listFirstMonthsBilling };
}

const params = (router: () => { location: { search: string } }) =>
  Object.fromEntries(new URLSearchParams(router().location.search));
const monthSelect = () => screen.getByLabelText(T.startMonth) as HTMLSelectElement;

describe("First Months Billing", () => {
  it("opens on the latest start month not after this month, in the spec's columns with the first contact", async () => {
    const { listFirstMonthsBilling } = openFirstMonths();
    const row = await contractRow(41n, T.table);
    expect(screen.getByRole("heading", { name: T.title })).toBeTruthy();
    expect(listFirstMonthsBilling).toHaveBeenCalledTimes(1);
    expect(listFirstMonthsBilling).toHaveBeenCalledWith({ startMonth: "2026-03" }, expect.anything());
    expect(monthSelect().value).toBe("2026-03");
    expect(Array.from(monthSelect().options).map((o) => o.textContent)).toEqual([
      "May 2026",
      "March 2026",
      "January 2026",
    ]);
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Name",
      "StartDate",
      "Supplier",
      "Utility",
      "Commodity",
      "BillingType",
      "AccountCount",
      "ContactFirstName",
      "ContactLastName",
      "ContactEmail",
    ]);
    expect(
      within(row)
        .getAllByRole("cell")
        .map((td) => td.textContent),
    ).toEqual([
      "Acme Foods",
      "03/01/2026",
      "Constellation",
      "PECO",
      "Electric",
      "Dual",
      "3",
      "Ann",
      "Buyer",
      "ann@acme.test",
    ]);
    expect(within(row).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe("/LeadTabs/5/contracts");
    expect(within(row).getByRole("link", { name: "ann@acme.test" }).getAttribute("href")).toBe("mailto:ann@acme.test");
  });

  it("opens on the first month offered when every one is after this month", async () => {
    const { listFirstMonthsBilling } = openFirstMonths("/FirstMonthsBilling", ["2026-06", "2026-04"]);
    await contractRow(41n, T.table);
    expect(listFirstMonthsBilling).toHaveBeenCalledWith({ startMonth: "2026-06" }, expect.anything());
    expect(monthSelect().value).toBe("2026-06");
  });

  it("loads the month chosen and keeps it in the address; Back returns to the one before", async () => {
    const { listFirstMonthsBilling, router } = openFirstMonths();
    await contractRow(41n, T.table);
    await userEvent.selectOptions(monthSelect(), "January 2026");
    await waitFor(() =>
      expect(listFirstMonthsBilling).toHaveBeenLastCalledWith({ startMonth: "2026-01" }, expect.anything()),
    );
    expect(params(router)).toEqual({ month: "2026-01" });
    router().navigate(-1);
    await waitFor(() => expect(monthSelect().value).toBe("2026-03"));
  });

  it("opens with the address's month, offered or not, and reads it again with Refresh", async () => {
    const { listFirstMonthsBilling } = openFirstMonths("/FirstMonthsBilling?month=2025-11");
    await contractRow(41n, T.table);
    expect(listFirstMonthsBilling).toHaveBeenCalledWith({ startMonth: "2025-11" }, expect.anything());
    await waitFor(() => expect(monthSelect().options).toHaveLength(4));
    expect(monthSelect().value).toBe("2025-11");
    expect(monthSelect().selectedOptions[0].textContent).toBe("November 2025");
    await userEvent.click(screen.getByRole("button", { name: R.refresh }));
    await waitFor(() => expect(listFirstMonthsBilling).toHaveBeenCalledTimes(2));
  });

  it("reads no rows while no contract has a start month", async () => {
    const { listFirstMonthsBilling } = openFirstMonths("/FirstMonthsBilling", []);
    expect(await screen.findByText(T.noMonths)).toBeTruthy();
    expect(monthSelect().disabled).toBe(true);
    expect(listFirstMonthsBilling).not.toHaveBeenCalled();
  });

  it("exports the shown rows as CSV", async () => {
    const downloads = catchDownloads();
    openFirstMonths();
    await contractRow(41n, T.table);
    await userEvent.click(screen.getByRole("button", { name: R.export }));
    expect(downloads[0].name).toBe("First Months Billing 2026-03.csv");
    const lines = (await readFileText(downloads[0].blob)).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines.slice(0, 2)).toEqual([
      '"Name","StartDate","Supplier","Utility","Commodity","BillingType","AccountCount","ContactFirstName","ContactLastName","ContactEmail"',
      '"Acme Foods","03/01/2026","Constellation","PECO","Electric","Dual","3","Ann","Buyer","ann@acme.test"',
    ]);
  });

  it("says 'error fetching Report data' when the months cannot be read", async () => {
    const toasts = spyToasts();
    const listStartMonths = vi.fn(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    openApp("/FirstMonthsBilling", manager, { reports: { listStartMonths, listFirstMonthsBilling: vi.fn() } });
    expect(await screen.findByText("error fetching Report data")).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith("error fetching Report data");
  });

  it("says 'error fetching Report data' when the rows cannot be read", async () => {
    const toasts = spyToasts();
    openFirstMonths(
      "/FirstMonthsBilling",
      ["2026-03"],
      vi.fn(async () => {
        throw new ConnectError("down", Code.Unavailable);
      }),
    );
    expect(await screen.findByText("error fetching Report data")).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith("error fetching Report data");
  });
});
