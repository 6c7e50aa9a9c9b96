import { create } from "@bufbuild/protobuf";
import { Classes } from "@blueprintjs/core";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { CompanySchema } from "../../gen/eris/crm/v1/crm_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { renderApp, signedInServices } from "../../test/renderApp";
import { TOKEN_KEY } from "../auth/tokenStore";
import { SEARCH_COUNT_LIMIT } from "../../features/companies/companyListQuery";
import { SEARCH_TEXTS } from "../../features/companies/texts";
import { SHELL_TEXTS } from "./texts";

const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });
const sally = makeUser({ userId: 2n, name: "Sally Sales", role: Role.SALES });
const acme = create(CompanySchema, { companyId: 5n, name: "Acme Foods", city: "Dayton", state: "OH" });
const bolt = create(CompanySchema, { companyId: 6n, name: "Bolt Metals", city: "Akron", state: "OH" });
const cedar = create(CompanySchema, { companyId: 7n, name: "Cedar Farms", city: "Kent", state: "OH" });

function openDrawer(
  me = manager,
  companies = [acme],
  counted = { totalSize: BigInt(companies.length), totalSizeExceedsLimit: false },
) {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(me, [manager, sally]);
  const listCompanies = vi.fn(async () => ({ companies, nextPageToken: "", ...counted }));
  const getCompany = vi.fn(async ({ companyId }: { companyId: bigint }) => ({
    company: companies.find((c) => c.companyId === companyId),
  }));
  Object.assign(services.api, {
    companies: { listCompanies, getCompany, listAffiliates: async () => ({ names: [] }) },
    notes: { listNotes: async () => ({ notes: [] }) },
    tasks: { listTasks: async () => ({ tasks: [] }) },
  });
  // Settings needs no company calls, so only the drawer asks for companies.
  const { router } = renderApp("/Settings", services);
  return { listCompanies, router };
}

