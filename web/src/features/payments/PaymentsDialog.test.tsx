import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser, manager, sally, spyToasts } from "../../test/fakes";
import {
  fakePayments,
  february,
  january,
  makeBetaContract,
  makeContract,
  makePayment,
  pastedRow,
} from "../../test/paymentFakes";
import { PaymentsDialog } from "./PaymentsDialog";
import { renderSignedIn } from "./paymentsTestKit";
import { PAYMENT_TEXTS, PAYMENT_UI_TEXTS as T } from "./texts";

afterEach(() => {
  vi.restoreAllMocks();
});

const contract = makeContract();
const care = makeUser({ userId: 3n, name: "Cara Care", role: Role.CUSTOMER_CARE });
const admin = makeUser({ userId: 4n, name: "Adam Admin", role: Role.ADMIN });

async function openPayments(
  options: { me?: typeof manager; payments?: ReturnType<typeof fakePayments>; contract?: Contract } = {},
) {
  const shown = options.contract ?? contract;
  const payments = options.payments ?? fakePayments(undefined, { contract: shown });
  // The dialog needs no contract read: the server computes projected payments by the stored contract.
  const contracts = { getContract: vi.fn() };
  const onClose = vi.fn();
  const view = await renderSignedIn(
    <PaymentsDialog contract={shown} isOpen onClose={onClose} />,
    options.me ?? manager,
    { payments, contracts },
  );
  const dialog = screen.getByRole("dialog", { name: T.title });
  await within(dialog).findByRole("table", { name: T.tableLabel });
  return { ...view, dialog, payments, contracts, onClose };
}

/** Opens the paste form and pastes the text into it; answers the form. */
async function pasteText(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, text: string) {
  await user.click(within(dialog).getByRole("button", { name: T.pasteForm }));
  const form = within(dialog).getByRole("region", { name: T.pasteTitle });
  await user.click(within(form).getByLabelText(T.pasteLabel));
  await user.paste(text);
  return form;
}

/** Pastes rows into the paste form and answers the preview's projected payments. */
async function pasteRows(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, text: string) {
  const form = await pasteText(user, dialog, text);
  const preview = await within(form).findByRole("table", { name: T.previewLabel });
  const projected = within(preview)
    .getAllByTestId("preview-projected")
    .map((cell) => cell.textContent);
  return { form, projected };
}

const row = (dialog: HTMLElement, paymentId: bigint) =>
  dialog.querySelector(`tr[data-payment-id="${paymentId}"]`) as HTMLElement;
const cells = (tr: HTMLElement) =>
  within(tr)
    .getAllByRole("cell")
    .map((td) => td.textContent);
