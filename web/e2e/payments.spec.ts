import { expect, test, type Locator, type Page } from "@playwright/test";

import { ProjectionBasis, type Contract } from "../src/gen/eris/contracts/v1/contracts_pb";
import { AccountCommodity } from "../src/gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { createTestCompany, crmApiAs, randomLetters, utilityNamed, type CrmApi } from "./crmHelpers";
import { DEMO, signIn, unique } from "./helpers";

/** The spec's red inline message of the Payment dialog, word for word (two spaces after each period). */
const ROW_OPEN =
  "Unable to update projected payments when a row is being edited.  Please save your changes for any open payment rows and try again.";

/**
 * A company with one Electric account at PECO and a contract on it, made by Management through the
 * API: Electric at a fee of 0.005, or DR with a demo DR provider.
 */
async function companyWithContract(tag: string, kind: "electric" | "dr"): Promise<{ api: CrmApi; contract: Contract }> {
  const [peco, api] = await Promise.all([utilityNamed("PECO", Commodity.ELECTRIC), crmApiAs(DEMO.management)]);
  const company = await createTestCompany({ name: unique(tag).name }, api);
  const { account } = await api.accounts.createAccount({
    account: {
      companyId: company.companyId,
      name: "Plant A",
      commodity: AccountCommodity.ELECTRIC,
      utilityId: peco.utilityId,
      accountNumber: `E2E-${randomLetters(6)}`,
      city: "Media",
      state: "PA",
    },
  });
  if (!account) throw new Error("CreateAccount answered without an account");
  const common = {
    companyId: company.companyId,
    utilityId: peco.utilityId,
    state: "PA",
    dateSigned: { year: 2025, month: 12, day: 15 },
    startDate: { year: 2026, month: 1, day: 1 },
    termMonths: 12,
    status: 0,
    accountIds: [account.accountId],
  };
  let fields;
  if (kind === "electric") {
    const { suppliers } = await api.suppliers.listSuppliers({ commodity: Commodity.ELECTRIC });
    const supplier = suppliers.find((s) => !s.archived && s.commodity === Commodity.ELECTRIC);
    if (!supplier) throw new Error("The demo data has no Electric supplier");
    fields = {
      ...common,
      commodity: Commodity.ELECTRIC,
      supplierId: supplier.supplierId,
      contractType: "New",
      contractRate: "0.0712",
      fee: "0.005",
    };
  } else {
    const { suppliers } = await api.suppliers.listSuppliers({ commodity: Commodity.DR });
    const provider = suppliers.find((s) => !s.archived);
    if (!provider) throw new Error("The demo data has no DR provider");
    fields = {
      ...common,
      commodity: Commodity.DR,
      signedThrough: "JMI",
      providerSupplierId: provider.supplierId,
      capacityPercentage: "80",
    };
  }
  const { contract } = await api.contracts.createContract({ contract: fields });
  if (!contract) throw new Error("CreateContract answered without a contract");
  return { api, contract };
}

