import { Classes } from "@blueprintjs/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { DEFAULT_BUSINESS_TIME_ZONE } from "../../lib/businessTime";
import { spyToasts } from "../../test/fakes";
import type { FakeClient } from "../../test/renderApp";
import { businessToday } from "./rfpForm";
import { acmeRfp, openRfps, rfpRow } from "./rfpsTestKit";
import { RFP_FORM_TEXTS, RFP_TEXTS } from "./texts";

const F = RFP_FORM_TEXTS.fields;

afterEach(() => {
  vi.restoreAllMocks();
});

async function openAdd(rfps: FakeClient<"rfps"> = {}) {
  const view = openRfps({ rfps });
  await userEvent.click(await screen.findByRole("button", { name: RFP_TEXTS.add }));
  const dialog = await screen.findByRole("dialog", { name: RFP_FORM_TEXTS.addTitle });
  return { ...view, dialog };
}

async function openEdit(len: string, rfps: FakeClient<"rfps"> = {}) {
  const view = openRfps({ rfps });
  await userEvent.click(within(await rfpRow(len)).getByRole("button", { name: RFP_TEXTS.actions.edit }));
  const dialog = await screen.findByRole("dialog", { name: RFP_FORM_TEXTS.editTitle });
  return { ...view, dialog };
}

const value = (dialog: HTMLElement, label: string) => (within(dialog).getByLabelText(label) as HTMLInputElement).value;

/** The account checkboxes offered, by label. */
function accountChoices(dialog: HTMLElement): string[] {
  const box = within(dialog).getByRole("group", { name: F.accounts });
  return within(box)
    .getAllByRole("checkbox")
    .map((input) => input.closest("label")?.textContent ?? "");
}

async function chooseSupplier(dialog: HTMLElement, name: string) {
  await userEvent.click(within(dialog).getByRole("textbox", { name: F.suppliers }));
  const list = await screen.findByRole("listbox", { name: F.suppliers });
  await userEvent.click(within(list).getByText(name));
}

/** The chips of a chips field (or the suppliers chosen), by its label. */
function chips(dialog: HTMLElement, label: string): string[] {
  const box = within(dialog).getByLabelText(label).closest(`.${Classes.TAG_INPUT}`) as HTMLElement;
  return Array.from(box.querySelectorAll(`.${Classes.TAG}`)).map((tag) => tag.textContent ?? "");
}

