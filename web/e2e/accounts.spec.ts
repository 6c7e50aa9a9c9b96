import { Code, ConnectError } from "@connectrpc/connect";
import { expect, test, type Browser, type Page } from "@playwright/test";

import { AccountCommodity, type Account } from "../src/gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { createTestCompany, crmApiAs, randomLetters, userIdOf, utilityNamed } from "./crmHelpers";
import { DEMO, signIn, unique } from "./helpers";

const HEADERS =
  "Site Name,LEN,Account #,Secondary Account #,Utility,Supplier,Commodity,Rate Class,Address,City,State,Zip,Tax Exempt Status,PLC,NSPL,Zone";

/** A company with one Electric account at PECO, made by Management through the API. */
async function companyWithAccount(tag: string, site: string, fields: { insideUserId?: bigint } = {}) {
  const [peco, api] = await Promise.all([utilityNamed("PECO", Commodity.ELECTRIC), crmApiAs(DEMO.management)]);
  const company = await createTestCompany({ name: unique(tag).name, ...fields });
  const { account } = await api.accounts.createAccount({
    account: {
      companyId: company.companyId,
      name: site,
      commodity: AccountCommodity.ELECTRIC,
      utilityId: peco.utilityId,
      accountNumber: `E2E-${randomLetters(6)}`,
      city: "Media",
      state: "PA",
    },
  });
  if (!account) throw new Error("CreateAccount answered without an account");
  return { company, account, api };
}

function accountRow(page: Page, account: Account) {
  return page.locator(`tr[data-account-id="${account.accountId}"]`);
}

/** The page never scrolls sideways; the accounts table scrolls inside its own box when it is wider. */
async function expectTableScrollsInside(page: Page) {
  const sizes = await page.evaluate(() => {
    const box = document.querySelector(".eris-accounts-table");
    return {
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      boxOverflow: box ? box.scrollWidth - box.clientWidth : -1,
    };
  });
  expect(sizes.pageOverflow).toBeLessThanOrEqual(0);
  expect(sizes.boxOverflow).toBeGreaterThan(0);
}

test("Management pastes a year of usage: the chart, the load factors and the company total follow", async ({
  page,
}) => {
  const { company, account, api } = await companyWithAccount("Usage", "Plant U");
  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/accounts`);
  await expect(page.getByRole("tab", { name: "Accounts" })).toHaveAttribute("aria-selected", "true");
  const row = accountRow(page, account);
  await expect(row).toContainText("PECO (PA)");

  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expectTableScrollsInside(page);
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  await row.getByRole("button", { name: "Usage" }).click();
  const dialog = page.getByRole("dialog", { name: "Electric Usage" });
  await expect(dialog.getByText("Never")).toBeVisible();
  await dialog.getByRole("button", { name: "Show Paste" }).click();
  // Twelve months of 72,000 kWh at 200 kW peak, as copied from two spreadsheet columns.
  await dialog.getByLabel("Paste Usage Values").fill(Array.from({ length: 12 }, () => "72,000\t200").join("\n"));
  await expect(dialog.getByLabel("January kWh")).toHaveValue("72,000");
  await expect(dialog.getByLabel("December kW", { exact: true })).toHaveValue("200");
  await expect(dialog.getByLabel("June Load Factor")).toHaveText("0.5000");
  // 864,000 kWh / (200 kW x 8760 h)
  await expect(dialog.getByTestId("usage-annual-load-factor")).toHaveText("0.4932");
  const chart = dialog.getByRole("figure", { name: "kWh by month" });
  await expect(chart).toHaveAttribute("data-points", "12");
  // The line through the twelve months (flat here: every month is the same).
  await expect(chart.locator("svg path").first()).toHaveAttribute("d", /^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){11}$/);

  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Usage Updated!")).toBeVisible();
  await expect(dialog.getByText("Never")).toBeHidden();
  await dialog.locator("form").getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await expect(row).toContainText("864,000");
  await expect(row).toContainText("0.4932");
  await expect(page.getByTestId("account-totals").locator('[data-total="kwh"]')).toHaveText("864,000");
  const { company: stored } = await api.companies.getCompany({ companyId: company.companyId });
  expect(stored?.totalKwh).toBe("864000");
  await page.getByRole("tab", { name: "Company Details" }).click();
  await expect(page.getByLabel("Total kWh", { exact: true }).first()).toHaveValue("864,000");
});

test("Management adds a PLC record, is refused a start after the end, and deletes the record", async ({ page }) => {
  const { company, account } = await companyWithAccount("History", "Plant H");
  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/accounts`);
  await accountRow(page, account).getByRole("button", { name: "History" }).click();
  const dialog = page.getByRole("dialog", { name: "Account History — Plant H" });
  await expect(dialog.getByRole("tab", { name: "PLC" })).toHaveAttribute("aria-selected", "true");
  const panel = dialog.getByRole("tabpanel");
  await expect(panel.getByText("No PLC history records found")).toBeVisible();

  await panel.getByLabel("PLC", { exact: true }).fill("150");
  await panel.getByLabel("Start Date").fill("06/01/2026");
  await panel.getByLabel("End Date").fill("05/31/2026");
  await expect(panel.getByRole("alert")).toHaveText("The start date must not be after the end date.");

  await panel.getByLabel("Start Date").fill("06/01/2025");
  await expect(panel.getByRole("alert")).toBeHidden();
  await panel.getByRole("button", { name: "Add PLC Record" }).click();
  await expect(page.getByText("PLC Updated successfully")).toBeVisible();
  const record = panel.getByRole("table", { name: "PLC history" }).locator("tr", { hasText: "06/01/2025" });
  await expect(record).toContainText("150");
  await expect(record).toContainText("05/31/2026");

  await record.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this record?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(panel.getByText("No PLC history records found")).toBeVisible();
});

