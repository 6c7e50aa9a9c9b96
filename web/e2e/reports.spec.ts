import { readFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";

import { userOf } from "./crmHelpers";
import { DEMO, expectNoSidewaysScroll, signIn } from "./helpers";

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
  "Supplier Outreach",
  "Margin Builder",
  "Welcome E-mails",
  "First Month Billing",
  "Opportunity Tracker",
  "Auto Inactive Reports",
];

const CUSTOMER_CARE_CARDS = [
  "RFPs",
  "Renewal Tracker",
  "Supplier Outreach",
  "Welcome E-mails",
  "First Month Billing",
  "Opportunity Tracker",
];

/**
 * The contract reports and the Opportunity Tracker: address, title, how the export's name starts, the
 * table's name and what stands for no rows.
 */
const CONTRACT_REPORTS = [
  {
    path: "/SupplierOutreach",
    file: "Supplier Outreach",
    title: "Supplier Outreach",
    table: "Contracts starting from the start date",
    empty: "No contracts start from this date to the end of its month.",
  },
  {
    path: "/FirstMonthsBilling",
    file: "First Months Billing",
    title: "First Months Billing",
    table: "Contracts starting in the month",
    empty: /^No contract(s start in this month| has a start month yet)\.$/,
  },
  {
    path: "/AutoInactiveContracts",
    file: "Auto Inactive Contracts",
    title: "Auto Inactive Contracts",
    table: "Contracts made inactive on the date",
    empty: "No contracts were made inactive on this date.",
  },
  {
    path: "/WelcomeEmails?from=2000-01-01&to=2099-12-31",
    file: "Welcome E-mails",
    title: "Customer Care Welcome E-mails",
    table: "Contracts signed in the range",
    empty: "No contracts were signed in this range.",
  },
  {
    path: "/OpportunityTracker",
    file: "Opportunity Tracker",
    title: "Opportunity Tracker",
    table: "Companies entered in the range",
    empty: "No companies were entered in this range.",
  },
];

const WELCOME_BLANK = "Start and/or End Range is blank.";
const WELCOME_SAME_DATE = "Start and End Range are the same date.";

const CHARTS = [
  "Share of the year's revenue by supplier",
  "Share of the year's revenue by month",
  "Revenue by month, stacked by supplier",
];