describe("RFP dialog", () => {
  it("starts with today's return date on the business clock and 11:00 AM", async () => {
    const { dialog } = await openAdd();
    expect(value(dialog, F.returnDate)).toBe(businessToday(DEFAULT_BUSINESS_TIME_ZONE));
    expect(value(dialog, F.startDate)).toBe("");
    expect(value(dialog, F.returnHour)).toBe("11");
    expect(value(dialog, F.returnMinute)).toBe("00");
    expect(value(dialog, F.returnPeriod)).toBe("AM");
    expect(
      Array.from((within(dialog).getByLabelText(F.returnHour) as HTMLSelectElement).options).map((o) => o.text),
    ).toEqual(["12", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]);
    // Commodity is required: Save waits for it.
    expect((within(dialog).getByRole("button", { name: RFP_TEXTS.save }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers the live suppliers and the accounts of the commodity, adds chips with Enter, and saves", async () => {
    const toasts = spyToasts();
    const createRfp = vi.fn(async () => ({ rfp: acmeRfp }));
    const { dialog } = await openAdd({ createRfp });
    await userEvent.type(within(dialog).getByLabelText(F.len), "Acme Foods LLC");
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Commodity/), String(Commodity.ELECTRIC));

    await waitFor(() => expect(accountChoices(dialog)).toEqual(["Select all", "Plant 1 — 0001", "Plant 2 — 0002"]));
    await userEvent.click(within(dialog).getByRole("checkbox", { name: RFP_FORM_TEXTS.selectAll }));

    await userEvent.click(within(dialog).getByRole("textbox", { name: F.suppliers }));
    const list = await screen.findByRole("listbox", { name: F.suppliers });
    expect(within(list).queryByRole("option", { name: "Old Energy" })).toBeNull();
    expect(within(list).queryByRole("option", { name: "Gas Direct" })).toBeNull();
    await userEvent.click(within(list).getByText("Volt Power"));
    await chooseSupplier(dialog, "Constellation");
    // Chosen ones show in the order of the directory (by name).
    expect(chips(dialog, F.suppliers)).toEqual(["Constellation", "Volt Power"]);

    const terms = within(dialog).getByLabelText(F.terms);
    await userEvent.type(terms, "24{Enter}12{Enter}");
    expect(chips(dialog, F.terms)).toEqual(["12", "24"]);
    await userEvent.type(within(dialog).getByLabelText(F.products), "Fixed{Enter}Index{Enter}");
    expect(chips(dialog, F.products)).toEqual(["Fixed", "Index"]);

    await userEvent.selectOptions(within(dialog).getByLabelText(F.returnHour), "12");
    await userEvent.selectOptions(within(dialog).getByLabelText(F.returnMinute), "30");
    await userEvent.selectOptions(within(dialog).getByLabelText(F.returnPeriod), "PM");
    await userEvent.type(within(dialog).getByLabelText(F.fee), "0.005");
    await userEvent.click(within(dialog).getByRole("button", { name: RFP_TEXTS.save }));

    await waitFor(() => expect(createRfp).toHaveBeenCalledTimes(1));
    expect(createRfp).toHaveBeenCalledWith({
      rfp: expect.objectContaining({
        companyId: 5n,
        len: "Acme Foods LLC",
        commodity: Commodity.ELECTRIC,
        returnTime: "12:30",
        supplierIds: [8n, 12n],
        terms: [12, 24],
        products: ["Fixed", "Index"],
        fee: "0.005",
        accountIds: [21n, 23n],
      }),
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith("Saved RFP Success"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: RFP_FORM_TEXTS.addTitle })).toBeNull());
  });

  it("picks a supplier with Enter without saving the dialog", async () => {
    const createRfp = vi.fn(async () => ({ rfp: acmeRfp }));
    const { dialog } = await openAdd({ createRfp });
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Commodity/), String(Commodity.ELECTRIC));
    await userEvent.type(within(dialog).getByRole("textbox", { name: F.suppliers }), "volt{Enter}");
    await waitFor(() => expect(chips(dialog, F.suppliers)).toEqual(["Volt Power"]));
    expect(createRfp).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: RFP_FORM_TEXTS.addTitle })).toBeTruthy();
  });

  it("refuses a term that is not a number, keeping it typed with the reason", async () => {
    const { dialog } = await openAdd();
    const terms = within(dialog).getByLabelText(F.terms) as HTMLInputElement;
    await userEvent.type(terms, "12{Enter}abc{Enter}");
    expect(within(dialog).getByRole("alert").textContent).toBe(RFP_FORM_TEXTS.termNotNumber("abc"));
    expect(terms.value).toBe("abc");
    expect(chips(dialog, F.terms)).toEqual(["12"]);
    // Enter adds chips: it never saves the dialog.
    expect(screen.getByRole("dialog", { name: RFP_FORM_TEXTS.addTitle })).toBeTruthy();
  });

  it("updates only the changed fields with the version read", async () => {
    const updateRfp = vi.fn(async () => ({ rfp: acmeRfp }));
    const { dialog } = await openEdit("Acme Foods LLC", { updateRfp });
    // The stored 13:30 shows as 1:30 PM.
    expect(value(dialog, F.returnHour)).toBe("1");
    expect(value(dialog, F.returnMinute)).toBe("30");
    expect(value(dialog, F.returnPeriod)).toBe("PM");
    await waitFor(() => expect(accountChoices(dialog)).toContain("Plant 1 — 0001"));
    const city = within(dialog).getByLabelText(F.city);
    await userEvent.clear(city);
    await userEvent.type(city, "Chester");
    await userEvent.type(within(dialog).getByLabelText(F.terms), "36{Enter}");
    await userEvent.click(within(dialog).getByRole("button", { name: RFP_TEXTS.save }));
    await waitFor(() =>
      expect(updateRfp).toHaveBeenCalledWith({
        rfp: { rfpId: 31n, version: 3n, city: "Chester", terms: [12, 24, 36] },
        updateMask: { paths: ["city", "terms"] },
      }),
    );
  });

  it("drops the suppliers and accounts of the other commodity when the commodity changes", async () => {
    const updateRfp = vi.fn(async () => ({ rfp: acmeRfp }));
    const { dialog } = await openEdit("Acme Gas LLC", { updateRfp });
    await waitFor(() => expect(accountChoices(dialog)).toEqual(["Select all", "Boiler House — G-77"]));
    expect(chips(dialog, F.suppliers)).toEqual(["Gas Direct"]);
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Commodity/), String(Commodity.ELECTRIC));
    expect(accountChoices(dialog)).toEqual(["Select all", "Plant 1 — 0001", "Plant 2 — 0002"]);
    expect(
      within(dialog)
        .getAllByRole("checkbox")
        .some((box) => (box as HTMLInputElement).checked),
    ).toBe(false);
    expect(chips(dialog, F.suppliers)).toEqual([]);
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Plant 2 — 0002" }));
    await chooseSupplier(dialog, "Constellation");
    await userEvent.click(within(dialog).getByRole("button", { name: RFP_TEXTS.save }));
    await waitFor(() =>
      expect(updateRfp).toHaveBeenCalledWith({
        rfp: { rfpId: 32n, version: 3n, commodity: Commodity.ELECTRIC, supplierIds: [8n], accountIds: [23n] },
        updateMask: { paths: ["commodity", "supplier_ids", "account_ids"] },
      }),
    );
  });

  it("shows the service's reason in the dialog and keeps everything typed", async () => {
    const toasts = spyToasts();
    const createRfp = vi.fn(async () => {
      throw new ConnectError("Gas Direct does not supply Electric.", Code.FailedPrecondition);
    });
    const { dialog } = await openAdd({ createRfp });
    await userEvent.type(within(dialog).getByLabelText(F.len), "Acme Foods LLC");
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Commodity/), String(Commodity.ELECTRIC));
    await userEvent.type(within(dialog).getByLabelText(F.terms), "12{Enter}");
    await userEvent.click(within(dialog).getByRole("button", { name: RFP_TEXTS.save }));
    expect(await within(dialog).findByText("Gas Direct does not supply Electric.")).toBeTruthy();
    expect(value(dialog, F.len)).toBe("Acme Foods LLC");
    expect(chips(dialog, F.terms)).toEqual(["12"]);
    expect(toasts.success).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: RFP_FORM_TEXTS.addTitle })).toBeTruthy();
  });
});
