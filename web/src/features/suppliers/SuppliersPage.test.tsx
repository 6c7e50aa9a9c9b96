import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Role } from "../../gen/eris/identity/v1/identity_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { changedMeanwhileText } from "../../lib/recordForm";
import { spyToasts } from "../../test/fakes";
import { makeSupplier, openAs } from "../../test/sourcingFakes";
import { SUPPLIER_TEXTS } from "./texts";

const acme = makeSupplier({ supplierId: 1n, name: "Acme Energy", brokerAgreementStatus: "Pending", version: 3n });
const bolt = makeSupplier({
  supplierId: 2n,
  name: "Bolt Gas",
  commodity: Commodity.GAS,
  brokerAgreementStatus: "Signed",
});
const flex = makeSupplier({ supplierId: 3n, name: "Flex DR", commodity: Commodity.DR, brokerAgreementStatus: "" });
const gone = makeSupplier({ supplierId: 4n, name: "Old Power", archived: true });

function open(
  role = Role.MANAGEMENT,
  path = "/Suppliers",
  suppliers: Record<string, unknown> = {},
  list = [acme, bolt, flex, gone],
) {
  const listSuppliers = vi.fn(async () => ({ suppliers: list }));
  const view = openAs(role, path, { suppliers: { listSuppliers, ...suppliers } });
  return { listSuppliers, ...view };
}

function search(router: () => { location: { search: string } }) {
  return Object.fromEntries(new URLSearchParams(router().location.search));
}

async function row(name: string) {
  return (await screen.findByText(name)).closest("tr") as HTMLElement;
}

async function openDialog(buttonName: string, rowName?: string) {
  const scope = rowName ? within(await row(rowName)) : screen;
  await userEvent.click(await scope.findByRole("button", { name: buttonName }));
  return screen.findByRole("dialog");
}

/**
 * Opens Edit Supplier for Acme, whose first update is refused as stale (`message`): someone else has
 * stored `theirs` meanwhile, as version 4.
 */
