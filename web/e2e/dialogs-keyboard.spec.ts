import { expect, test, type Locator, type Page } from "@playwright/test";

import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import {
  createTestAccount,
  createTestCompany,
  crmApiAs,
  electricContract,
  randomLetters,
  userIdOf,
} from "./crmHelpers";
import { DEMO, expectNoSidewaysScroll, signIn, unique } from "./helpers";

/** A one-page PDF, enough for the browser's viewer. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n" +
    "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);

/**
 * A company with an Electric account and two contracts on it, made by Management through the API:
 * one of the lead contracts screen, and one made on the Contracts (BETA) tab.
 */
async function companyWithContracts(tag: string) {
  const [api, managementId] = await Promise.all([crmApiAs(DEMO.management), userIdOf(DEMO.management)]);
  const company = await createTestCompany({ name: unique(tag).name }, api);
  const account = await createTestAccount(api, company.companyId, "Plant K");
  const common = electricContract(company.companyId, [account.accountId]);
  const { contract } = await api.contracts.createContract({ contract: common });
  const { suppliers } = await api.suppliers.listSuppliers({ commodity: Commodity.ELECTRIC });
  const supplier = suppliers.find((s) => !s.archived && s.commodity === Commodity.ELECTRIC);
  if (!contract || !supplier) throw new Error("No contract made, or no Electric supplier in the demo data");
  const { contract: beta } = await api.contracts.createContract({
    beta: true,
    contract: {
      ...common,
      insideSalesUserId: managementId,
      closer1UserId: managementId,
      analystUserId: managementId,
      dateSigned: { year: 2026, month: 3, day: 9 },
      contractType: "New",
      supplierId: supplier.supplierId,
      contractRate: "0.07",
      state: "PA",
      billingType: "Dual",
    },
  });
  if (!beta) throw new Error("CreateContract (beta) answered without a contract");
  return { company, account, contract, beta };
}

/** Opens a dialog as a keyboard user does: focus on its control, then Enter. */
async function openByKeyboard(opener: Locator) {
  await opener.focus();
  await opener.press("Enter");
}

/** Escape closes the dialog, and the keyboard is back on the control that opened it. */
async function escapeBackTo(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** The dialog fits the window: it never sticks out sideways. */
async function expectFits(page: Page, dialog: Locator, width: number) {
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  await expectNoSidewaysScroll(page);
}

for (const width of [1280, 1024]) {
  test(`dialogs open on their first field, close with Escape and give focus back to their opener (${width} px)`, async ({
    page,
  }) => {
    const { company, account, contract } = await companyWithContracts("Keyboard");
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, DEMO.management);

    // Contracts tab: Add Contract opens on Commodity.
    await page.goto(`/LeadTabs/${company.companyId}/contracts`);
    const row = page.locator(`tr[data-contract-id="${contract.contractId}"]`);
    await expect(row).toBeVisible();
    const addContract = page.getByRole("button", { name: "Add Contract" });
    await openByKeyboard(addContract);
    const add = page.getByRole("dialog", { name: "Add Contract" });
    await expect(add.getByLabel("Commodity")).toBeFocused();
    await expectFits(page, add, width);
    await escapeBackTo(page, add, addContract);

    // The Payments dialog has no field: it opens on its first control, and a form opened from there
    // takes the keyboard to its first field.
    const paymentsButton = row.getByRole("button", { name: "Payments", exact: true });
    await openByKeyboard(paymentsButton);
    const payments = page.getByRole("dialog", { name: "Payments" });
    const addForm = payments.getByRole("button", { name: "Add Payment Form" });
    await expect(addForm).toBeFocused();
    await expectFits(page, payments, width);
    await addForm.press("Enter");
    await expect(payments.getByLabel("Projected Month")).toBeFocused();
    await escapeBackTo(page, payments, paymentsButton);

    // The contract PDF: the file picker first; once a PDF shows, Escape still closes the dialog,
    // even after a click into the viewer.
    const pdfButton = row.getByRole("button", { name: "Contract PDF" });
    await openByKeyboard(pdfButton);
    const pdf = page.getByRole("dialog", { name: "Contract PDF" });
    await expect(pdf.getByLabel("Contract file")).toBeFocused();
    await pdf
      .getByLabel("Contract file")
      .setInputFiles({ name: "signed.pdf", mimeType: "application/pdf", buffer: PDF });
    await pdf.getByRole("button", { name: "Upload Contract" }).click();
    const viewer = pdf.locator('iframe[title="Contract PDF"]');
    await expect(viewer).toBeVisible();
    await viewer.click();
    await expect(pdf.getByTestId("contract-pdf-holder")).toBeFocused();
    await escapeBackTo(page, pdf, pdfButton);
    // Opened again on a stored PDF: no field, so Close (the footer's last button); Tab never enters the viewer.
    await openByKeyboard(pdfButton);
    await expect(pdf.getByRole("button", { name: "Close" }).last()).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(viewer).not.toBeFocused();
    await escapeBackTo(page, pdf, pdfButton);

    // Contacts: Add Contact opens on First Name; after Save the keyboard is back on Add Contact.
    await page.goto(`/LeadTabs/${company.companyId}/contacts`);
    const addContact = page.getByRole("link", { name: "Add Contact" });
    await openByKeyboard(addContact);
    const contactDialog = page.getByRole("dialog", { name: "Add Contact" });
    await expect(contactDialog.getByLabel("First Name")).toBeFocused();
    await expectFits(page, contactDialog, width);
    await page.keyboard.type("Kay");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Contact added")).toBeVisible();
    await expect(contactDialog).toBeHidden();
    await expect(addContact).toBeFocused();

    // A confirmation opens on Cancel; Escape gives the keyboard back to the row's Delete.
    const contactRow = page.getByRole("table", { name: "Contacts" }).locator("tr", { hasText: "Kay" });
    const deleteContact = contactRow.getByRole("button", { name: "Delete" });
    await openByKeyboard(deleteContact);
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await escapeBackTo(page, confirm, deleteContact);

    // Accounts: History opens on the PLC box.
    await page.goto(`/LeadTabs/${company.companyId}/accounts`);
    const historyButton = page.locator(`tr[data-account-id="${account.accountId}"]`).getByRole("button", {
      name: "History",
    });
    await openByKeyboard(historyButton);
    const history = page.getByRole("dialog", { name: "Account History — Plant K" });
    await expect(history.getByRole("tabpanel").getByLabel("PLC", { exact: true })).toBeFocused();
    await expectFits(page, history, width);
    await escapeBackTo(page, history, historyButton);
  });
}