test("an import with a bad row is previewed, imports nothing, and imports once fixed", async ({ page }) => {
  const company = await createTestCompany({ name: unique("Import").name });
  const api = await crmApiAs(DEMO.management);
  const tag = randomLetters(5);
  const row = (site: string, number: string, commodity: string) =>
    `${site},Acme LLC,${number},,PECO,,${commodity},GS,1 State St,Media,PA,19063,0,${commodity === "Gas" ? "" : "120"},${commodity === "Gas" ? "" : "100"},`;
  const csv = (...rows: string[]) => Buffer.from(`${HEADERS}\r\n${rows.join("\r\n")}\r\n`);
  const good = row(`Imported A ${tag}`, `IA-${tag}`, "Electric");

  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/accounts`);
  await expect(page.getByText("No accounts found.")).toBeVisible();
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Accounts" });

  // Commodity must be exactly Electric or Gas, with a capital.
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "accounts.csv",
    mimeType: "text/csv",
    buffer: csv(good, row(`Imported B ${tag}`, `IB-${tag}`, "electric")),
  });
  await expect(dialog.getByTestId("import-summary")).toContainText(/^2 rows read\. \d+ problems? in 1 row:/);
  const bad = dialog.locator('tr[data-row="2"]');
  await expect(bad).toHaveAttribute("data-problem", "true");
  await expect(bad).toContainText("Commodity");
  await expect(dialog.getByRole("button", { name: "Import" })).toBeDisabled();
  const before = await api.accounts.listAccounts({ companyId: company.companyId });
  expect(before.totalSize).toBe(0);

  await dialog.getByLabel("CSV file").setInputFiles({
    name: "accounts.csv",
    mimeType: "text/csv",
    buffer: csv(good, row(`Imported B ${tag}`, `IB-${tag}`, "Electric")),
  });
  await expect(dialog.getByTestId("import-summary")).toHaveText("2 rows read. No problems found.");
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("Accounts Imported")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("table", { name: "Accounts" })).toContainText(`Imported A ${tag}`);
  await expect(page.getByRole("table", { name: "Accounts" })).toContainText(`Imported B ${tag}`);
  await expect(page.getByTestId("account-totals").locator('[data-total="count"]')).toHaveText("2");
});

test("a Sales user sees a company's accounts without Actions or add, import and export", async ({ page }) => {
  const salesId = await userIdOf(DEMO.sales);
  const { company, account } = await companyWithAccount("SalesAccounts", "Plant S", { insideUserId: salesId });
  await signIn(page, DEMO.sales);
  await page.goto(`/LeadTabs/${company.companyId}/accounts`);
  await expect(accountRow(page, account)).toContainText("Plant S");
  await expect(page.getByRole("columnheader", { name: "Name" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
  await expect(accountRow(page, account).getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add Account" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Import CSV" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export" })).toHaveCount(0);

  // Hiding the buttons is not the rule: the service refuses a Sales user's write too.
  const sales = await crmApiAs(DEMO.sales);
  const refused = await sales.accounts.deleteAccount({ accountId: account.accountId }).then(
    () => null,
    (err: unknown) => ConnectError.from(err),
  );
  expect(refused?.code).toBe(Code.PermissionDenied);
  await page.reload();
  await expect(accountRow(page, account)).toContainText("Plant S");
});

test("a deleted supplier is archived: still named on its account, gone from the picker", async ({ page }) => {
  const { company, account, api } = await companyWithAccount("Archived", "Plant A");
  const name = unique("Archived Supplier").name;
  const { supplier } = await api.suppliers.createSupplier({ supplier: { name, commodity: Commodity.ELECTRIC } });
  if (!supplier) throw new Error("CreateSupplier answered without a supplier");
  await api.accounts.updateAccount({
    account: { ...account, supplierId: supplier.supplierId },
    updateMask: { paths: ["supplier_id"] },
  });
  await api.suppliers.deleteSupplier({ supplierId: supplier.supplierId });

  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/accounts`);
  const row = accountRow(page, account);
  await expect(row).toContainText(name);

  // The edit dialog keeps the account's supplier, marked archived, and offers no other archived one.
  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Account" });
  const picker = edit.getByLabel("Supplier", { exact: true });
  await expect(picker.locator("option:checked")).toHaveText(new RegExp(`^${name} \\(archived\\)$`));
  const others = await picker.locator("option").allTextContents();
  expect(others.filter((label) => label.includes("(archived)"))).toHaveLength(1);
});