async function openStaleEdit(message: string, theirs: Partial<Supplier>) {
  const updateSupplier = vi
    .fn()
    .mockRejectedValueOnce(new ConnectError(message, Code.Aborted))
    .mockResolvedValue({ supplier: acme });
  const getSupplier = vi.fn(async () => ({ supplier: { ...acme, ...theirs, version: 4n } }));
  open(Role.MANAGEMENT, "/Suppliers", { updateSupplier, getSupplier });
  const dialog = await openDialog(SUPPLIER_TEXTS.edit, "Acme Energy");
  const name = within(dialog).getByLabelText(/Supplier Name/) as HTMLInputElement;
  const status = within(dialog).getByLabelText("Broker Agreement Status") as HTMLInputElement;
  return { dialog, name, status, updateSupplier, getSupplier };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("suppliers list", () => {
  it("reads every supplier once and shows the spec's columns, archived ones only on request", async () => {
    const { listSuppliers } = open();
    await row("Acme Energy");
    expect(listSuppliers).toHaveBeenCalledWith({ includeArchived: true }, expect.anything());
    const table = screen.getByRole("table", { name: SUPPLIER_TEXTS.suppliers });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Supplier Name", "Commodity", "Broker Agreement Status", "Actions"]);
    expect(
      within(await row("Bolt Gas"))
        .getAllByRole("cell")
        .map((td) => td.textContent)
        .slice(0, 3),
    ).toEqual(["Bolt Gas", "Gas", "Signed"]);
    expect(screen.queryByText("Old Power")).toBeNull();
    await userEvent.click(screen.getByLabelText(SUPPLIER_TEXTS.showArchived));
    const archived = await row("Old Power");
    expect(within(archived).getByText(SUPPLIER_TEXTS.archived)).toBeTruthy();
    // An archived supplier is not edited or deleted again.
    expect(within(archived).queryByRole("button", { name: SUPPLIER_TEXTS.edit })).toBeNull();
    expect(within(archived).queryByRole("button", { name: SUPPLIER_TEXTS.delete })).toBeNull();
  });

  it("keeps the commodity filter, the search and Show archived in the address", async () => {
    const { router } = open();
    await row("Acme Energy");
    await userEvent.click(screen.getByRole("radio", { name: "Gas" }));
    expect(screen.queryByText("Acme Energy")).toBeNull();
    expect(screen.getByText("Bolt Gas")).toBeTruthy();
    expect(search(router)).toEqual({ commodity: "Gas" });
    await userEvent.click(screen.getByRole("radio", { name: "Electric" }));
    await userEvent.type(screen.getByLabelText(SUPPLIER_TEXTS.search), "old");
    await userEvent.click(screen.getByLabelText(SUPPLIER_TEXTS.showArchived));
    expect(search(router)).toEqual({ commodity: "Electric", q: "old", archived: "1" });
    expect(await row("Old Power")).toBeTruthy();
    expect(screen.queryByText("Acme Energy")).toBeNull();
    await userEvent.click(screen.getByRole("radio", { name: "All" }));
    expect(search(router)).toEqual({ q: "old", archived: "1" });
  });

  it("opens on the filter, search and archived state an address names", async () => {
    open(Role.MANAGEMENT, "/Suppliers?commodity=DR&q=flex");
    await row("Flex DR");
    expect(screen.getByRole("radio", { name: "DR" }).getAttribute("aria-checked")).toBe("true");
    expect((screen.getByLabelText(SUPPLIER_TEXTS.search) as HTMLInputElement).value).toBe("flex");
    expect(screen.queryByText("Acme Energy")).toBeNull();
  });

  it("pages a long list 50 rows at a time, the page in the address", async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      makeSupplier({ supplierId: BigInt(i + 1), name: `Supplier ${String(i + 1).padStart(3, "0")}` }),
    );
    const { router } = open(Role.MANAGEMENT, "/Suppliers", {}, many);
    await row("Supplier 001");
    expect(screen.getByTestId("page-range").textContent).toBe("1–50 of 120");
    expect(screen.queryByText("Supplier 051")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await row("Supplier 051")).toBeTruthy();
    expect(screen.getByTestId("page-range").textContent).toBe("51–100 of 120");
    expect(search(router)).toEqual({ page: "2" });
    // A new search starts on the first page.
    await userEvent.type(screen.getByLabelText(SUPPLIER_TEXTS.search), "Supplier 1");
    expect(search(router)).toEqual({ q: "Supplier 1" });
  });

  it("says when the suppliers cannot be loaded", async () => {
    const toasts = spyToasts();
    openAs(Role.MANAGEMENT, "/Suppliers", {
      suppliers: {
        listSuppliers: vi.fn(async () => {
          throw new ConnectError("down", Code.Unavailable);
        }),
      },
    });
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("There was an error loading data"));
  });
});

describe("supplier roles", () => {
  it("shows Sales the list only: no add, edit, delete or contacts", async () => {
    open(Role.SALES);
    await row("Acme Energy");
    expect(screen.queryByRole("button", { name: SUPPLIER_TEXTS.addSupplier })).toBeNull();
    expect(screen.queryByRole("button", { name: SUPPLIER_TEXTS.edit })).toBeNull();
    expect(screen.queryByRole("button", { name: SUPPLIER_TEXTS.delete })).toBeNull();
    expect(screen.queryByRole("button", { name: SUPPLIER_TEXTS.contacts })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Actions" })).toBeNull();
  });

  it("lets Customer Care read the contacts, without any change button", async () => {
    const listSupplierContacts = vi.fn(async () => ({ contacts: [] }));
    open(Role.CUSTOMER_CARE, "/Suppliers", { listSupplierContacts });
    const acmeRow = await row("Acme Energy");
    expect(screen.queryByRole("button", { name: SUPPLIER_TEXTS.addSupplier })).toBeNull();
    expect(within(acmeRow).queryByRole("button", { name: SUPPLIER_TEXTS.edit })).toBeNull();
    expect(within(acmeRow).queryByRole("button", { name: SUPPLIER_TEXTS.delete })).toBeNull();
    await userEvent.click(within(acmeRow).getByRole("button", { name: SUPPLIER_TEXTS.contacts }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(SUPPLIER_TEXTS.contact.noContacts)).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: SUPPLIER_TEXTS.contact.addContact })).toBeNull();
    expect(listSupplierContacts).toHaveBeenCalledWith({ supplierId: 1n }, expect.anything());
  });

  it("gives Admin the change buttons", async () => {
    open(Role.ADMIN);
    const acmeRow = await row("Acme Energy");
    expect(screen.getByRole("button", { name: SUPPLIER_TEXTS.addSupplier })).toBeTruthy();
    expect(within(acmeRow).getByRole("button", { name: SUPPLIER_TEXTS.edit })).toBeTruthy();
    expect(within(acmeRow).getByRole("button", { name: SUPPLIER_TEXTS.delete })).toBeTruthy();
  });
});