/** Opens the lead contracts tab and the dialog a contract's row action opens. */
async function openFromContractRow(page: Page, contract: Contract, action: string, title: string): Promise<Locator> {
  await page.goto(`/LeadTabs/${contract.companyId}/contracts`);
  const row = page.locator(`tr[data-contract-id="${contract.contractId}"]`);
  await row.getByRole("button", { name: action, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Twelve months of 2026: split 50%, usage 10,000 kWh + 1,000 a month, a junk fifth column, paid the month after. */
function twelveRows(): string {
  return Array.from({ length: 12 }, (_, i) => {
    const month = i + 1;
    const paid = i < 11 ? [String(month + 1), "2026"] : ["", ""];
    return [month, "2026", "50", `${10 + i},000`, "999.99", ...paid, "", "", "Residual"].join("\t");
  }).join("\n");
}

const paymentRow = (dialog: Locator, paymentId: bigint) => dialog.locator(`tr[data-payment-id="${paymentId}"]`);

test("Management pastes a year of payments, edits one, and updates projected payments only with no row open", async ({
  page,
}) => {
  const { api, contract } = await companyWithContract("Payments", "electric");
  const updateProjectedCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("PaymentService/UpdateProjectedPayments")) updateProjectedCalls.push(request.url());
  });

  await signIn(page, DEMO.management);
  let dialog = await openFromContractRow(page, contract, "Payments", "Payments");
  await expect(dialog.getByText("No payments yet.")).toBeVisible();

  // Paste 12 rows: the preview recomputes each projected payment (usage x 50 / 100 x 0.005).
  await dialog.getByRole("button", { name: "Paste Payment Form" }).click();
  await dialog.getByLabel("Rows copied from a spreadsheet").fill(twelveRows());
  const preview = dialog.getByRole("table", { name: "Rows to add" });
  await expect(preview.getByTestId("preview-projected")).toHaveText([
    "$25.00",
    "$27.50",
    "$30.00",
    "$32.50",
    "$35.00",
    "$37.50",
    "$40.00",
    "$42.50",
    "$45.00",
    "$47.50",
    "$50.00",
    "$52.50",
  ]);
  await dialog.getByRole("button", { name: "Add 12 Payments" }).click();
  await expect(page.getByText("Payment Added successfully")).toBeVisible();
  await expect(dialog.locator("tr[data-payment-id]")).toHaveCount(12);

  const { payments } = await api.payments.listPayments({ contractId: contract.contractId });
  expect(payments).toHaveLength(12);
  // The fifth column pasted (999.99) was replaced by the recomputed payment, on the server too.
  expect(payments.map((p) => Number(p.projectedPayment))).toEqual([
    25, 27.5, 30, 32.5, 35, 37.5, 40, 42.5, 45, 47.5, 50, 52.5,
  ]);
  const march = payments.find((p) => p.projectedMonth === 3);
  if (!march) throw new Error("No March payment");
  await expect(paymentRow(dialog, march.paymentId).getByRole("cell")).toHaveText([
    /.*/,
    "March",
    "2026",
    "50%",
    "12,000",
    "$30.00",
    "April",
    "2026",
    "",
    "",
    "Residual",
  ]);

  // One row open for edit: the others cannot be opened, and 'Update Proj. Payments' is refused.
  await paymentRow(dialog, march.paymentId).getByRole("button", { name: "Edit the payment of March 2026" }).click();
  const editing = paymentRow(dialog, march.paymentId);
  await expect(editing).toHaveAttribute("data-editing", "true");
  await expect(dialog.getByRole("button", { name: "Edit the payment of January 2026" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Update Proj. Payments" }).click();
  const refused = dialog.locator(".eris-payment-refused");
  await expect(refused).toHaveText(ROW_OPEN);
  await expect(refused).toHaveCSS("color", "rgb(183, 28, 28)");
  expect(updateProjectedCalls).toHaveLength(0);

  // Enter saves the row.
  await editing.getByLabel("Payment Month").selectOption({ label: "May" });
  await editing.getByLabel("Usage Actual").fill("11,950");
  await editing.getByLabel("Payment Actual").fill("29.75");
  await editing.getByLabel("Payment Actual").press("Enter");
  await expect(page.getByText("Payment Updated successfully")).toBeVisible();
  await expect(editing).not.toHaveAttribute("data-editing", "true");
  await expect(refused).toBeHidden();

  // Saved: after the page is loaded anew (goto is a full load) the row reads as typed.
  dialog = await openFromContractRow(page, contract, "Payments", "Payments");
  await expect(paymentRow(dialog, march.paymentId).getByRole("cell")).toHaveText([
    /.*/,
    "March",
    "2026",
    "50%",
    "12,000",
    "$30.00",
    "May",
    "2026",
    "11,950",
    "$29.75",
    "Residual",
  ]);

  // Escape cancels a row edit and leaves the dialog open.
  const january = payments.find((p) => p.projectedMonth === 1);
  if (!january) throw new Error("No January payment");
  await paymentRow(dialog, january.paymentId).getByRole("button", { name: "Edit the payment of January 2026" }).click();
  await paymentRow(dialog, january.paymentId).getByLabel("Projected Usage").fill("1");
  await paymentRow(dialog, january.paymentId).getByLabel("Projected Usage").press("Escape");
  await expect(paymentRow(dialog, january.paymentId)).not.toHaveAttribute("data-editing", "true");
  await expect(dialog).toBeVisible();

  // With no row open, every projected payment is recomputed from the contract's current fee.
  const { contract: current } = await api.contracts.getContract({ contractId: contract.contractId });
  if (!current) throw new Error("GetContract answered without a contract");
  await api.contracts.updateContract({
    contract: { contractId: contract.contractId, version: current.version, fee: "0.01" },
    updateMask: { paths: ["fee"] },
  });
  await dialog.getByRole("button", { name: "Update Proj. Payments" }).click();
  await expect(page.getByText("Projected payments updated (12)")).toBeVisible();
  expect(updateProjectedCalls).toHaveLength(1);
  await expect(paymentRow(dialog, january.paymentId).getByRole("cell").nth(5)).toHaveText("$50.00");
  await expect(paymentRow(dialog, march.paymentId).getByRole("cell").nth(5)).toHaveText("$60.00");
  // The edited actuals are untouched.
  await expect(paymentRow(dialog, march.paymentId).getByRole("cell").nth(9)).toHaveText("$29.75");

  // With no row open, Escape closes the dialog.
  await dialog.getByRole("button", { name: "Update Proj. Payments" }).focus();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("Management switches a contract to its rate: its payments are then pasted and updated by the rate", async ({
  page,
}) => {
  const { api, contract } = await companyWithContract("PaymentsByRate", "electric");
  // Made on the lead contracts screen: by its fee.
  expect(contract.projectionBasis).toBe(ProjectionBasis.FEE);
  const updateProjectedCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("PaymentService/UpdateProjectedPayments")) updateProjectedCalls.push(request.url());
  });

  await signIn(page, DEMO.management);
  let dialog = await openFromContractRow(page, contract, "Payments", "Payments");
  await expect(dialog.getByTestId("projection-basis")).toContainText("Projected payments by fee");
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(dialog).toBeHidden();

  // Edit Contract: "Projected payments by" Rate, confirmed, saved.
  const row = page.locator(`tr[data-contract-id="${contract.contractId}"]`);
  await row.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contract" });
  await edit.getByLabel("Projected payments by").selectOption({ label: "Rate" });
  await edit.getByRole("button", { name: "Save" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(
    'Projected payments of this contract will be computed by its rate from now on. Existing payments keep their figures until "Update Proj. Payments" is used.',
  );
  await confirm.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  const { contract: switched } = await api.contracts.getContract({ contractId: contract.contractId });
  expect(switched?.projectionBasis).toBe(ProjectionBasis.RATE);

  // Pasted rows are previewed and stored by the rate: 10,000 x 50 / 100 x 0.0712.
  dialog = await openFromContractRow(page, contract, "Payments", "Payments");
  await expect(dialog.getByTestId("projection-basis")).toContainText("Projected payments by rate");
  await dialog.getByRole("button", { name: "Paste Payment Form" }).click();
  await dialog.getByLabel("Rows copied from a spreadsheet").fill("1\t2026\t50\t10,000\t999.99\t\t\t\t\tResidual");
  await expect(dialog.getByRole("table", { name: "Rows to add" }).getByTestId("preview-projected")).toHaveText([
    "$356.00",
  ]);
  await dialog.getByRole("button", { name: "Add 1 Payment" }).click();
  await expect(page.getByText("Payment Added successfully")).toBeVisible();
  const { payments } = await api.payments.listPayments({ contractId: contract.contractId });
  expect(payments.map((p) => Number(p.projectedPayment))).toEqual([356]);
  const [january] = payments;

  // 'Update Proj. Payments' has the server recompute by the rate stored now (0.08).
  if (!switched) throw new Error("GetContract answered without a contract");
  await api.contracts.updateContract({
    contract: { contractId: contract.contractId, version: switched.version, contractRate: "0.08" },
    updateMask: { paths: ["contract_rate"] },
  });
  await dialog.getByRole("button", { name: "Update Proj. Payments" }).click();
  await expect(page.getByText("Projected payments updated (1)")).toBeVisible();
  expect(updateProjectedCalls).toHaveLength(1);
  await expect(paymentRow(dialog, january.paymentId).getByRole("cell").nth(5)).toHaveText("$400.00");
});

test("Management adds and deletes a DR contract's payment history", async ({ page }) => {
  const { api, contract } = await companyWithContract("DrPayments", "dr");
  await signIn(page, DEMO.management);
  const dialog = await openFromContractRow(page, contract, "DR Payment History", "DR Payment History");
  await expect(dialog.getByText("No payment history records found")).toBeVisible();

  const form = dialog.getByRole("form", { name: "Add a DR payment" });
  await form.getByLabel("Amount").fill("1,250.50");
  await form.getByLabel("Date").fill("08/15/2025");
  await form.getByLabel("Period").selectOption("Summer");
  await form.getByRole("button", { name: "Add Payment History" }).click();
  await expect(page.getByText("Payment History Added successfully")).toBeVisible();
  const table = dialog.getByRole("table", { name: "DR payment history" });
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr").getByRole("cell")).toHaveText(["$1,250.50", "08/15/2025", "Summer", /.*/]);
  const { drPayments } = await api.payments.listDrPayments({ contractId: contract.contractId });
  expect(drPayments.map((p) => [Number(p.amount), p.period])).toEqual([[1250.5, "Summer"]]);

  await table.getByRole("button", { name: "Delete the payment of $1,250.50 on 08/15/2025" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this record?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(dialog.getByText("No payment history records found")).toBeVisible();
  expect((await api.payments.listDrPayments({ contractId: contract.contractId })).drPayments).toHaveLength(0);
});
