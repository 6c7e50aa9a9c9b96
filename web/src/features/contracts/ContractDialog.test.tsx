import { Classes } from "@blueprintjs/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ProjectionBasis } from "../../gen/eris/contracts/v1/contracts_pb";
import { AccountFilter } from "../../gen/eris/crm/v1/accounts_pb";
import { Role, type User } from "../../gen/eris/identity/v1/identity_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { makeContract } from "../../test/contractFakes";
import { contractRow } from "../../test/contractScreenFakes";
import { makeUser, manager, sally, spyToasts } from "../../test/fakes";
import { fakePayments, pastedRow } from "../../test/paymentFakes";
import type { FakeClient } from "../../test/renderApp";
import { PAYMENT_UI_TEXTS } from "../payments";
import { electricContract, fakeContractStore, openContracts } from "./contractsTestKit";
import { CONTRACT_FORM_TEXTS, CONTRACT_TAB_TEXTS } from "./texts";

const F = CONTRACT_FORM_TEXTS.fields;
const T = CONTRACT_TAB_TEXTS;

afterEach(() => {
  vi.restoreAllMocks();
});

async function openAdd(contracts: FakeClient<"contracts"> = {}) {
  const view = openContracts({ contracts });
  await userEvent.click(await screen.findByRole("button", { name: T.add }));
  const dialog = await screen.findByRole("dialog", { name: CONTRACT_FORM_TEXTS.addTitle });
  return { ...view, dialog };
}

const care = makeUser({ userId: 3n, name: "Cara Care", role: Role.CUSTOMER_CARE });
const admin = makeUser({ userId: 4n, name: "Adam Admin", role: Role.ADMIN });

async function openEdit(contractId: bigint, contracts: FakeClient<"contracts"> = {}, me: User = manager) {
  const view = openContracts({ contracts, me });
  await userEvent.click(within(await contractRow(contractId)).getByRole("button", { name: T.actions.edit }));
  const dialog = await screen.findByRole("dialog", { name: CONTRACT_FORM_TEXTS.editTitle });
  return { ...view, dialog };
}

const field = (dialog: HTMLElement, label: string | RegExp) =>
  within(dialog).getByLabelText(label) as HTMLInputElement | HTMLSelectElement;

/** The texts of a select's options, blank ones left out. */
const optionsOf = (dialog: HTMLElement, label: string | RegExp) =>
  Array.from((field(dialog, label) as HTMLSelectElement).options)
    .map((option) => option.text)
    .filter(Boolean);

const chooseCommodity = (dialog: HTMLElement, commodity: Commodity) =>
  userEvent.selectOptions(field(dialog, /^Commodity/), String(commodity));

/** The accounts chosen (the multi-select's tags). */
function chosenAccounts(dialog: HTMLElement): string[] {
  const box = within(dialog)
    .getByRole("textbox", { name: F.accountIds })
    .closest(`.${Classes.TAG_INPUT}`) as HTMLElement;
  return Array.from(box.querySelectorAll(`.${Classes.TAG}`)).map((tag) => tag.textContent ?? "");
}

/** The accounts the picker offers, after opening it. */
async function offeredAccounts(dialog: HTMLElement): Promise<string[]> {
  await userEvent.click(within(dialog).getByRole("textbox", { name: F.accountIds }));
  const list = await screen.findByRole("listbox", { name: F.accountIds });
  return within(list)
    .getAllByRole("option")
    .map((option) => option.textContent ?? "");
}

async function chooseAccount(dialog: HTMLElement, label: string) {
  await userEvent.click(within(dialog).getByRole("textbox", { name: F.accountIds }));
  const list = await screen.findByRole("listbox", { name: F.accountIds });
  await userEvent.click(within(list).getByText(label));
}