test("Management sees ten report cards on /Reports, laid out at 1280 and 1024 px, each opening its report", async ({
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

test("Actual Revenue By Supplier's Reconciliation tab shows the supplier totals with All suppliers last, the page never scrolling sideways", async ({
  page,
}) => {
  await signIn(page, DEMO.management);
  await page.goto("/ActualRevenueBySupplier?tab=reconciliation");
  await expect(page.getByRole("heading", { name: "Actual Revenue By Supplier" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Reconciliation" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText(/^Projected commissions against those received, by projected month\./)).toBeVisible();
  const year = page.getByLabel("Year", { exact: true });
  const totals = page.getByRole("table", { name: "Commissions by supplier" });
  await expect(totals.or(page.getByText(/^No projected payments in \d{4}\.$/))).toBeVisible();
  await expect(page.getByText("error fetching Report data")).toHaveCount(0);

  // The demo's contracts have projected payments over several years: the first year with any is shown.
  if (!(await totals.isVisible())) {
    await expect.poll(() => year.locator("option").count()).toBeGreaterThan(1);
    for (const option of await year.locator("option").allTextContents()) {
      await year.selectOption(option);
      await expect(page).toHaveURL(new RegExp(`[?&]year=${option}`));
      await expect(totals.or(page.getByText(`No projected payments in ${option}.`))).toBeVisible();
      if (await totals.isVisible()) break;
    }
  }
  await expect(totals.locator("thead th")).toHaveText([
    "Supplier",
    "Projected",
    "Received",
    "Variance",
    "Months missing",
    "Missing amount",
  ]);
  const all = totals.locator("tr").last();
  await expect(all.locator("th")).toHaveText("All suppliers");
  await expect(all.locator("td").first()).toHaveText(/^-?\$[\d,]+\.\d{2}$/);
  await expect(page.getByRole("heading", { name: "Contract months that differ" })).toBeVisible();
  await expect(page).toHaveURL(/[?&]tab=reconciliation/);

  await page.setViewportSize({ width: 1024, height: 768 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1400, height: 900 });
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
  const sales = await userOf(DEMO.sales);
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

test("Management opens each contract report and sees its table or its empty state, the page never scrolling sideways", async ({
  page,
}) => {
  await signIn(page, DEMO.management);
  for (const report of CONTRACT_REPORTS) {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(report.path);
    await expect(page.getByRole("heading", { name: report.title, exact: true })).toBeVisible();
    const table = page.getByRole("table", { name: report.table });
    await expect(table.or(page.getByText(report.empty))).toBeVisible();
    await expect(page.getByText("error fetching Report data")).toHaveCount(0);
    if (await table.isVisible()) {
      await expect(table.locator("tbody tr[data-contract-id], tbody tr[data-company-id]").first()).toBeVisible();
      const saved = page.waitForEvent("download");
      await page.getByRole("button", { name: "Export" }).click();
      expect((await saved).suggestedFilename()).toMatch(new RegExp(`^${report.file} .*\\.csv$`));
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectNoSidewaysScroll(page);
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  // A reload keeps a report's filter.
  await page.goto("/AutoInactiveContracts?date=2026-01-31");
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue("01/31/2026");
  await page.reload();
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue("01/31/2026");
});

test("Welcome E-mails refuses a blank end and the same date twice with the spec's messages, asking nothing of the server", async ({
  page,
}) => {
  let calls = 0;
  page.on("request", (request) => {
    if (request.url().includes("/ListWelcomeEmails")) calls += 1;
  });
  await signIn(page, DEMO.management);
  await page.goto("/WelcomeEmails");
  await expect(page.getByRole("heading", { name: "Customer Care Welcome E-mails" })).toBeVisible();
  const start = page.getByLabel("Start Range", { exact: true });
  const end = page.getByLabel("End Range", { exact: true });
  const alert = page.getByRole("alert").filter({ hasText: /Range/ });

  await start.fill("03/01/2026");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(alert).toHaveText(WELCOME_BLANK);

  await end.fill("03/01/2026");
  // Enter in a box submits.
  await end.press("Enter");
  await expect(alert).toHaveText(WELCOME_SAME_DATE);
  await expect(page.getByText(WELCOME_BLANK)).toHaveCount(0);
  expect(calls).toBe(0);

  // A real range: the message goes, the range is in the address and the rows (or none) show.
  await start.fill("01/01/2000");
  await end.fill("12/31/2099");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/[?&]from=2000-01-01&to=2099-12-31/);
  await expect(alert).toHaveCount(0);
  await expect(
    page
      .getByRole("table", { name: "Contracts signed in the range" })
      .or(page.getByText("No contracts were signed in this range.")),
  ).toBeVisible();
  expect(calls).toBeGreaterThan(0);
});

test("Opportunity Tracker with both dates cleared lists companies", async ({ page }) => {
  await signIn(page, DEMO.management);
  await page.goto("/OpportunityTracker");
  const filter = page.getByRole("form", { name: "Date Range Filter" });
  await expect(filter).toBeVisible();
  const start = filter.getByLabel("Start Date", { exact: true });
  const end = filter.getByLabel("End Date", { exact: true });
  await expect(start).toHaveValue(/^\d{2}\/01\/\d{4}$/);
  await filter.getByRole("button", { name: "Clear Start Date" }).click();
  // The clear buttons work from the keyboard too.
  await filter.getByRole("button", { name: "Clear End Date" }).focus();
  await page.keyboard.press("Enter");
  await expect(start).toHaveValue("");
  await expect(end).toHaveValue("");
  await filter.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]from=any&to=any/);
  const table = page.getByRole("table", { name: "Companies entered in the range" });
  await expect(table.locator("tbody tr[data-company-id]").first()).toBeVisible();
  await expect(table.locator("thead th")).toHaveText([
    "CompanyName",
    "EntryDate",
    "Inside",
    "Closer",
    "Analyst",
    "Affiliate",
    "Utility",
    "AnnualKwH",
    "AnnualTherms",
  ]);
  // A reload keeps the open range.
  await page.reload();
  await expect(start).toHaveValue("");
  await expect(end).toHaveValue("");
  await expect(table.locator("tbody tr[data-company-id]").first()).toBeVisible();
});

test("Customer Care sees six report cards on /Reports", async ({ page }) => {
  await signIn(page, DEMO.care);
  await page.goto("/Reports");
  await expect(page.getByRole("list", { name: "Reports" }).getByRole("heading")).toHaveText(CUSTOMER_CARE_CARDS);
  // Auto Inactive Contracts is Management's only.
  await page.goto("/AutoInactiveContracts");
  await expect(page.getByText("You do not have access to this page.")).toBeVisible();
});
