import { getDefaultNormalizer, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Role } from "../../gen/eris/identity/v1/identity_pb";
import type { SupplierContact } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { changedMeanwhileText } from "../../lib/recordForm";
import { spyToasts } from "../../test/fakes";
import { makeContact, makeSupplier, openAs } from "../../test/sourcingFakes";
import { SUPPLIER_TEXTS } from "./texts";

const T = SUPPLIER_TEXTS.contact;
const acme = makeSupplier({ supplierId: 1n, name: "Acme Energy" });
const pat = makeContact();
const rob = makeContact({
  supplierContactId: 12n,
  name: "Rob Regional",
  contactType: "Regional",
  commodity: Commodity.UNSPECIFIED,
  email: "",
  support: "n/a",
  pricingDesk: "pricing@acme.test",
  officePhone: "",
  cellPhone: "",
});

/** Opens Acme's contacts as `role`; the fake server's list follows the creates and deletes. */
async function openContacts(role = Role.MANAGEMENT, calls: Record<string, unknown> = {}) {
  let stored: SupplierContact[] = [pat, rob];
  const listSupplierContacts = vi.fn(async () => ({ contacts: stored }));
  const deleteSupplierContact = vi.fn(async ({ supplierContactId }: { supplierContactId: bigint }) => {
    stored = stored.filter((c) => c.supplierContactId !== supplierContactId);
    return {};
  });
  const createSupplierContact = vi.fn(async ({ contact }: { contact: Partial<SupplierContact> }) => {
    const created = makeContact({ ...contact, supplierContactId: 13n, version: 1n });
    stored = [...stored, created];
    return { contact: created };
  });
  openAs(role, "/Suppliers", {
    suppliers: {
      listSuppliers: vi.fn(async () => ({ suppliers: [acme] })),
      listSupplierContacts,
      deleteSupplierContact,
      createSupplierContact,
      ...calls,
    },
  });
  const acmeRow = (await screen.findByText("Acme Energy")).closest("tr") as HTMLElement;
  await userEvent.click(within(acmeRow).getByRole("button", { name: SUPPLIER_TEXTS.contacts }));
  const dialog = await screen.findByRole("dialog", { name: T.title("Acme Energy") });
  await within(dialog).findByText("Pat Pricing");
  return { dialog, listSupplierContacts, deleteSupplierContact, createSupplierContact };
}

