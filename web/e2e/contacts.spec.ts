import { Code, ConnectError } from "@connectrpc/connect";
import { expect, test, type Page } from "@playwright/test";

import { AccountCommodity } from "../src/gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { createTestCompany, crmApiAs, randomLetters, userIdOf, utilityNamed } from "./crmHelpers";
import { DEMO, signIn, unique } from "./helpers";

const PRIORITY_RANGE = "Contact Priority should be between 1 and 15 with 1 being the highest priority";

/** The contacts table's row of a contact, found by a text it shows. */
function contactRow(page: Page, text: string) {
  return page.getByRole("table", { name: "Contacts" }).locator("tr", { hasText: text });
}

test("Management adds a contact, edits it through its address, is refused priority 16, deletes it", async ({
  page,
}) => {
  const company = await createTestCompany({ name: unique("Contacts").name });
  const last = `Lee${randomLetters(5)}`;
  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/contacts`);
  await expect(page.getByRole("heading", { name: `Contacts for ${company.name}` })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Contacts" })).toHaveAttribute("aria-selected", "true");

  await page.getByRole("link", { name: "Add Contact" }).click();
  await expect(page).toHaveURL(new RegExp(`/Leads/${company.companyId}/contacts/add$`));
  const add = page.getByRole("dialog", { name: "Add Contact" });
  await add.getByLabel("First Name").fill("Ann");
  await add.getByLabel("Last Name").fill(last);
  await add.getByLabel("Email").fill(`ann.${last.toLowerCase()}@acme.test`);
  await add.getByLabel("Office Phone").fill("(215) 555-0100");
  await add.getByLabel("Contact Type").selectOption("DR – Event");
  await add.getByLabel("Priority").fill("16");
  await expect(add.getByText(PRIORITY_RANGE)).toBeVisible();
  await expect(add.getByRole("button", { name: "Save" })).toBeDisabled();
  await add.getByLabel("Priority").fill("3");
  await expect(add.getByText(PRIORITY_RANGE)).toBeHidden();
  await add.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Contact added")).toBeVisible();
  await expect(add).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${company.companyId}/contacts$`));

  const row = contactRow(page, last);
  await expect(row).toContainText("DR – Event");
  await expect(row.getByRole("link", { name: `ann.${last.toLowerCase()}@acme.test` })).toHaveAttribute(
    "href",
    `mailto:ann.${last.toLowerCase()}@acme.test`,
  );
  await expect(row.getByRole("link", { name: "(215) 555-0100" })).toHaveAttribute("href", "tel:2155550100");
  const contactId = await row.getAttribute("data-contact-id");
  expect(contactId).toMatch(/^\d+$/);
  await page.screenshot({ path: "e2e/screenshots/contacts.png", fullPage: true });

  // The edit dialog has its own address: opened directly, and still there after a reload.
  await page.goto(`/Leads/${company.companyId}/contacts/edit/${contactId}`);
  const edit = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(edit.getByLabel("Last Name")).toHaveValue(last);
  await page.reload();
  await expect(edit.getByLabel("Last Name")).toHaveValue(last);
  await expect(edit.getByLabel("Priority")).toHaveValue("3");
  await edit.getByLabel("Priority").fill("16");
  await expect(edit.getByText(PRIORITY_RANGE)).toBeVisible();
  await expect(edit.getByRole("button", { name: "Save" })).toBeDisabled();
  await edit.getByLabel("Priority").fill("1");
  await edit.getByLabel("Title").fill("Chief Financial Officer");
  const saved = page.waitForResponse((res) => res.url().includes("ContactService/UpdateContact"));
  await edit.getByRole("button", { name: "Save" }).click();
  expect((await saved).ok()).toBe(true);
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${company.companyId}/contacts$`));
  await expect(row).toContainText("Chief Financial Officer");

  // The search is kept in the address.
  await page.getByLabel("Search", { exact: true }).fill(last);
  await expect(page).toHaveURL(new RegExp(`search=${last}`));
  await page.reload();
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue(last);
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("Are you sure you want to delete this contact ?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Contact deleted")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a Sales user manages the contacts of their own company; the server refuses priority 16 too", async ({ page }) => {
  const salesId = await userIdOf(DEMO.sales);
  const company = await createTestCompany({ name: unique("SalesContacts").name, insideUserId: salesId });
  const last = `Park${randomLetters(5)}`;

  const { contacts } = await crmApiAs(DEMO.sales);
  const refused = await contacts
    .createContact({ contact: { companyId: company.companyId, firstName: "Cy", lastName: last, priority: 16 } })
    .then(
      () => null,
      (err: unknown) => ConnectError.from(err),
    );
  expect(refused?.code).toBe(Code.InvalidArgument);
  expect(refused?.rawMessage).toBe(PRIORITY_RANGE);

  await signIn(page, DEMO.sales);
  await page.goto(`/Leads/${company.companyId}/contacts/add`);
  const add = page.getByRole("dialog", { name: "Add Contact" });
  await add.getByLabel("First Name").fill("Cy");
  await add.getByLabel("Last Name").fill(last);
  await add.getByRole("button", { name: "Save" }).click();
  await expect(add).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${company.companyId}/contacts$`));
  const row = contactRow(page, last);
  await expect(row).toBeVisible();
  await row.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(new RegExp(`/Leads/${company.companyId}/contacts/edit/\\d+$`));
  await page.getByRole("dialog", { name: "Edit Contact" }).getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${company.companyId}/contacts$`));
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
});

test("an account is found on /Accounts and opens its company's accounts tab", async ({ page }) => {
  const company = await createTestCompany({ name: unique("Finder").name });
  const peco = await utilityNamed("PECO", Commodity.ELECTRIC);
  const number = `9${Date.now()}`;
  const site = `Plant ${randomLetters(6)}`;
  const { accounts } = await crmApiAs(DEMO.management);
  await accounts.createAccount({
    account: {
      companyId: company.companyId,
      name: site,
      accountNumber: number,
      utilityId: peco.utilityId,
      commodity: AccountCommodity.ELECTRIC,
    },
  });

  await signIn(page, DEMO.management);
  // The finder has no menu entry: the top bar links to it.
  await page.getByRole("link", { name: "Account search" }).click();
  await expect(page).toHaveURL(/\/Accounts$/);
  const box = page.getByLabel("Find an account");
  await expect(box).toBeFocused();
  await box.fill(number.slice(0, 12));
  await expect(page).toHaveURL(new RegExp(`/Accounts\\?search=${number.slice(0, 12)}$`));
  const result = page.locator("tr", { hasText: number });
  await expect(result).toContainText(company.name);
  await expect(result).toContainText(site);
  await expect(result).toContainText("PECO");
  await expect(result).toContainText("Electric");

  // A reload searches again for the text in the address.
  await page.goto(`/Accounts?search=${number}`);
  await expect(page.getByLabel("Find an account")).toHaveValue(number);
  await expect(result).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/account-finder.png" });
  await page.getByLabel("Find an account").press("ArrowDown");
  await expect(result).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Find an account").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${company.companyId}/accounts\\?search=${number}$`));
  await expect(page.getByTestId("company-title")).toHaveText(company.name);

  // The company search drawer finds the company by the account number too.
  await page.getByRole("button", { name: "Company search" }).click();
  const drawer = page.getByRole("search", { name: "Company search" });
  await drawer.getByRole("button", { name: "Filters" }).click();
  await drawer.getByLabel("Account #").fill(number);
  await expect(drawer.getByRole("menuitem", { name: new RegExp(company.name) })).toBeVisible();
});

test("a Sales user does not find the accounts of companies they may not see", async ({ page }) => {
  const company = await createTestCompany({ name: unique("Hidden").name });
  const number = `8${Date.now()}`;
  const peco = await utilityNamed("PECO", Commodity.ELECTRIC);
  const { accounts } = await crmApiAs(DEMO.management);
  await accounts.createAccount({
    account: {
      companyId: company.companyId,
      name: "Hidden site",
      accountNumber: number,
      utilityId: peco.utilityId,
      commodity: AccountCommodity.ELECTRIC,
    },
  });
  await signIn(page, DEMO.sales);
  await page.goto(`/Accounts?search=${number}`);
  await expect(page.getByText("No accounts match.")).toBeVisible();
});
