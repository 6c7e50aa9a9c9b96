import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { manager, sally, spyToasts } from "../../test/fakes";
import { fakePayments, makeContract, makeDrPayment } from "../../test/paymentFakes";
import { DrPaymentsDialog } from "./DrPaymentsDialog";
import { renderSignedIn } from "./paymentsTestKit";
import { PAYMENT_TEXTS, DR_PAYMENT_TEXTS as T } from "./texts";

afterEach(() => {
  vi.restoreAllMocks();
});

const drContract = makeContract({ contractId: 71n, commodity: Commodity.DR, fee: "" });
const summer = makeDrPayment({
  drPaymentId: 31n,
  amount: "1250.5",
  date: { year: 2025, month: 8, day: 15 },
  period: "Summer",
});

async function openDr(me = manager, records = [summer]) {
  const payments = fakePayments([], { dr: records });
  await renderSignedIn(<DrPaymentsDialog contract={drContract} isOpen onClose={vi.fn()} />, me, { payments });
  const dialog = screen.getByRole("dialog", { name: T.title });
  return { dialog, payments };
}

describe("DR payment history dialog", () => {
  it("lists amounts as dollars, dates as MM/DD/YYYY and the period", async () => {
    const { dialog, payments } = await openDr();
    const table = await within(dialog).findByRole("table", { name: T.tableLabel });
    expect(payments.listDrPayments).toHaveBeenCalledWith({ contractId: 71n }, expect.anything());
    const cells = within(table)
      .getAllByRole("cell")
      .map((td) => td.textContent);
    expect(cells.slice(0, 3)).toEqual(["$1,250.50", "08/15/2025", "Summer"]);
  });

  it("adds a payment with the spec's message", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const { dialog, payments } = await openDr(manager, []);
    expect(await within(dialog).findByText(T.none)).toBeTruthy();
    const form = within(dialog).getByRole("form", { name: T.addLabel });
    await user.selectOptions(within(form).getByLabelText(T.period), "Winter");
    expect(
      within(within(form).getByLabelText(T.period))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([T.choose, "Winter", "Summer"]);
    await user.type(within(form).getByLabelText(T.amount), "2,000");
    await user.type(within(form).getByLabelText(T.date), "01/31/2026{Enter}");
    await waitFor(() =>
      expect(payments.createDrPayment).toHaveBeenCalledWith({
        drPayment: {
          contractId: 71n,
          amount: "2000",
          date: expect.objectContaining({ year: 2026, month: 1, day: 31 }),
          period: "Winter",
        },
      }),
    );
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith("Payment History Added successfully"));
    const table = await within(dialog).findByRole("table", { name: T.tableLabel });
    expect(within(table).getByText("$2,000.00")).toBeTruthy();
    expect(within(table).getByText("01/31/2026")).toBeTruthy();
    expect((within(form).getByLabelText(T.amount) as HTMLInputElement).value).toBe("");
  });

  it("says what is missing and adds nothing", async () => {
    const user = userEvent.setup();
    const { dialog, payments } = await openDr(manager, []);
    const form = within(dialog).getByRole("form", { name: T.addLabel });
    await user.type(within(form).getByLabelText(T.date), "13/45/2026");
    await user.click(within(form).getByRole("button", { name: T.add }));
    expect(within(form).getByText(T.amountRequired)).toBeTruthy();
    expect(within(form).getByText(T.dateInvalid)).toBeTruthy();
    expect(within(form).getByText(T.periodRequired)).toBeTruthy();
    expect(payments.createDrPayment).not.toHaveBeenCalled();
  });

  it("deletes a record after the spec's confirmation", async () => {
    const user = userEvent.setup();
    spyToasts();
    const { dialog, payments } = await openDr();
    const table = await within(dialog).findByRole("table", { name: T.tableLabel });
    await user.click(within(table).getByRole("button", { name: T.deleteRow("$1,250.50", "08/15/2025") }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText(PAYMENT_TEXTS.drDeleteConfirm).textContent).toBe(
      "Are you sure you want to delete this record?",
    );
    await user.click(within(confirm).getByRole("button", { name: T.delete }));
    await waitFor(() => expect(payments.deleteDrPayment).toHaveBeenCalledWith({ drPaymentId: 31n }));
    expect(await within(dialog).findByText(T.none)).toBeTruthy();
  });

  it("is read only for Sales", async () => {
    const { dialog } = await openDr(sally);
    const table = await within(dialog).findByRole("table", { name: T.tableLabel });
    expect(within(table).getByText("$1,250.50")).toBeTruthy();
    expect(within(table).queryByRole("button")).toBeNull();
    expect(within(dialog).queryByRole("form", { name: T.addLabel })).toBeNull();
  });
});
