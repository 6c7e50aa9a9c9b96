import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import { manager, sally, spyToasts } from "../../test/fakes";
import { fakePayments, makeBetaContract, makeContract, makeTotals, pastedRow } from "../../test/paymentFakes";
import { BetaPaymentsPanel } from "./BetaPaymentsPanel";
import { renderSignedIn } from "./paymentsTestKit";
import { PAYMENT_TEXTS, PAYMENT_UI_TEXTS as T } from "./texts";

afterEach(() => {
  vi.restoreAllMocks();
});

// Made on the beta tab, rate 0.08125: its projected payments go by its rate, not its fee.
const contract = makeBetaContract({ fee: "0.005", contractRate: "0.08125" });
const totals = {
  projected: makeTotals({
    annualVolume: "1234567.5",
    annualRevenue: "6172.84",
    termVolume: "2469135",
    termRevenue: "12345.675",
  }),
  actual: makeTotals({ annualVolume: "11800", annualRevenue: "29.5", termVolume: "11800", termRevenue: "29.5" }),
};

async function openPanel(
  canEdit = true,
  payments = fakePayments(undefined, { totals, contract }),
  shown: Contract = contract,
) {
  await renderSignedIn(<BetaPaymentsPanel contract={shown} canEdit={canEdit} />, canEdit ? manager : sally, {
    payments,
  });
  const table = await screen.findByRole("table", { name: T.tableLabel });
  return { table, payments };
}

/** A totals card's values by label. */
function totalsOf(title: string): Record<string, string> {
  const card = screen.getByRole("group", { name: title });
  const terms = within(card).getAllByRole("term");
  return Object.fromEntries(terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? ""]));
}

const row = (paymentId: bigint) => document.querySelector(`tr[data-payment-id="${paymentId}"]`) as HTMLElement;

