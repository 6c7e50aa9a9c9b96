import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { readFileText } from "../../lib/csv";
import { contractRow } from "../../test/contractScreenFakes";
import { catchDownloads, makeUser, manager, spyToasts } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { makeContractReportRow } from "../../test/reportFakes";
import { CONTRACT_REPORT_TEXTS, WELCOME_TEXTS } from "./texts";
import { checkWelcomeRange } from "./welcomeView";

const T = WELCOME_TEXTS;
const R = CONTRACT_REPORT_TEXTS;
const care = makeUser({ userId: 3n, name: "Cara Care", role: Role.CUSTOMER_CARE });

afterEach(() => {
  vi.restoreAllMocks();
});

function openWelcome(
  path = "/WelcomeEmails",
  listWelcomeEmails = vi.fn(async () => ({ rows: [makeContractReportRow()], more: false })),
) {
  const view = openApp(path, care, { reports: { listWelcomeEmails } });
  return { ...view, listWelcomeEmails };
}

const range = (from: [number, number, number], to: [number, number, number]) => ({
  startDate: { year: from[0], month: from[1], day: from[2] },
  endDate: { year: to[0], month: to[1], day: to[2] },
});
const params = (router: () => { location: { search: string } }) =>
  Object.fromEntries(new URLSearchParams(router().location.search));
const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => userEvent.click(screen.getByRole("button", { name: T.submit }));

async function typeRange(start: string, end: string) {
  await userEvent.clear(box(T.startRange));
  if (start) {
    await userEvent.type(box(T.startRange), start);
  }
  await userEvent.clear(box(T.endRange));
  if (end) {
    await userEvent.type(box(T.endRange), end);
  }
}

