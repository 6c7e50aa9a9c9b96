import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { readFileText } from "../../lib/csv";
import { contractRow } from "../../test/contractScreenFakes";
import { catchDownloads, manager, spyToasts } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { makeContractReportRow } from "../../test/reportFakes";
import { CONTRACT_REPORT_TEXTS, SUPPLIER_OUTREACH_TEXTS } from "./texts";

const T = SUPPLIER_OUTREACH_TEXTS;
const R = CONTRACT_REPORT_TEXTS;

beforeEach(() => {
  // 03/18/2026 on the business clock (New York).
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-18T15:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function openOutreach(
  path = "/SupplierOutreach",
  listSupplierOutreach = vi.fn(async () => ({ rows: [makeContractReportRow()], more: false })),
) {
  const view = openApp(path, manager, { reports: { listSupplierOutreach } });
  return { ...view, listSupplierOutreach };
}

const startOn = (year: number, month: number, day: number) => ({ startDate: { year, month, day } });
const params = (router: () => { location: { search: string } }) =>
  Object.fromEntries(new URLSearchParams(router().location.search));
const startBox = () => screen.getByLabelText(T.startDate) as HTMLInputElement;

describe("Supplier Outreach", () => {
  it("lists the contracts starting from the first of this month in the spec's columns, each linking to its company's contracts", async () => {
    const { listSupplierOutreach } = openOutreach();
    const row = await contractRow(41n, T.table);
    expect(screen.getByRole("heading", { name: T.title })).toBeTruthy();
    expect(listSupplierOutreach).toHaveBeenCalledWith(startOn(2026, 3, 1), expect.anything());
    expect(startBox().value).toBe("03/01/2026");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Name",
      "Supplier",
      "Commodity",
      "Utility",
      "State",
      "StartDate",
      "TermLength",
      "Closer1",
      "Analyst",
      "AccountCount",
      "ContractAnnualVolume",
    ]);
    expect(
      within(row)
        .getAllByRole("cell")
        .map((td) => td.textContent),
    ).toEqual([
      "Acme Foods",
      "Constellation",
      "Electric",
      "PECO",
      "PA",
      "03/01/2026",
      "24",
      "Sally Sales",
      "Mia Manager",
      "3",
      "864,000",
    ]);
    expect(within(row).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe("/LeadTabs/5/contracts");
    expect(screen.getByTestId("report-count").textContent).toBe("1 contract");
  });

  it("loads a new Start Date as soon as it is whole, keeps it in the address, and Back returns to the one before", async () => {
    const { listSupplierOutreach, router } = openOutreach();
    await contractRow(41n, T.table);
    await userEvent.clear(startBox());
    await userEvent.type(startBox(), "03/15/2026");
    await waitFor(() => expect(listSupplierOutreach).toHaveBeenLastCalledWith(startOn(2026, 3, 15), expect.anything()));
    // Nothing is read while the date is half typed.
    expect(listSupplierOutreach).toHaveBeenCalledTimes(2);
    expect(params(router)).toEqual({ start: "2026-03-15" });

    router().navigate(-1);
    await waitFor(() => expect(startBox().value).toBe("03/01/2026"));
    expect(params(router)).toEqual({});
  });

  it("opens with the address's Start Date, and Refresh (Enter in the box) reads it again", async () => {
    const { listSupplierOutreach } = openOutreach("/SupplierOutreach?start=2026-02-10");
    await contractRow(41n, T.table);
    expect(listSupplierOutreach).toHaveBeenCalledWith(startOn(2026, 2, 10), expect.anything());
    expect(startBox().value).toBe("02/10/2026");
    await userEvent.type(startBox(), "{Enter}");
    await waitFor(() => expect(listSupplierOutreach).toHaveBeenCalledTimes(2));
    expect(listSupplierOutreach).toHaveBeenLastCalledWith(startOn(2026, 2, 10), expect.anything());
    await userEvent.click(screen.getByRole("button", { name: R.refresh }));
    await waitFor(() => expect(listSupplierOutreach).toHaveBeenCalledTimes(3));
  });

  it("says when more contracts match than the server answered", async () => {
    openOutreach(
      "/SupplierOutreach",
      vi.fn(async () => ({ rows: [makeContractReportRow(), makeContractReportRow({ contractId: 42n })], more: true })),
    );
    await contractRow(42n, T.table);
    expect(screen.getByTestId("report-count").textContent).toBe(R.countMore(2));
  });

  it("says so when no contract starts in the range", async () => {
    openOutreach(
      "/SupplierOutreach",
      vi.fn(async () => ({ rows: [], more: false })),
    );
    expect(await screen.findByText(T.noRows)).toBeTruthy();
    expect(screen.queryByRole("button", { name: R.export })).toBeNull();
  });

  it("exports the shown rows as CSV made in the browser", async () => {
    const downloads = catchDownloads();
    openOutreach("/SupplierOutreach?start=2026-03-05");
    await contractRow(41n, T.table);
    await userEvent.click(screen.getByRole("button", { name: R.export }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toBe("Supplier Outreach 2026-03-05.csv");
    const lines = (await readFileText(downloads[0].blob)).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      '"Name","Supplier","Commodity","Utility","State","StartDate","TermLength","Closer1","Analyst","AccountCount","ContractAnnualVolume"',
    );
    expect(lines[1]).toBe(
      '"Acme Foods","Constellation","Electric","PECO","PA","03/01/2026","24","Sally Sales","Mia Manager","3","864000"',
    );
    expect(lines).toHaveLength(3);
  });

  it("says 'error fetching Report data' when the rows cannot be read", async () => {
    const toasts = spyToasts();
    openOutreach(
      "/SupplierOutreach",
      vi.fn(async () => {
        throw new ConnectError("down", Code.Unavailable);
      }),
    );
    expect(await screen.findByText("error fetching Report data")).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith("error fetching Report data");
  });
});