function contactRow(dialog: HTMLElement, name: string) {
  return within(dialog).getByText(name).closest("tr") as HTMLElement;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("supplier contacts", () => {
  it("shows the nine columns, with e-mail and phone links", async () => {
    const { dialog, listSupplierContacts } = await openContacts();
    expect(listSupplierContacts).toHaveBeenCalledWith({ supplierId: 1n }, expect.anything());
    const table = within(dialog).getByRole("table", { name: T.contacts });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual([
      "Name",
      "Contact Type",
      "Commodity",
      "Email",
      "Support",
      "Pricing Desk",
      "Office Phone",
      "Cell Phone",
      "Actions",
    ]);
    const row = contactRow(dialog, "Pat Pricing");
    expect(within(row).getByRole("link", { name: "pat@acme.test" }).getAttribute("href")).toBe("mailto:pat@acme.test");
    expect(within(row).getByRole("link", { name: "(215) 555-0100" }).getAttribute("href")).toBe("tel:2155550100");
    expect(within(row).getByRole("link", { name: "215.555.0111" }).getAttribute("href")).toBe("tel:2155550111");
    const regional = contactRow(dialog, "Rob Regional");
    // A contact for every commodity says All; text that is no address stays text.
    expect(within(regional).getAllByRole("cell")[2].textContent).toBe("All");
    expect(within(regional).queryByRole("link", { name: "n/a" })).toBeNull();
    expect(within(regional).getByRole("link", { name: "pricing@acme.test" }).getAttribute("href")).toBe(
      "mailto:pricing@acme.test",
    );
  });

  it("adds a contact to the supplier", async () => {
    const { dialog, createSupplierContact } = await openContacts();
    await userEvent.click(within(dialog).getByRole("button", { name: T.addContact }));
    const add = await screen.findByRole("dialog", { name: `${T.addContact}: Acme Energy` });
    const name = within(add).getByLabelText(/^Name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    await userEvent.type(name, "Gail Gas");
    await userEvent.selectOptions(within(add).getByLabelText(/Contact Type/), "Secondary");
    await userEvent.selectOptions(within(add).getByLabelText("Commodity"), "Gas");
    await userEvent.type(within(add).getByLabelText("Email"), "gail@acme.test");
    await userEvent.type(within(add).getByLabelText("Office Phone"), "610-555-0123{Enter}");
    await waitFor(() =>
      expect(createSupplierContact).toHaveBeenCalledWith({
        contact: {
          supplierId: 1n,
          name: "Gail Gas",
          contactType: "Secondary",
          commodity: Commodity.GAS,
          email: "gail@acme.test",
          support: "",
          pricingDesk: "",
          officePhone: "610-555-0123",
          cellPhone: "",
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: `${T.addContact}: Acme Energy` })).toBeNull());
    expect(await within(dialog).findByText("Gail Gas")).toBeTruthy();
  });

  it("closes only the contact form on Escape", async () => {
    const { dialog } = await openContacts();
    await userEvent.click(within(dialog).getByRole("button", { name: T.addContact }));
    await screen.findByRole("dialog", { name: `${T.addContact}: Acme Energy` });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: `${T.addContact}: Acme Energy` })).toBeNull());
    expect(screen.getByRole("dialog", { name: T.title("Acme Energy") })).toBeTruthy();
  });

  it("updates only the fields changed, with the version read", async () => {
    const updateSupplierContact = vi.fn(async () => ({ contact: pat }));
    const { dialog } = await openContacts(Role.MANAGEMENT, { updateSupplierContact });
    await userEvent.click(within(contactRow(dialog, "Pat Pricing")).getByRole("button", { name: T.edit }));
    const edit = await screen.findByRole("dialog", { name: `${T.editContact}: Acme Energy` });
    const desk = within(edit).getByLabelText("Pricing Desk");
    await userEvent.clear(desk);
    await userEvent.type(desk, "rfp@acme.test");
    await userEvent.click(within(edit).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(updateSupplierContact).toHaveBeenCalledWith({
        contact: { supplierContactId: 11n, version: 2n, pricingDesk: "rfp@acme.test" },
        updateMask: { paths: ["pricing_desk"] },
      }),
    );
  });

  it("keeps what was typed when someone else changed the contact meanwhile", async () => {
    const message = "cell_phone was changed by someone else.";
    const updateSupplierContact = vi.fn(async () => {
      throw new ConnectError(message, Code.Aborted);
    });
    const { dialog, listSupplierContacts } = await openContacts(Role.MANAGEMENT, { updateSupplierContact });
    await userEvent.click(within(contactRow(dialog, "Pat Pricing")).getByRole("button", { name: T.edit }));
    const edit = await screen.findByRole("dialog", { name: `${T.editContact}: Acme Energy` });
    listSupplierContacts.mockResolvedValue({ contacts: [{ ...pat, cellPhone: "215-555-0999", version: 3n }, rob] });
    const cell = within(edit).getByLabelText("Cell Phone") as HTMLInputElement;
    await userEvent.clear(cell);
    await userEvent.type(cell, "215-555-0222");
    await userEvent.click(within(edit).getByRole("button", { name: "Save" }));
    expect(await within(edit).findByText(message)).toBeTruthy();
    expect(cell.value).toBe("215-555-0222");
    expect(await within(edit).findByText(changedMeanwhileText("215-555-0999"))).toBeTruthy();
  });

  it("asks the spec's question before deleting a contact", async () => {
    const { dialog, deleteSupplierContact } = await openContacts();
    await userEvent.click(within(contactRow(dialog, "Rob Regional")).getByRole("button", { name: T.delete }));
    const confirm = await screen.findByRole("alertdialog");
    // Word for word, the space at the end included.
    expect(
      within(confirm).getByText("Are you sure you want to delete this contact ? ", {
        normalizer: getDefaultNormalizer({ trim: false }),
      }),
    ).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: T.delete }));
    await waitFor(() => expect(deleteSupplierContact).toHaveBeenCalledWith({ supplierContactId: 12n }));
    await waitFor(() => expect(within(dialog).queryByText("Rob Regional")).toBeNull());
  });

  it("says the spec's messages when adding, updating or deleting fails", async () => {
    const toasts = spyToasts();
    const down = async () => {
      throw new ConnectError("down", Code.Unavailable);
    };
    const { dialog } = await openContacts(Role.MANAGEMENT, {
      createSupplierContact: vi.fn(down),
      updateSupplierContact: vi.fn(down),
      deleteSupplierContact: vi.fn(down),
    });
    await userEvent.click(within(dialog).getByRole("button", { name: T.addContact }));
    const add = await screen.findByRole("dialog", { name: `${T.addContact}: Acme Energy` });
    await userEvent.type(within(add).getByLabelText(/^Name/), "Gail Gas");
    await userEvent.selectOptions(within(add).getByLabelText(/Contact Type/), "Primary");
    await userEvent.click(within(add).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("There was an error adding contact"));
    await userEvent.click(within(add).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: `${T.addContact}: Acme Energy` })).toBeNull());

    await userEvent.click(within(contactRow(dialog, "Pat Pricing")).getByRole("button", { name: T.edit }));
    const edit = await screen.findByRole("dialog", { name: `${T.editContact}: Acme Energy` });
    await userEvent.type(within(edit).getByLabelText("Support"), "!");
    await userEvent.click(within(edit).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("There was an error updating contact"));
    await userEvent.click(within(edit).getByRole("button", { name: "Cancel" }));

    await userEvent.click(within(contactRow(dialog, "Pat Pricing")).getByRole("button", { name: T.delete }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: T.delete }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("There was an error deleting contact"));
  });

  it("shows Customer Care the contacts without change buttons", async () => {
    const { dialog } = await openContacts(Role.CUSTOMER_CARE);
    expect(within(dialog).queryByRole("button", { name: T.addContact })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: T.edit })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: T.delete })).toBeNull();
    expect(within(dialog).getAllByRole("columnheader")).toHaveLength(8);
  });
});