async function replace(dialog: HTMLElement, label: string | RegExp, text: string) {
  const input = field(dialog, label);
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

describe("contract dialog", () => {
  it("waits for a commodity, then offers that commodity's accounts, utilities and suppliers", async () => {
    const { dialog, listAccounts } = await openAdd();
    const save = within(dialog).getByRole("button", { name: T.save }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect((within(dialog).getByRole("textbox", { name: F.accountIds }) as HTMLInputElement).disabled).toBe(true);
    expect(listAccounts).not.toHaveBeenCalled();

    await chooseCommodity(dialog, Commodity.ELECTRIC);
    await waitFor(() =>
      expect(listAccounts).toHaveBeenCalledWith(
        expect.objectContaining({ companyId: 5n, filter: AccountFilter.ELECTRIC }),
      ),
    );
    expect(await offeredAccounts(dialog)).toEqual(["Plant 1 — 0001", "Plant 2 — 0002"]);
    expect(optionsOf(dialog, F.utilityId)).toEqual(["PECO (PA)", "PPL (PA)"]);
    // Live Electric suppliers only.
    expect(optionsOf(dialog, F.supplierId)).toEqual(["Constellation", "Volt Power"]);
    expect(save.disabled).toBe(false);
  });

  it("narrows the utilities and suppliers to those of the chosen accounts", async () => {
    const { dialog } = await openAdd();
    await chooseCommodity(dialog, Commodity.ELECTRIC);
    await chooseAccount(dialog, "Plant 2 — 0002");
    expect(chosenAccounts(dialog)).toEqual(["Plant 2 — 0002"]);
    expect(optionsOf(dialog, F.utilityId)).toEqual(["PPL (PA)"]);
    expect(optionsOf(dialog, F.supplierId)).toEqual(["Volt Power"]);
    await chooseAccount(dialog, "Plant 1 — 0001");
    expect(optionsOf(dialog, F.utilityId)).toEqual(["PECO (PA)", "PPL (PA)"]);
    expect(optionsOf(dialog, F.supplierId)).toEqual(["Constellation", "Volt Power"]);
  });

  it("clears the chosen accounts when the commodity changes and offers the new commodity's", async () => {
    const { dialog, listAccounts } = await openAdd();
    await chooseCommodity(dialog, Commodity.ELECTRIC);
    await chooseAccount(dialog, "Plant 1 — 0001");
    await userEvent.selectOptions(field(dialog, F.utilityId), "PECO (PA)");
    expect(chosenAccounts(dialog)).toEqual(["Plant 1 — 0001"]);

    await chooseCommodity(dialog, Commodity.GAS);
    expect(chosenAccounts(dialog)).toEqual([]);
    await waitFor(() =>
      expect(listAccounts).toHaveBeenCalledWith(expect.objectContaining({ filter: AccountFilter.GAS })),
    );
    // The list chosen from before closes (it faded out with the Electric accounts).
    await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
    expect(await offeredAccounts(dialog)).toEqual(["Boiler House — G-77"]);
    // An Electric utility is no Gas utility: it is dropped too.
    expect(field(dialog, F.utilityId).value).toBe("");
    expect(optionsOf(dialog, F.utilityId)).toEqual(["PECO Gas (PA)", "Columbia Gas (PA)"]);
    expect(optionsOf(dialog, F.supplierId)).toEqual(["Gas Direct"]);
  });

  it("shows the DR fields for DR, on Electric accounts, and hides the team, affiliate, supplier and fee", async () => {
    const { dialog, listAccounts } = await openAdd();
    await chooseCommodity(dialog, Commodity.DR);
    await waitFor(() =>
      expect(listAccounts).toHaveBeenCalledWith(expect.objectContaining({ filter: AccountFilter.ELECTRIC })),
    );
    for (const hidden of [
      F.insideSalesUserId,
      F.closer1UserId,
      F.closer2UserId,
      F.analystUserId,
      F.affiliate,
      F.supplierId,
      F.fee,
    ]) {
      expect(within(dialog).queryByLabelText(hidden)).toBeNull();
    }
    for (const shown of [
      F.signedThrough,
      F.providerSupplierId,
      F.capacityPercentage,
      F.energyPercentage,
      F.jmiPercentage,
    ]) {
      expect(within(dialog).getByLabelText(shown)).toBeTruthy();
    }
    expect(within(dialog).getByLabelText(F.supportAnalyst1UserId)).toBeTruthy();
    expect(optionsOf(dialog, F.signedThrough)).toEqual(["JMI", "Provider"]);
    expect(optionsOf(dialog, F.providerSupplierId)).toEqual(["CPower"]);
    // A DR contract's utility: the Electric ones of its accounts, or a DR one.
    expect(optionsOf(dialog, F.utilityId)).toEqual(["PECO (PA)", "PPL (PA)", "PJM (PA)"]);
  });

  it("adds a contract with every field typed, saving with Enter", async () => {
    const createContract = vi.fn(async () => ({ contract: electricContract }));
    const { dialog } = await openAdd({ createContract });
    await chooseCommodity(dialog, Commodity.ELECTRIC);
    await chooseAccount(dialog, "Plant 1 — 0001");
    await chooseAccount(dialog, "Plant 2 — 0002");
    await userEvent.selectOptions(field(dialog, F.utilityId), "PECO (PA)");
    await userEvent.selectOptions(field(dialog, F.supplierId), "Constellation");
    await userEvent.selectOptions(field(dialog, F.state), "PA");
    await userEvent.selectOptions(field(dialog, F.pricingType), "Matrix");
    await userEvent.selectOptions(field(dialog, F.contractType), "Renewal");
    await userEvent.selectOptions(field(dialog, F.rateType), "Fixed");
    await userEvent.selectOptions(field(dialog, F.billingType), "Dual");
    await userEvent.selectOptions(field(dialog, F.insideSalesUserId), "Sally Sales");
    await userEvent.selectOptions(field(dialog, F.closer1UserId), "Mia Manager");
    await userEvent.selectOptions(field(dialog, F.affiliate), "Acme Partners");
    await userEvent.selectOptions(field(dialog, F.status), "Active - Renewed");
    await userEvent.type(field(dialog, F.dateSigned), "12/15/2025");
    await userEvent.type(field(dialog, F.startDate), "01/01/2026");
    await userEvent.type(field(dialog, F.contractRate), "0.0712");
    await userEvent.type(field(dialog, F.fee), "0.005");
    await userEvent.type(field(dialog, F.revenueSplit), "50");
    await userEvent.type(field(dialog, F.taxExempt), "0");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: F.greenPower }));
    await userEvent.type(field(dialog, F.notes), "Signed at the plant.");
    await userEvent.type(field(dialog, F.paymentSchedule), "Monthly");
    await userEvent.type(field(dialog, F.termMonths), "12{Enter}");

    await waitFor(() => expect(createContract).toHaveBeenCalledTimes(1));
    expect(createContract).toHaveBeenCalledWith({
      contract: expect.objectContaining({
        companyId: 5n,
        commodity: Commodity.ELECTRIC,
        accountIds: [21n, 23n],
        utilityId: 3n,
        supplierId: 8n,
        state: "PA",
        pricingType: "Matrix",
        contractType: "Renewal",
        rateType: "Fixed",
        billingType: "Dual",
        insideSalesUserId: 2n,
        closer1UserId: 1n,
        closer2UserId: 0n,
        affiliate: "Acme Partners",
        status: 1,
        dateSigned: { year: 2025, month: 12, day: 15 },
        startDate: { year: 2026, month: 1, day: 1 },
        termMonths: 12,
        contractRate: "0.0712",
        fee: "0.005",
        revenueSplit: "50",
        taxExempt: "0",
        greenPower: true,
        notes: "Signed at the plant.",
        paymentSchedule: "Monthly",
      }),
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: CONTRACT_FORM_TEXTS.addTitle })).toBeNull());
  }, 45_000); // It types every field: about 17 s alone, 20 s and more beside the Rust build in CI.

  it("refuses a fee of more than 5 decimals and a term out of range before sending", async () => {
    const createContract = vi.fn();
    const { dialog } = await openAdd({ createContract });
    await chooseCommodity(dialog, Commodity.GAS);
    await userEvent.type(field(dialog, F.fee), "0.123456");
    await userEvent.type(field(dialog, F.termMonths), "241");
    expect(within(dialog).getByText(CONTRACT_FORM_TEXTS.amountInvalid)).toBeTruthy();
    expect(within(dialog).getByText(CONTRACT_FORM_TEXTS.termInvalid)).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: T.save }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(field(dialog, F.termMonths), "{Enter}");
    expect(createContract).not.toHaveBeenCalled();
  });

  it("updates only the changed fields with the version read, and shows the computed values", async () => {
    const updateContract = vi.fn(async () => ({ contract: electricContract }));
    const { dialog } = await openEdit(41n, { updateContract });
    const computed = within(dialog).getByTestId("contract-computed");
    expect(computed.textContent).toContain("Annual Volume864,000");
    expect(computed.textContent).toContain("Annual Revenue$4,320.00");
    expect(computed.textContent).toContain("End Date12/31/2026");
    expect(field(dialog, F.contractRate).value).toBe("0.0712");
    expect(field(dialog, F.utilityId).value).toBe("3");
    await waitFor(() => expect(chosenAccounts(dialog)).toEqual(["Plant 1 — 0001", "Plant 2 — 0002"]));

    await replace(dialog, F.termMonths, "24");
    await userEvent.type(field(dialog, F.notes), "Renewed early.");
    await userEvent.click(within(dialog).getByRole("button", { name: T.save }));
    await waitFor(() =>
      expect(updateContract).toHaveBeenCalledWith({
        contract: { contractId: 41n, version: 3n, termMonths: 24, notes: "Renewed early." },
        updateMask: { paths: ["term_months", "notes"] },
      }),
    );
  });

  it("sends the cleared accounts, utility and supplier with a new commodity", async () => {
    const updateContract = vi.fn(async () => ({ contract: electricContract }));
    const { dialog } = await openEdit(41n, { updateContract });
    await waitFor(() => expect(chosenAccounts(dialog)).toHaveLength(2));
    await chooseCommodity(dialog, Commodity.GAS);
    await chooseAccount(dialog, "Boiler House — G-77");
    await userEvent.click(within(dialog).getByRole("button", { name: T.save }));
    await waitFor(() =>
      expect(updateContract).toHaveBeenCalledWith({
        contract: {
          contractId: 41n,
          version: 3n,
          commodity: Commodity.GAS,
          accountIds: [22n],
          utilityId: 0n,
          supplierId: 0n,
        },
        updateMask: { paths: ["commodity", "account_ids", "utility_id", "supplier_id"] },
      }),
    );
  });

  it("after a stale save shows what changed meanwhile, keeps what was typed and saves with the new version", async () => {
    const stored = makeContract({ version: 4n, notes: "Their note", paymentSchedule: "Quarterly" });
    const updateContract = vi
      .fn()
      .mockRejectedValueOnce(new ConnectError("Someone else changed Notes meanwhile.", Code.Aborted))
      .mockResolvedValueOnce({ contract: stored });
    const getContract = vi.fn(async () => ({ contract: stored }));
    const { dialog } = await openEdit(41n, { updateContract, getContract });
    await userEvent.type(field(dialog, F.notes), "My note");
    await userEvent.click(within(dialog).getByRole("button", { name: T.save }));

    expect(await within(dialog).findByText("Someone else changed Notes meanwhile.")).toBeTruthy();
    expect(getContract).toHaveBeenCalledWith({ contractId: 41n });
    expect(within(dialog).getByText('Someone else has saved "Their note" here meanwhile.')).toBeTruthy();
    expect(field(dialog, F.notes).value).toBe("My note");
    // A field this person never touched shows the stored value.
    expect(field(dialog, F.paymentSchedule).value).toBe("Quarterly");

    await userEvent.click(within(dialog).getByRole("button", { name: T.save }));
    await waitFor(() =>
      expect(updateContract).toHaveBeenLastCalledWith({
        contract: { contractId: 41n, version: 4n, notes: "My note" },
        updateMask: { paths: ["notes"] },
      }),
    );
  });

  it("shows the service's refusal in the dialog and keeps everything typed", async () => {
    const toasts = spyToasts();
    const createContract = vi.fn(async () => {
      throw new ConnectError("Choose a Electric utility from the list.", Code.InvalidArgument);
    });
    const { dialog } = await openAdd({ createContract });
    await chooseCommodity(dialog, Commodity.ELECTRIC);
    await userEvent.type(field(dialog, F.paymentSchedule), "Monthly");
    await userEvent.click(within(dialog).getByRole("button", { name: T.save }));
    expect(await within(dialog).findByText("Choose a Electric utility from the list.")).toBeTruthy();
    expect(field(dialog, F.paymentSchedule).value).toBe("Monthly");
    expect(toasts.error).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: CONTRACT_FORM_TEXTS.addTitle })).toBeTruthy();
  });

  it("says 'error fetching data' when a save fails for another reason", async () => {
    const toasts = spyToasts();
    const createContract = vi.fn(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    const { dialog } = await openAdd({ createContract });
    await chooseCommodity(dialog, Commodity.GAS);
    await userEvent.click(within(dialog).getByRole("button", { name: T.save }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("error fetching data"));
    expect(screen.getByRole("dialog", { name: CONTRACT_FORM_TEXTS.addTitle })).toBeTruthy();
  });

  it("closes with Escape", async () => {
    const { dialog } = await openAdd();
    await userEvent.click(field(dialog, F.paymentSchedule));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: CONTRACT_FORM_TEXTS.addTitle })).toBeNull());
  });

  it("opens on its first field, Commodity, and gives focus back to Add Contract when closed", async () => {
    const { dialog } = await openAdd();
    await waitFor(() => expect(document.activeElement).toBe(field(dialog, /^Commodity/)));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: CONTRACT_FORM_TEXTS.addTitle })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: T.add })));
  });
});

