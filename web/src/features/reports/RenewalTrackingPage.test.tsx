import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Role, type User } from "../../gen/eris/identity/v1/identity_pb";
import { contractRow } from "../../test/contractScreenFakes";
import { makeUser, manager, sally, spyToasts } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { makeRenewalRow } from "../../test/reportFakes";
import { RENEWAL_TEXTS } from "./texts";

const T = RENEWAL_TEXTS;
const care = makeUser({ userId: 3n, name: "Cara Care", role: Role.CUSTOMER_CARE });
const admin = makeUser({ userId: 4n, name: "Adam Admin", role: Role.ADMIN });

afterEach(() => {
  vi.restoreAllMocks();
});

const request = (fields: object = {}) => ({ closerUserId: 0n, analystUserId: 0n, endDate: undefined, ...fields });

function openRenewals(
  me: User,
  path = "/RenewalTracking",
  listRenewals = vi.fn(async () => ({ rows: [makeRenewalRow()] })),
) {
  const view = openApp(path, me, { reports: { listRenewals } }, [manager, sally, care, admin]);
  return { ...view, listRenewals };
}

const params = (router: () => { location: { search: string } }) =>
  Object.fromEntries(new URLSearchParams(router().location.search));

const renewalRow = (contractId: bigint) => contractRow(contractId, T.table);

const selectValue = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement).value;

describe("Renewal Tracking", () => {
  it("lists every contract not yet ended with the spec's columns, each company linking to it", async () => {
    const { listRenewals } = openRenewals(manager);
    const row = await renewalRow(41n);
    expect(listRenewals).toHaveBeenCalledWith(request(), expect.anything());
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Name",
      "LeadCloser",
      "LeadAnalyst",
      "Affiliate",
      "Supplier",
      "Commodity",
      "Utility",
      "EndDate",
      "Remaining Months",
      "ContractAnnualVolume",
      "TermFeeTotal",
      "ContractType",
    ]);
    expect(
      within(row)
        .getAllByRole("cell")
        .map((td) => td.textContent),
    ).toEqual([
      "Acme Foods",
      "Sally Sales",
      "Mia Manager",
      "Gridline",
      "Constellation",
      "Electric",
      "PECO",
      "06/30/2026",
      "4",
      "864,000",
      "$4,320.00",
      "Renewal",
    ]);
    expect(within(row).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe("/LeadTabs/5");
    expect(screen.getByTestId("renewal-count").textContent).toBe("1 contract");
  });

  it("says when more contracts match than the server answered", async () => {
    openRenewals(
      manager,
      "/RenewalTracking",
      vi.fn(async () => ({ rows: [makeRenewalRow(), makeRenewalRow({ contractId: 42n })], more: true })),
    );
    await renewalRow(42n);
    expect(screen.getByTestId("renewal-count").textContent).toBe(T.countMore(2));
  });

  it("loads with the chosen Closer, Analyst and End Date on Refresh, keeping them in the address", async () => {
    const { listRenewals, router } = openRenewals(manager);
    await renewalRow(41n);
    await waitFor(() => expect(screen.getAllByRole("option", { name: "Sally Sales" })).toHaveLength(2));
    await userEvent.selectOptions(screen.getByLabelText(T.closer), "Sally Sales");
    await userEvent.selectOptions(screen.getByLabelText(T.analyst), "Mia Manager");
    await userEvent.type(screen.getByLabelText(T.endDate), "09/30/2026");
    expect(listRenewals).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: T.refresh }));
    await waitFor(() =>
      expect(listRenewals).toHaveBeenLastCalledWith(
        request({ closerUserId: 2n, analystUserId: 1n, endDate: { year: 2026, month: 9, day: 30 } }),
        expect.anything(),
      ),
    );
    expect(params(router)).toEqual({ closer: "2", analyst: "1", end: "2026-09-30" });
  });

  it("opens with the address's filters", async () => {
    const { listRenewals } = openRenewals(care, "/RenewalTracking?closer=2&analyst=1&end=2026-12-31");
    await renewalRow(41n);
    expect(listRenewals).toHaveBeenCalledWith(
      request({ closerUserId: 2n, analystUserId: 1n, endDate: { year: 2026, month: 12, day: 31 } }),
      expect.anything(),
    );
    await waitFor(() => expect(selectValue(T.closer)).toBe("2"));
    expect(selectValue(T.analyst)).toBe("1");
    expect((screen.getByLabelText(T.endDate) as HTMLInputElement).value).toBe("12/31/2026");
  });

  it("fixes a Sales user's Closer to themself, whatever the address says", async () => {
    const { listRenewals } = openRenewals(sally, "/RenewalTracking?closer=1");
    await renewalRow(41n);
    expect(listRenewals).toHaveBeenCalledWith(request({ closerUserId: 2n }), expect.anything());
    const closer = screen.getByLabelText(T.closer) as HTMLSelectElement;
    expect(closer.disabled).toBe(true);
    expect(closer.value).toBe("2");
    expect(closer.selectedOptions[0].textContent).toBe("Sally Sales");
    expect((screen.getByLabelText(T.analyst) as HTMLSelectElement).disabled).toBe(false);
  });

  it("Reset for Sales clears the analyst and keeps their closer", async () => {
    const { listRenewals, router } = openRenewals(sally, "/RenewalTracking?analyst=1&end=2026-12-31");
    await renewalRow(41n);
    await userEvent.click(screen.getByRole("button", { name: T.reset }));
    await waitFor(() =>
      expect(listRenewals).toHaveBeenLastCalledWith(
        request({ closerUserId: 2n, endDate: { year: 2026, month: 12, day: 31 } }),
        expect.anything(),
      ),
    );
    expect(params(router)).toEqual({ end: "2026-12-31" });
    expect(selectValue(T.analyst)).toBe("");
    expect(selectValue(T.closer)).toBe("2");
  });

  it.each([
    ["Management", manager],
    ["Customer Care", care],
  ])("Reset for %s clears closer and analyst", async (_role, me) => {
    const { listRenewals, router } = openRenewals(me, "/RenewalTracking?closer=2&analyst=1");
    await renewalRow(41n);
    await userEvent.click(screen.getByRole("button", { name: T.reset }));
    await waitFor(() => expect(listRenewals).toHaveBeenLastCalledWith(request(), expect.anything()));
    expect(params(router)).toEqual({});
    expect(selectValue(T.closer)).toBe("");
    expect(selectValue(T.analyst)).toBe("");
  });

  it("Reset for Admin sets the analyst to themself", async () => {
    const { listRenewals, router } = openRenewals(admin, "/RenewalTracking?analyst=1");
    await renewalRow(41n);
    await userEvent.click(screen.getByRole("button", { name: T.reset }));
    await waitFor(() =>
      expect(listRenewals).toHaveBeenLastCalledWith(request({ analystUserId: 4n }), expect.anything()),
    );
    expect(params(router)).toEqual({ analyst: "4" });
    await waitFor(() => expect(selectValue(T.analyst)).toBe("4"));
  });

  it("says 'error fetching Report data' when the rows cannot be read", async () => {
    const toasts = spyToasts();
    openRenewals(
      manager,
      "/RenewalTracking",
      vi.fn(async () => {
        throw new ConnectError("down", Code.Unavailable);
      }),
    );
    expect(await screen.findByText("error fetching Report data")).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith("error fetching Report data");
  });
});
