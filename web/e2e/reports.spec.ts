import { readFile } from "node:fs/promises";

import { expect, test, type Page } from "@playwright/test";

import { crmApiAs } from "./crmHelpers";
import { DEMO, signIn } from "./helpers";

/** The header line of MarginBuilder.csv: the spec's Margin Builder columns. */
const MARGIN_CSV_HEADER =
  "CustName,State,Commodity,Utility,ContractType,InsideSales,Closer1,Closer2,Analyst,SupportAnalyst1,SupportAnalyst2," +
  "PricingType,Supplier,DateSigned,StartDate,Fee,ProjectedMonth,ProjectedYear,RevenueSplit,ProjectedUsage," +
  "ProjectedPayment,PaymentMonth,UsageActual,PaymentActual,PaymentYear,PaymentType,Affiliate";

const MANAGEMENT_CARDS = [
  "RFPs",
  "Forecast Revenue By Supplier",
  "Actual Revenue By Supplier",
  "Renewal Tracker",
  "Margin Builder",
];

const CHARTS = [
  "Share of the year's revenue by supplier",
  "Share of the year's revenue by month",
  "Revenue by month, stacked by supplier",
];

/** The page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A demo user by email, as Management's user list has them. */
async function demoUser(email: string) {
  const { users } = await crmApiAs(DEMO.management);
  const { users: all } = await users.listUsers({ pageSize: 500, pageToken: "" });
  const user = all.find((u) => u.email === email);
  if (!user) throw new Error(`No user ${email}`);
  return user;
}

test("Management sees five report cards on /Reports, laid out at 1280 and 1024 px, each opening its report", async ({
  page,
}) => {
  await signIn(page, DEMO.management);
  // The dashboard's Renewals panel sits beside My Upcoming Tasks.
  await expect(page.getByRole("region", { name: "Renewals" })).toBeVisible();

  await page.goto("/Reports");
  await expect(page.getByRole("heading", { name: "Reports", exact: true })).toBeVisible();
  const cards = page.getByRole("list", { name: "Reports" }).getByRole("listitem");
  await expect(cards.getByRole("heading")).toHaveText(MANAGEMENT_CARDS);
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page);
    for (const title of MANAGEMENT_CARDS) {
      const link = page.getByRole("link", { name: `View Report: ${title}` });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport();
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    }
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  // View Report is a link: Tab reaches it and Enter follows it.
  await page.getByRole("link", { name: "View Report: Margin Builder" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/MarginBuilder$/);
  await page.goBack();
  await page.getByRole("link", { name: "View Report: RFPs" }).click();
  await expect(page).toHaveURL(/\/RFP$/);
});