describe("beta Payments tab", () => {
  it("shows the projected and actual totals: volumes grouped, revenues in dollars", async () => {
    await openPanel();
    expect(totalsOf(T.projectedTotals)).toEqual({
      "Annual Volume": "1,234,567.5",
      "Annual Revenue": "$6,172.84",
      "Term Volume": "2,469,135",
      "Term Revenue": "$12,345.68",
    });
    expect(totalsOf(T.actualTotals)).toEqual({
      "Annual Volume": "11,800",
      "Annual Revenue": "$29.50",
      "Term Volume": "11,800",
      "Term Revenue": "$29.50",
    });
  });

  it("adds a single row whose projected payment is usage x (split / 100) x rate, with Add Payment", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const { payments } = await openPanel();
    await user.click(screen.getByRole("button", { name: T.addPayments }));
    const form = screen.getByRole("form", { name: T.addPayments });
    await user.selectOptions(within(form).getByLabelText("Projected Month"), "July");
    await user.selectOptions(within(form).getByLabelText("Projected Year"), "2026");
    await user.type(within(form).getByLabelText("Projected Usage"), "1234");
    await user.type(within(form).getByLabelText("Revenue Split"), "75");
    // 1,234 x 0.75 x 0.08125 = 75.196875
    expect((within(form).getByLabelText("Projected Payment") as HTMLInputElement).value).toBe("75.20");
    // The submit button says what the form does: no 'Update Payment(s)' on a form that adds.
    expect(within(form).queryByRole("button", { name: "Update Payment(s)" })).toBeNull();
    await user.click(within(form).getByRole("button", { name: "Add Payment" }));
    await waitFor(() => expect(payments.createPayments).toHaveBeenCalledTimes(1));
    const sent = (payments.createPayments.mock.calls[0] as unknown as [{ payments: object[] }])[0];
    expect(sent.payments).toEqual([
      expect.objectContaining({
        projectedMonth: 7,
        projectedYear: 2026,
        projectedUsage: "1234",
        projectedPayment: "75.2",
      }),
    ]);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(PAYMENT_TEXTS.added));
    expect(screen.queryByRole("form", { name: T.addPayments })).toBeNull();
    await waitFor(() => expect(row(500n)?.textContent).toContain("July"));
  });

  it("names the contract's projection basis under the totals", async () => {
    await openPanel(false);
    expect(screen.getByTestId("projection-basis").textContent).toBe("Projected payments by rate (0.08125)");
  });

  it("adds pasted rows, the fifth column recomputed with the contract's rate", async () => {
    const user = userEvent.setup();
    spyToasts();
    const { payments } = await openPanel();
    // The service answers the rows by the contract's rate: 1,000 x 50% x 0.08125 = 40.625.
    const text = "8\t2026\t50\t1000\t0\t\t\t\t\t\n9\t2026\t50\t2000\t0\t\t\t\t\t";
    payments.answerPaste(text, {
      rows: [
        pastedRow(1, { projectedMonth: 8, revenueSplit: "50", projectedUsage: "1000", projectedPayment: "40.63" }),
        pastedRow(2, { projectedMonth: 9, revenueSplit: "50", projectedUsage: "2000", projectedPayment: "81.25" }),
      ],
    });
    await user.click(screen.getByRole("button", { name: T.addPayments }));
    const form = screen.getByRole("form", { name: T.addPayments });
    await user.click(within(form).getByRole("radio", { name: T.copyPaste }));
    await user.click(within(form).getByLabelText(T.pasteLabel));
    await user.paste(text);
    const preview = await within(form).findByRole("table", { name: T.previewLabel });
    expect(
      within(preview)
        .getAllByTestId("preview-projected")
        .map((cell) => cell.textContent),
    ).toEqual(["$40.63", "$81.25"]);
    await user.click(within(form).getByRole("button", { name: "Add 2 Payments" }));
    await waitFor(() =>
      expect(payments.pastePayments).toHaveBeenLastCalledWith({ contractId: 70n, text, validateOnly: false }),
    );
    await waitFor(() => expect(row(501n)?.textContent).toContain("September"));
  });

  it("goes by the fee for a contract made on the lead contracts screen", async () => {
    const user = userEvent.setup();
    spyToasts();
    const byFee = makeContract({ fee: "0.005", contractRate: "0.08125" });
    const { payments } = await openPanel(true, fakePayments(undefined, { totals, contract: byFee }), byFee);
    expect(screen.getByTestId("projection-basis").textContent).toBe("Projected payments by fee (0.005)");
    await user.click(screen.getByRole("button", { name: T.addPayments }));
    const form = screen.getByRole("form", { name: T.addPayments });
    expect(within(form).getByText(T.factorNote("fee", "0.005"))).toBeTruthy();
    await user.type(within(form).getByLabelText("Projected Usage"), "1234");
    await user.type(within(form).getByLabelText("Revenue Split"), "75");
    // 1,234 x 0.75 x 0.005 = 4.6275
    expect((within(form).getByLabelText("Projected Payment") as HTMLInputElement).value).toBe("4.63");
    await user.click(within(form).getByRole("radio", { name: T.copyPaste }));
    await user.click(within(form).getByLabelText(T.pasteLabel));
    const text = "8\t2026\t50\t1000\t0\t\t\t\t\t";
    // By the fee: 1,000 x 50% x 0.005.
    payments.answerPaste(text, {
      rows: [pastedRow(1, { projectedMonth: 8, revenueSplit: "50", projectedUsage: "1000", projectedPayment: "2.50" })],
    });
    await user.paste(text);
    const preview = await within(form).findByRole("table", { name: T.previewLabel });
    expect(within(preview).getByTestId("preview-projected").textContent).toBe("$2.50");
    await user.click(within(form).getByRole("button", { name: "Add 1 Payment" }));
    await waitFor(() =>
      expect(payments.pastePayments).toHaveBeenLastCalledWith({ contractId: 70n, text, validateOnly: false }),
    );
    await waitFor(() => expect(row(500n)?.textContent).toContain("$2.50"));
  });

  it("recomputes a payment being edited by the contract's basis", async () => {
    const user = userEvent.setup();
    const byFee = makeContract({ fee: "0.005", contractRate: "0.08125" });
    await openPanel(true, fakePayments(undefined, { totals, contract: byFee }), byFee);
    await user.click(within(row(102n)).getByRole("button", { name: T.editRow("February 2026") }));
    const dialog = screen.getByRole("dialog", { name: T.editTitle });
    const usage = within(dialog).getByLabelText("Projected Usage");
    await user.clear(usage);
    await user.type(usage, "2000");
    // 2,000 x 50% x the fee 0.005 (by the rate it would be 81.25)
    expect((within(dialog).getByLabelText("Projected Payment") as HTMLInputElement).value).toBe("5.00");
  });

  it("edits a payment in the Edit Payment dialog with the version read", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const { payments } = await openPanel();
    await user.click(within(row(102n)).getByRole("button", { name: T.editRow("February 2026") }));
    const dialog = screen.getByRole("dialog", { name: T.editTitle });
    expect((within(dialog).getByLabelText("Payment Type") as HTMLSelectElement).value).toBe("Residual");
    const actual = within(dialog).getByLabelText("Payment Actual");
    await user.clear(actual);
    await user.type(actual, "31.10");
    await user.click(within(dialog).getByRole("button", { name: T.save }));
    await waitFor(() => expect(payments.updatePayment).toHaveBeenCalledTimes(1));
    const sent = (payments.updatePayment.mock.calls[0] as unknown as [{ payment: object }])[0];
    expect(sent.payment).toMatchObject({
      paymentId: 102n,
      version: 4n,
      paymentActual: "31.1",
      paymentType: "Residual",
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(PAYMENT_TEXTS.updated));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: T.editTitle })).toBeNull());
    await waitFor(() => expect(row(102n).textContent).toContain("$31.10"));
  });

  it("deletes a payment after the confirmation naming its payment month and year", async () => {
    const user = userEvent.setup();
    spyToasts();
    const { payments } = await openPanel();
    await user.click(within(row(102n)).getByRole("button", { name: T.deleteRow("February 2026") }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Confirm Delete Payment?")).toBeTruthy();
    expect(within(confirm).getByText("March 2026")).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: T.delete }));
    await waitFor(() => expect(payments.deletePayment).toHaveBeenCalledWith({ paymentId: 102n }));
    await waitFor(() => expect(row(102n)).toBeNull());
  });

  it("shows no edit, delete or add without the right to change", async () => {
    const { table } = await openPanel(false);
    expect(within(table).queryByRole("columnheader", { name: "Actions" })).toBeNull();
    expect(within(table).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("button", { name: T.addPayments })).toBeNull();
    expect(totalsOf(T.actualTotals)["Annual Revenue"]).toBe("$29.50");
  });
});
