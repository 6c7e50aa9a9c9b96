import { Classes } from "@blueprintjs/core";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  ListMarginOptionsResponseSchema,
  PageDirection,
  SupplierOptionSchema,
  type ListMarginRowsRequest,
} from "../../gen/eris/reporting/v1/reporting_pb";
import { manager, spyToasts } from "../../test/fakes";
import { openApp, sessionTokenOf } from "../../test/renderApp";
import { makeMarginRow, marginPage } from "../../test/reportFakes";
import { DATA_GRID_TEXTS } from "../../components/DataGridColumns";
import { PAYMENT_COLUMNS } from "../payments";
import { draftOf, isDraftApplied, marginCountText, numberedPageChanges, pageNumberOf } from "./marginView";
import { MARGIN_TEXTS } from "./texts";

const T = MARGIN_TEXTS;

const noFilter = {
  supplierId: 0n,
  projectedMonth: 0,
  projectedYear: 0,
  startMonth: "",
  companyName: "",
  paymentMonth: 0,
  paymentYear: 0,
  dateSignedStart: undefined,
  dateSignedEnd: undefined,
};

/** ListMarginRows' request for a page; the rows are counted until a count is known. */
const rowsRequest = (page: Partial<ListMarginRowsRequest> = {}, filter: object = {}) => ({
  filter: { ...noFilter, ...filter },
  pageSize: 10,
  cursor: "",
  direction: PageDirection.FORWARD,
  includeTotalSize: true,
  ...page,
});

const options = create(ListMarginOptionsResponseSchema, {
  suppliers: [
    create(SupplierOptionSchema, { supplierId: 3n, name: "Constellation", commodity: "Electric" }),
    create(SupplierOptionSchema, { supplierId: 4n, name: "Direct Energy", commodity: "Gas" }),
  ],
  paymentYears: [2026, 2025],
  projectedYears: [2027, 2026],
  startMonths: ["2026-03", "2026-01"],
});

const first = makeMarginRow();
const second = makeMarginRow({
  paymentId: 502n,
  projectedMonth: 4,
  paymentMonth: 0,
  paymentYear: 0,
  paymentActual: "",
});

/** Answers like the server: a middle page (both ways open) whatever is asked. */
const middlePage = vi.fn(async (_req: ListMarginRowsRequest) =>
  marginPage([first, second], { hasPrevious: true, hasNext: true }),
);

function openMargin(path = "/MarginBuilder", reports: Record<string, unknown> = {}) {
  const fakes = {
    listMarginRows: middlePage,
    listMarginOptions: vi.fn(async () => options),
    listContractMarginPayments: vi.fn(async () => ({ rows: [first, second] })),
    ...reports,
  } as Record<string, ReturnType<typeof vi.fn>>;
  const view = openApp(path, manager, { reports: fakes });
  return { ...view, reports: fakes };
}

const params = (router: () => { location: { search: string } }) =>
  Object.fromEntries(new URLSearchParams(router().location.search));

/** A gateway that hands out `url` for an export, and the downloads the page starts (links clicked). */
function stubExport(url: string) {
  const fetchMock = vi.fn(async () => ({ ok: true, status: 200, json: async () => ({ url }) }));
  vi.stubGlobal("fetch", fetchMock);
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute("href") ?? "", download: this.download });
  });
  return { fetchMock, clicked };
}

async function table() {
  const found = await screen.findByRole("table", { name: T.table });
  // The blocking loader goes once the rows are read.
  await waitFor(() => expect(screen.queryByRole("dialog", { name: T.loading })).toBeNull());
  return found;
}

/** Escape from inside a dialog, once it has taken the focus (Blueprint moves it there a frame after opening). */
async function pressEscapeIn(dialog: HTMLElement) {
  await waitFor(() => expect(dialog.closest(`.${Classes.OVERLAY}`)?.contains(document.activeElement)).toBe(true));
  await userEvent.keyboard("{Escape}");
}

