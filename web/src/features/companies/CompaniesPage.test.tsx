import { create } from "@bufbuild/protobuf";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { CompanySchema, PrimaryStatus, type ListCompaniesRequest } from "../../gen/eris/crm/v1/crm_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { renderApp, signedInServices } from "../../test/renderApp";
import { prefsKey } from "./companyColumns";
import { LIST_TEXTS } from "./listTexts";
import { COMPANY_TEXTS } from "./texts";

const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });
const sally = makeUser({ userId: 2n, name: "Sally Sales", role: Role.SALES });
const acme = create(CompanySchema, {
  companyId: 5n,
  name: "Acme Foods",
  city: "Dayton",
  state: "OH",
  primaryElectricStatus: PrimaryStatus.PROSPECT,
  secondaryElectricStatuses: ["Hot Lead"],
  primaryDrStatus: PrimaryStatus.CUSTOMER,
  electricUsage: "1250000",
  gasUsage: "3400.5",
  electricContractEndDate: { year: 2027, month: 3, day: 31 },
  insideUserId: 2n,
  closerUserId: 1n,
});

function openCompanies(me = manager, companies: Record<string, unknown> = {}, path = "/Leads") {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(me, [manager, sally]);
  // Like the server: the count only when asked for.
  const listCompanies = vi.fn(async (req: ListCompaniesRequest) => ({
    companies: [acme],
    nextPageToken: req.pageToken === "" ? "n2" : "",
    totalSize: req.includeTotalSize ? 120n : 0n,
  }));
  Object.assign(services.api, { companies: { listCompanies, ...companies } });
  const view = renderApp(path, services);
  return { listCompanies, ...view };
}

function request(fields: Partial<Omit<ListCompaniesRequest, "filter">> & { filter?: object } = {}) {
  return {
    filter: { nameQuery: "", teamUserIds: [1n] },
    pageSize: 50,
    pageToken: "",
    orderBy: "name",
    includeTotalSize: true,
    ...fields,
  };
}

function params(search: string): Record<string, string[]> {
  const p = new URLSearchParams(search);
  return Object.fromEntries([...new Set(p.keys())].map((k) => [k, p.getAll(k)]));
}

