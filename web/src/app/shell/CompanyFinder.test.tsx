import { create } from "@bufbuild/protobuf";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { CompanySchema, type ListCompaniesRequest } from "../../gen/eris/crm/v1/crm_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { renderApp, signedInServices } from "../../test/renderApp";
import { TOKEN_KEY } from "../auth/tokenStore";
import { isFinderShortcut } from "./Shell";
import { SHELL_TEXTS } from "./texts";

const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });
const all = [
  create(CompanySchema, { companyId: 5n, name: "Bolt Foods", city: "Dayton", state: "OH" }),
  create(CompanySchema, { companyId: 6n, name: "Bolt Metals", city: "Akron", state: "OH" }),
];

function openApp() {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(manager, [manager]);
  const listCompanies = vi.fn(async (req: ListCompaniesRequest) => ({
    companies: all.filter((c) => c.name.toLowerCase().includes(req.filter?.nameQuery.toLowerCase() ?? "")),
    nextPageToken: "",
    totalSize: 0n,
  }));
  const getCompany = vi.fn(async ({ companyId }: { companyId: bigint }) => ({
    company: all.find((c) => c.companyId === companyId),
  }));
  Object.assign(services.api, {
    companies: { listCompanies, getCompany, listAffiliates: async () => ({ names: [] }) },
    notes: { listNotes: async () => ({ notes: [] }) },
    tasks: { listTasks: async () => ({ tasks: [] }) },
  });
  const { router } = renderApp("/Settings", services);
  return { listCompanies, router };
}

describe("company finder (Ctrl+K)", () => {
  it("knows its shortcut: Ctrl+K or Cmd+K", () => {
    expect(isFinderShortcut({ key: "k", ctrlKey: true, metaKey: false, altKey: false })).toBe(true);
    expect(isFinderShortcut({ key: "K", ctrlKey: false, metaKey: true, altKey: false })).toBe(true);
    expect(isFinderShortcut({ key: "k", ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
    expect(isFinderShortcut({ key: "k", ctrlKey: true, metaKey: false, altKey: true })).toBe(false);
    expect(isFinderShortcut({ key: "j", ctrlKey: true, metaKey: false, altKey: false })).toBe(false);
  });

  it("opens with Ctrl+K from anywhere, even a text box, and opens the company chosen by keyboard", async () => {
    const { listCompanies, router } = openApp();
    // Focus is in a form field of the page.
    await userEvent.click(await screen.findByLabelText(/Current Password/));
    await userEvent.keyboard("{Control>}k{/Control}");
    const input = await screen.findByRole("textbox", { name: SHELL_TEXTS.finder });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await userEvent.keyboard("bolt");
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        { filter: { nameQuery: "bolt" }, pageSize: 20, orderBy: "name" },
        expect.anything(),
      ),
    );
    await screen.findByText("Bolt Metals");
    await userEvent.keyboard("{ArrowDown}{Enter}");
    expect(await screen.findByTestId("company-title")).toHaveProperty("textContent", "Bolt Metals");
    expect(router().location.pathname).toBe("/LeadTabs/6/details");
    // The finder closes (after Blueprint's closing transition, which a busy machine stretches).
    await waitFor(() => expect(screen.queryByRole("textbox", { name: SHELL_TEXTS.finder })).toBeNull());
  });

  it("opens from the top bar too, and asks nothing until something is typed", async () => {
    const { listCompanies } = openApp();
    // Its name holds the shortcut it shows (WCAG 2.5.3), as Blueprint writes it off a Mac ("ctrl + K").
    const shows = new RegExp(`^${SHELL_TEXTS.finder} ctrl\\s\\+\\sK$`);
    await userEvent.click(await screen.findByRole("button", { name: shows }));
    expect(await screen.findByText(SHELL_TEXTS.finderHint)).toBeTruthy();
    expect(listCompanies).not.toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("textbox", { name: SHELL_TEXTS.finder })).toBeNull());
  });
});
