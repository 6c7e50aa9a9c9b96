import { create } from "@bufbuild/protobuf";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { CompanySchema } from "../../gen/eris/crm/v1/crm_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { renderApp, signedInServices } from "../../test/renderApp";
import { TOKEN_KEY } from "../auth/tokenStore";
import { SHELL_TEXTS } from "./texts";

const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });
const sally = makeUser({ userId: 2n, name: "Sally Sales", role: Role.SALES });
const acme = create(CompanySchema, { companyId: 5n, name: "Acme Foods", city: "Dayton", state: "OH" });

function openDrawer(me = manager) {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(me, [manager, sally]);
  const listCompanies = vi.fn(async () => ({ companies: [acme], nextPageToken: "", totalSize: 1n }));
  const getCompany = vi.fn(async () => ({ company: acme }));
  Object.assign(services.api, {
    companies: { listCompanies, getCompany, listAffiliates: async () => ({ names: [] }) },
    notes: { listNotes: async () => ({ notes: [] }) },
    tasks: { listTasks: async () => ({ tasks: [] }) },
  });
  // Settings needs no company calls, so only the drawer asks for companies.
  renderApp("/Settings", services);
  return { listCompanies };
}

describe("company search drawer", () => {
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
