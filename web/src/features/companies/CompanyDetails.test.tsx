import { create } from "@bufbuild/protobuf";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { AppProviders } from "../../app/App";
import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { AppRoutes } from "../../app/routes";
import type { AppServices } from "../../app/services";
import { CompanySchema, PrimaryStatus, type Company } from "../../gen/eris/crm/v1/crm_pb";
import { utilitiesKey } from "../../api/utilities";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { Commodity, UtilitySchema } from "../../gen/eris/sourcing/v1/utilities_pb";
import { makeUser } from "../../test/fakes";
import { signedInServices } from "../../test/renderApp";
import { ACCOUNT_TEXTS } from "../accounts";
import { CompanyAutosaver } from "./companyAutosave";
import { AUTOSAVE_TEXTS, COMPANY_TEXTS } from "./texts";

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

type UpdateRequest = { company: Partial<Company> & { version: bigint }; updateMask: { paths: string[] } };

/**
 * A company service holding one company, with the field-level rule: a save is refused (ABORTED)
 * only when a field it changes was changed after the version it read. `someoneElse` saves as
 * another person.
 */
function fakeCompanyService(initial: Company) {
  let current = initial;
  const changedAt = new Map<string, bigint>();
  const apply = (fields: Partial<Company>) => {
    const keys = Object.keys(fields).filter((key) => key !== "companyId" && key !== "version");
    const values = Object.fromEntries(keys.map((key) => [key, (fields as Record<string, unknown>)[key]]));
    current = create(CompanySchema, { ...(current as object), ...values, version: current.version + 1n } as Company);
    keys.forEach((key) => changedAt.set(key, current.version));
    return current;
  };
  const updateCompany = vi.fn(async ({ company }: UpdateRequest) => {
    if (Object.keys(company).some((key) => (changedAt.get(key) ?? 0n) > company.version)) {
      throw new ConnectError("This company was changed by someone else.", Code.Aborted);
    }
    return { company: apply(company) };
  });
  const getCompany = vi.fn(async () => ({ company: current }));
  return { updateCompany, getCompany, someoneElse: apply, stored: () => current };
}

/** The app at a path with a data router, as App renders it (useBlocker needs one). */
function renderWithDataRouter(path: string, services: AppServices) {
  const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: [path] });
  render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function openCompany(me = manager, companies: Record<string, unknown> = {}, features: string[] = []) {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(me, [manager, sally], features);
  const server = fakeCompanyService(acme);
  Object.assign(services.api, {
    companies: {
      getCompany: server.getCompany,
      updateCompany: server.updateCompany,
      listAffiliates: vi.fn(async () => ({ names: ["Big Group"] })),
      listCompanyChanges: vi.fn(async () => ({ changes: [], nextPageToken: "" })),
      ...companies,
    },
    notes: { listNotes: vi.fn(async () => ({ notes: [], nextPageToken: "" })) },
    tasks: { listTasks: vi.fn(async () => ({ tasks: [], nextPageToken: "" })) },
    // The Accounts tab, where some tests go: a company without accounts.
    accounts: { listAccounts: vi.fn(async () => ({ accounts: [], totalSize: 0 })) },
    suppliers: { listSuppliers: vi.fn(async () => ({ suppliers: [] })) },
  });
  const router = renderWithDataRouter("/LeadTabs/5/details", services);
  return { services, server, update: server.updateCompany, router };
}

/** The form group (label, control and the note beside it) of a labelled control. */
function groupOf(label: string | RegExp): HTMLElement {
  const group = screen.getByLabelText(label).closest<HTMLElement>("[class*='form-group']");
  if (!group) throw new Error(`No form group around ${String(label)}`);
  return group;
}

/** The Accounts tab, reached from the details: it lists the company's (no) accounts, with no error. */
async function expectAccountsTab() {
  expect(await screen.findByText(ACCOUNT_TEXTS.noAccounts)).toBeTruthy();
  expect(screen.queryByText(ACCOUNT_TEXTS.loadFailed)).toBeNull();
}