describe("company search drawer", () => {
  it("is a modal dialog named Company search", async () => {
    openDrawer();
    await userEvent.click(await screen.findByRole("button", { name: SHELL_TEXTS.companySearch }));
    const dialog = await screen.findByRole("dialog", { name: SHELL_TEXTS.companySearch });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(within(dialog).getByLabelText(SHELL_TEXTS.searchByName)).toBeTruthy();
  });

  it("searches by name after a pause and opens the chosen company", async () => {
    const { listCompanies } = openDrawer();
    await userEvent.click(await screen.findByRole("button", { name: SHELL_TEXTS.companySearch }));
    await userEvent.type(await screen.findByLabelText(SHELL_TEXTS.searchByName), "cme");
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        expect.objectContaining({ filter: expect.objectContaining({ nameQuery: "cme" }), pageSize: 50 }),
        expect.anything(),
      ),
    );
    await userEvent.click(await screen.findByText("Acme Foods"));
    expect(await screen.findByTestId("company-title")).toHaveProperty("textContent", "Acme Foods");
  });

  it("asks for the count with the first page only, and shows it", async () => {
    const { listCompanies } = openDrawer();
    await userEvent.click(await screen.findByRole("button", { name: SHELL_TEXTS.companySearch }));
    expect(await screen.findByText("1 found")).toBeTruthy();
    expect(listCompanies).toHaveBeenCalledWith(
      expect.objectContaining({ pageToken: "", includeTotalSize: true, totalSizeLimit: SEARCH_COUNT_LIMIT }),
      expect.anything(),
    );
  });

  it("says only that more than the limit were found when the count stopped there", async () => {
    openDrawer(manager, [acme], { totalSize: BigInt(SEARCH_COUNT_LIMIT), totalSizeExceedsLimit: true });
    await userEvent.click(await screen.findByRole("button", { name: SHELL_TEXTS.companySearch }));
    expect(await screen.findByText("More than 5,000 found")).toBeTruthy();
  });

  it("walks the results with the arrow keys from the name box; Enter opens the one walked to", async () => {
    const { router } = openDrawer(manager, [acme, bolt, cedar]);
    await userEvent.click(await screen.findByRole("button", { name: SHELL_TEXTS.companySearch }));
    const name = await screen.findByLabelText(SHELL_TEXTS.searchByName);
    await screen.findByText("Cedar Farms");
    const item = (text: string) => screen.getByText(text).closest("[data-result-index]") as HTMLElement;
    await userEvent.type(name, "{ArrowDown}");
    expect(item("Acme Foods").className).toContain(Classes.ACTIVE);
    expect(name.getAttribute("aria-activedescendant")).toBe(item("Acme Foods").id);
    await userEvent.type(name, "{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}");
    expect(item("Bolt Metals").className).toContain(Classes.ACTIVE);
    expect(item("Acme Foods").className).not.toContain(Classes.ACTIVE);
    await userEvent.type(name, "{Enter}");
    expect(await screen.findByTestId("company-title")).toHaveProperty("textContent", "Bolt Metals");
    expect(router().location.pathname).toBe("/LeadTabs/6/details");
  });

  it("moves the focus along when the arrow keys are used among the results", async () => {
    openDrawer(manager, [acme, bolt, cedar]);
    await userEvent.click(await screen.findByRole("button", { name: SHELL_TEXTS.companySearch }));
    await screen.findByText("Cedar Farms");
    const item = (text: string) => screen.getByText(text).closest("[data-result-index]") as HTMLElement;
    act(() => item("Acme Foods").focus());
    await userEvent.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(item("Bolt Metals"));
    await userEvent.keyboard("{End}");
    expect(document.activeElement).toBe(item("Cedar Farms"));
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByTestId("company-title")).toHaveProperty("textContent", "Cedar Farms");
  });

  it("keeps the filters in their own scrolling area, apart from the results", async () => {
    openDrawer();
    await userEvent.click(await screen.findByRole("button", { name: SHELL_TEXTS.companySearch }));
    await userEvent.click(await screen.findByRole("button", { name: /Filters/ }));
    const filters = screen.getByLabelText(SEARCH_TEXTS.electricPrimary).closest(".eris-search-filters-scroll");
    const results = screen.getByLabelText(SEARCH_TEXTS.results, { selector: "div" });
    expect(filters).not.toBeNull();
    expect(filters?.contains(results)).toBe(false);
    expect(results.classList.contains("eris-drawer-results")).toBe(true);
  });

  it("finds a company by one of its account numbers (Account # filter), counted as a filter", async () => {
    const { listCompanies } = openDrawer();
    await userEvent.click(await screen.findByRole("button", { name: SHELL_TEXTS.companySearch }));
    await userEvent.click(await screen.findByRole("button", { name: /Filters/ }));
    await userEvent.type(screen.getByLabelText(SEARCH_TEXTS.accountNumber), " 0012-34 ");
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        expect.objectContaining({ filter: expect.objectContaining({ accountNumber: "0012-34" }) }),
        expect.anything(),
      ),
    );
    expect(
      within(screen.getByRole("button", { name: /Filters/ }).parentElement as HTMLElement).getByText("1"),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: SEARCH_TEXTS.clearFilters }));
    expect((screen.getByLabelText(SEARCH_TEXTS.accountNumber) as HTMLInputElement).value).toBe("");
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        expect.objectContaining({ filter: expect.not.objectContaining({ accountNumber: expect.anything() }) }),
        expect.anything(),
      ),
    );
  });

  it("matches the Rep text to user names", async () => {
    const { listCompanies } = openDrawer();
    await userEvent.click(await screen.findByRole("button", { name: SHELL_TEXTS.companySearch }));
    await userEvent.type(await screen.findByLabelText("Rep"), "sally");
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        expect.objectContaining({ filter: expect.objectContaining({ teamUserIds: [2n] }) }),
        expect.anything(),
      ),
    );
  });

  it("locks a Sales user's Rep filter to their own name", async () => {
    const { listCompanies } = openDrawer(sally);
    await userEvent.click(await screen.findByRole("button", { name: SHELL_TEXTS.companySearch }));
    const rep = (await screen.findByLabelText("Rep")) as HTMLInputElement;
    expect(rep.value).toBe("Sally Sales");
    expect(rep.disabled).toBe(true);
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        expect.objectContaining({ filter: expect.objectContaining({ teamUserIds: [2n] }) }),
        expect.anything(),
      ),
    );
  });
});
