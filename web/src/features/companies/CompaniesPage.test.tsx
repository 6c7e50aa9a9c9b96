import { create } from "@bufbuild/protobuf";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { CompanySchema, PrimaryStatus } from "../../gen/eris/crm/v1/crm_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { renderApp, signedInServices } from "../../test/renderApp";
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
  insideUserId: 2n,
  closerUserId: 1n,
});

function openCompanies(me = manager, companies: Record<string, unknown> = {}) {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(me, [manager, sally]);
  const listCompanies = vi.fn(async () => ({ companies: [acme], nextPageToken: "n2", totalSize: 120n }));
  Object.assign(services.api, { companies: { listCompanies, ...companies } });
  renderApp("/Leads", services);
  return { listCompanies };
}

describe("companies screen", () => {
  it("lists the signed-in user's companies by default, 50 a page, with the spec's columns", async () => {
    const { listCompanies } = openCompanies();
    const row = (await screen.findByText("Acme Foods")).closest("tr") as HTMLElement;
    expect(listCompanies).toHaveBeenCalledWith(
      { filter: { nameQuery: "", teamUserIds: [1n] }, pageSize: 50, pageToken: "" },
      expect.anything(),
    );
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

  it("Show All drops the team filter; the next page uses the page token", async () => {
    const { listCompanies } = openCompanies();
    await screen.findByText("Acme Foods");
    await userEvent.selectOptions(screen.getByLabelText(COMPANY_TEXTS.user), COMPANY_TEXTS.showAll);
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        { filter: { nameQuery: "", teamUserIds: [] }, pageSize: 50, pageToken: "" },
        expect.anything(),
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: COMPANY_TEXTS.next }));
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        { filter: { nameQuery: "", teamUserIds: [] }, pageSize: 50, pageToken: "n2" },
        expect.anything(),
      ),
    );
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

  it("shows Sales no user selector, no Add tab and no delete", async () => {
    openCompanies(sally);
    const row = (await screen.findByText("Acme Foods")).closest("tr") as HTMLElement;
    expect(screen.queryByLabelText(COMPANY_TEXTS.user)).toBeNull();
    expect(screen.queryByRole("tab", { name: COMPANY_TEXTS.addTab })).toBeNull();
    expect(within(row).queryByRole("button", { name: COMPANY_TEXTS.delete })).toBeNull();
  });

  it("adds a company and opens it", async () => {
    const createCompany = vi.fn(async () => ({ company: create(CompanySchema, { companyId: 77n, name: "New Co" }) }));
    const getCompany = vi.fn(async () => ({ company: create(CompanySchema, { companyId: 77n, name: "New Co" }) }));
    openCompanies(manager, { createCompany, getCompany });
    await userEvent.click(await screen.findByRole("tab", { name: COMPANY_TEXTS.addTab }));
    const add = screen.getByRole("button", { name: COMPANY_TEXTS.addCompany }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText(/^Name/), "New Co");
    await userEvent.type(screen.getByLabelText(COMPANY_TEXTS.fields.electricUsage), "1,250,000");
    await userEvent.selectOptions(screen.getByLabelText("State"), "DC");
    await userEvent.selectOptions(screen.getByLabelText(COMPANY_TEXTS.fields.inside), "Sally Sales");
    await userEvent.click(add);
    await waitFor(() =>
      expect(createCompany).toHaveBeenCalledWith({
        company: { name: "New Co", state: "DC", electricUsage: "1250000", insideUserId: 2n },
      }),
    );
    expect(await screen.findByText(COMPANY_TEXTS.companyAdded)).toBeTruthy();
    expect(await screen.findByTestId("company-title")).toHaveProperty("textContent", "New Co");
  });
});
