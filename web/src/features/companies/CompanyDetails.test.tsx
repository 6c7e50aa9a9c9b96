import { create } from "@bufbuild/protobuf";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { CompanySchema, PrimaryStatus, type Company } from "../../gen/eris/crm/v1/crm_pb";
import { utilitiesKey } from "../../api/utilities";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { Commodity, UtilitySchema } from "../../gen/eris/sourcing/v1/utilities_pb";
import { makeUser } from "../../test/fakes";
import { renderApp, signedInServices } from "../../test/renderApp";
import { COMPANY_TEXTS } from "./texts";

const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });
const sally = makeUser({ userId: 2n, name: "Sally Sales", role: Role.SALES });

const acme = create(CompanySchema, {
  companyId: 5n,
  version: 3n,
  name: "Acme Foods",
  city: "Dayton",
  state: "OH",
  primaryElectricStatus: PrimaryStatus.PROSPECT,
  secondaryElectricStatuses: ["Hot Lead"],
  insideUserId: 2n,
});

function openCompany(me = manager, companies: Record<string, unknown> = {}, features: string[] = []) {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(me, [manager, sally], features);
  const update = vi.fn(async ({ company }: { company: Partial<Company> }) => ({
    company: create(CompanySchema, { ...(acme as object), ...company, version: 4n } as Company),
  }));
  Object.assign(services.api, {
    companies: {
      getCompany: vi.fn(async () => ({ company: acme })),
      updateCompany: update,
      listAffiliates: vi.fn(async () => ({ names: ["Big Group"] })),
      listCompanyChanges: vi.fn(async () => ({ changes: [], nextPageToken: "" })),
      ...companies,
    },
    notes: { listNotes: vi.fn(async () => ({ notes: [], nextPageToken: "" })) },
    tasks: { listTasks: vi.fn(async () => ({ tasks: [], nextPageToken: "" })) },
  });
  renderApp("/LeadTabs/5/details", services);
  return { services, update };
}

describe("company details", () => {
  it("shows the company's tabs without Contracts (BETA) when the feature is off", async () => {
    openCompany();
    expect(await screen.findByTestId("company-title")).toHaveProperty("textContent", "Acme Foods");
    const tabs = screen.getAllByRole("tab").map((tab) => tab.textContent);
    expect(tabs).toEqual(["Company Details", "Accounts", "Contacts", "Contracts", "RFPs"]);
  });

  it("shows Contracts (BETA) with the contracts_beta feature", async () => {
    openCompany(manager, {}, ["contracts_beta"]);
    expect(await screen.findByRole("tab", { name: COMPANY_TEXTS.tabs.contractsBeta })).toBeTruthy();
  });

  it("autosaves typing after a pause, with only the changed field and the version read", async () => {
    const { update } = openCompany();
    const city = (await screen.findByLabelText("City")) as HTMLInputElement;
    await userEvent.clear(city);
    await userEvent.type(city, "Akron");
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(update).toHaveBeenCalledWith({
      company: { city: "Akron", companyId: 5n, version: 3n },
      updateMask: { paths: ["city"] },
    });
    expect(await screen.findByText(COMPANY_TEXTS.saved)).toBeTruthy();
  });

  it("clears the secondary statuses at once when the primary changes", async () => {
    const { update } = openCompany();
    await screen.findByText("Hot Lead");
    await userEvent.selectOptions(screen.getByLabelText("Electric Primary Status"), "Dead");
    expect(screen.queryByText("Hot Lead")).toBeNull();
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        company: {
          primaryElectricStatus: PrimaryStatus.DEAD,
          secondaryElectricStatuses: [],
          companyId: 5n,
          version: 3n,
        },
        updateMask: { paths: ["primary_electric_status", "secondary_electric_statuses"] },
      }),
    );
    // The area is chosen only while the primary is Prospect.
    expect((screen.getByLabelText("Electric Area") as HTMLSelectElement).disabled).toBe(true);
  });

  it("offers the commodity's utilities as areas and saves the one picked", async () => {
    const { services, update } = openCompany();
    const utilities = [
      create(UtilitySchema, { utilityId: 11n, name: "AES Ohio", state: "OH", commodity: Commodity.ELECTRIC }),
      create(UtilitySchema, { utilityId: 12n, name: "Columbia Gas of Ohio", state: "OH", commodity: Commodity.GAS }),
    ];
    Object.assign(services.api, { utilities: { listUtilities: vi.fn(async () => ({ utilities })) } });
    await services.queryClient.invalidateQueries({ queryKey: utilitiesKey });
    const area = (await screen.findByLabelText("Electric Area")) as HTMLSelectElement;
    await waitFor(() => expect(Array.from(area.options, (o) => o.text)).toEqual(["None", "AES Ohio (OH)"]));
    await userEvent.selectOptions(area, "AES Ohio (OH)");
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        company: { electricAreaUtilityId: 11n, companyId: 5n, version: 3n },
        updateMask: { paths: ["electric_area_utility_id"] },
      }),
    );
  });

  it("after a stale save shows the stored values", async () => {
    const stale = vi.fn(async () => {
      throw new ConnectError("This company was changed by someone else.", Code.Aborted);
    });
    const getCompany = vi
      .fn()
      .mockResolvedValueOnce({ company: acme })
      .mockResolvedValue({
        company: create(CompanySchema, { ...(acme as object), city: "Columbus", version: 9n } as Company),
      });
    openCompany(manager, { updateCompany: stale, getCompany });
    await userEvent.click(await screen.findByLabelText("W9"));
    await waitFor(() => expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Columbus"));
    expect((screen.getByLabelText("W9") as HTMLInputElement).checked).toBe(false);
  });

  it("is read-only for Sales, with no note form", async () => {
    const { update } = openCompany(sally);
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;
    expect(name.readOnly).toBe(true);
    expect((screen.getByLabelText("State") as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText("W9") as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: COMPANY_TEXTS.addAffiliate })).toBeNull();
    expect(screen.queryByRole("button", { name: COMPANY_TEXTS.addNote })).toBeNull();
    await userEvent.type(name, "x");
    expect(update).not.toHaveBeenCalled();
  });

  it("keeps Add Affiliate's button disabled until a name is entered", async () => {
    openCompany();
    await userEvent.click(await screen.findByRole("button", { name: COMPANY_TEXTS.addAffiliate }));
    const dialog = await screen.findByRole("dialog");
    const add = within(dialog).getByRole("button", { name: COMPANY_TEXTS.add }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(COMPANY_TEXTS.affiliateName), "New Group");
    expect(add.disabled).toBe(false);
  });
});
