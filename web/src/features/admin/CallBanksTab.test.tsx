import { create } from "@bufbuild/protobuf";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { CallBankSchema } from "../../gen/eris/crm/v1/call_banks_pb";
import { CompanySchema, TeamRole } from "../../gen/eris/crm/v1/crm_pb";
import { Role, UserStatus } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { renderApp, signedInServices } from "../../test/renderApp";
import { CALL_BANK_TEXTS } from "../callbanks";
import { ADMIN_TEXTS } from "./texts";

const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });
const sally = makeUser({ userId: 2n, name: "Sally Sales", role: Role.SALES });
const gone = makeUser({ userId: 3n, name: "Gus Gone", status: UserStatus.INACTIVE });
const spring = create(CallBankSchema, {
  callBankId: 4n,
  name: "Spring Renewals",
  serviceType: "Contract Renewal",
  assigneeUserId: 2n,
  repType: "Closer",
  dueDate: { year: 2026, month: 4, day: 30 },
  completionPercent: 100,
  companyCount: 1n,
  closedCount: 1n,
  version: 6n,
});

async function admin(tab: string, api: Record<string, unknown>, path = "/Admin") {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(manager, [gone, manager, sally]);
  Object.assign(services.api, api);
  const { router } = renderApp(path, services);
  await userEvent.click(await screen.findByRole("tab", { name: tab }));
  return { router };
}

describe("admin call banks", () => {
  it("adds a call bank with an active assignee and a valid due date", async () => {
    const createCallBank = vi.fn(async () => ({ callBank: spring }));
    await admin(ADMIN_TEXTS.callBanksTab, {
      callBanks: { listCallBanks: vi.fn(async () => ({ callBanks: [spring] })), createCallBank },
    });
    const row = (await screen.findByText("Spring Renewals")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Complete")).toBeTruthy();
    expect(within(row).getByText("100%")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: CALL_BANK_TEXTS.addCallBank }));
    const dialog = await screen.findByRole("dialog");
    const assignee = within(dialog).getByLabelText(/Assignee/);
    expect(within(assignee).queryByRole("option", { name: "Gus Gone" })).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(/Name/), "Autumn");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Service Type/), "Brokerage");
    await userEvent.selectOptions(assignee, "Sally Sales");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Rep Type/), "Customer Care");
    await userEvent.type(within(dialog).getByLabelText(/Due Date/), "13/01/2026");
    await userEvent.click(within(dialog).getByRole("button", { name: CALL_BANK_TEXTS.save }));
    expect(within(dialog).getByText(CALL_BANK_TEXTS.dueDateFormat)).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText(/Due Date/));
    await userEvent.type(within(dialog).getByLabelText(/Due Date/), "10/01/2026");
    await userEvent.click(within(dialog).getByRole("button", { name: CALL_BANK_TEXTS.save }));
    await waitFor(() =>
      expect(createCallBank).toHaveBeenCalledWith({
        callBank: {
          name: "Autumn",
          serviceType: "Brokerage",
          assigneeUserId: 2n,
          repType: "Customer Care",
          dueDate: { year: 2026, month: 10, day: 1 },
        },
      }),
    );
  });

  it("deletes a call bank after the spec's confirmation", async () => {
    const deleteCallBank = vi.fn(async () => ({}));
    await admin(ADMIN_TEXTS.callBanksTab, {
      callBanks: { listCallBanks: vi.fn(async () => ({ callBanks: [spring] })), deleteCallBank },
    });
    const row = (await screen.findByText("Spring Renewals")).closest("tr") as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: CALL_BANK_TEXTS.delete }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Are you sure you want to delete this call bank ?")).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: CALL_BANK_TEXTS.delete }));
    await waitFor(() => expect(deleteCallBank).toHaveBeenCalledWith({ callBankId: 4n }));
  });
});

describe("admin call banks list state", () => {
  it("keeps the search and the user filter in the address", async () => {
    const listCallBanks = vi.fn(async () => ({ callBanks: [spring] }));
    const { router } = await admin(ADMIN_TEXTS.callBanksTab, { callBanks: { listCallBanks } });
    await screen.findByText("Spring Renewals");
    await userEvent.type(screen.getByLabelText(CALL_BANK_TEXTS.search), "spring");
    await userEvent.selectOptions(screen.getByLabelText(CALL_BANK_TEXTS.user), "Sally Sales");
    await waitFor(() => expect(listCallBanks).toHaveBeenLastCalledWith({ assigneeUserId: 2n }, expect.anything()));
    expect(Object.fromEntries(new URLSearchParams(router().location.search))).toEqual({
      tab: "callbanks",
      q: "spring",
      user: "2",
    });
    // Another tab starts clean; Back returns to the call banks as they were.
    await userEvent.click(screen.getByRole("tab", { name: ADMIN_TEXTS.companiesTab }));
    expect(router().location.search).toBe("?tab=companies");
    act(() => void router().navigate(-1));
    await waitFor(() =>
      expect((screen.getByLabelText(CALL_BANK_TEXTS.search) as HTMLInputElement).value).toBe("spring"),
    );
    expect((screen.getByLabelText(CALL_BANK_TEXTS.user) as HTMLSelectElement).value).toBe("2");
  });
});