describe("contract dialog: projection basis", () => {
  const basisField = (dialog: HTMLElement) => within(dialog).queryByLabelText(F.projectionBasis);

  it("offers 'Projected payments by' (Fee, Rate) to Management and Admin when editing, not when adding", async () => {
    const asManager = await openEdit(41n);
    const select = field(asManager.dialog, F.projectionBasis) as HTMLSelectElement;
    expect(select.tagName).toBe("SELECT");
    expect(select.value).toBe(String(ProjectionBasis.FEE));
    expect(optionsOf(asManager.dialog, F.projectionBasis)).toEqual(["Fee", "Rate"]);
    asManager.unmount();

    const asAdmin = await openEdit(41n, {}, admin);
    expect(basisField(asAdmin.dialog)).toBeTruthy();
    asAdmin.unmount();

    const adding = await openAdd();
    expect(basisField(adding.dialog)).toBeNull();
  });

  it("is not offered to Customer Care, whose edits never send it; Sales cannot edit at all", async () => {
    const store = fakeContractStore(care);
    const { dialog, unmount } = await openEdit(41n, store.methods, care);
    expect(basisField(dialog)).toBeNull();
    await userEvent.type(field(dialog, F.notes), "Checked.");
    await userEvent.click(within(dialog).getByRole("button", { name: T.save }));
    await waitFor(() => expect(store.methods.updateContract).toHaveBeenCalledTimes(1));
    expect(store.methods.updateContract).toHaveBeenCalledWith({
      contract: { contractId: 41n, version: 3n, notes: "Checked." },
      updateMask: { paths: ["notes"] },
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    unmount();

    openContracts({ me: sally });
    expect(within(await contractRow(41n)).queryByRole("button", { name: T.actions.edit })).toBeNull();
  });

  it("asks first, then sends exactly the projection basis; the Payments dialog then goes by the rate", async () => {
    const store = fakeContractStore(manager);
    const { dialog, services } = await openEdit(41n, store.methods);
    const payments = fakePayments([], { contract: () => store.contract(41n) });
    Object.assign(services.api, { payments });
    await userEvent.selectOptions(field(dialog, F.projectionBasis), "Rate");
    await userEvent.click(within(dialog).getByRole("button", { name: T.save }));

    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain(
      'Projected payments of this contract will be computed by its rate from now on. Existing payments keep their figures until "Update Proj. Payments" is used.',
    );
    expect(store.methods.updateContract).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole("button", { name: T.save }));
    await waitFor(() => expect(store.methods.updateContract).toHaveBeenCalledTimes(1));
    expect(store.methods.updateContract).toHaveBeenCalledWith({
      contract: { contractId: 41n, version: 3n, projectionBasis: ProjectionBasis.RATE },
      updateMask: { paths: ["projection_basis"] },
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: CONTRACT_FORM_TEXTS.editTitle })).toBeNull());

    // The list is read again: the contract's Payments now go by its rate (0.0712).
    await waitFor(() => expect(store.methods.listContracts.mock.calls.length).toBeGreaterThan(1));
    await waitFor(() => expect(services.queryClient.isFetching()).toBe(0));
    await userEvent.click(within(await contractRow(41n)).getByRole("button", { name: T.actions.payments }));
    const paymentsDialog = await screen.findByRole("dialog", { name: PAYMENT_UI_TEXTS.title });
    expect(within(paymentsDialog).getByTestId("projection-basis").textContent).toBe(
      "Projected payments by rate (0.0712)",
    );
    await userEvent.click(within(paymentsDialog).getByRole("button", { name: PAYMENT_UI_TEXTS.pasteForm }));
    await userEvent.click(within(paymentsDialog).getByLabelText(PAYMENT_UI_TEXTS.pasteLabel));
    // The service answers by the rate it stores now: 1,000 x 50% x 0.0712.
    payments.answerPaste("8\t2026\t50\t1000\t0\t\t\t\t\t", {
      rows: [
        pastedRow(1, { projectedMonth: 8, revenueSplit: "50", projectedUsage: "1000", projectedPayment: "35.60" }),
      ],
    });
    await userEvent.paste("8\t2026\t50\t1000\t0\t\t\t\t\t");
    const preview = await within(paymentsDialog).findByRole("table", { name: PAYMENT_UI_TEXTS.previewLabel });
    expect(within(preview).getByTestId("preview-projected").textContent).toBe("$35.60");
    expect(payments.pastePayments).toHaveBeenCalledWith(
      { contractId: 41n, text: "8\t2026\t50\t1000\t0\t\t\t\t\t", validateOnly: true },
      expect.anything(),
    );
  });

  it("sends nothing when the confirmation is cancelled, and keeps the choice", async () => {
    const store = fakeContractStore(manager);
    const { dialog } = await openEdit(41n, store.methods);
    await userEvent.selectOptions(field(dialog, F.projectionBasis), "Rate");
    await userEvent.type(field(dialog, F.notes), "By rate.");
    await userEvent.click(within(dialog).getByRole("button", { name: T.save }));
    const confirm = await screen.findByRole("alertdialog");
    await userEvent.click(within(confirm).getByRole("button", { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(store.methods.updateContract).not.toHaveBeenCalled();
    expect(field(dialog, F.projectionBasis).value).toBe(String(ProjectionBasis.RATE));

    // Saved after all: the basis goes with the other change, in the dialog's field order.
    await userEvent.click(within(dialog).getByRole("button", { name: T.save }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: T.save }));
    await waitFor(() =>
      expect(store.methods.updateContract).toHaveBeenCalledWith({
        contract: { contractId: 41n, version: 3n, notes: "By rate.", projectionBasis: ProjectionBasis.RATE },
        updateMask: { paths: ["notes", "projection_basis"] },
      }),
    );
  });

  it("shows the server's refusal of the basis in the dialog", async () => {
    const updateContract = vi.fn(async () => {
      throw new ConnectError("Projection basis must be Fee or Rate.", Code.InvalidArgument);
    });
    const { dialog } = await openEdit(41n, { updateContract });
    await userEvent.selectOptions(field(dialog, F.projectionBasis), "Rate");
    await userEvent.click(within(dialog).getByRole("button", { name: T.save }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: T.save }));
    expect(await within(dialog).findByText("Projection basis must be Fee or Rate.")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: CONTRACT_FORM_TEXTS.editTitle })).toBeTruthy();
  });
});