describe("Customer Care Welcome E-mails", () => {
  it("asks for a range and reads nothing until one is submitted", async () => {
    const { listWelcomeEmails } = openWelcome();
    expect(await screen.findByRole("heading", { name: T.title })).toBeTruthy();
    expect(screen.getByText(T.chooseRange)).toBeTruthy();
    expect(box(T.startRange).value).toBe("");
    expect(box(T.endRange).value).toBe("");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(listWelcomeEmails).not.toHaveBeenCalled();
  });

  it("refuses a blank start or end with the spec's message and makes no call", async () => {
    const { listWelcomeEmails } = openWelcome();
    await screen.findByRole("heading", { name: T.title });
    await submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Start and/or End Range is blank.");
    await typeRange("03/01/2026", "");
    await submit();
    expect(screen.getByRole("alert").textContent).toBe("Start and/or End Range is blank.");
    await typeRange("", "03/31/2026");
    // Enter in a box submits too.
    await userEvent.type(box(T.endRange), "{Enter}");
    expect(screen.getByRole("alert").textContent).toBe("Start and/or End Range is blank.");
    expect(listWelcomeEmails).not.toHaveBeenCalled();
  });

  it("refuses the same date twice with the spec's message and makes no call", async () => {
    const { listWelcomeEmails } = openWelcome();
    await screen.findByRole("heading", { name: T.title });
    await typeRange("03/01/2026", "03/01/2026");
    await submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Start and End Range are the same date.");
    expect(listWelcomeEmails).not.toHaveBeenCalled();
  });

  it("refuses an end before the start with a clear message and makes no call", async () => {
    const { listWelcomeEmails, router } = openWelcome();
    await screen.findByRole("heading", { name: T.title });
    await typeRange("03/31/2026", "03/01/2026");
    await submit();
    expect((await screen.findByRole("alert")).textContent).toBe("The End Range must be after the Start Range.");
    expect(screen.getByText(T.chooseRange)).toBeTruthy();
    expect(params(router)).toEqual({});
    expect(listWelcomeEmails).not.toHaveBeenCalled();
  });

  it("reads nothing for an address whose end is before its start", async () => {
    const { listWelcomeEmails } = openWelcome("/WelcomeEmails?from=2026-03-31&to=2026-03-01");
    expect(await screen.findByText(T.chooseRange)).toBeTruthy();
    expect(listWelcomeEmails).not.toHaveBeenCalled();
    expect(checkWelcomeRange("12/31/2026", "01/01/2026")).toEqual({ error: T.endBeforeStart });
    expect(checkWelcomeRange("12/31/2025", "01/01/2026")).toEqual({
      start: { year: 2025, month: 12, day: 31 },
      end: { year: 2026, month: 1, day: 1 },
    });
  });

  it("clears the last message on each submit", async () => {
    const { listWelcomeEmails, router } = openWelcome();
    await screen.findByRole("heading", { name: T.title });
    await typeRange("03/01/2026", "");
    await submit();
    expect(screen.getByRole("alert").textContent).toBe(T.blank);
    await typeRange("03/01/2026", "03/01/2026");
    await submit();
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([T.sameDate]);
    await typeRange("03/01/2026", "03/31/2026");
    await submit();
    expect(screen.queryByRole("alert")).toBeNull();
    await contractRow(41n, T.table);
    expect(listWelcomeEmails).toHaveBeenCalledTimes(1);
    expect(listWelcomeEmails).toHaveBeenCalledWith(range([2026, 3, 1], [2026, 3, 31]), expect.anything());
    expect(params(router)).toEqual({ from: "2026-03-01", to: "2026-03-31" });
  });

  it("lists the contracts signed in the range in the spec's Welcome e-mail columns, in a box of their own", async () => {
    openWelcome("/WelcomeEmails?from=2026-02-01&to=2026-02-28");
    const row = await contractRow(41n, T.table);
    const table = screen.getByRole("table", { name: T.table });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual([
      "Name",
      "DateSigned",
      "Closer1",
      "Affiliate",
      "Commodity",
      "Utility",
      "State",
      "Supplier",
      "StartDate",
      "TermLength",
      "ContractRate",
      "ContractType",
      "BillingType",
      "TaxExempt",
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
      "02/10/2026",
      "Sally Sales",
      "Gridline",
      "Electric",
      "PECO",
      "PA",
      "Constellation",
      "03/01/2026",
      "24",
      "$0.0712",
      "New",
      "Dual",
      "No",
      "3",
      "Ann",
      "Buyer",
      "ann@acme.test",
    ]);
    // The table scrolls sideways inside its own box, not the page.
    expect(table.parentElement?.classList.contains("eris-vtable-scroll")).toBe(true);
    expect(table.parentElement?.classList.contains("eris-report-rows")).toBe(true);
  });

  it("opens with the address's range in the boxes; submitting it again reads it again", async () => {
    const { listWelcomeEmails } = openWelcome("/WelcomeEmails?from=2026-02-01&to=2026-02-28");
    await contractRow(41n, T.table);
    expect(listWelcomeEmails).toHaveBeenCalledWith(range([2026, 2, 1], [2026, 2, 28]), expect.anything());
    expect(box(T.startRange).value).toBe("02/01/2026");
    expect(box(T.endRange).value).toBe("02/28/2026");
    await submit();
    await waitFor(() => expect(listWelcomeEmails).toHaveBeenCalledTimes(2));
  });

  it("reads nothing for an address whose range is one day", async () => {
    const { listWelcomeEmails } = openWelcome("/WelcomeEmails?from=2026-02-01&to=2026-02-01");
    expect(await screen.findByText(T.chooseRange)).toBeTruthy();
    expect(listWelcomeEmails).not.toHaveBeenCalled();
  });

  it("exports the rows as CSV", async () => {
    const downloads = catchDownloads();
    openWelcome("/WelcomeEmails?from=2026-02-01&to=2026-02-28");
    await contractRow(41n, T.table);
    await userEvent.click(screen.getByRole("button", { name: R.export }));
    expect(downloads[0].name).toBe("Welcome E-mails 2026-02-01 to 2026-02-28.csv");
    const lines = (await readFileText(downloads[0].blob)).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0].split(",")).toHaveLength(18);
    expect(lines[1]).toBe(
      '"Acme Foods","02/10/2026","Sally Sales","Gridline","Electric","PECO","PA","Constellation","03/01/2026","24",' +
        '"0.0712","New","Dual","No","3","Ann","Buyer","ann@acme.test"',
    );
  });

  it("is open to Management too", async () => {
    openApp("/WelcomeEmails", manager, { reports: { listWelcomeEmails: vi.fn() } });
    expect(await screen.findByRole("heading", { name: T.title })).toBeTruthy();
  });

  it("says 'error fetching Report data' when the rows cannot be read", async () => {
    const toasts = spyToasts();
    openWelcome(
      "/WelcomeEmails?from=2026-02-01&to=2026-02-28",
      vi.fn(async () => {
        throw new ConnectError("down", Code.Unavailable);
      }),
    );
    expect(await screen.findByText("error fetching Report data")).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith("error fetching Report data");
  });
});