describe("supplier dialog", () => {
  it("adds a supplier: focus on the name, Enter saves, every picker's list reloads", async () => {
    const toasts = spyToasts();
    const createSupplier = vi.fn(async () => ({ supplier: makeSupplier({ supplierId: 9n, name: "Nova" }) }));
    const { listSuppliers } = open(Role.MANAGEMENT, "/Suppliers", { createSupplier });
    const dialog = await openDialog(SUPPLIER_TEXTS.addSupplier);
    const name = within(dialog).getByLabelText(/Supplier Name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect((within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(name, "  Nova Power ");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Commodity/), "DR");
    await userEvent.type(within(dialog).getByLabelText("Broker Agreement Status"), "Pending{Enter}");
    await waitFor(() =>
      expect(createSupplier).toHaveBeenCalledWith({
        supplier: { name: "Nova Power", commodity: Commodity.DR, brokerAgreementStatus: "Pending" },
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith("Supplier Added");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(listSuppliers).toHaveBeenCalledTimes(2));
  });

  it("closes on Escape without saving", async () => {
    const createSupplier = vi.fn();
    open(Role.MANAGEMENT, "/Suppliers", { createSupplier });
    const dialog = await openDialog(SUPPLIER_TEXTS.addSupplier);
    await userEvent.type(within(dialog).getByLabelText(/Supplier Name/), "Nova{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(createSupplier).not.toHaveBeenCalled();
  });

  it("sends only the fields changed, with the version read", async () => {
    const toasts = spyToasts();
    const updateSupplier = vi.fn(async () => ({ supplier: acme }));
    open(Role.MANAGEMENT, "/Suppliers", { updateSupplier });
    const dialog = await openDialog(SUPPLIER_TEXTS.edit, "Acme Energy");
    const save = within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const status = within(dialog).getByLabelText("Broker Agreement Status");
    await userEvent.clear(status);
    await userEvent.type(status, "Signed");
    await userEvent.click(save);
    await waitFor(() =>
      expect(updateSupplier).toHaveBeenCalledWith({
        supplier: { supplierId: 1n, version: 3n, brokerAgreementStatus: "Signed" },
        updateMask: { paths: ["broker_agreement_status"] },
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith("Supplier updated");
  });

  it("keeps what was typed when someone else changed the same field, then saves over the stored version", async () => {
    const toasts = spyToasts();
    const message = "broker_agreement_status was changed by someone else; review it and save again.";
    const { dialog, name, status, updateSupplier, getSupplier } = await openStaleEdit(message, {
      brokerAgreementStatus: "Expired",
    });
    await userEvent.type(name, " Inc");
    await userEvent.clear(status);
    await userEvent.type(status, "Signed");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(getSupplier).toHaveBeenCalledWith({ supplierId: 1n });
    expect(screen.getByRole("dialog")).toBe(dialog);
    expect(name.value).toBe("Acme Energy Inc");
    expect(status.value).toBe("Signed");
    expect(within(dialog).getByText(changedMeanwhileText("Expired"))).toBeTruthy();
    expect(toasts.success).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(updateSupplier).toHaveBeenLastCalledWith({
        supplier: { supplierId: 1n, version: 4n, name: "Acme Energy Inc", brokerAgreementStatus: "Signed" },
        updateMask: { paths: ["name", "broker_agreement_status"] },
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("after a stale save shows what someone else stored in the fields not edited, and saves only the edited ones", async () => {
    spyToasts();
    const message = "name was changed by someone else; review it and save again.";
    const { dialog, name, status, updateSupplier } = await openStaleEdit(message, {
      name: "Acme Power",
      brokerAgreementStatus: "Expired",
    });
    await userEvent.type(name, " Inc");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await within(dialog).findByText(message)).toBeTruthy();
    await waitFor(() => expect(status.value).toBe("Expired"));
    expect(name.value).toBe("Acme Energy Inc");
    expect(within(dialog).getByText(changedMeanwhileText("Acme Power"))).toBeTruthy();

    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(updateSupplier).toHaveBeenLastCalledWith({
        supplier: { supplierId: 1n, version: 4n, name: "Acme Energy Inc" },
        updateMask: { paths: ["name"] },
      }),
    );
  });

  it("shows the server's reason for refusing the values beside the form", async () => {
    const toasts = spyToasts();
    const createSupplier = vi.fn(async () => {
      throw new ConnectError("A supplier named Acme Energy already supplies Electric.", Code.AlreadyExists);
    });
    open(Role.MANAGEMENT, "/Suppliers", { createSupplier });
    const dialog = await openDialog(SUPPLIER_TEXTS.addSupplier);
    await userEvent.type(within(dialog).getByLabelText(/Supplier Name/), "acme energy");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Commodity/), "Electric");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe("A supplier named Acme Energy already supplies Electric.");
    expect((within(dialog).getByLabelText(/Supplier Name/) as HTMLInputElement).value).toBe("acme energy");
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("says an add failed for another reason in a toast, keeping the dialog", async () => {
    const toasts = spyToasts();
    const createSupplier = vi.fn(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    open(Role.MANAGEMENT, "/Suppliers", { createSupplier });
    const dialog = await openDialog(SUPPLIER_TEXTS.addSupplier);
    await userEvent.type(within(dialog).getByLabelText(/Supplier Name/), "Nova");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Commodity/), "Gas");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(SUPPLIER_TEXTS.addFailed));
    expect(screen.getByRole("dialog")).toBe(dialog);
  });
});

describe("deleting a supplier", () => {
  it("asks the spec's question, explains the archive, then archives it", async () => {
    const deleteSupplier = vi.fn(async () => ({ supplier: { ...bolt, archived: true } }));
    const { listSuppliers } = open(Role.MANAGEMENT, "/Suppliers", { deleteSupplier });
    await userEvent.click(within(await row("Bolt Gas")).getByRole("button", { name: SUPPLIER_TEXTS.delete }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Are you sure you want to delete the supplier ?")).toBeTruthy();
    expect(within(confirm).getByText(SUPPLIER_TEXTS.deleteExplain)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: SUPPLIER_TEXTS.delete }));
    await waitFor(() => expect(deleteSupplier).toHaveBeenCalledWith({ supplierId: 2n }));
    await waitFor(() => expect(listSuppliers).toHaveBeenCalledTimes(2));
  });

  it("sends nothing when the question is cancelled", async () => {
    const deleteSupplier = vi.fn();
    open(Role.MANAGEMENT, "/Suppliers", { deleteSupplier });
    await userEvent.click(within(await row("Bolt Gas")).getByRole("button", { name: SUPPLIER_TEXTS.delete }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(deleteSupplier).not.toHaveBeenCalled();
  });

  it("says when the delete failed", async () => {
    const toasts = spyToasts();
    const deleteSupplier = vi.fn(async () => {
      throw new ConnectError("no", Code.PermissionDenied);
    });
    open(Role.MANAGEMENT, "/Suppliers", { deleteSupplier });
    await userEvent.click(within(await row("Bolt Gas")).getByRole("button", { name: SUPPLIER_TEXTS.delete }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: SUPPLIER_TEXTS.delete }),
    );
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("There was an error deleting the supplier !"));
  });
});