/** Management and Admin, each in their own browser, with the Edit Account dialog of one account open. */
async function twoEditing(browser: Browser, company: { companyId: bigint }, account: Account, city = "Media") {
  const pages = await Promise.all(
    [DEMO.management, DEMO.admin].map(async (email) => {
      const page = await (await browser.newContext()).newPage();
      await signIn(page, email);
      await page.goto(`/LeadTabs/${company.companyId}/accounts`);
      await accountRow(page, account).getByRole("button", { name: "Edit" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Account" });
      await expect(dialog.getByLabel("City", { exact: true })).toHaveValue(city);
      return { page, dialog };
    }),
  );
  return { a: pages[0], b: pages[1] };
}

test("two people editing one account keep both their fields, and a real conflict keeps what was typed", async ({
  browser,
}) => {
  const { company, account, api } = await companyWithAccount("TwoEditors", "Plant T");
  const { a, b } = await twoEditing(browser, company, account);

  // Different fields: both saves apply.
  await a.dialog.getByLabel("City", { exact: true }).fill("Chester");
  await a.dialog.getByRole("button", { name: "Save" }).click();
  await expect(a.dialog).toBeHidden();
  await b.dialog.getByLabel("Zip", { exact: true }).fill("19013");
  await b.dialog.getByRole("button", { name: "Save" }).click();
  await expect(b.dialog).toBeHidden();
  let { account: stored } = await api.accounts.getAccount({ accountId: account.accountId });
  expect([stored?.city, stored?.zip]).toEqual(["Chester", "19013"]);

  // The same field: the later save is refused, keeps what was typed and names the other value;
  // saving again applies it.
  const again = await twoEditing(browser, company, stored ?? account, "Chester");
  await again.a.dialog.getByLabel("Address", { exact: true }).fill("1 Mill Rd");
  await again.a.dialog.getByRole("button", { name: "Save" }).click();
  await expect(again.a.dialog).toBeHidden();
  const address = again.b.dialog.getByLabel("Address", { exact: true });
  await address.fill("2 Forge Ln");
  await again.b.dialog.getByRole("button", { name: "Save" }).click();
  await expect(again.b.dialog.getByRole("alert")).toContainText("Someone else changed the address of this account");
  await expect(address).toHaveValue("2 Forge Ln");
  await again.b.dialog.getByRole("button", { name: "Save" }).click();
  await expect(again.b.dialog).toBeHidden();
  ({ account: stored } = await api.accounts.getAccount({ accountId: account.accountId }));
  expect([stored?.address, stored?.city, stored?.zip]).toEqual(["2 Forge Ln", "Chester", "19013"]);
});
