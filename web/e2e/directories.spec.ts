import { createClient, type Interceptor } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { expect, test } from "@playwright/test";

import { SupplierService } from "../src/gen/eris/sourcing/v1/suppliers_pb";
import { Commodity, UtilityService } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { apiAs, BASE_URL, DEMO, expectNoSidewaysScroll, signIn, unique } from "./helpers";

/** The sourcing services of the real API, signed in as someone (to prepare data). */
async function sourcingApiAs(email: string) {
  const { token } = await apiAs(email);
  const bearer: Interceptor = (next) => async (req) => {
    req.header.set("authorization", `Bearer ${token}`);
    return next(req);
  };
  const transport = createGrpcWebTransport({ baseUrl: BASE_URL, interceptors: [bearer] });
  return { suppliers: createClient(SupplierService, transport), utilities: createClient(UtilityService, transport) };
}

test("Management adds and edits a supplier, adds a contact, then deletes it and finds it archived", async ({
  page,
}) => {
  const name = unique("Supplier").name;
  const renamed = `${name} Renamed`;
  const email = unique("Contact").email;

  await signIn(page, DEMO.management);
  await page.goto("/Suppliers");
  await page.getByRole("button", { name: "Add Supplier" }).click();
  const add = page.getByRole("dialog", { name: "Add Supplier" });
  await expect(add.getByLabel("Supplier Name")).toBeFocused();
  await add.getByLabel("Supplier Name").fill(name);
  await add.getByLabel("Commodity").selectOption({ label: "Electric" });
  await add.getByLabel("Broker Agreement Status").fill("Pending");
  await add.getByLabel("Broker Agreement Status").press("Enter");
  await expect(page.getByText("Supplier Added")).toBeVisible();
  await expect(add).toBeHidden();

  // The search and the filter are kept in the address.
  await page.getByLabel("Search", { exact: true }).fill(name);
  await page.getByRole("radio", { name: "Electric" }).click();
  await expect(page).toHaveURL(/[?&]commodity=Electric/);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell")).toHaveText([name, "Electric", "Pending", /Edit/]);

  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Supplier" });
  await expect(edit.getByLabel("Supplier Name")).toHaveValue(name);
  await edit.getByLabel("Supplier Name").fill(renamed);
  await edit.getByLabel("Broker Agreement Status").fill("Signed");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Supplier updated")).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row.getByRole("cell")).toHaveText([renamed, "Electric", "Signed", /Edit/]);

  await row.getByRole("button", { name: "Contacts" }).click();
  const contacts = page.getByRole("dialog", { name: `Contacts: ${renamed}` });
  await expect(contacts.getByText("No contacts yet.")).toBeVisible();
  await contacts.getByRole("button", { name: "Add Contact" }).click();
  const addContact = page.getByRole("dialog", { name: `Add Contact: ${renamed}` });
  await expect(addContact.getByLabel("Name")).toBeFocused();
  await addContact.getByLabel("Name").fill("Pat Pricing");
  await addContact.getByLabel("Contact Type").selectOption("Primary");
  await addContact.getByLabel("Commodity").selectOption({ label: "Electric" });
  await addContact.getByLabel("Email").fill(email);
  await addContact.getByLabel("Pricing Desk").fill("pricing@acme.test");
  await addContact.getByLabel("Office Phone").fill("(215) 555-0100");
  await addContact.getByLabel("Cell Phone").fill("215-555-0111");
  await addContact.getByRole("button", { name: "Save" }).click();
  await expect(addContact).toBeHidden();
  const contact = contacts.getByRole("row").filter({ hasText: "Pat Pricing" });
  await expect(contact.getByRole("cell")).toHaveText([
    "Pat Pricing",
    "Primary",
    "Electric",
    email,
    "",
    "pricing@acme.test",
    "(215) 555-0100",
    "215-555-0111",
    /Edit/,
  ]);
  await expect(contact.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(contact.getByRole("link", { name: "(215) 555-0100" })).toHaveAttribute("href", "tel:2155550100");
  await expect(contact.getByRole("link", { name: "215-555-0111" })).toHaveAttribute("href", "tel:2155550111");

  // At 1024 px the nine columns fit the dialog and the page does not scroll sideways.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "e2e/screenshots/supplier-contacts-1024.png" });
  await contacts.getByRole("button", { name: "Close" }).last().click();
  await expect(contacts).toBeHidden();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "e2e/screenshots/suppliers-1024.png" });

  await row.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete the supplier ?");
  expect(await confirm.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(500);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);

  // Archived, not removed: Show archived lists it, without edit or delete.
  await page.getByText("Show archived", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]archived=1/);
  await expect(row).toContainText("Archived");
  await expect(row.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Delete" })).toHaveCount(0);

  // A reload shows the same list: the filter, the search and the switch are in the address.
  await page.reload();
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue(name);
  await expect(page.getByRole("radio", { name: "Electric" })).toHaveAttribute("aria-checked", "true");
  await expect(row).toContainText("Archived");
});

