import { expect, type Locator, type Page } from "@playwright/test";

import { Role } from "../src/gen/eris/identity/v1/identity_pb";
import { crmApiAs, userOf } from "./crmHelpers";
import { businessToday, typedDay } from "./dailyHelpers";
import { createTestUser, DEMO, expectNoSidewaysScroll, peopleTest, unique } from "./helpers";
import { contractFor, oneMonthStartEndingOn, plusDays, unusedProjectedYear, type Day } from "./reportHelpers";

const test = peopleTest;

/**
 * The cells of a table by column: reads the header row once (the table must be shown), then answers
 * a row's cell under a header.
 */
async function cellsOf(table: Locator): Promise<(row: Locator, header: string) => Locator> {
  await expect(table.locator("thead th").first()).toBeVisible();
  const headers = (await table.locator("thead th").allTextContents()).map((text) => text.trim());
  return (row, header) => {
    const index = headers.indexOf(header);
    if (index < 0) throw new Error(`No column ${header} in ${headers.join(", ")}`);
    return row.locator("td").nth(index);
  };
}

/** At 1280 and 1024 px wide the table and `target` in it are in view and the page does not scroll sideways. */
async function expectFitsNarrowScreens(page: Page, table: Locator, target: Locator) {
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(table).toBeVisible();
    await target.scrollIntoViewIfNeeded();
    await expect(target).toBeInViewport();
    await expectNoSidewaysScroll(page);
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

/** Whole months from `from` to `to`, as Renewal Tracking's Remaining Months counts them. */
function monthsBetween(from: Day, to: Day): number {
  const months = (to.year - from.year) * 12 + to.month - from.month;
  return Math.max(0, to.day < from.day ? months - 1 : months);
}

test("a payment one Management session edits on the contract's Payments screen reaches another session's Margin Builder on Refresh, and its revenue report", async ({
  signedIn,
}) => {
  const api = await crmApiAs(DEMO.management);
  const name = unique("TwoSessions").name;
  // A year no other payment uses, so both reports show this contract alone.
  const year = await unusedProjectedYear(api);
  const { company, contract, supplier } = await contractFor(api, name, {});
  // 49,380 kWh x 50% x the contract's fee of 0.005 = $123.45.
  const {
    payments: [payment],
  } = await api.payments.createPayments({
    contractId: contract.contractId,
    payments: [
      {
        projectedMonth: 3,
        projectedYear: year,
        revenueSplit: "50",
        projectedUsage: "49380",
        projectedPayment: "123.45",
      },
    ],
  });
  const a = await signedIn(DEMO.management);
  const b = await signedIn(DEMO.management);

  // Session B has Margin Builder open on the year: the payment as created.
  await b.goto(`/MarginBuilder?projectedYear=${year}`);
  const margin = b.getByRole("table", { name: "Margin Builder rows" });
  const marginRow = margin.locator(`tbody tr[data-payment-id="${payment.paymentId}"]`);
  const refresh = b.getByRole("button", { name: "Refresh", exact: true });
  await expect(async () => {
    await refresh.click();
    await expect(marginRow).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  const marginCell = await cellsOf(margin);
  await expect(margin.locator("tbody tr")).toHaveCount(1);
  await expect(marginCell(marginRow, "CustName")).toHaveText(name);
  await expect(marginCell(marginRow, "ProjectedUsage")).toHaveText("49,380");
  await expect(marginCell(marginRow, "ProjectedPayment")).toHaveText("$123.45");

  // Session A changes the projected usage on the contract's Payments screen; the payment follows.
  await a.goto(`/LeadTabs/${company.companyId}/contracts`);
  await a
    .locator(`tr[data-contract-id="${contract.contractId}"]`)
    .getByRole("button", { name: "Payments", exact: true })
    .click();
  const dialog = a.getByRole("dialog", { name: "Payments" });
  const row = dialog.locator(`tr[data-payment-id="${payment.paymentId}"]`);
  await expect(row.getByRole("cell").nth(5)).toHaveText("$123.45");
  await row.getByRole("button", { name: `Edit the payment of March ${year}` }).click();
  await row.getByLabel("Projected Usage", { exact: true }).fill("80,000");
  // 80,000 kWh x 50% x 0.005.
  await expect(row.getByLabel("Projected Payment", { exact: true })).toHaveValue("200.00");
  await row.getByLabel("Projected Usage", { exact: true }).press("Enter");
  await expect(a.getByText("Payment Updated successfully")).toBeVisible();
  await expect(row).not.toHaveAttribute("data-editing", "true");
  await expect(row.getByRole("cell").nth(5)).toHaveText("$200.00");
  const { payments: stored } = await api.payments.listPayments({ contractId: contract.contractId });
  expect(stored.map((p) => [Number(p.projectedUsage), Number(p.projectedPayment)])).toEqual([[80_000, 200]]);

  // Session B presses Refresh (the reports are fed by events) and sees the new amount.
  await expect(async () => {
    await refresh.click();
    await expect(marginCell(marginRow, "ProjectedPayment")).toHaveText("$200.00", { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(marginCell(marginRow, "ProjectedUsage")).toHaveText("80,000");
  await expect(margin.locator("tbody tr")).toHaveCount(1);
  await expectFitsNarrowScreens(b, margin, marginRow.getByRole("link", { name }));

  // The revenue report of the year: the supplier's March and its total are the new amount.
  await b.goto(`/ForecastRevenueBySupplier?year=${year}`);
  const revenue = b.getByRole("table", { name: "Revenue by supplier and month" });
  const supplierRow = revenue.locator("tbody tr");
  await expect(supplierRow).toHaveCount(1);
  const revenueCell = await cellsOf(revenue);
  await expect(revenueCell(supplierRow, "Supplier")).toHaveText(supplier.name);
  await expect(revenueCell(supplierRow, "Mar")).toHaveText("$200.00");
  await expect(revenueCell(supplierRow, "Total")).toHaveText("$200.00");
  await expectFitsNarrowScreens(b, revenue, revenueCell(supplierRow, "Total"));
});

test("Renewal Tracking side by side: Management lists both companies' contracts, Sales only the one they close, their Closer fixed", async ({
  signedIn,
}) => {
  const api = await crmApiAs(DEMO.management);
  const [sales, management] = await Promise.all([userOf(DEMO.sales), userOf(DEMO.management)]);
  // A fresh analyst on both companies: the filter that leaves just these two contracts.
  const { user: analyst } = await createTestUser("Analyst", Role.ADMIN);
  const today = businessToday();
  const soonEnd = plusDays(today, 40);
  const laterEnd = plusDays(today, 50);
  const salesName = unique("RenewSales").name;
  const otherName = unique("RenewOther").name;
  // The Sales user closes the first company (a team role: they can see it) and its contract.
  const mine = await contractFor(
    api,
    salesName,
    { startDate: oneMonthStartEndingOn(soonEnd), termMonths: 1, closer1UserId: sales.userId },
    { closerUserId: sales.userId, analystUserId: analyst.userId },
  );
  const theirs = await contractFor(
    api,
    otherName,
    { startDate: oneMonthStartEndingOn(laterEnd), termMonths: 1, closer1UserId: management.userId },
    { closerUserId: management.userId, analystUserId: analyst.userId },
  );
  const boss = await signedIn(DEMO.management);
  const rep = await signedIn(DEMO.sales);

  // Management picks the analyst: both contracts, the sooner ending first.
  await boss.goto("/RenewalTracking");
  await boss.getByLabel("Analyst", { exact: true }).selectOption({ label: analyst.name });
  await boss.getByRole("button", { name: "Refresh", exact: true }).click();
  await expect(boss).toHaveURL(new RegExp(`[?&]analyst=${analyst.userId}(&|$)`));
  const bossTable = boss.getByRole("table", { name: "Contracts coming up for renewal" });
  const bossRows = bossTable.locator("tbody tr[data-contract-id]");
  await expect(async () => {
    await boss.getByRole("button", { name: "Refresh", exact: true }).click();
    await expect(bossRows).toHaveCount(2, { timeout: 1_000 });
    // The analyst's name comes from the users' events: it may be a moment behind.
    await expect(bossRows.first()).toContainText(analyst.name, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(boss.getByTestId("renewal-count")).toHaveText("2 contracts");
  const bossCell = await cellsOf(bossTable);
  const [first, second] = [bossRows.nth(0), bossRows.nth(1)];
  await expect(first).toHaveAttribute("data-contract-id", String(mine.contract.contractId));
  await expect(bossCell(first, "Name")).toHaveText(salesName);
  await expect(bossCell(first, "LeadCloser")).toHaveText(sales.name);
  await expect(bossCell(first, "LeadAnalyst")).toHaveText(analyst.name);
  await expect(bossCell(first, "Supplier")).toHaveText(mine.supplier.name);
  await expect(bossCell(first, "Utility")).toHaveText("PECO");
  await expect(bossCell(first, "EndDate")).toHaveText(typedDay(soonEnd));
  await expect(bossCell(first, "Remaining Months")).toHaveText(String(monthsBetween(today, soonEnd)));
  await expect(second).toHaveAttribute("data-contract-id", String(theirs.contract.contractId));
  await expect(bossCell(second, "Name")).toHaveText(otherName);
  await expect(bossCell(second, "LeadCloser")).toHaveText(management.name);
  await expect(bossCell(second, "LeadAnalyst")).toHaveText(analyst.name);
  await expect(bossCell(second, "EndDate")).toHaveText(typedDay(laterEnd));

  // Sales, at the same time, with the same analyst and an address naming Management as the closer:
  // the closer stays themself, fixed, and only their company's contract is listed.
  await rep.goto(`/RenewalTracking?closer=${management.userId}&analyst=${analyst.userId}`);
  await expect(rep.getByRole("heading", { name: "Renewal Tracking" })).toBeVisible();
  const closer = rep.getByLabel("Closer", { exact: true });
  await expect(closer).toBeDisabled();
  await expect(closer).toHaveValue(String(sales.userId));
  await expect(closer.locator("option:checked")).toHaveText(sales.name);
  await expect(rep.getByLabel("Analyst", { exact: true })).toHaveValue(String(analyst.userId));
  const repTable = rep.getByRole("table", { name: "Contracts coming up for renewal" });
  const repRows = repTable.locator("tbody tr[data-contract-id]");
  await expect(repRows).toHaveCount(1);
  await expect(rep.getByTestId("renewal-count")).toHaveText("1 contract");
  const repCell = await cellsOf(repTable);
  await expect(repRows.first()).toHaveAttribute("data-contract-id", String(mine.contract.contractId));
  await expect(repCell(repRows.first(), "Name")).toHaveText(salesName);
  await expect(repCell(repRows.first(), "LeadCloser")).toHaveText(sales.name);
  await expect(repCell(repRows.first(), "EndDate")).toHaveText(typedDay(soonEnd));
  await expect(repTable.getByText(otherName)).toHaveCount(0);

  // Both screens fit 1280 and 1024 px without sideways page scroll.
  const repLink = repTable.getByRole("link", { name: salesName });
  await expectFitsNarrowScreens(rep, repTable, repLink);
  await expectFitsNarrowScreens(boss, bossTable, bossTable.getByRole("link", { name: otherName }));

  // The company names link to the companies; Sales cannot open the one they hold no role in.
  await repLink.click();
  await expect(rep).toHaveURL(new RegExp(`/LeadTabs/${mine.company.companyId}(/details)?$`));
  await expect(rep.getByTestId("company-title")).toHaveText(salesName);
  await bossTable.getByRole("link", { name: otherName }).click();
  await expect(boss).toHaveURL(new RegExp(`/LeadTabs/${theirs.company.companyId}(/details)?$`));
  await expect(boss.getByTestId("company-title")).toHaveText(otherName);
  await rep.goto(`/LeadTabs/${theirs.company.companyId}/details`);
  await expect(rep.getByText("Company not found")).toBeVisible();

  // Management's Closer filter set to the Sales user leaves the first contract alone.
  await boss.goBack();
  await boss.getByLabel("Closer", { exact: true }).selectOption(String(sales.userId));
  await boss.getByRole("button", { name: "Refresh", exact: true }).click();
  await expect(boss).toHaveURL(new RegExp(`[?&]closer=${sales.userId}(&|$)`));
  await expect(bossRows).toHaveCount(1);
  await expect(bossCell(bossRows.first(), "Name")).toHaveText(salesName);
});
