import { create } from "@bufbuild/protobuf";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ContactSchema } from "../../gen/eris/crm/v1/contacts_pb";
import { readFileText } from "../../lib/csv";
import { catchDownloads, manager, sally, spyToasts } from "../../test/fakes";
import { ann, openContacts } from "./contactsTestKit";
import { CONTACT_TEXTS } from "./texts";

afterEach(() => {
  vi.restoreAllMocks();
});

async function row(name: string) {
  return (await screen.findByText(name)).closest("tr") as HTMLElement;
}

const input = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;

describe("contacts tab", () => {
  it("is titled for the company and lists the spec's columns, with mailto and tel links", async () => {
    const { listContacts } = openContacts("/LeadTabs/5/contacts");
    expect(await screen.findByRole("heading", { name: "Contacts for Acme Foods" })).toBeTruthy();
    const annRow = await row("Ann");
    expect(listContacts).toHaveBeenCalledWith({ companyId: 5n, pageSize: 500, pageToken: "" }, expect.anything());
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "First Name",
      "Last Name",
      "Email",
      "Title",
      "Office Phone",
      "Cell Phone",
      "Contact Type",
      "Priority",
      "Edit",
      "Delete",
    ]);
    expect(within(annRow).getByRole("link", { name: "ann@acme.test" }).getAttribute("href")).toBe(
      "mailto:ann@acme.test",
    );
    expect(within(annRow).getByRole("link", { name: "(215) 555-0100" }).getAttribute("href")).toBe("tel:2155550100");
    expect(within(annRow).getByRole("link", { name: "+1 267 555 0111" }).getAttribute("href")).toBe("tel:+12675550111");
    expect(within(annRow).getByText("Brokerage")).toBeTruthy();
    expect(within(annRow).getByText("2")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Contacts" }).getAttribute("aria-selected")).toBe("true");
  });

  it("keeps the search in the address, so a reload shows the same rows", async () => {
    const first = openContacts("/LeadTabs/5/contacts");
    await row("Ann");
    await userEvent.type(screen.getByLabelText(CONTACT_TEXTS.search), "stone");
    expect(screen.queryByText("Ann")).toBeNull();
    expect(screen.getByText("Bob")).toBeTruthy();
    expect(first.router().location.search).toBe("?search=stone");
    first.unmount();

    openContacts("/LeadTabs/5/contacts?search=cfo");
    await row("Ann");
    expect(screen.queryByText("Bob")).toBeNull();
    expect((screen.getByLabelText(CONTACT_TEXTS.search) as HTMLInputElement).value).toBe("cfo");
  });

  it("pages the table 50 rows at a time, the page kept in the address; a new search starts at page 1", async () => {
    const many = Array.from({ length: 55 }, (_, i) =>
      create(ContactSchema, { ...ann, contactId: BigInt(100 + i), firstName: `Person ${i + 1}`, lastName: "Lee" }),
    );
    const listContacts = vi.fn(async () => ({ contacts: many, nextPageToken: "" }));
    const { router } = openContacts("/LeadTabs/5/contacts", manager, { listContacts });
    await row("Person 1");
    const table = screen.getByRole("table", { name: CONTACT_TEXTS.contactsTable });
    expect(within(table).getAllByRole("row")).toHaveLength(51);
    expect(screen.getByTestId("page-range").textContent).toBe("1–50 of 55");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(router().location.search).toBe("?page=2");
    expect(await screen.findByText("Person 51")).toBeTruthy();
    expect(screen.queryByText("Person 1")).toBeNull();
    expect(screen.getByTestId("page-range").textContent).toBe("51–55 of 55");
    await userEvent.type(screen.getByLabelText(CONTACT_TEXTS.search), "person 1");
    expect(router().location.search).toBe("?search=person+1");
    expect(await screen.findByText("Person 1")).toBeTruthy();
  });

  it("adds a contact on its own address, then goes back to the tab", async () => {
    const createContact = vi.fn(async () => ({ contact: create(ContactSchema, { contactId: 20n, companyId: 5n }) }));
    const { router, listContacts } = openContacts("/LeadTabs/5/contacts?search=a", manager, { createContact });
    await row("Ann");
    const add = screen.getByRole("link", { name: CONTACT_TEXTS.addContact });
    expect(add.getAttribute("href")).toBe("/Leads/5/contacts/add?search=a");
    await userEvent.click(add);
    expect(router().location.pathname).toBe("/Leads/5/contacts/add");
    const dialog = await screen.findByRole("dialog", { name: CONTACT_TEXTS.addContact });
    await userEvent.type(input(dialog, "First Name"), "Cy");
    await userEvent.type(input(dialog, "Last Name"), "Park");
    await userEvent.selectOptions(within(dialog).getByLabelText("Contact Type"), "DR – Event");
    await userEvent.type(input(dialog, "Priority"), "4");
    await userEvent.click(within(dialog).getByRole("button", { name: CONTACT_TEXTS.save }));
    await waitFor(() =>
      expect(createContact).toHaveBeenCalledWith({
        contact: {
          companyId: 5n,
          firstName: "Cy",
          lastName: "Park",
          email: "",
          title: "",
          officePhone: "",
          cellPhone: "",
          contactType: "DR – Event",
          priority: 4,
        },
      }),
    );
    expect(await screen.findByText(CONTACT_TEXTS.added)).toBeTruthy();
    await waitFor(() => expect(router().location.pathname).toBe("/LeadTabs/5/contacts"));
    expect(router().location.search).toBe("?search=a");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(listContacts).toHaveBeenCalledTimes(2));
  });

  it("opens Add Contact on First Name, and Escape gives focus back to the Add Contact link", async () => {
    const { router } = openContacts("/LeadTabs/5/contacts", manager);
    await row("Ann");
    await userEvent.click(screen.getByRole("link", { name: CONTACT_TEXTS.addContact }));
    const dialog = await screen.findByRole("dialog", { name: CONTACT_TEXTS.addContact });
    await waitFor(() => expect(document.activeElement).toBe(input(dialog, "First Name")));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(router().location.pathname).toBe("/LeadTabs/5/contacts"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("link", { name: CONTACT_TEXTS.addContact })),
    );
  });

  it("refuses priority 16 with the spec's text before anything is sent", async () => {
    const createContact = vi.fn();
    openContacts("/Leads/5/contacts/add", manager, { createContact });
    const dialog = await screen.findByRole("dialog", { name: CONTACT_TEXTS.addContact });
    expect(screen.getByRole("tab", { name: "Contacts" }).getAttribute("aria-selected")).toBe("true");
    await userEvent.type(input(dialog, "First Name"), "Cy");
    await userEvent.type(input(dialog, "Priority"), "16");
    expect(
      within(dialog).getByText("Contact Priority should be between 1 and 15 with 1 being the highest priority"),
    ).toBeTruthy();
    const save = within(dialog).getByRole("button", { name: CONTACT_TEXTS.save }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.type(input(dialog, "Priority"), "{Enter}");
    expect(createContact).not.toHaveBeenCalled();
    await userEvent.clear(input(dialog, "Priority"));
    await userEvent.type(input(dialog, "Priority"), "15");
    expect(within(dialog).queryByText(CONTACT_TEXTS.priorityRange)).toBeNull();
    expect(save.disabled).toBe(false);
  });

  it("shows the server's refusal on the form only, without the 'error fetching data' toast", async () => {
    const toasts = spyToasts();
    const createContact = vi.fn(async () => {
      throw new ConnectError("Email must be an e-mail address.", Code.InvalidArgument);
    });
    openContacts("/Leads/5/contacts/add", manager, { createContact });
    const dialog = await screen.findByRole("dialog", { name: CONTACT_TEXTS.addContact });
    await userEvent.type(input(dialog, "Last Name"), "Park");
    await userEvent.click(within(dialog).getByRole("button", { name: CONTACT_TEXTS.save }));
    expect(await within(dialog).findByRole("alert")).toHaveProperty("textContent", "Email must be an e-mail address.");
    expect(toasts.error).not.toHaveBeenCalled();
    expect(screen.queryByText(CONTACT_TEXTS.fetchFailed)).toBeNull();
    expect(screen.getByRole("dialog", { name: CONTACT_TEXTS.addContact })).toBeTruthy();
  });

  it("still says 'error fetching data' when a save fails for another reason", async () => {
    const createContact = vi.fn(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    openContacts("/Leads/5/contacts/add", manager, { createContact });
    const dialog = await screen.findByRole("dialog", { name: CONTACT_TEXTS.addContact });
    await userEvent.type(input(dialog, "Last Name"), "Park");
    await userEvent.click(within(dialog).getByRole("button", { name: CONTACT_TEXTS.save }));
    expect(await screen.findByText(CONTACT_TEXTS.fetchFailed)).toBeTruthy();
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("checks the e-mail address in the browser (box left or Enter pressed) and sends nothing until it is one", async () => {
    const createContact = vi.fn(async () => ({ contact: create(ContactSchema, { contactId: 20n, companyId: 5n }) }));
    openContacts("/Leads/5/contacts/add", manager, { createContact });
    const dialog = await screen.findByRole("dialog", { name: CONTACT_TEXTS.addContact });
    await userEvent.type(input(dialog, "Last Name"), "Park");
    await userEvent.type(input(dialog, "Email"), "not-an-email");
    expect(within(dialog).queryByText("Email must be an e-mail address.")).toBeNull();
    await userEvent.type(input(dialog, "Email"), "{Enter}");
    expect(within(dialog).getByText("Email must be an e-mail address.")).toBeTruthy();
    expect(input(dialog, "Email").getAttribute("aria-invalid")).toBe("true");
    expect((within(dialog).getByRole("button", { name: CONTACT_TEXTS.save }) as HTMLButtonElement).disabled).toBe(true);
    expect(createContact).not.toHaveBeenCalled();
    await userEvent.clear(input(dialog, "Email"));
    await userEvent.type(input(dialog, "Email"), "cy.park@example.com");
    expect(within(dialog).queryByText("Email must be an e-mail address.")).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: CONTACT_TEXTS.save }));
    await waitFor(() =>
      expect(createContact).toHaveBeenCalledWith({
        contact: expect.objectContaining({ lastName: "Park", email: "cy.park@example.com" }),
      }),
    );
  });

  it("opens Edit from its address and sends only the changed fields with the version read", async () => {
    const updateContact = vi.fn(async () => ({ contact: { ...ann, title: "CEO", version: 5n } }));
    const { router, getContact } = openContacts("/Leads/5/contacts/edit/11", manager, { updateContact });
    const dialog = await screen.findByRole("dialog", { name: CONTACT_TEXTS.editContact });
    await waitFor(() => expect(input(dialog, "First Name").value).toBe("Ann"));
    expect(getContact).toHaveBeenCalledWith({ contactId: 11n }, expect.anything());
    expect(input(dialog, "Priority").value).toBe("2");
    expect((within(dialog).getByLabelText("Contact Type") as HTMLSelectElement).value).toBe("Brokerage");
    const save = within(dialog).getByRole("button", { name: CONTACT_TEXTS.save }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.clear(input(dialog, "Title"));
    await userEvent.type(input(dialog, "Title"), "CEO");
    await userEvent.click(save);
    await waitFor(() =>
      expect(updateContact).toHaveBeenCalledWith({
        contact: { contactId: 11n, version: 4n, title: "CEO" },
        updateMask: { paths: ["title"] },
      }),
    );
    // Opened from its address (no tab behind it in the history): closing replaces it with the tab.
    await waitFor(() => expect(router().location.pathname).toBe("/LeadTabs/5/contacts"));
  });

  it("links each row's Edit to its address; Cancel goes back to the tab", async () => {
    const { router } = openContacts("/LeadTabs/5/contacts");
    const edit = within(await row("Bob")).getByRole("link", { name: CONTACT_TEXTS.edit });
    expect(edit.getAttribute("href")).toBe("/Leads/5/contacts/edit/12");
    await userEvent.click(edit);
    expect(router().location.pathname).toBe("/Leads/5/contacts/edit/12");
    const dialog = await screen.findByRole("dialog", { name: CONTACT_TEXTS.editContact });
    await waitFor(() => expect(input(dialog, "First Name").value).toBe("Bob"));
    expect((within(dialog).getByLabelText("Contact Type") as HTMLSelectElement).value).toBe("DR – Primary");
    await userEvent.click(within(dialog).getByRole("button", { name: CONTACT_TEXTS.cancel }));
    await waitFor(() => expect(router().location.pathname).toBe("/LeadTabs/5/contacts"));
    // Cancel went Back (no new entry): the dialog's address is the next entry, as before it opened.
    act(() => void router().navigate(1));
    expect(router().location.pathname).toBe("/Leads/5/contacts/edit/12");
  });

  it("after someone else's change shows the server's message, reloads and keeps what was typed", async () => {
    const updateContact = vi
      .fn()
      .mockRejectedValueOnce(new ConnectError("This contact was changed by someone else.", Code.Aborted))
      .mockResolvedValue({ contact: { ...ann, version: 6n } });
    const { getContact } = openContacts("/Leads/5/contacts/edit/11", manager, { updateContact });
    const fresh = create(ContactSchema, { ...ann, email: "ann.lee@acme.test", title: "Treasurer", version: 5n });
    const dialog = await screen.findByRole("dialog", { name: CONTACT_TEXTS.editContact });
    await waitFor(() => expect(input(dialog, "Title").value).toBe("CFO"));
    getContact.mockResolvedValue({ contact: fresh });
    await userEvent.clear(input(dialog, "Title"));
    await userEvent.type(input(dialog, "Title"), "CEO");
    await userEvent.click(within(dialog).getByRole("button", { name: CONTACT_TEXTS.save }));
    expect(await within(dialog).findByText("This contact was changed by someone else.")).toBeTruthy();
    await waitFor(() => expect(input(dialog, "Email").value).toBe("ann.lee@acme.test"));
    expect(input(dialog, "Title").value).toBe("CEO");
    await userEvent.click(within(dialog).getByRole("button", { name: CONTACT_TEXTS.save }));
    await waitFor(() =>
      expect(updateContact).toHaveBeenLastCalledWith({
        contact: { contactId: 11n, version: 5n, title: "CEO" },
        updateMask: { paths: ["title"] },
      }),
    );
  });

  it("says a contact of another company is not found", async () => {
    openContacts("/Leads/5/contacts/edit/13");
    expect(await screen.findByText(CONTACT_TEXTS.notFound)).toBeTruthy();
    expect(screen.queryByLabelText("First Name")).toBeNull();
  });

  it("asks the spec's confirmation before deleting", async () => {
    const deleteContact = vi.fn(async () => ({}));
    const { listContacts } = openContacts("/LeadTabs/5/contacts", manager, { deleteContact });
    await userEvent.click(within(await row("Bob")).getByRole("button", { name: CONTACT_TEXTS.delete }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Are you sure you want to delete this contact ?")).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: CONTACT_TEXTS.delete }));
    await waitFor(() => expect(deleteContact).toHaveBeenCalledWith({ contactId: 12n }));
    expect(await screen.findByText(CONTACT_TEXTS.deleted)).toBeTruthy();
    await waitFor(() => expect(listContacts).toHaveBeenCalledTimes(2));
  });

  it("lets Sales add, edit and delete too", async () => {
    openContacts("/LeadTabs/5/contacts", sally);
    const annRow = await row("Ann");
    expect(screen.getByRole("link", { name: CONTACT_TEXTS.addContact })).toBeTruthy();
    expect(within(annRow).getByRole("link", { name: CONTACT_TEXTS.edit })).toBeTruthy();
    expect(within(annRow).getByRole("button", { name: CONTACT_TEXTS.delete })).toBeTruthy();
  });

  it("says 'error fetching data' when the contacts cannot be read", async () => {
    openContacts("/LeadTabs/5/contacts", manager, {
      listContacts: vi.fn(async () => {
        throw new ConnectError("down", Code.Unavailable);
      }),
    });
    expect((await screen.findAllByText("error fetching data")).length).toBeGreaterThan(0);
  });

  it("exports the rows searched for as 'contacts export.csv'", async () => {
    const downloads = catchDownloads();
    openContacts("/LeadTabs/5/contacts?search=lee");
    await row("Ann");
    await userEvent.click(screen.getByRole("button", { name: CONTACT_TEXTS.export }));
    expect(downloads.map((d) => d.name)).toEqual(["contacts export.csv"]);
    const text = await readFileText(downloads[0].blob);
    expect(text).toContain('"Ann","Lee","ann@acme.test","CFO"');
    expect(text).not.toContain("Bob");
  });
});