describe("admin companies (mass update)", () => {
  const companies = [
    create(CompanySchema, { companyId: 10n, name: "Acme Foods" }),
    create(CompanySchema, { companyId: 11n, name: "Bolt Metals" }),
  ];

  it("confirms how many companies will change, then sends only the changed roles for the ticked ones", async () => {
    const assignTeams = vi.fn(async () => ({ updatedCount: 2n }));
    const listCompanies = vi.fn(async () => ({ companies, nextPageToken: "", totalSize: 2n }));
    await admin(ADMIN_TEXTS.companiesTab, { companies: { listCompanies, assignTeams } });
    await userEvent.click(await screen.findByLabelText(ADMIN_TEXTS.massUpdate.selectPage));
    expect(listCompanies).toHaveBeenCalledWith(
      expect.objectContaining({ includeTotalSize: true, orderBy: "name" }),
      expect.anything(),
    );
    const update = screen.getByRole("button", { name: ADMIN_TEXTS.massUpdate.update });
    expect(update.hasAttribute("disabled")).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText("Closer"), "Sally Sales");
    await userEvent.selectOptions(screen.getByLabelText("Inside"), "RESET");
    await userEvent.click(update);
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Change 2 companies?")).toBeTruthy();
    expect(within(confirm).getByText("Closer: Sally Sales")).toBeTruthy();
    expect(within(confirm).getByText("Inside: RESET")).toBeTruthy();
    expect(assignTeams).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole("button", { name: ADMIN_TEXTS.massUpdate.confirmChange }));
    await waitFor(() =>
      expect(assignTeams).toHaveBeenCalledWith({
        companyIds: [10n, 11n],
        assignments: [
          { role: TeamRole.CLOSER, userId: 2n },
          { role: TeamRole.INSIDE, userId: 0n },
        ],
      }),
    );
  });

  it("sends nothing when the confirmation is cancelled", async () => {
    const assignTeams = vi.fn(async () => ({ updatedCount: 1n }));
    await admin(ADMIN_TEXTS.companiesTab, {
      companies: { listCompanies: vi.fn(async () => ({ companies, nextPageToken: "", totalSize: 2n })), assignTeams },
    });
    await userEvent.click(await screen.findByLabelText(ADMIN_TEXTS.massUpdate.selectCompany("Bolt Metals")));
    await userEvent.selectOptions(screen.getByLabelText("Closer"), "Mia Manager");
    await userEvent.click(screen.getByRole("button", { name: ADMIN_TEXTS.massUpdate.update }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Change 1 company?")).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(assignTeams).not.toHaveBeenCalled();
  });

  it("keeps the tab, the search and the page in the address", async () => {
    const listCompanies = vi.fn(async () => ({ companies, nextPageToken: "p2", totalSize: 60n }));
    const { router } = await admin(ADMIN_TEXTS.companiesTab, { companies: { listCompanies } });
    await screen.findByText("Acme Foods");
    await userEvent.type(screen.getByLabelText(ADMIN_TEXTS.massUpdate.search), "bolt");
    await userEvent.click(screen.getByRole("button", { name: CALL_BANK_TEXTS.next }));
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        expect.objectContaining({ filter: { nameQuery: "bolt" }, pageToken: "p2" }),
        expect.anything(),
      ),
    );
    expect(Object.fromEntries(new URLSearchParams(router().location.search))).toEqual({
      tab: "companies",
      q: "bolt",
      pt: "p2",
    });
  });

  it("opens on the tab, search and page an address names", async () => {
    const listCompanies = vi.fn(async () => ({ companies, nextPageToken: "", totalSize: 60n }));
    window.localStorage.setItem(TOKEN_KEY, "tok");
    const services = signedInServices(manager, [gone, manager, sally]);
    Object.assign(services.api, { companies: { listCompanies } });
    renderApp("/Admin?tab=companies&q=bolt&pt=p2", services);
    await screen.findByText("Acme Foods");
    expect((screen.getByLabelText(ADMIN_TEXTS.massUpdate.search) as HTMLInputElement).value).toBe("bolt");
    expect(listCompanies).toHaveBeenCalledWith(
      expect.objectContaining({ filter: { nameQuery: "bolt" }, pageToken: "p2" }),
      expect.anything(),
    );
    expect(screen.getByText(CALL_BANK_TEXTS.pageOf(2))).toBeTruthy();
  });
});