beforeEach(() => {
  middlePage.mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("Margin Builder", () => {
  it("reads the first 10 rows and shows the spec's columns, the customer linking to its contracts", async () => {
    const { reports } = openMargin();
    const rows = await table();
    expect(reports.listMarginRows).toHaveBeenCalledWith(rowsRequest(), expect.anything());
    expect(
      within(rows)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual([
      "Payments",
      "CustName",
      "State",
      "Commodity",
      "Utility",
      "ContractType",
      "InsideSales",
      "Closer1",
      "Closer2",
      "Analyst",
      "SupportAnalyst1",
      "SupportAnalyst2",
      "PricingType",
      "Supplier",
      "DateSigned",
      "StartDate",
      "ProjectedMonth",
      "ProjectedYear",
      "RevenueSplit",
      "PaymentMonth",
      "PaymentYear",
      "PaymentType",
      "Affiliate",
      // The amounts and usage are pinned at the right, in view while the others scroll.
      "Fee",
      "ProjectedUsage",
      "ProjectedPayment",
      "UsageActual",
      "PaymentActual",
    ]);
    const row = rows.querySelector('tr[data-payment-id="501"]') as HTMLElement;
    expect(
      within(row)
        .getAllByRole("cell")
        .slice(1)
        .map((td) => td.textContent),
    ).toEqual([
      "Acme Foods",
      "PA",
      "Electric",
      "PECO",
      "New",
      "Ivy Inside",
      "Sally Sales",
      "",
      "Mia Manager",
      "",
      "",
      "Matrix",
      "Constellation",
      "12/15/2025",
      "01/01/2026",
      "March",
      "2026",
      "50%",
      "May",
      "2026",
      "Residual",
      "Gridline",
      "$0.005",
      "72,000",
      "$180.00",
      "69,840",
      "$174.60",
    ]);
    const pinned = (side: string) =>
      within(rows)
        .getAllByRole("columnheader")
        .filter((th) => th.classList.contains(side))
        .map((th) => th.textContent);
    expect(pinned("eris-vtable-pinned")).toEqual(["Payments", "CustName"]);
    expect(pinned("eris-vtable-pinned-end")).toEqual([
      "Fee",
      "ProjectedUsage",
      "ProjectedPayment",
      "UsageActual",
      "PaymentActual",
    ]);
    // One line per cell, the full text on hover.
    expect(within(row).getByText("Constellation").closest("td")?.title).toBe("Constellation");
    expect(within(row).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe("/LeadTabs/5/contracts");
  });

  it("applies the filters with Filter, keeps them in the address and sends them", async () => {
    const { reports, router } = openMargin("/MarginBuilder?cursor=c9&size=25");
    await table();
    await waitFor(() => expect(screen.getByRole("option", { name: "March 2026" })).toBeTruthy());
    await userEvent.selectOptions(screen.getByLabelText(T.supplier), "Constellation (Electric)");
    await userEvent.selectOptions(screen.getByLabelText(T.projectedMonth), "February");
    await userEvent.selectOptions(screen.getByLabelText(T.projectedYear), "2027");
    await userEvent.selectOptions(screen.getByLabelText(T.startMonth), "March 2026");
    await userEvent.type(screen.getByLabelText(T.companyName), "acme");
    await userEvent.selectOptions(screen.getByLabelText(T.paymentMonth), "May");
    await userEvent.selectOptions(screen.getByLabelText(T.paymentYear), "2025");
    await userEvent.type(screen.getByLabelText(T.signedStart), "01/01/2025");
    await userEvent.type(screen.getByLabelText(T.signedEnd), "12/31/2025");
    // Nothing is read before Filter.
    expect(reports.listMarginRows).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: T.filter }));
    const filter = {
      supplierId: 3n,
      projectedMonth: 2,
      projectedYear: 2027,
      startMonth: "2026-03",
      companyName: "acme",
      paymentMonth: 5,
      paymentYear: 2025,
      dateSignedStart: { year: 2025, month: 1, day: 1 },
      dateSignedEnd: { year: 2025, month: 12, day: 31 },
    };
    await waitFor(() =>
      expect(reports.listMarginRows).toHaveBeenLastCalledWith(rowsRequest({ pageSize: 25 }, filter), expect.anything()),
    );
    // Back on the first page, with the page size kept.
    expect(params(router)).toEqual({
      supplier: "3",
      projectedMonth: "2",
      projectedYear: "2027",
      startMonth: "2026-03",
      company: "acme",
      paymentMonth: "5",
      paymentYear: "2025",
      signedFrom: "2025-01-01",
      signedTo: "2025-12-31",
      size: "25",
    });
  });

  it("opens with the address's filters and page, and shows them in the form", async () => {
    const { reports } = openMargin(
      "/MarginBuilder?supplier=4&projectedMonth=12&company=Acme&signedFrom=2025-06-01&size=5&cursor=c77&dir=back",
    );
    await table();
    expect(reports.listMarginRows).toHaveBeenCalledWith(
      rowsRequest(
        { pageSize: 5, cursor: "c77", direction: PageDirection.BACKWARD },
        { supplierId: 4n, projectedMonth: 12, companyName: "Acme", dateSignedStart: { year: 2025, month: 6, day: 1 } },
      ),
      expect.anything(),
    );
    await waitFor(() => expect((screen.getByLabelText(T.supplier) as HTMLSelectElement).value).toBe("4"));
    expect((screen.getByLabelText(T.projectedMonth) as HTMLSelectElement).value).toBe("12");
    expect((screen.getByLabelText(T.companyName) as HTMLInputElement).value).toBe("Acme");
    expect((screen.getByLabelText(T.signedStart) as HTMLInputElement).value).toBe("06/01/2025");
    expect((screen.getByLabelText(T.pageSize) as HTMLSelectElement).value).toBe("5");
  });

  it("refuses a reversed date range without asking", async () => {
    const { reports } = openMargin();
    await table();
    await userEvent.type(screen.getByLabelText(T.signedStart), "02/01/2026");
    await userEvent.type(screen.getByLabelText(T.signedEnd), "01/01/2026");
    await userEvent.click(screen.getByRole("button", { name: T.filter }));
    expect((await screen.findByRole("alert")).textContent).toBe(T.rangeReversed);
    expect(reports.listMarginRows).toHaveBeenCalledTimes(1);
  });

  it("pages by keyset: Next, Previous, Last and First, each in the address", async () => {
    const { reports, router } = openMargin();
    await table();
    const pager = screen.getByRole("navigation", { name: T.pager });
    const button = (name: string) => within(pager).getByRole("button", { name });

    await userEvent.click(button(T.next));
    await waitFor(() =>
      expect(reports.listMarginRows).toHaveBeenLastCalledWith(rowsRequest({ cursor: "c502" }), expect.anything()),
    );
    expect(params(router)).toEqual({ cursor: "c502", page: "2" });

    await userEvent.click(button(T.previous));
    await waitFor(() =>
      expect(reports.listMarginRows).toHaveBeenLastCalledWith(
        rowsRequest({ cursor: "c501", direction: PageDirection.BACKWARD }),
        expect.anything(),
      ),
    );
    expect(params(router)).toEqual({ cursor: "c501", dir: "back" });

    await userEvent.click(button(T.last));
    await waitFor(() =>
      expect(reports.listMarginRows).toHaveBeenLastCalledWith(
        rowsRequest({ direction: PageDirection.BACKWARD }),
        expect.anything(),
      ),
    );
    expect(params(router)).toEqual({ dir: "back" });

    await userEvent.click(button(T.first));
    await waitFor(() => expect(params(router)).toEqual({}));
    // The first page was read before: it is shown again (and read again in the background).
    expect(reports.listMarginRows.mock.calls.at(-1)?.[0]).toEqual(rowsRequest());
  });

  it("disables the moves the page does not allow", async () => {
    openMargin("/MarginBuilder", {
      listMarginRows: vi.fn(async () => marginPage([first], { hasPrevious: false, hasNext: true })),
    });
    await table();
    const pager = screen.getByRole("navigation", { name: T.pager });
    const disabled = (name: string) => (within(pager).getByRole("button", { name }) as HTMLButtonElement).disabled;
    expect([T.first, T.previous, T.next, T.last].map(disabled)).toEqual([true, true, false, false]);
  });

  it("reads the first page again with another page size", async () => {
    const { reports, router } = openMargin("/MarginBuilder?cursor=c9&dir=back");
    await table();
    await userEvent.selectOptions(screen.getByLabelText(T.pageSize), "50");
    await waitFor(() =>
      expect(reports.listMarginRows).toHaveBeenLastCalledWith(rowsRequest({ pageSize: 50 }), expect.anything()),
    );
    expect(params(router)).toEqual({ size: "50" });
    expect(Array.from((screen.getByLabelText(T.pageSize) as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      "5",
      "10",
      "25",
      "50",
    ]);
  });

  it("reads the same page again with Refresh", async () => {
    const { reports } = openMargin("/MarginBuilder?cursor=c9");
    await table();
    await userEvent.click(screen.getByRole("button", { name: T.refresh }));
    await waitFor(() => expect(reports.listMarginRows).toHaveBeenCalledTimes(2));
    expect(reports.listMarginRows.mock.calls[1][0]).toEqual(rowsRequest({ cursor: "c9" }));
  });

  it("blocks the page with a loading dialog while rows load, which Escape does not close", async () => {
    let answer: (value: unknown) => void = () => {};
    const pending = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    openMargin("/MarginBuilder", { listMarginRows: pending });
    const loader = await screen.findByRole("dialog", { name: T.loading });
    expect(within(loader).getByRole("status")).toBeTruthy();
    expect(within(loader).queryByRole("button")).toBeNull();
    await pressEscapeIn(loader);
    expect(screen.getByRole("dialog", { name: T.loading })).toBeTruthy();
    answer(marginPage([first]));
    await table();
  });

  it("warns before exporting, then downloads MarginBuilder.csv from the address the gateway gives", async () => {
    const { fetchMock, clicked } = stubExport("/api/reports/marginBuilderExport/t-123");
    openMargin("/MarginBuilder?supplier=3&projectedYear=2026&company=Acme&signedTo=2026-12-31&cursor=c9");
    await table();

    await userEvent.click(screen.getByRole("button", { name: T.export }));
    let warning = await screen.findByRole("dialog", { name: "Warning!" });
    expect(
      within(warning).getByText(
        "You are about to export a very large data set. It is not recommended to do this often. Continue?",
      ),
    ).toBeTruthy();
    // Escape and Cancel close it without exporting.
    await pressEscapeIn(warning);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Warning!" })).toBeNull());
    await userEvent.click(screen.getByRole("button", { name: T.export }));
    warning = await screen.findByRole("dialog", { name: "Warning!" });
    await userEvent.click(within(warning).getByRole("button", { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Warning!" })).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: T.export }));
    warning = await screen.findByRole("dialog", { name: "Warning!" });
    await userEvent.click(within(warning).getByRole("button", { name: T.continue }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toEqual({ href: "/api/reports/marginBuilderExport/t-123", download: "MarginBuilder.csv" });
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe("/api/reports/marginBuilderExport");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("Authorization")).toBe(`Bearer ${sessionTokenOf(manager)}`);
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init.body))).toEqual({
      filters: { supplier: 3, projectedYear: 2026, companyName: "Acme", dateSignedEnd: "2026-12-31" },
    });
  });

  it("says so when the export cannot start", async () => {
    const toasts = spyToasts();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => ({ ok: false, status: 503, json: async () => ({}) })),
    );
    openMargin();
    await table();
    await userEvent.click(screen.getByRole("button", { name: T.export }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Warning!" })).getByRole("button", { name: T.continue }),
    );
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(T.exportFailed));
  });

  it("lists a row's contract payments in a dialog that Escape closes", async () => {
    const { reports } = openMargin();
    const rows = await table();
    const row = rows.querySelector('tr[data-payment-id="501"]') as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: T.paymentsOf("Acme Foods") }));
    const dialog = await screen.findByRole("dialog", { name: T.paymentsOf("Acme Foods") });
    expect(reports.listContractMarginPayments).toHaveBeenCalledWith({ contractId: 41n }, expect.anything());
    const payments = await within(dialog).findByRole("table");
    // The payments dialog's columns.
    expect(
      within(payments)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(PAYMENT_COLUMNS.map((column) => column.header));
    const paid = payments.querySelector('tr[data-payment-id="501"]') as HTMLElement;
    expect(
      within(paid)
        .getAllByRole("cell")
        .map((td) => td.textContent),
    ).toEqual(["March", "2026", "50%", "72,000", "$180.00", "May", "2026", "69,840", "$174.60", "Residual"]);
    await pressEscapeIn(dialog);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: T.paymentsOf("Acme Foods") })).toBeNull());
  });

  it("counts the rows when the filters change, keeps the count while paging and says Page X of Y", async () => {
    // 23 rows in pages of 10: the server counts when asked.
    const listMarginRows = vi.fn(async (req: ListMarginRowsRequest) => {
      const last = req.direction === PageDirection.BACKWARD && req.cursor === "";
      return marginPage([first, second], {
        hasPrevious: req.cursor !== "" || last,
        hasNext: !last,
        totalSize: req.includeTotalSize ? 23n : 0n,
      });
    });
    const { router } = openMargin("/MarginBuilder", { listMarginRows });
    await table();
    const count = () => screen.getByTestId("margin-count").textContent;
    await waitFor(() => expect(count()).toBe("23 rows · Page 1 of 3"));
    const pager = screen.getByRole("navigation", { name: T.pager });
    await userEvent.click(within(pager).getByRole("button", { name: T.next }));
    await waitFor(() => expect(count()).toBe("23 rows · Page 2 of 3"));
    // Counted once for these filters.
    expect(listMarginRows).toHaveBeenLastCalledWith(
      rowsRequest({ cursor: "c502", includeTotalSize: false }),
      expect.anything(),
    );
    await userEvent.click(within(pager).getByRole("button", { name: T.last }));
    await waitFor(() => expect(count()).toBe("23 rows · Page 3 of 3"));
    expect(params(router)).toEqual({ dir: "back", page: "3" });
    await table();

    // Other filters are counted again.
    await userEvent.type(screen.getByLabelText(T.companyName), "acme");
    await userEvent.click(screen.getByRole("button", { name: T.filter }));
    await waitFor(() =>
      expect(listMarginRows).toHaveBeenLastCalledWith(
        rowsRequest({ includeTotalSize: true }, { companyName: "acme" }),
        expect.anything(),
      ),
    );
    await waitFor(() => expect(count()).toBe("23 rows · Page 1 of 3"));
  });

  it("shows no count while the server answers 0 for rows it shows", async () => {
    openMargin();
    const rows = await table();
    expect(rows.querySelectorAll("tbody tr")).toHaveLength(2);
    expect(screen.queryByTestId("margin-count")).toBeNull();
    expect(screen.queryByText(/0 rows/)).toBeNull();
  });

  it("flags filters changed but not applied, and offers to apply them before exporting", async () => {
    const { fetchMock } = stubExport("/api/reports/marginBuilderExport/t-9");
    const { router } = openMargin("/MarginBuilder?projectedYear=2026");
    await table();
    expect(screen.queryByTestId("margin-unapplied")).toBeNull();
    await waitFor(() => expect(screen.getByRole("option", { name: "2027" })).toBeTruthy());
    await userEvent.selectOptions(screen.getByLabelText(T.projectedYear), "2027");
    expect(screen.getByTestId("margin-unapplied").textContent).toBe(T.unapplied);

    await userEvent.click(screen.getByRole("button", { name: T.export }));
    const warning = await screen.findByRole("dialog", { name: "Warning!" });
    expect(within(warning).getByText(T.exportUnapplied)).toBeTruthy();
    expect(within(warning).getByText(T.warning)).toBeTruthy();
    await userEvent.click(within(warning).getByRole("button", { name: T.applyAndContinue }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ filters: { projectedYear: 2027 } });
    // The table shows what was exported.
    expect(params(router)).toEqual({ projectedYear: "2027" });
    await waitFor(() => expect(screen.queryByTestId("margin-unapplied")).toBeNull());
  });

  it("exports the filters in force with Continue when the form shows others", async () => {
    const { fetchMock } = stubExport("/api/reports/marginBuilderExport/t-10");
    const { router } = openMargin("/MarginBuilder?company=Acme");
    await table();
    await userEvent.clear(screen.getByLabelText(T.companyName));
    await userEvent.click(screen.getByRole("button", { name: T.export }));
    const warning = await screen.findByRole("dialog", { name: "Warning!" });
    await userEvent.click(within(warning).getByRole("button", { name: T.continue }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ filters: { companyName: "Acme" } });
    expect(params(router)).toEqual({ company: "Acme" });
    expect(screen.getByTestId("margin-unapplied")).toBeTruthy();
  });

  it("hides a column chosen in Columns, never the pinned amounts", async () => {
    const first = openMargin();
    await table();
    await userEvent.click(screen.getByRole("button", { name: DATA_GRID_TEXTS.columns }));
    const chooser = await screen.findByRole("group", { name: DATA_GRID_TEXTS.chooseColumns });
    await userEvent.click(within(chooser).getByLabelText("SupportAnalyst2"));
    const shown = () => screen.getAllByRole("columnheader").map((th) => th.textContent);
    expect(shown()).not.toContain("SupportAnalyst2");
    for (const pinned of ["UsageActual", "PaymentActual"]) {
      expect((within(chooser).getByLabelText(DATA_GRID_TEXTS.pinned(pinned)) as HTMLInputElement).disabled).toBe(true);
    }
    first.unmount();
    openMargin();
    await table();
    expect(shown()).not.toContain("SupportAnalyst2");
    expect(shown()).toContain("UsageActual");
  });

  it("says 'error fetching Report data' when the rows cannot be read", async () => {
    const toasts = spyToasts();
    openMargin("/MarginBuilder", {
      listMarginRows: vi.fn(async () => {
        throw new ConnectError("down", Code.Unavailable);
      }),
    });
    expect(await screen.findByText("error fetching Report data")).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith("error fetching Report data");
  });
});