describe("companies screen", () => {
  it("lists the signed-in user's companies by default, 50 a page by name, counted, with the spec's columns", async () => {
    const { listCompanies } = openCompanies();
    const row = (await screen.findByText("Acme Foods")).closest("tr") as HTMLElement;
    expect(listCompanies).toHaveBeenCalledWith(request(), expect.anything());
    const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
    expect(headers).toEqual([
      "Name",
      "City",
      "State",
      "Electric status",
      "Gas status",
      "Inside",
      "Closer",
      "Analyst",
      "Actions",
    ]);
    expect(within(row).getByText("Sally Sales")).toBeTruthy();
    expect(within(row).getByRole("link", { name: COMPANY_TEXTS.edit }).getAttribute("href")).toBe(
      "/LeadTabs/5/details",
    );
    expect(screen.getByText("1–1 of 120")).toBeTruthy();
  });

  it("links each company's name to the company", async () => {
    openCompanies();
    const link = await screen.findByRole("link", { name: "Acme Foods" });
    expect(link.tagName).toBe("A");
    expect(link.getAttribute("href")).toBe("/LeadTabs/5/details");
  });

  it("Show All drops the team filter; the next page uses the page token and skips the count", async () => {
    const { listCompanies, router } = openCompanies();
    await screen.findByText("Acme Foods");
    await userEvent.selectOptions(screen.getByLabelText(COMPANY_TEXTS.user), COMPANY_TEXTS.showAll);
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        request({ filter: { nameQuery: "", teamUserIds: [] } }),
        expect.anything(),
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: COMPANY_TEXTS.next }));
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        request({ filter: { nameQuery: "", teamUserIds: [] }, pageToken: "n2", includeTotalSize: false }),
        expect.anything(),
      ),
    );
    // The count of the first page still shows.
    expect(await screen.findByText("51–51 of 120")).toBeTruthy();
    expect(params(router().location.search)).toEqual({ user: ["all"], pt: ["n2"] });
  });

  it("sorts on the server by a column, and the other way round on a second click", async () => {
    const { listCompanies, router } = openCompanies();
    await screen.findByText("Acme Foods");
    const cityHeader = screen.getByRole("columnheader", { name: "City" });
    expect(cityHeader.getAttribute("aria-sort")).toBe("none");
    expect(screen.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe("ascending");
    await userEvent.click(within(cityHeader).getByRole("button"));
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(request({ orderBy: "city" }), expect.anything()),
    );
    expect(cityHeader.getAttribute("aria-sort")).toBe("ascending");
    await userEvent.click(within(cityHeader).getByRole("button"));
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(request({ orderBy: "city desc" }), expect.anything()),
    );
    expect(cityHeader.getAttribute("aria-sort")).toBe("descending");
    expect(params(router().location.search)).toEqual({ sort: ["city desc"] });
  });

  it("starts again on page 1 when the order changes (a page token belongs to its order)", async () => {
    const { listCompanies } = openCompanies();
    await screen.findByText("Acme Foods");
    await userEvent.click(screen.getByRole("button", { name: COMPANY_TEXTS.next }));
    await waitFor(() => expect(screen.getByText("51–51 of 120")).toBeTruthy());
    await userEvent.click(within(screen.getByRole("columnheader", { name: "State" })).getByRole("button"));
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(request({ orderBy: "state" }), expect.anything()),
    );
  });

  it("opens the search, user, order and page an address names; Back returns to the page before", async () => {
    const { listCompanies, router } = openCompanies(manager, {}, "/Leads?q=acme&user=all&sort=city%20desc&pt=t2&pt=t3");
    await screen.findByText("Acme Foods");
    // A page opened first asks for the count itself.
    expect(listCompanies).toHaveBeenCalledWith(
      request({
        filter: { nameQuery: "acme", teamUserIds: [] },
        orderBy: "city desc",
        pageToken: "t3",
        includeTotalSize: true,
      }),
      expect.anything(),
    );
    expect((screen.getByLabelText(COMPANY_TEXTS.search) as HTMLInputElement).value).toBe("acme");
    expect((screen.getByLabelText(COMPANY_TEXTS.user) as HTMLSelectElement).value).toBe("all");
    expect(screen.getByText("101–101 of 120")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: COMPANY_TEXTS.previous }));
    expect(await screen.findByText("51–51 of 120")).toBeTruthy();
    expect(params(router().location.search).pt).toEqual(["t2"]);
    act(() => void router().navigate(-1));
    expect(await screen.findByText("101–101 of 120")).toBeTruthy();
  });

  it("keeps the search text in the address and Back brings the earlier list back", async () => {
    const { listCompanies, router } = openCompanies();
    await screen.findByText("Acme Foods");
    await userEvent.click(within(screen.getByRole("columnheader", { name: "City" })).getByRole("button"));
    await userEvent.type(screen.getByLabelText(COMPANY_TEXTS.search), "dayton");
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        request({ filter: { nameQuery: "dayton", teamUserIds: [1n] }, orderBy: "city" }),
        expect.anything(),
      ),
    );
    expect(params(router().location.search)).toEqual({ sort: ["city"], q: ["dayton"] });
    // Typing replaced the entry; Back goes to the list before the sort.
    act(() => void router().navigate(-1));
    await waitFor(() => expect((screen.getByLabelText(COMPANY_TEXTS.search) as HTMLInputElement).value).toBe(""));
    expect(router().location.search).toBe("");
  });

  it("adds optional columns from the column chooser, kept per user across visits", async () => {
    const first = openCompanies();
    await screen.findByText("Acme Foods");
    await userEvent.click(screen.getByRole("button", { name: LIST_TEXTS.columns }));
    await userEvent.click(await screen.findByLabelText(LIST_TEXTS.optionalColumns.electricUsage));
    await userEvent.click(screen.getByLabelText(LIST_TEXTS.optionalColumns.electricContractEnd));
    await userEvent.click(screen.getByLabelText(LIST_TEXTS.optionalColumns.drStatus));
    const row = screen.getByText("Acme Foods").closest("tr") as HTMLElement;
    expect(within(row).getByText("1,250,000")).toBeTruthy();
    expect(within(row).getByText("03/31/2027")).toBeTruthy();
    expect(within(row).getByText("Customer")).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(prefsKey(1n)) ?? "null")).toEqual({
      columns: ["electricUsage", "electricContractEnd", "drStatus"],
      compact: false,
    });
    // The new column sorts too.
    await userEvent.click(within(screen.getByRole("columnheader", { name: "Annual kWh" })).getByRole("button"));
    await waitFor(() =>
      expect(first.listCompanies).toHaveBeenLastCalledWith(request({ orderBy: "electric_usage" }), expect.anything()),
    );
    first.unmount();

    openCompanies();
    await screen.findByText("Acme Foods");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toContain("Annual kWh");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).not.toContain("Annual Therms");
  });

  it("offers the accounts' totals as optional columns, with separators, not sortable", async () => {
    const withTotals = create(CompanySchema, {
      ...(acme as object),
      totalKwh: "2500000",
      totalTherms: "12345.5",
    } as never);
    openCompanies(manager, { listCompanies: vi.fn(async () => ({ companies: [withTotals], nextPageToken: "" })) });
    await screen.findByText("Acme Foods");
    await userEvent.click(screen.getByRole("button", { name: LIST_TEXTS.columns }));
    await userEvent.click(await screen.findByLabelText(LIST_TEXTS.optionalColumns.totalKwh));
    await userEvent.click(screen.getByLabelText(LIST_TEXTS.optionalColumns.totalTherms));
    const row = screen.getByText("Acme Foods").closest("tr") as HTMLElement;
    expect(within(row).getByText("2,500,000").getAttribute("data-column")).toBe("totalKwh");
    expect(within(row).getByText("12,345.50").getAttribute("data-column")).toBe("totalTherms");
    const header = screen.getByRole("columnheader", { name: "Total kWh" });
    expect(within(header).queryByRole("button")).toBeNull();
    expect(header.className).toContain("eris-numeric");
    expect(JSON.parse(window.localStorage.getItem(prefsKey(1n)) ?? "null")).toEqual({
      columns: ["totalKwh", "totalTherms"],
      compact: false,
    });
  });

  it("keeps one user's columns and density away from another's", async () => {
    window.localStorage.setItem(prefsKey(1n), JSON.stringify({ columns: ["gasUsage"], compact: true }));
    openCompanies(sally);
    await screen.findByText("Acme Foods");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).not.toContain("Annual Therms");
    expect(screen.getByRole("table").getAttribute("data-density")).toBe("regular");
  });

  it("switches to compact rows and remembers it", async () => {
    const first = openCompanies();
    await screen.findByText("Acme Foods");
    expect(screen.getByRole("table").getAttribute("data-density")).toBe("regular");
    await userEvent.click(screen.getByLabelText(LIST_TEXTS.compact));
    expect(screen.getByRole("table").getAttribute("data-density")).toBe("compact");
    first.unmount();
    openCompanies();
    await screen.findByText("Acme Foods");
    expect(screen.getByRole("table").getAttribute("data-density")).toBe("compact");
  });

  it("asks the spec's confirmation before Management deletes a company", async () => {
    const deleteCompany = vi.fn(async () => ({}));
    openCompanies(manager, { deleteCompany });
    const row = (await screen.findByText("Acme Foods")).closest("tr") as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: COMPANY_TEXTS.delete }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(COMPANY_TEXTS.deleteConfirm)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: COMPANY_TEXTS.delete }));
    await waitFor(() => expect(deleteCompany).toHaveBeenCalledWith({ companyId: 5n }));
    expect(await screen.findByText(COMPANY_TEXTS.companyDeleted)).toBeTruthy();
  });

  it("shows Sales no user selector, no Add tab, no delete, and View instead of Edit", async () => {
    openCompanies(sally);
    const row = (await screen.findByText("Acme Foods")).closest("tr") as HTMLElement;
    expect(screen.queryByLabelText(COMPANY_TEXTS.user)).toBeNull();
    expect(screen.queryByRole("tab", { name: COMPANY_TEXTS.addTab })).toBeNull();
    expect(within(row).queryByRole("button", { name: COMPANY_TEXTS.delete })).toBeNull();
    expect(within(row).queryByRole("link", { name: COMPANY_TEXTS.edit })).toBeNull();
    expect(within(row).getByRole("link", { name: LIST_TEXTS.view }).getAttribute("href")).toBe("/LeadTabs/5/details");
  });

  it("adds a company and opens it at the top of the page", async () => {
    const createCompany = vi.fn(async () => ({ company: create(CompanySchema, { companyId: 77n, name: "New Co" }) }));
    const getCompany = vi.fn(async () => ({ company: create(CompanySchema, { companyId: 77n, name: "New Co" }) }));
    const { router } = openCompanies(manager, { createCompany, getCompany });
    await userEvent.click(await screen.findByRole("tab", { name: COMPANY_TEXTS.addTab }));
    expect(router().location.search).toBe("?tab=add");
    const add = screen.getByRole("button", { name: COMPANY_TEXTS.addCompany }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText(/^Name/), "New Co");
    await userEvent.type(screen.getByLabelText(COMPANY_TEXTS.fields.electricUsage), "1,250,000");
    await userEvent.selectOptions(screen.getByLabelText("State"), "DC");
    await userEvent.selectOptions(screen.getByLabelText(COMPANY_TEXTS.fields.inside), "Sally Sales");
    // The form is long: the page is scrolled down to its button.
    const main = screen.getByRole("main");
    main.scrollTop = 900;
    await userEvent.click(add);
    await waitFor(() =>
      expect(createCompany).toHaveBeenCalledWith({
        company: { name: "New Co", state: "DC", electricUsage: "1250000", insideUserId: 2n },
      }),
    );
    // Generous waits: typing into this long form is slow on a busy machine.
    expect(await screen.findByText(COMPANY_TEXTS.companyAdded, {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByTestId("company-title", {}, { timeout: 10_000 })).toHaveProperty("textContent", "New Co");
    expect(router().location.pathname).toBe("/LeadTabs/77/details");
    expect(main.scrollTop).toBe(0);
  }, 40_000); // A long form typed on a busy machine.
});