test("Forecast Revenue By Supplier shows the year's table and, on Charts, the supplier pie, the month pie and the stacked bars", async ({
  page,
}) => {
  await signIn(page, DEMO.management);
  await page.goto("/ForecastRevenueBySupplier");
  await expect(page.getByRole("heading", { name: "Forecast Revenue By Supplier" })).toBeVisible();
  const year = page.getByLabel("Year", { exact: true });
  await expect(year).toHaveValue(String(new Date().getFullYear()));
  const table = page.getByRole("table", { name: "Revenue by supplier and month" });
  const empty = page.getByText(/^No revenue in \d{4}\.$/);
  await expect(table.or(empty)).toBeVisible();

  // The demo's contracts have projected payments over several years: the first year with any is shown.
  await expect.poll(() => year.locator("option").count()).toBeGreaterThan(1);
  const years = await year.locator("option").allTextContents();
  let shown = "";
  for (const option of years) {
    await year.selectOption(option);
    await expect(page).toHaveURL(new RegExp(`[?&]year=${option}`));
    await expect(table.or(page.getByText(`No revenue in ${option}.`))).toBeVisible();
    if (await table.isVisible()) {
      shown = option;
      break;
    }
  }
  expect(shown).not.toBe("");
  await expect(table.locator("thead th")).toHaveText(
    "Supplier Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec Total".split(" "),
  );
  await expect(table.locator("tfoot th")).toHaveText("Total");
  await expect(table.locator("tfoot td").last()).toHaveText(/^-?\$[\d,]+\.\d{2}$/);

  const saved = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(`Forecast Revenue By Supplier ${shown}.csv`);

  await page.getByRole("tab", { name: "Charts" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]tab=charts`));
  for (const name of CHARTS) {
    const figure = page.getByRole("figure", { name });
    await expect(figure).toBeVisible();
    await expect(figure.locator("svg").first()).toBeVisible();
    await expect(figure.locator("svg path").first()).toBeAttached();
  }
  // A reload keeps the year and the tab.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Charts" })).toHaveAttribute("aria-selected", "true");
  await expect(year).toHaveValue(shown);
  await expect(page.getByRole("figure", { name: CHARTS[2] }).locator("svg").first()).toBeVisible();
});

test("Margin Builder pages by First, Previous, Next and Last, changes its page size and exports MarginBuilder.csv", async ({
  page,
}) => {
  await signIn(page, DEMO.management);
  await page.goto("/MarginBuilder");
  await expect(page.getByRole("heading", { name: "Margin Builder" })).toBeVisible();
  const table = page.getByRole("table", { name: "Margin Builder rows" });
  const rows = table.locator("tbody tr");
  const loader = page.getByRole("dialog", { name: "Loading…" });
  await expect(rows).toHaveCount(10);
  await expect(loader).toBeHidden();
  const pager = page.getByRole("navigation", { name: "Margin Builder pages" });
  const first = pager.getByRole("button", { name: "First" });
  const previous = pager.getByRole("button", { name: "Previous" });
  const next = pager.getByRole("button", { name: "Next" });
  const last = pager.getByRole("button", { name: "Last" });
  await expect(first).toBeDisabled();
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  const firstRow = await rows.first().getAttribute("data-payment-id");

  // Next from the keyboard.
  await next.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]cursor=/);
  await expect(loader).toBeHidden();
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).not.toHaveAttribute("data-payment-id", firstRow ?? "");
  await expect(previous).toBeEnabled();

  await last.click();
  await expect(page).toHaveURL(/[?&]dir=back/);
  await expect(loader).toBeHidden();
  await expect(next).toBeDisabled();
  await expect(last).toBeDisabled();
  await expect(previous).toBeEnabled();

  await first.click();
  await expect(page).not.toHaveURL(/cursor=|dir=/);
  await expect(loader).toBeHidden();
  await expect(rows.first()).toHaveAttribute("data-payment-id", firstRow ?? "");
  await expect(first).toBeDisabled();

  await page.getByLabel("Rows per page").selectOption("25");
  await expect(page).toHaveURL(/[?&]size=25/);
  await expect(loader).toBeHidden();
  await expect(rows).toHaveCount(25);
  // A reload keeps the page size.
  await page.reload();
  await expect(page.getByLabel("Rows per page")).toHaveValue("25");
  await expect(rows).toHaveCount(25);

  // The table scrolls sideways inside its box; the page does not.
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page);
    const box = await page.evaluate(() => {
      const scroll = document.querySelector(".eris-margin-scroll");
      return scroll ? scroll.scrollWidth - scroll.clientWidth : -1;
    });
    expect(box).toBeGreaterThan(0);
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  // A row's payments.
  await rows
    .first()
    .getByRole("button", { name: /^Payments of / })
    .click();
  const payments = page.getByRole("dialog", { name: /^Payments of / });
  await expect(payments.getByRole("table")).toBeVisible();
  await expect(payments.locator("tbody tr").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(payments).toBeHidden();

  await page.getByRole("button", { name: "Export" }).click();
  const warning = page.getByRole("dialog", { name: "Warning!" });
  await expect(warning).toContainText(
    "You are about to export a very large data set. It is not recommended to do this often. Continue?",
  );
  const saved = page.waitForEvent("download");
  await warning.getByRole("button", { name: "Continue" }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe("MarginBuilder.csv");
  const text = (await readFile(await download.path())).toString("utf8").replace(/^\uFEFF/, "");
  expect(text.split(/\r?\n/)[0]).toBe(MARGIN_CSV_HEADER);
  expect(text.split(/\r?\n/).filter(Boolean).length).toBeGreaterThan(25);
});

test("a Sales user's Renewal Tracking has their own Closer, fixed", async ({ page }) => {
  const sales = await demoUser(DEMO.sales);
  await signIn(page, DEMO.sales);
  await page.goto("/Reports");
  await expect(page.getByRole("list", { name: "Reports" }).getByRole("heading")).toHaveText([
    "RFPs",
    "Renewal Tracker",
  ]);
  await page.getByRole("link", { name: "View Report: Renewal Tracker" }).click();
  await expect(page).toHaveURL(/\/RenewalTracking$/);
  await expect(page.getByRole("heading", { name: "Renewal Tracking" })).toBeVisible();
  const closer = page.getByLabel("Closer", { exact: true });
  await expect(closer).toBeDisabled();
  await expect(closer).toHaveValue(String(sales.userId));
  await expect(closer.locator("option:checked")).toHaveText(sales.name);
  await expect(page.getByLabel("Analyst", { exact: true })).toBeEnabled();
  await expect(
    page
      .getByRole("table", { name: "Contracts coming up for renewal" })
      .or(page.getByText("No contracts match the filters.")),
  ).toBeVisible();

  // Margin Builder is not a Sales report.
  await page.goto("/MarginBuilder");
  await expect(page.getByText("You do not have access to this page.")).toBeVisible();
});