describe("Margin Builder's count and form", () => {
  const blank = draftOf(new URLSearchParams(""));

  it("says how many rows match and which page of how many is shown", () => {
    const middle = { number: 4, hasPrevious: true, hasNext: true };
    expect(marginCountText(1234n, 10, middle)).toBe("1,234 rows · Page 4 of 124");
    expect(marginCountText(1n, 10, { number: 1, hasPrevious: false, hasNext: false })).toBe("1 row · Page 1 of 1");
    // Nothing before: the first page; nothing after: the last, whatever the moves counted.
    expect(marginCountText(23n, 10, { number: 5, hasPrevious: false, hasNext: true })).toBe("23 rows · Page 1 of 3");
    expect(marginCountText(23n, 10, { number: 1, hasPrevious: true, hasNext: false })).toBe("23 rows · Page 3 of 3");
    expect(marginCountText(230n, 10, { number: 40, hasPrevious: true, hasNext: true })).toBe(
      "230 rows · Page 22 of 23",
    );
    // Not counted (or a server that does not count yet): nothing, never "0 rows".
    expect(marginCountText(0n, 10, middle)).toBeNull();
  });

  it("counts the page's number along the moves", () => {
    const shown = { firstCursor: "a", lastCursor: "z" };
    expect(numberedPageChanges("next", shown, 1, 3)).toEqual({ cursor: "z", dir: null, page: "2" });
    expect(numberedPageChanges("previous", shown, 2, 3)).toEqual({ cursor: "a", dir: "back", page: null });
    expect(numberedPageChanges("last", shown, 1, 3)).toEqual({ cursor: null, dir: "back", page: "3" });
    expect(numberedPageChanges("last", shown, 1, undefined)).toEqual({ cursor: null, dir: "back", page: null });
    expect(numberedPageChanges("first", shown, 3, 3)).toEqual({ cursor: null, dir: null, page: null });
    expect(pageNumberOf(new URLSearchParams("page=7"))).toBe(7);
    expect(pageNumberOf(new URLSearchParams("page=x"))).toBe(1);
  });

  it("tells filters applied from filters changed but not applied", () => {
    const inForce = new URLSearchParams("company=Acme&projectedYear=2026&signedFrom=2025-06-01&cursor=c9");
    const shown = draftOf(inForce);
    expect(isDraftApplied(shown, inForce)).toBe(true);
    // Spaces around the company do not change the filter.
    expect(isDraftApplied({ ...shown, companyName: " Acme " }, inForce)).toBe(true);
    expect(isDraftApplied({ ...shown, projectedYear: "2027" }, inForce)).toBe(false);
    expect(isDraftApplied({ ...shown, signedFrom: "" }, inForce)).toBe(false);
    expect(isDraftApplied({ ...shown, signedTo: "13/45/2025" }, inForce)).toBe(false);
    expect(isDraftApplied(blank, new URLSearchParams("size=25"))).toBe(true);
  });
});
