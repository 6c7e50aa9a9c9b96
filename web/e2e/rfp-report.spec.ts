import { expect, test } from "@playwright/test";

import { AccountCommodity } from "../src/gen/eris/crm/v1/accounts_pb";
import { type Rfp } from "../src/gen/eris/sourcing/v1/rfps_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { createTestCompany, crmApiAs, randomLetters, utilityNamed } from "./crmHelpers";
import { DEMO, signIn, unique } from "./helpers";

/** The business time zone of the demo stack. */
const BUSINESS_TIME_ZONE = "America/New_York";

/** Today in the business time zone, as the API's date and as the calendar names the day. */
function businessToday() {
  const now = new Date();
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const dayName = new Intl.DateTimeFormat("en-US", {
    timeZone: BUSINESS_TIME_ZONE,
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(now);
  return { date: { year: part("year"), month: part("month"), day: part("day") }, dayName };
}

/**
 * An Electric RFP made by Management through the API for a new company with one PECO account,
 * due back today at 11:00 and sent to a demo Electric supplier; its Len is unique.
 */
async function createTestRfp(): Promise<{ rfp: Rfp; companyName: string }> {
  const [api, peco] = await Promise.all([crmApiAs(DEMO.management), utilityNamed("PECO", Commodity.ELECTRIC)]);
  const company = await createTestCompany({ name: unique("RfpCo").name, city: "Media", state: "PA" });
  const { suppliers } = await api.suppliers.listSuppliers({ commodity: Commodity.ELECTRIC });
  const supplier = suppliers.find((s) => !s.archived && s.commodity === Commodity.ELECTRIC);
  if (!supplier) throw new Error("No demo Electric supplier");
  const { account } = await api.accounts.createAccount({
    account: {
      companyId: company.companyId,
      name: "Plant R",
      commodity: AccountCommodity.ELECTRIC,
      utilityId: peco.utilityId,
      accountNumber: `E2E-${randomLetters(6)}`,
      city: "Media",
      state: "PA",
    },
  });
  if (!account) throw new Error("CreateAccount answered without an account");
  const today = businessToday().date;
  const { rfp } = await api.rfps.createRfp({
    rfp: {
      companyId: company.companyId,
      len: `E2E Len ${randomLetters(10)}`,
      address: "1 Main St",
      city: "Media",
      state: "PA",
      zip: "19063",
      commodity: Commodity.ELECTRIC,
      startDate: { year: today.year + 1, month: 1, day: 1 },
      returnDate: today,
      returnTime: "11:00",
      supplierIds: [supplier.supplierId],
      terms: [12, 24],
      products: ["Fixed"],
      fee: "0.005",
      accountIds: [account.accountId],
    },
  });
  if (!rfp) throw new Error("CreateRfp answered without an RFP");
  return { rfp, companyName: company.name };
}

test("an RFP is listed on /RFP, downloads as .xlsx, and shows on the Dashboard calendar on its return day", async ({
  page,
}) => {
  const { rfp, companyName } = await createTestRfp();
  await signIn(page, DEMO.management);

  await page.goto("/RFP");
  await expect(page.getByRole("heading", { name: "RFPs" })).toBeVisible();
  // Management may pick whose RFPs to see; anyone's by default.
  const user = page.getByLabel("User", { exact: true });
  await expect(user).toBeVisible();
  await expect(user.locator("option:checked")).toHaveText("All users");
  await page.getByRole("searchbox", { name: "Search" }).fill(rfp.len);
  await expect(page).toHaveURL(/[?&]q=E2E/);
  const table = page.getByRole("table", { name: "RFPs" });
  const row = table.locator(`tr[data-rfp-id="${rfp.rfpId}"]`);
  await expect(row).toContainText(companyName);
  await expect(row).toContainText("Electric");
  await expect(row).toContainText("11:00 AM");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(row.getByRole("link", { name: companyName })).toHaveAttribute("href", `/LeadTabs/${rfp.companyId}/rfps`);

  const saved = page.waitForEvent("download");
  await row.getByRole("button", { name: /^Download spreadsheet/ }).click();
  expect((await saved).suggestedFilename()).toMatch(/\.xlsx$/);

  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Dashboard" }).click();
  // The day view shows every entry of today (a month cell shows four, then "+N more").
  await page.getByLabel("View", { exact: true }).selectOption({ label: "Day" });
  const calendar = page.getByRole("region", { name: "Calendar" });
  const today = calendar.getByRole("group", { name: businessToday().dayName });
  const event = today.getByRole("button", { name: `RFP: ${companyName}` });
  await expect(event).toBeVisible();
  await expect(event).toContainText("11:00 AM");
  // Grey, like a closed task.
  await expect(event).toHaveCSS("background-color", "rgb(97, 97, 97)"); // --eris-event-closed
  await event.click();
  const dialog = page.getByRole("dialog", { name: "RFP Details" });
  await expect(dialog.getByRole("link", { name: companyName })).toBeVisible();
  await expect(dialog).toContainText(rfp.len);
  await expect(dialog).toContainText("12, 24 months");
  await expect(dialog.getByRole("button", { name: "Download spreadsheet" })).toBeVisible();
});

test("a Sales user sees the RFPs report without the user select", async ({ page }) => {
  await signIn(page, DEMO.sales);
  await page.goto("/RFP");
  await expect(page.getByRole("heading", { name: "RFPs" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeVisible();
  await expect(page.getByLabel("User", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("option", { name: "All users" })).toHaveCount(0);
});
