import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";

import { expect, test, type Page } from "@playwright/test";

import { AccountCommodity, type Account } from "../src/gen/eris/crm/v1/accounts_pb";
import { RfpOutcome } from "../src/gen/eris/sourcing/v1/rfps_pb";
import { type Supplier } from "../src/gen/eris/sourcing/v1/suppliers_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { createTestCompany, crmApiAs, randomLetters, userIdOf, utilityNamed } from "./crmHelpers";
import { DEMO, signIn, unique } from "./helpers";

/** The business time zone of the demo stack. */
const BUSINESS_TIME_ZONE = "America/New_York";

/** Today on the business clock, as the dialog's date fields show it (MM/DD/YYYY). */
function businessTodayText(): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("month")}/${part("day")}/${part("year")}`;
}

/**
 * A company with Electric accounts at PECO (one per site name), made by Management through the API,
 * and two demo Electric suppliers to ask for prices.
 */
async function companyWithAccounts(tag: string, sites: readonly string[], fields: { insideUserId?: bigint } = {}) {
  const [peco, api] = await Promise.all([utilityNamed("PECO", Commodity.ELECTRIC), crmApiAs(DEMO.management)]);
  const company = await createTestCompany({ name: unique(tag).name, ...fields });
  const accounts: Account[] = [];
  for (const site of sites) {
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
    accounts.push(account);
  }
  const { suppliers } = await api.suppliers.listSuppliers({ commodity: Commodity.ELECTRIC });
  const live = suppliers.filter((s) => !s.archived && s.commodity === Commodity.ELECTRIC);
  if (live.length < 2) throw new Error("The demo data has fewer than two Electric suppliers");
  return { company, accounts, suppliers: live.slice(0, 2) as [Supplier, Supplier], api };
}

function rfpRow(page: Page, rfpId: bigint) {
  return page.locator(`tr[data-rfp-id="${rfpId}"]`);
}

const sortIds = (ids: readonly bigint[]) => [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

test("Management makes an RFP, downloads its spreadsheet, compares two prices and marks it Won", async ({ page }) => {
  const { company, accounts, suppliers, api } = await companyWithAccounts("Rfps", ["Plant A", "Plant B"]);
  const [dearer, cheaper] = suppliers;
  const len = `E2E Len ${randomLetters(10)}`;

  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/rfps`);
  await expect(page.getByRole("tab", { name: "RFPs" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: `RFPs for ${company.name}` })).toBeVisible();
  await expect(page.getByText("No RFPs found.")).toBeVisible();

  await page.getByRole("button", { name: "Add RFP" }).click();
  const dialog = page.getByRole("dialog", { name: "Add RFP" });
  // A new RFP comes back today (on the business clock) at 11:00 AM.
  await expect(dialog.getByLabel("ReturnDate", { exact: true })).toHaveValue(businessTodayText());
  await expect(dialog.getByLabel("ReturnTime hour")).toHaveValue("11");
  await expect(dialog.getByLabel("ReturnTime minutes")).toHaveValue("00");
  await expect(dialog.getByLabel("ReturnTime AM or PM")).toHaveValue("AM");

  await dialog.getByLabel("Len", { exact: true }).fill(len);
  await dialog.getByLabel("Commodity").selectOption({ label: "Electric" });
  await dialog.getByLabel("Address", { exact: true }).fill("1 State St");
  await dialog.getByLabel("City", { exact: true }).fill("Media");
  await dialog.getByLabel("State", { exact: true }).selectOption("PA");
  await dialog.getByLabel("Zip", { exact: true }).fill("19063");
  await dialog.getByLabel("ReturnTime hour").selectOption("2");
  await dialog.getByLabel("ReturnTime minutes").selectOption("30");
  await dialog.getByLabel("ReturnTime AM or PM").selectOption("PM");
  await dialog.getByLabel("Fee", { exact: true }).fill("0.005");

  const supplierBox = dialog.getByRole("textbox", { name: "Suppliers" });
  for (const supplier of suppliers) {
    await supplierBox.fill(supplier.name);
    await page
      .getByRole("listbox", { name: "Suppliers" })
      .getByRole("option", { name: supplier.name, exact: true })
      .click();
  }
  await dialog.getByRole("heading", { name: "Add RFP" }).click(); // closes the supplier menu

  // Terms are chips added with Enter; one that is not a number stays typed with the reason.
  const terms = dialog.getByLabel("Terms", { exact: true });
  await terms.fill("abc");
  await terms.press("Enter");
  await expect(
    dialog.getByText('"abc" is not a term: enter a whole number of months from 1 to 240, e.g. 12.'),
  ).toBeVisible();
  await expect(terms).toHaveValue("abc");
  await expect(dialog).toBeVisible();
  for (const term of ["12", "24"]) {
    await terms.fill(term);
    await terms.press("Enter");
    await expect(terms).toHaveValue("");
  }
  const products = dialog.getByLabel("Products", { exact: true });
  await products.fill("Fixed");
  await products.press("Enter");
  await expect(products).toHaveValue("");

  // Only the company's Electric accounts are offered; Blueprint draws the box over the input: click the label.
  const accountsBox = dialog.getByRole("group", { name: "Accounts" });
  await expect(accountsBox.getByRole("checkbox")).toHaveCount(3);
  await accountsBox.getByText("Select all").click();
  for (const account of accounts) {
    await expect(accountsBox.getByRole("checkbox", { name: new RegExp(`^${account.name} `) })).toBeChecked();
  }

  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved RFP Success")).toBeVisible();
  await expect(dialog).toBeHidden();

  const { rfps } = await api.rfps.listRfps({ companyId: company.companyId });
  expect(rfps).toHaveLength(1);
  const rfp = rfps[0];
  expect(rfp.len).toBe(len);
  expect(rfp.returnTime).toBe("14:30");
  expect(rfp.terms).toEqual([12, 24]);
  expect(rfp.products).toEqual(["Fixed"]);
  expect(sortIds(rfp.supplierIds)).toEqual(sortIds(suppliers.map((s) => s.supplierId)));
  expect(sortIds(rfp.accountIds)).toEqual(sortIds(accounts.map((a) => a.accountId)));

  const row = rfpRow(page, rfp.rfpId);
  await expect(row.getByRole("cell")).toHaveText([
    /.*/,
    len,
    "Electric",
    "1 State St",
    "Media",
    "PA",
    "19063",
    businessTodayText(),
    "",
    "0.005",
    "Open",
  ]);

  // The search is kept in the address.
  await page.getByLabel("Search", { exact: true }).fill(len.slice(-10));
  await expect(page).toHaveURL(new RegExp(`\\?q=${len.slice(-10)}$`));
  await expect(row).toBeVisible();

  // The spreadsheet a pricing desk receives.
  const saved = page.waitForEvent("download");
  await row.getByRole("button", { name: "Export to spreadsheet" }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
  // Read back: the workbook's texts hold the title, the company and both accounts' numbers.
  const texts = execFileSync("unzip", ["-p", file, "xl/sharedStrings.xml"]).toString("utf8");
  for (const text of ["Request for Pricing", company.name, ...accounts.map((a) => a.accountNumber)]) {
    expect(texts).toContain(text);
  }

  // Two suppliers' prices for 12 months: the lower is marked Best.
  await row.getByRole("button", { name: "Prices" }).click();
  const prices = page.getByRole("dialog", { name: `Prices — ${len}` });
  const record = prices.getByRole("form", { name: "Record a price" });
  const recorded = prices.getByRole("table", { name: "Recorded prices" }).locator("tbody tr");
  for (const [count, supplier, rate] of [
    [1, dearer, "0.0712"],
    [2, cheaper, "0.0698"],
  ] as const) {
    await record.getByLabel("Supplier").selectOption({ label: supplier.name });
    await record.getByLabel("Term").selectOption({ label: "12 months" });
    await record.getByLabel("Product").selectOption("Fixed");
    await record.getByLabel("Rate").fill(rate);
    await record.getByRole("button", { name: "Record Price" }).click();
    await expect(recorded).toHaveCount(count);
  }
  const grid = prices.getByRole("table", { name: "Prices by term" });
  const termCell = (supplier: Supplier) =>
    grid.locator(`tr[data-supplier-id="${supplier.supplierId}"] td[data-term="12"]`);
  await expect(termCell(cheaper)).toContainText("Best");
  await expect(termCell(cheaper).locator("strong")).toHaveText("0.0698");
  await expect(termCell(dearer)).toContainText("0.0712");
  await expect(termCell(dearer)).not.toContainText("Best");

  // Mark Won with the cheaper price.
  const { quotes } = await api.rfps.listRfpQuotes({ rfpId: rfp.rfpId });
  const taken = quotes.find((quote) => quote.supplierId === cheaper.supplierId);
  if (!taken) throw new Error("The cheaper price was not recorded");
  const takenRow = prices.locator(`tr[data-quote-id="${taken.quoteId}"]`);
  await expect(prices.getByRole("button", { name: "Mark Won" })).toBeDisabled();
  // The radio has no text of its own: click the box Blueprint draws (its label).
  await takenRow.locator("label").click();
  await expect(takenRow.getByRole("radio")).toBeChecked();
  await prices.getByRole("button", { name: "Mark Won" }).click();
  await expect(prices.getByTestId("rfp-outcome")).toHaveText("Won");
  await expect(takenRow).toContainText("Won");
  const { rfp: stored } = await api.rfps.getRfp({ rfpId: rfp.rfpId });
  expect(stored?.outcome).toBe(RfpOutcome.WON);
  expect(stored?.wonQuoteId).toBe(taken.quoteId);

  // The dialog's own close button (its header's), not the footer's.
  await prices.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(prices).toBeHidden();
  await expect(row.getByRole("cell").last()).toHaveText("Won");

  // It returns today: the Dashboard calendar shows it, and it opens its details.
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Dashboard" }).click();
  // The day view shows every entry of today (a month cell shows four, then "+N more").
  await page.getByLabel("View", { exact: true }).selectOption({ label: "Day" });
  const event = page.getByRole("region", { name: "Calendar" }).getByRole("button", { name: `RFP: ${company.name}` });
  await expect(event).toBeVisible();
  await event.click();
  const details = page.getByRole("dialog", { name: "RFP Details" });
  await expect(details).toContainText(len);
  await expect(details).toContainText("12, 24 months");
});

test("a Sales user sees a company's RFPs without Actions or Add RFP", async ({ page }) => {
  const salesId = await userIdOf(DEMO.sales);
  const { company, accounts, suppliers, api } = await companyWithAccounts("SalesRfps", ["Plant S"], {
    insideUserId: salesId,
  });
  const len = `E2E Len ${randomLetters(10)}`;
  const { rfp } = await api.rfps.createRfp({
    rfp: {
      companyId: company.companyId,
      len,
      commodity: Commodity.ELECTRIC,
      supplierIds: [suppliers[0].supplierId],
      terms: [12],
      accountIds: accounts.map((a) => a.accountId),
    },
  });
  if (!rfp) throw new Error("CreateRfp answered without an RFP");

  await signIn(page, DEMO.sales);
  await page.goto(`/LeadTabs/${company.companyId}/rfps`);
  await expect(page.getByRole("heading", { name: `RFPs for ${company.name}` })).toBeVisible();
  const row = rfpRow(page, rfp.rfpId);
  await expect(row).toContainText(len);
  await expect(page.getByRole("columnheader", { name: "Len" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
  await expect(row.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add RFP" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export to spreadsheet" })).toHaveCount(0);
});