const inputValue = (tr: HTMLElement, label: string) =>
  (within(tr).getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

describe("payment dialog", () => {
  it("lists the payments with months by name and money as dollars", async () => {
    const { dialog, payments } = await openPayments();
    expect(payments.listPayments).toHaveBeenCalledWith({ contractId: 70n }, expect.anything());
    const headers = within(within(dialog).getByRole("table", { name: T.tableLabel }))
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual([
      "Actions",
      "Projected Month",
      "Projected Year",
      "Revenue Split",
      "Projected Usage",
      "Projected Payment",
      "Payment Month",
      "Payment Year",
      "Usage Actual",
      "Payment Actual",
      "Payment Type",
    ]);
    expect(cells(row(dialog, 102n)).slice(1)).toEqual([
      "February",
      "2026",
      "50%",
      "12,000",
      "$30.00",
      "March",
      "2026",
      "11,800",
      "$29.50",
      "Residual",
    ]);
    expect(cells(row(dialog, 101n)).slice(6)).toEqual(["", "", "", "", ""]);
  });

  it("edits one row at a time and saves it with Enter and the version read", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const { dialog, payments } = await openPayments();
    await user.click(within(row(dialog, 102n)).getByRole("button", { name: T.editRow("February 2026") }));
    const editing = row(dialog, 102n);
    expect(editing.getAttribute("data-editing")).toBe("true");
    // The keyboard goes to the row's first field.
    expect(document.activeElement).toBe(within(editing).getByLabelText("Projected Month"));
    expect(inputValue(editing, "Payment Month")).toBe("3");
    // The other row cannot be opened (nor deleted) while this one is.
    const other = within(row(dialog, 101n));
    expect((other.getByRole("button", { name: T.editRow("January 2026") }) as HTMLButtonElement).disabled).toBe(true);
    expect((other.getByRole("button", { name: T.deleteRow("January 2026") }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.querySelectorAll("tr[data-editing]")).toHaveLength(1);

    const actual = within(editing).getByLabelText("Payment Actual");
    await user.clear(actual);
    await user.type(actual, "1,031.25{Enter}");
    await waitFor(() => expect(payments.updatePayment).toHaveBeenCalledTimes(1));
    expect(payments.updatePayment).toHaveBeenCalledWith({
      payment: {
        paymentId: 102n,
        contractId: 70n,
        version: 4n,
        projectedMonth: 2,
        projectedYear: 2026,
        revenueSplit: "50",
        projectedUsage: "12000",
        projectedPayment: "30",
        paymentMonth: 3,
        paymentYear: 2026,
        usageActual: "11800",
        paymentActual: "1031.25",
        paymentType: "Residual",
      },
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(PAYMENT_TEXTS.updated));
    await waitFor(() => expect(row(dialog, 102n).getAttribute("data-editing")).toBeNull());
    expect(cells(row(dialog, 102n))[9]).toBe("$1,031.25");
  });

  it("cancels a row edit with Escape and keeps the dialog open", async () => {
    const user = userEvent.setup();
    const { dialog, payments, onClose } = await openPayments();
    await user.click(within(row(dialog, 101n)).getByRole("button", { name: T.editRow("January 2026") }));
    const usage = within(row(dialog, 101n)).getByLabelText("Projected Usage");
    await user.clear(usage);
    await user.type(usage, "99999{Escape}");
    expect(row(dialog, 101n).getAttribute("data-editing")).toBeNull();
    expect(cells(row(dialog, 101n))[4]).toBe("10,000");
    // The keyboard is back on the row's Edit button.
    expect(document.activeElement).toBe(
      within(row(dialog, 101n)).getByRole("button", { name: T.editRow("January 2026") }),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(payments.updatePayment).not.toHaveBeenCalled();
  });

  it("reads a payment someone else changed again, keeps what was typed and saves with the new version", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const { dialog, payments } = await openPayments();
    await user.click(within(row(dialog, 102n)).getByRole("button", { name: T.editRow("February 2026") }));
    payments.changeElsewhere(102n, { paymentType: "Upfront" });
    const actual = within(row(dialog, 102n)).getByLabelText("Payment Actual");
    await user.clear(actual);
    await user.type(actual, "40");
    await user.click(within(row(dialog, 102n)).getByRole("button", { name: T.saveRow("February 2026") }));

    const notice = await within(dialog).findByText(/Someone else changed the payment of February 2026/);
    expect(notice.textContent).toContain("Payment Type Upfront");
    const editing = row(dialog, 102n);
    expect(editing.getAttribute("data-editing")).toBe("true");
    expect(inputValue(editing, "Payment Actual")).toBe("40");
    // A field not typed in shows what is stored now.
    expect(inputValue(editing, "Payment Type")).toBe("Upfront");
    expect(toasts.success).not.toHaveBeenCalled();

    await user.click(within(editing).getByRole("button", { name: T.saveRow("February 2026") }));
    await waitFor(() => expect(payments.updatePayment).toHaveBeenCalledTimes(2));
    const second = (payments.updatePayment.mock.calls[1] as unknown as [{ payment: { version: bigint } }])[0];
    expect(second.payment).toMatchObject({ version: 5n, paymentActual: "40", paymentType: "Upfront" });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(PAYMENT_TEXTS.updated));
  });

  it("refuses 'Update Proj. Payments' while a row is open, then has the server recompute every payment", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const payments = fakePayments();
    // Someone changed the fee since the contracts list was read: the server computes with 0.01.
    payments.changeContract({ fee: "0.01" });
    const { dialog, contracts } = await openPayments({ payments });
    await user.click(within(row(dialog, 101n)).getByRole("button", { name: T.editRow("January 2026") }));
    await user.click(within(dialog).getByRole("button", { name: PAYMENT_TEXTS.updateProjected }));
    const refusal = within(dialog).getByRole("alert");
    expect(refusal.textContent).toBe(
      "Unable to update projected payments when a row is being edited.  Please save your changes for any open payment rows and try again.",
    );
    expect(refusal.className).toBe("eris-payment-refused");
    expect(payments.updateProjectedPayments).not.toHaveBeenCalled();
    expect(contracts.getContract).not.toHaveBeenCalled();

    await user.click(within(row(dialog, 101n)).getByRole("button", { name: T.cancelRow("January 2026") }));
    expect(within(dialog).queryByRole("alert")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: PAYMENT_TEXTS.updateProjected }));
    await waitFor(() => expect(payments.updateProjectedPayments).toHaveBeenCalledTimes(1));
    // Only ids and versions go: no figure of the screen's (from the 0.005 it was opened with).
    expect(payments.updateProjectedPayments).toHaveBeenCalledWith({
      contractId: 70n,
      updates: [
        { paymentId: 101n, projectedPayment: "", version: 1n },
        { paymentId: 102n, projectedPayment: "", version: 4n },
      ],
    });
    expect(contracts.getContract).not.toHaveBeenCalled();
    await waitFor(() => expect(cells(row(dialog, 101n))[5]).toBe("$50.00"));
    expect(cells(row(dialog, 102n))[5]).toBe("$60.00");
    expect(toasts.success).toHaveBeenCalledWith(T.projectedUpdated(2));
  });

  it("shows the server's refusal of 'Update Proj. Payments', one line per payment", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const payments = fakePayments();
    const refusal =
      "Payment 101: by the contract's fee its projected payment is 25.00, not 40.00.\n" +
      "Payment 102: by the contract's fee its projected payment is 30.00, not 41.00.";
    payments.updateProjectedPayments.mockRejectedValueOnce(new ConnectError(refusal, Code.InvalidArgument));
    const { dialog } = await openPayments({ payments });
    await user.click(within(dialog).getByRole("button", { name: PAYMENT_TEXTS.updateProjected }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe(refusal);
    // The lines stay lines.
    expect(alert.classList.contains("eris-payment-reason")).toBe(true);
    expect(toasts.success).not.toHaveBeenCalled();
    expect(cells(row(dialog, 101n))[5]).toBe("$25.00");
  });

  it("names the contract's projection basis by 'Update Proj. Payments'", async () => {
    const { dialog, unmount } = await openPayments();
    expect(within(dialog).getByTestId("projection-basis").textContent).toBe("Projected payments by fee (0.005)");
    unmount();
    const rated = await openPayments({ contract: makeBetaContract(), me: sally });
    expect(within(rated.dialog).getByTestId("projection-basis").textContent).toBe(
      "Projected payments by rate (0.08125)",
    );
  });

  it("goes by the rate for a contract made on the beta tab: add form, pasted rows and 'Update Proj. Payments'", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    // 10,000 x 50% x 0.08125 = 406.25 (by the fee it would be 25.00); stored figures are the fee's.
    const { dialog, payments } = await openPayments({ contract: makeBetaContract() });
    expect(within(dialog).getByTestId("projection-basis").textContent).toContain("Projected payments by rate");

    await user.click(within(dialog).getByRole("button", { name: T.addForm }));
    const add = within(dialog).getByRole("form", { name: T.addTitle });
    await user.type(within(add).getByLabelText("Projected Usage"), "1234");
    await user.type(within(add).getByLabelText("Revenue Split"), "75");
    // 1,234 x 0.75 x 0.08125 = 75.196875
    expect((within(add).getByLabelText("Projected Payment") as HTMLInputElement).value).toBe("75.20");
    await user.click(within(add).getByRole("button", { name: T.cancel }));

    // The service answers the rows by the contract's rate: 1,000 x 50% x 0.08125 = 40.625.
    const text = "8\t2026\t50\t1000\t0\t\t\t\t\t\n9\t2026\t50\t2000\t0\t\t\t\t\t";
    payments.answerPaste(text, {
      rows: [
        pastedRow(1, { projectedMonth: 8, revenueSplit: "50", projectedUsage: "1000", projectedPayment: "40.63" }),
        pastedRow(2, { projectedMonth: 9, revenueSplit: "50", projectedUsage: "2000", projectedPayment: "81.25" }),
      ],
    });
    const { form, projected } = await pasteRows(user, dialog, text);
    expect(projected).toEqual(["$40.63", "$81.25"]);
    await user.click(within(form).getByRole("button", { name: T.pasteAdd(2) }));
    await waitFor(() =>
      expect(payments.pastePayments).toHaveBeenCalledWith(expect.objectContaining({ validateOnly: false })),
    );
    // The text goes as pasted, with no basis: the server takes the contract's.
    expect(payments.pastePayments).toHaveBeenLastCalledWith({ contractId: 70n, text, validateOnly: false });
    await waitFor(() => expect(cells(row(dialog, 501n))[5]).toBe("$81.25"));

    await user.click(within(dialog).getByRole("button", { name: PAYMENT_TEXTS.updateProjected }));
    await waitFor(() => expect(payments.updateProjectedPayments).toHaveBeenCalledTimes(1));
    expect(payments.updateProjectedPayments).toHaveBeenCalledWith({
      contractId: 70n,
      updates: [
        { paymentId: 101n, projectedPayment: "", version: 1n },
        { paymentId: 102n, projectedPayment: "", version: 4n },
        { paymentId: 500n, projectedPayment: "", version: 1n },
        { paymentId: 501n, projectedPayment: "", version: 1n },
      ],
    });
    await waitFor(() => expect(cells(row(dialog, 101n))[5]).toBe("$406.25"));
    // 12,000 x 50% x 0.08125
    expect(cells(row(dialog, 102n))[5]).toBe("$487.50");
    expect(toasts.success).toHaveBeenCalledWith(T.projectedUpdated(4));
  });

  it("shows 'Update Proj. Payments' to Management and Admin only", async () => {
    const { dialog, unmount } = await openPayments({ me: admin });
    expect(within(dialog).getByRole("button", { name: PAYMENT_TEXTS.updateProjected })).toBeTruthy();
    unmount();
    const asCare = await openPayments({ me: care });
    expect(within(asCare.dialog).queryByRole("button", { name: PAYMENT_TEXTS.updateProjected })).toBeNull();
    expect(within(asCare.dialog).getByRole("button", { name: T.addForm })).toBeTruthy();
  });

  it("shows Sales the table only", async () => {
    const { dialog } = await openPayments({ me: sally });
    const table = within(dialog).getByRole("table", { name: T.tableLabel });
    expect(within(table).queryByRole("columnheader", { name: "Actions" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: T.addForm })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: T.pasteForm })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: PAYMENT_TEXTS.updateProjected })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: /Edit the payment/ })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: /Delete the payment/ })).toBeNull();
    expect(cells(row(dialog, 102n))[0]).toBe("February");
  });

  it("adds a payment whose projected payment follows usage x split / 100 x fee", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const { dialog, payments } = await openPayments();
    await user.click(within(dialog).getByRole("button", { name: T.addForm }));
    const form = within(dialog).getByRole("form", { name: T.addTitle });
    const year = String(new Date().getFullYear() + 10);
    expect(
      within(within(form).getByLabelText("Projected Year"))
        .getAllByRole("option")
        .map((option) => option.textContent)
        .slice(1, 3),
    ).toEqual([year, String(Number(year) - 1)]);
    expect(within(within(form).getByLabelText("Projected Year")).getAllByRole("option")).toHaveLength(16);
    await user.selectOptions(within(form).getByLabelText("Projected Month"), "April");
    await user.selectOptions(within(form).getByLabelText("Projected Year"), "2027");
    await user.type(within(form).getByLabelText("Projected Usage"), "20,000");
    expect((within(form).getByLabelText("Projected Payment") as HTMLInputElement).value).toBe("0.00");
    await user.type(within(form).getByLabelText("Revenue Split"), "40");
    expect((within(form).getByLabelText("Projected Payment") as HTMLInputElement).value).toBe("40.00");
    await user.selectOptions(within(form).getByLabelText("Payment Type"), "Upfront");
    await user.click(within(form).getByRole("button", { name: T.addPayment }));
    await waitFor(() => expect(payments.createPayments).toHaveBeenCalledTimes(1));
    expect(payments.createPayments).toHaveBeenCalledWith({
      contractId: 70n,
      payments: [
        {
          contractId: 70n,
          projectedMonth: 4,
          projectedYear: 2027,
          revenueSplit: "40",
          projectedUsage: "20000",
          projectedPayment: "40",
          paymentMonth: 0,
          paymentYear: 0,
          usageActual: "",
          paymentActual: "",
          paymentType: "Upfront",
        },
      ],
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(PAYMENT_TEXTS.added));
    await waitFor(() =>
      expect(cells(row(dialog, 500n)).slice(1, 6)).toEqual(["April", "2027", "40%", "20,000", "$40.00"]),
    );
    // The form stays open, emptied, for the next payment.
    expect((within(form).getByLabelText("Projected Usage") as HTMLInputElement).value).toBe("");
    await user.click(within(form).getByRole("button", { name: T.cancel }));
    expect(within(dialog).queryByRole("form", { name: T.addTitle })).toBeNull();
  });

  it("asks for the projected month and year before adding", async () => {
    const user = userEvent.setup();
    const { dialog, payments } = await openPayments();
    await user.click(within(dialog).getByRole("button", { name: T.addForm }));
    const form = within(dialog).getByRole("form", { name: T.addTitle });
    await user.click(within(form).getByRole("button", { name: T.addPayment }));
    expect(within(form).getByText("Choose the projected month.")).toBeTruthy();
    expect(within(form).getByText("Choose the projected year.")).toBeTruthy();
    expect(payments.createPayments).not.toHaveBeenCalled();
  });

  it("previews the rows the service would add, with its projected payments, and adds the text as pasted", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const payments = fakePayments();
    const text = "5\t2026\t50\t10,000\t999\t\t\t\t\tResidual\n6\t2026\t25\t8000\t1\t7\t2026\t7900\t9.88\ttrue-up\n";
    payments.answerPaste(text, {
      rows: [
        pastedRow(1, {
          projectedMonth: 5,
          revenueSplit: "50",
          projectedUsage: "10000",
          projectedPayment: "25.00",
          paymentType: "Residual",
        }),
        pastedRow(2, {
          projectedMonth: 6,
          revenueSplit: "25",
          projectedUsage: "8000",
          projectedPayment: "10.00",
          paymentMonth: 7,
          paymentYear: 2026,
          usageActual: "7900",
          paymentActual: "9.88",
          paymentType: "True-up",
        }),
      ],
    });
    const { dialog } = await openPayments({ payments });
    const { form, projected } = await pasteRows(user, dialog, text);
    expect(projected).toEqual(["$25.00", "$10.00"]);
    const preview = within(form).getByRole("table", { name: T.previewLabel });
    expect(
      within(preview)
        .getAllByRole("row")
        .slice(1)
        .map(
          (tr) => within(tr).getAllByRole("cell")[0].textContent + " " + within(tr).getAllByRole("cell")[6].textContent,
        ),
    ).toEqual(["1 ", "2 July"]);
    expect(within(form).getByRole("status").textContent).toBe(T.pastePreview(2));
    // Asked once the text rested, validate only: nothing is stored by the preview.
    expect(payments.pastePayments).toHaveBeenCalledTimes(1);
    expect(payments.pastePayments).toHaveBeenCalledWith(
      { contractId: 70n, text, validateOnly: true },
      expect.anything(),
    );
    expect(payments.stored()).toHaveLength(2);

    await user.click(within(form).getByRole("button", { name: T.pasteAdd(2) }));
    await waitFor(() => expect(payments.pastePayments).toHaveBeenCalledTimes(2));
    expect(payments.pastePayments).toHaveBeenLastCalledWith({ contractId: 70n, text, validateOnly: false });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(PAYMENT_TEXTS.added));
    expect(within(dialog).queryByRole("region", { name: T.pasteTitle })).toBeNull();
    await waitFor(() =>
      expect(cells(row(dialog, 501n)).slice(1, 6)).toEqual(["June", "2026", "25%", "8,000", "$10.00"]),
    );
  });

  it("names the rows the service cannot add and adds nothing", async () => {
    const user = userEvent.setup();
    const payments = fakePayments();
    const text = "5\t2026\t50\t10000\t\t\t\t\t\t\nJune\t2026\t50\tlots\t\t\t\t\t\t";
    payments.answerPaste(text, {
      rows: [
        pastedRow(1, { projectedMonth: 5, revenueSplit: "50", projectedUsage: "10000", projectedPayment: "25.00" }),
      ],
      problems: [{ line: 2, message: 'projected usage "lots" is not a number.' }],
    });
    const { dialog } = await openPayments({ payments });
    const form = await pasteText(user, dialog, text);
    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toBe(`${T.pasteProblems(1)}Row 2: projected usage "lots" is not a number.`);
    expect(within(form).getByRole("table", { name: T.previewLabel })).toBeTruthy();
    const add = within(form).getByRole("button", { name: T.pasteAdd(1) }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.click(add);
    expect(payments.pastePayments).not.toHaveBeenCalledWith(expect.objectContaining({ validateOnly: false }));
  });

  it("names a problem of the paste as a whole without a row", async () => {
    const user = userEvent.setup();
    const payments = fakePayments();
    const text = "1\t2026\t50\t100";
    payments.answerPaste(text, {
      problems: [{ line: 0, message: "5,001 rows were pasted; at most 5,000 can be added at once." }],
    });
    const { dialog } = await openPayments({ payments });
    const form = await pasteText(user, dialog, text);
    const alert = await within(form).findByRole("alert");
    expect(within(alert).getByRole("listitem").textContent).toBe(
      "5,001 rows were pasted; at most 5,000 can be added at once.",
    );
    expect(within(form).queryByRole("table", { name: T.previewLabel })).toBeNull();
    expect((within(form).getByRole("button", { name: T.pasteAdd(0) }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows 'Checking…' while the service is asked, keeps its previous answer meanwhile and asks nothing of empty text", async () => {
    const user = userEvent.setup();
    const payments = fakePayments();
    const first = "5\t2026\t50\t10000";
    const second = `${first}\n6\t2026\t50\t10000`;
    payments.answerPaste(first, { rows: [pastedRow(1, { projectedMonth: 5, projectedPayment: "25.00" })] });
    payments.answerPaste(second, {
      rows: [
        pastedRow(1, { projectedMonth: 5, projectedPayment: "25.00" }),
        pastedRow(2, { projectedMonth: 6, projectedPayment: "25.00" }),
      ],
    });
    const { dialog } = await openPayments({ payments });
    const { form } = await pasteRows(user, dialog, first);
    await waitFor(() =>
      expect((within(form).getByRole("button", { name: T.pasteAdd(1) }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(within(form).queryByText(T.pasteChecking)).toBeNull();

    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const asked = payments.pastePayments.getMockImplementation()!;
    payments.pastePayments.mockImplementationOnce(async (request) => {
      await answered;
      return asked(request);
    });
    await user.paste("\n6\t2026\t50\t10000");
    // Until the service answers about the text as it is now: its last answer, a note, and no adding.
    expect(within(form).getByText(T.pasteChecking)).toBeTruthy();
    expect(within(form).getAllByTestId("preview-projected")).toHaveLength(1);
    expect((within(form).getByRole("button", { name: T.pasteAdd(1) }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(payments.pastePayments).toHaveBeenCalledTimes(2));
    expect(within(form).getByText(T.pasteChecking)).toBeTruthy();
    answer();
    await waitFor(() => expect(within(form).getAllByTestId("preview-projected")).toHaveLength(2));
    expect(within(form).queryByText(T.pasteChecking)).toBeNull();
    expect((within(form).getByRole("button", { name: T.pasteAdd(2) }) as HTMLButtonElement).disabled).toBe(false);

    await user.clear(within(form).getByLabelText(T.pasteLabel));
    expect(within(form).queryByRole("table", { name: T.previewLabel })).toBeNull();
    expect(within(form).queryByText(T.pasteChecking)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(payments.pastePayments).toHaveBeenCalledTimes(2);
  });

  it("says in one line that pasted rows could not be checked, and adds nothing", async () => {
    const user = userEvent.setup();
    const toasts = spyToasts();
    const payments = fakePayments();
    payments.pastePayments.mockRejectedValueOnce(new ConnectError("unavailable", Code.Unavailable));
    const { dialog } = await openPayments({ payments });
    const form = await pasteText(user, dialog, "5\t2026\t50\t10000");
    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toBe(T.pasteCheckFailed);
    expect(payments.pastePayments).toHaveBeenCalledTimes(1);
    expect((within(form).getByRole("button", { name: T.pasteAdd(0) }) as HTMLButtonElement).disabled).toBe(true);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("shows the server's reason when it refuses the paste, and adds nothing", async () => {
    const user = userEvent.setup();
    const payments = fakePayments();
    const text = "5\t2026\t50\t10000\t\t\t\t\t\t\n6\t2026\t50\t10000\t\t\t\t\t\t";
    payments.answerPaste(text, {
      rows: [pastedRow(1, { projectedMonth: 5 }), pastedRow(2, { projectedMonth: 6 })],
    });
    const { dialog } = await openPayments({ payments });
    const { form } = await pasteRows(user, dialog, text);
    // Someone changed something meanwhile: the paste itself is refused.
    payments.pastePayments.mockRejectedValueOnce(
      new ConnectError("Row 2: the projected year 2201 is out of range", Code.InvalidArgument),
    );
    await user.click(within(form).getByRole("button", { name: T.pasteAdd(2) }));
    const alert = await within(form).findByRole("alert");
    expect(alert.textContent).toBe(`${T.pasteRefused} Row 2: the projected year 2201 is out of range`);
    expect(payments.stored()).toHaveLength(2);
    expect(within(dialog).getByRole("region", { name: T.pasteTitle })).toBeTruthy();
  });

  it("previews and adds a 1,000-row paste without drawing every row", async () => {
    const user = userEvent.setup();
    spyToasts();
    const payments = fakePayments();
    const text = Array.from(
      { length: 1000 },
      (_, i) => `${(i % 12) + 1}\t${2030 + Math.floor(i / 12)}\t50\t${1000 + i}\t\t\t\t\t\t`,
    ).join("\n");
    payments.answerPaste(text, {
      rows: Array.from({ length: 1000 }, (_, i) =>
        pastedRow(i + 1, {
          projectedMonth: (i % 12) + 1,
          projectedYear: 2030 + Math.floor(i / 12),
          revenueSplit: "50",
          projectedUsage: String(1000 + i),
        }),
      ),
    });
    const { dialog } = await openPayments({ payments });
    const started = performance.now();
    const form = await pasteText(user, dialog, text);
    const preview = await within(form).findByRole("table", { name: T.previewLabel });
    expect(preview.getAttribute("aria-rowcount")).toBe("1001");
    expect(preview.querySelectorAll("tbody tr[data-line]").length).toBeLessThan(100);
    await user.click(within(form).getByRole("button", { name: T.pasteAdd(1000) }));
    await waitFor(() => expect(payments.stored()).toHaveLength(1002));
    const table = await within(dialog).findByRole("table", { name: T.tableLabel });
    await waitFor(() => expect(table.getAttribute("aria-rowcount")).toBe("1003"));
    expect(table.querySelectorAll("tbody tr[data-payment-id]").length).toBeLessThan(100);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("deletes a payment after the spec's confirmation naming its month and year", async () => {
    const user = userEvent.setup();
    spyToasts();
    const { dialog, payments } = await openPayments();
    await user.click(within(row(dialog, 102n)).getByRole("button", { name: T.deleteRow("February 2026") }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Confirm Delete Payment?")).toBeTruthy();
    // February's payment was paid in March 2026.
    expect(within(confirm).getByText("March 2026")).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: T.delete }));
    await waitFor(() => expect(payments.deletePayment).toHaveBeenCalledWith({ paymentId: 102n }));
    await waitFor(() => expect(row(dialog, 102n)).toBeNull());
    expect(row(dialog, 101n)).toBeTruthy();
  });

  it("names the projected month of a payment not yet paid in the delete confirmation", async () => {
    const user = userEvent.setup();
    const payments = fakePayments([makePayment({ projectedMonth: 11, projectedYear: 2025 }), february]);
    const { dialog } = await openPayments({ payments });
    await user.click(
      within(row(dialog, january.paymentId)).getByRole("button", { name: T.deleteRow("November 2025") }),
    );
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("not yet paid, projected November 2025")).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: T.cancel }));
    expect(payments.deletePayment).not.toHaveBeenCalled();
  });
});