async function typeInto(label: string | RegExp, text: string) {
  const input = (await screen.findByLabelText(label)) as HTMLInputElement;
  await userEvent.clear(input);
  if (text !== "") await userEvent.type(input, text);
  await userEvent.tab();
  return input;
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

  it("shows what someone else saved once a save comes back, keeping both people's values", async () => {
    const { server, update } = openCompany();
    await screen.findByLabelText("City");
    server.someoneElse({ city: "Columbus" });
    await userEvent.click(screen.getByLabelText("W9"));
    await waitFor(() => expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Columbus"));
    expect(update).toHaveBeenCalledWith({
      company: { w9: true, companyId: 5n, version: 3n },
      updateMask: { paths: ["w9"] },
    });
    expect((screen.getByLabelText("W9") as HTMLInputElement).checked).toBe(true);
    expect(server.stored()).toMatchObject({ city: "Columbus", w9: true });
    // The next save carries the version returned.
    await userEvent.click(screen.getByLabelText("Bill Management"));
    await waitFor(() =>
      expect(update).toHaveBeenLastCalledWith(
        expect.objectContaining({ company: expect.objectContaining({ version: 5n }) }),
      ),
    );
  });

  it("on a real conflict shows their value with mine beside it, and applies mine with one key press", async () => {
    const { server, update } = openCompany();
    await screen.findByLabelText("City");
    server.someoneElse({ city: "Columbus" });
    const city = await typeInto("City", "Akron");
    await waitFor(() => expect(city.value).toBe("Columbus"));
    const note = within(groupOf("City")).getByRole("group", { name: AUTOSAVE_TEXTS.changedBySomeoneElse });
    expect(note.textContent).toContain(COMPANY_TEXTS.staleTitle);
    expect(screen.getByText("This company was changed by someone else.")).toBeTruthy();
    expect(screen.getByText(AUTOSAVE_TEXTS.yoursBeside(1))).toBeTruthy();
    const useMine = within(note).getByRole("button", { name: AUTOSAVE_TEXTS.useMine("Akron") });
    useMine.focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() =>
      expect(update).toHaveBeenLastCalledWith({
        company: { city: "Akron", companyId: 5n, version: 4n },
        updateMask: { paths: ["city"] },
      }),
    );
    await waitFor(() => expect(server.stored().city).toBe("Akron"));
    expect(city.value).toBe("Akron");
    expect(screen.queryByRole("group", { name: AUTOSAVE_TEXTS.changedBySomeoneElse })).toBeNull();
  });

  it("re-sends the fields of a refused save that were not in conflict", async () => {
    const { server, update } = openCompany();
    const real = update.getMockImplementation()!;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    update
      .mockImplementationOnce(async (req) => {
        await gate;
        return real(req);
      })
      .mockImplementationOnce(async (req) => {
        // Someone else saves City just before this save of Address and City arrives.
        server.someoneElse({ city: "Columbus" });
        return real(req);
      });
    await userEvent.click(await screen.findByLabelText("W9"));
    const address = await typeInto("Address", "1 Main St");
    await typeInto("City", "Akron");
    open();
    await waitFor(() => expect(server.stored().address).toBe("1 Main St"));
    expect(update.mock.calls.map(([req]) => req.updateMask.paths)).toEqual([["w9"], ["address", "city"], ["address"]]);
    expect(address.value).toBe("1 Main St");
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Columbus");
    expect(within(groupOf("City")).getByRole("button", { name: AUTOSAVE_TEXTS.useMine("Akron") })).toBeTruthy();
    await userEvent.click(within(groupOf("City")).getByRole("button", { name: AUTOSAVE_TEXTS.keepTheirs }));
    expect(screen.queryByRole("group", { name: AUTOSAVE_TEXTS.changedBySomeoneElse })).toBeNull();
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Columbus");
    expect(server.stored()).toMatchObject({ city: "Columbus", address: "1 Main St", w9: true });
  });

  it("keeps a value whose save did not get through, marks it Not saved, offers Retry and saves it later", async () => {
    let online = false;
    const { server } = openCompany();
    const realUpdate = server.updateCompany.getMockImplementation()!;
    server.updateCompany.mockImplementation(async (req) => {
      if (!online && req.updateMask.paths.includes("zip")) throw new ConnectError("Failed to fetch", Code.Unavailable);
      return realUpdate(req);
    });
    const retry = vi.spyOn(CompanyAutosaver.prototype, "retry");
    const zip = await typeInto("Zip", "45402");
    await waitFor(() => expect(within(groupOf("Zip")).getByText(AUTOSAVE_TEXTS.notSaved)).toBeTruthy());
    expect(groupOf("Zip").className).toContain("intent-warning");
    expect(zip.value).toBe("45402");
    expect(screen.getByText(AUTOSAVE_TEXTS.unsaved(1))).toBeTruthy();
    // Other fields still save meanwhile.
    await userEvent.click(screen.getByLabelText("W9"));
    await waitFor(() => expect(server.stored().w9).toBe(true));
    expect(within(groupOf("Zip")).getByText(AUTOSAVE_TEXTS.notSaved)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: AUTOSAVE_TEXTS.retry }));
    expect(retry).toHaveBeenCalled();
    // Once the network is back, the retries get it through.
    online = true;
    await waitFor(() => expect(server.stored().zip).toBe("45402"), { timeout: 10_000 });
    await waitFor(() => expect(within(groupOf("Zip")).queryByText(AUTOSAVE_TEXTS.notSaved)).toBeNull());
    expect(screen.queryByRole("button", { name: AUTOSAVE_TEXTS.retry })).toBeNull();
    expect(zip.value).toBe("45402");
    retry.mockRestore();
  }, 20_000);

  it("keeps a refused value with the service's message beside it, without a toast", async () => {
    const { update } = openCompany(manager, {
      updateCompany: vi.fn(async () => {
        throw new ConnectError("Zip is too long.", Code.InvalidArgument);
      }),
    });
    const zip = await typeInto("Zip", "45402-123456");
    await waitFor(() => expect(within(groupOf("Zip")).getByText("Zip is too long.")).toBeTruthy());
    expect(zip.value).toBe("45402-123456");
    expect(groupOf("Zip").className).toContain("intent-danger");
    expect(screen.getByText(AUTOSAVE_TEXTS.refused(1))).toBeTruthy();
    expect(screen.queryByText(/Error Updating Lead Zip/)).toBeNull();
    expect(update).not.toHaveBeenCalled();
  });

  it("says a company needs a name when Name is emptied, and never sends it", async () => {
    const { update } = openCompany();
    await typeInto(/^Name/, "");
    expect(within(groupOf(/^Name/)).getByText(COMPANY_TEXTS.nameRequired)).toBeTruthy();
    expect(screen.queryByText(/Error Updating Lead/)).toBeNull();
    await typeInto("City", "Akron");
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        company: { city: "Akron", companyId: 5n, version: 3n },
        updateMask: { paths: ["city"] },
      }),
    );
    expect(update).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("");
  });

  it("asks before leaving for another screen with unsaved edits: Stay keeps them, Leave goes", async () => {
    const { router } = openCompany(manager, {
      updateCompany: vi.fn(async () => {
        throw new ConnectError("Zip is too long.", Code.InvalidArgument);
      }),
    });
    await typeInto("Zip", "45402-123456");
    await screen.findByText("Zip is too long.");
    await userEvent.click(screen.getByRole("tab", { name: COMPANY_TEXTS.tabs.accounts }));
    const alert = await screen.findByRole("alertdialog");
    expect(alert.textContent).toContain(AUTOSAVE_TEXTS.leaveBody);
    await userEvent.click(within(alert).getByRole("button", { name: AUTOSAVE_TEXTS.stay }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/LeadTabs/5/details");
    expect((screen.getByLabelText("Zip") as HTMLInputElement).value).toBe("45402-123456");

    await userEvent.click(screen.getByRole("tab", { name: COMPANY_TEXTS.tabs.accounts }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: AUTOSAVE_TEXTS.leave }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/LeadTabs/5/accounts"));
    await expectAccountsTab();
  });

  it("leaves without asking once every edit is saved", async () => {
    const { router, server } = openCompany();
    await typeInto("City", "Akron");
    await waitFor(() => expect(server.stored().city).toBe("Akron"));
    await screen.findByText(COMPANY_TEXTS.saved);
    await userEvent.click(screen.getByRole("tab", { name: COMPANY_TEXTS.tabs.accounts }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/LeadTabs/5/accounts"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await expectAccountsTab();
  });

  it("asks the browser before a reload or close only while an edit is unsaved", async () => {
    openCompany(manager, {
      updateCompany: vi.fn(async () => {
        throw new ConnectError("Zip is too long.", Code.InvalidArgument);
      }),
    });
    await screen.findByLabelText("Zip");
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      act(() => void window.dispatchEvent(event));
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await typeInto("Zip", "45402-123456");
    await screen.findByText("Zip is too long.");
    expect(unload()).toBe(true);
    await typeInto("Zip", "");
    await waitFor(() => expect(unload()).toBe(false));
  });

  it("is read-only for Sales throughout: every control disabled, no save status, no note form", async () => {
    const { update } = openCompany(sally);
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;
    expect(name.readOnly).toBe(true);
    const details = name.closest<HTMLElement>(".eris-company-details")!;
    const controls = Array.from(details.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select"));
    const formControls = controls.filter((control) => !control.closest("[role='region']"));
    expect(formControls.length).toBeGreaterThan(30);
    expect(formControls.filter((control) => !control.disabled).map((control) => control.id || control.name)).toEqual(
      [],
    );
    expect(screen.getByText(COMPANY_TEXTS.readOnly)).toBeTruthy();
    expect(screen.queryByText(COMPANY_TEXTS.required)).toBeNull();
    expect(details.querySelector(".eris-autosave-status")).toBeNull();
    expect(screen.queryByRole("button", { name: COMPANY_TEXTS.addAffiliate })).toBeNull();
    expect(screen.queryByRole("button", { name: COMPANY_TEXTS.addNote })).toBeNull();
    await userEvent.type(name, "x");
    expect(name.value).toBe("Acme Foods");
    expect(update).not.toHaveBeenCalled();
  });

  it("shows the accounts' totals read-only, with thousands separators, and never sends them", async () => {
    const withTotals = create(CompanySchema, {
      ...(acme as object),
      totalKwh: "1234567.5",
      totalTherms: "4200",
    } as Company);
    const { update } = openCompany(manager, { getCompany: vi.fn(async () => ({ company: withTotals })) });
    const kwh = (await screen.findByLabelText(COMPANY_TEXTS.fields.totalKwh)) as HTMLInputElement;
    const therms = screen.getByLabelText(COMPANY_TEXTS.fields.totalTherms) as HTMLInputElement;
    expect(kwh.value).toBe("1,234,567.50");
    expect(therms.value).toBe("4,200");
    expect(kwh.readOnly && kwh.disabled).toBe(true);
    expect(therms.readOnly && therms.disabled).toBe(true);
    expect(kwh.closest("[data-commodity]")?.getAttribute("data-commodity")).toBe("electric");
    expect(therms.closest("[data-commodity]")?.getAttribute("data-commodity")).toBe("gas");
    await userEvent.type(kwh, "9");
    expect(kwh.value).toBe("1,234,567.50");
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