test("Management adds a rate type and deletes it after the confirmation", async ({ page }) => {
  const name = unique("Rate").name;
  await signIn(page, DEMO.management);
  await page.goto("/RateTypes");
  await page.getByLabel("New rate type").fill(name);
  await page.getByLabel("New rate type").press("Enter");
  await expect(page.getByText("RateType Added")).toBeVisible();
  await expect(page.getByLabel("New rate type")).toHaveValue("");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete the rate type ?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
});

test("Admin adds a utility and replaces its rate codes", async ({ page }) => {
  const name = unique("Utility").name;
  await signIn(page, DEMO.admin);
  await page.goto("/Utilities");
  await page.getByRole("button", { name: "Add Utility" }).click();
  const add = page.getByRole("dialog", { name: "Add Utility" });
  await expect(add.getByLabel("Utility")).toBeFocused();
  await add.getByLabel("Utility").fill(name);
  await add.getByLabel("State").selectOption("PA");
  await add.getByLabel("Commodity").selectOption({ label: "Gas" });
  await add.getByLabel("Zone").fill("East");
  await add.getByLabel("RTO").fill("PJM");
  await add.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("utility Added")).toBeVisible();
  await expect(add).toBeHidden();

  await page.getByLabel("Search", { exact: true }).fill(name);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell")).toHaveText([name, "PA", "Gas", "East", "PJM", /Rate Codes/]);

  await row.getByRole("button", { name: "Rate Codes" }).click();
  let codes = page.getByRole("dialog", { name: `Rate Codes: ${name} (PA)` });
  await expect(codes.getByText("No rate codes yet.")).toBeVisible();
  await codes.getByRole("button", { name: "Add Row" }).click();
  await expect(codes.getByLabel("Matrix, row 1")).toBeFocused();
  await codes.getByLabel("Matrix, row 1").fill("GS");
  await codes.getByLabel("Tariff, row 1").fill("GS-1");
  await codes.getByLabel("Desc, row 1").fill("General service");
  await codes.getByRole("button", { name: "Add Row" }).click();
  await codes.getByLabel("Matrix, row 2").fill("RS");
  await codes.getByLabel("Tariff, row 2").fill("RS-1");
  await codes.getByLabel("Desc, row 2").fill("Residential");
  await codes.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Updated Rate Codes Success")).toBeVisible();
  await expect(codes).toBeHidden();

  // Saved whole: removing the first row and saving leaves only the second.
  await row.getByRole("button", { name: "Rate Codes" }).click();
  codes = page.getByRole("dialog", { name: `Rate Codes: ${name} (PA)` });
  await expect(codes.getByLabel("Matrix, row 1")).toHaveValue("GS");
  await expect(codes.getByLabel("Desc, row 2")).toHaveValue("Residential");
  await codes.getByRole("button", { name: "Remove row 1" }).click();
  await codes.getByRole("button", { name: "Save" }).click();
  await expect(codes).toBeHidden();
  await row.getByRole("button", { name: "Rate Codes" }).click();
  codes = page.getByRole("dialog", { name: `Rate Codes: ${name} (PA)` });
  await expect(codes.getByLabel("Matrix, row 1")).toHaveValue("RS");
  await expect(codes.getByLabel("Matrix, row 2")).toHaveCount(0);

  await page.setViewportSize({ width: 1024, height: 768 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "e2e/screenshots/utility-rate-codes-1024.png" });
});

test("a Sales user reads suppliers and utilities without any change button", async ({ page }) => {
  const supplierName = unique("SalesView").name;
  const utilityName = unique("SalesUtility").name;
  const management = await sourcingApiAs(DEMO.management);
  await management.suppliers.createSupplier({
    supplier: { name: supplierName, commodity: Commodity.GAS, brokerAgreementStatus: "Signed" },
  });
  await management.utilities.createUtility({
    utility: { name: utilityName, state: "OH", commodity: Commodity.ELECTRIC, zone: "West", rto: "PJM" },
  });

  await signIn(page, DEMO.sales);
  await page.goto("/Suppliers");
  await page.getByLabel("Search", { exact: true }).fill(supplierName);
  const supplier = page.getByRole("row").filter({ hasText: supplierName });
  await expect(supplier.getByRole("cell")).toHaveText([supplierName, "Gas", "Signed"]);
  await expect(page.getByRole("button", { name: "Add Supplier" })).toHaveCount(0);
  for (const label of ["Edit", "Delete", "Contacts"]) {
    await expect(page.getByRole("button", { name: label, exact: true })).toHaveCount(0);
  }

  await page.goto("/Utilities");
  await page.getByLabel("Search", { exact: true }).fill(utilityName);
  const utility = page.getByRole("row").filter({ hasText: utilityName });
  await expect(utility.getByRole("cell")).toHaveText([utilityName, "OH", "Electric", "West", "PJM"]);
  await expect(page.getByRole("button", { name: "Add Utility" })).toHaveCount(0);
  for (const label of ["Edit", "Rate Codes"]) {
    await expect(page.getByRole("button", { name: label, exact: true })).toHaveCount(0);
  }
});