test("Account History names the registered kW tabs' fields and buttons with the tab names", async ({ page }) => {
  const { company, account } = await companyWithContracts("History");
  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/accounts`);
  await page.locator(`tr[data-account-id="${account.accountId}"]`).getByRole("button", { name: "History" }).click();
  const dialog = page.getByRole("dialog", { name: "Account History — Plant K" });
  for (const tab of ["Summer Registered KW", "Winter Registered KW"]) {
    await dialog.getByRole("tab", { name: tab }).click();
    const panel = dialog.getByRole("tabpanel");
    await expect(panel.getByText(`No ${tab} history records found`)).toBeVisible();
    await expect(panel.getByLabel(tab, { exact: true })).toBeVisible();
    await expect(panel.getByRole("button", { name: `Add ${tab} Record` })).toBeVisible();
  }
  await expect(dialog.getByText(/SummerKW|WinterKW/)).toHaveCount(0);
});

test("an import whose columns are out of order says so, and counts no row problems", async ({ page }) => {
  const company = await createTestCompany({ name: unique("Import order").name });
  const headers =
    "Site Name,LEN,Account #,Secondary Account #,Utility,Supplier,Commodity,Rate Class,Address,City,State,Zip,Tax Exempt Status,NSPL,PLC,Zone";
  const csv = `${headers}\r\nPlant O,Acme LLC,IO-${randomLetters(5)},,PECO,,Electric,GS,1 State St,Media,PA,19063,0,100,120,\r\n`;
  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/accounts`);
  const importButton = page.getByRole("button", { name: "Import CSV" });
  await openByKeyboard(importButton);
  const dialog = page.getByRole("dialog", { name: "Import Accounts" });
  await expect(dialog.getByLabel("CSV file")).toBeFocused();
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "accounts.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const summary = dialog.getByTestId("import-summary");
  await expect(summary).toContainText(
    "The columns are not in the expected order: expected Site Name, LEN, Account #, Secondary Account #, Utility",
  );
  await expect(summary).toContainText("Tax Exempt Status, NSPL, PLC, Zone.");
  await expect(summary).not.toContainText(/in \d+ rows?/);
  await expect(dialog.getByText("Column 14 must be headed PLC, not NSPL.", { exact: false })).toBeVisible();
  await expect(dialog.locator("tr[data-row]")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Import" })).toBeDisabled();
  await escapeBackTo(page, dialog, importButton);
});

test("the contact form checks the e-mail address itself, with no 'error fetching data'", async ({ page }) => {
  const company = await createTestCompany({ name: unique("Contact email").name });
  await signIn(page, DEMO.management);
  await page.goto(`/Leads/${company.companyId}/contacts/add`);
  const dialog = page.getByRole("dialog", { name: "Add Contact" });
  await dialog.getByLabel("Last Name").fill("Park");
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Email").press("Enter");
  await expect(dialog.getByText("Email must be an e-mail address.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await expect(page.getByText("error fetching data")).toHaveCount(0);
  await dialog.getByLabel("Email").fill("cy.park@example.com");
  await expect(dialog.getByText("Email must be an e-mail address.")).toBeHidden();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Contact added")).toBeVisible();
});

test("Welcome E-mails refuses an end before the start and asks the server nothing", async ({ page }) => {
  await signIn(page, DEMO.care);
  await page.goto("/WelcomeEmails");
  let asked = 0;
  page.on("request", (request) => {
    if (/ReportService\/ListWelcomeEmails/.test(request.url())) asked += 1;
  });
  await page.getByLabel("Start Range").fill("03/31/2026");
  await page.getByLabel("End Range").fill("03/01/2026");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toHaveText("The End Range must be after the Start Range.");
  await expect(page.getByText("Choose a start and an end range, then Submit.")).toBeVisible();
  await expect(page).toHaveURL(/\/WelcomeEmails$/);
  expect(asked).toBe(0);
});

test("the beta Add Payment(s) form submits with a button that says it adds", async ({ page }) => {
  const { company, beta } = await companyWithContracts("Beta payments");
  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/contractsBETA/view/${beta.contractId}?tab=payments`);
  await page.getByRole("button", { name: "Add Payment(s)" }).click();
  const form = page.getByRole("form", { name: "Add Payment(s)" });
  await expect(form.getByRole("button", { name: "Update Payment(s)" })).toHaveCount(0);
  await form.getByLabel("Projected Month").selectOption({ label: "July" });
  await form.getByLabel("Projected Year").selectOption("2026");
  await form.getByLabel("Projected Usage").fill("1000");
  await form.getByLabel("Revenue Split").fill("50");
  await form.getByRole("button", { name: "Add Payment", exact: true }).click();
  await expect(page.getByText("Payment Added successfully")).toBeVisible();
  await expect(page.getByRole("table", { name: "Payments" })).toContainText("July");
});
