import { expect, test } from "@playwright/test";

import { crmApiAs, userIdOf } from "./crmHelpers";
import { businessToday } from "./dailyHelpers";
import { DEMO, signIn, unique } from "./helpers";
import { contractFor, oneMonthStartEndingOn, plusDays } from "./reportHelpers";

test("a payment changed through the API shows in Margin Builder and Forecast Revenue By Supplier", async ({ page }) => {
  const api = await crmApiAs(DEMO.management);
  const name = unique("Margin").name;
  // A year no other data uses, so the report shows this contract alone.
  const year = 2150 + Math.floor(Math.random() * 40);
  const { contract, supplier } = await contractFor(api, name, {});
  const { payments } = await api.payments.createPayments({
    contractId: contract.contractId,
    payments: [{ projectedMonth: 3, projectedYear: year, projectedPayment: "123.45" }],
  });

  await signIn(page, DEMO.management);
  await page.goto(`/ForecastRevenueBySupplier?year=${year}`);
  const table = page.getByRole("table", { name: "Revenue by supplier and month" });
  await expect(table.getByRole("row", { name: new RegExp(supplier.name) })).toContainText("$123.45", {
    timeout: 10_000,
  });

  await page.goto(`/MarginBuilder?projectedYear=${year}`);
  const rows = page.getByRole("table", { name: "Margin Builder rows" });
  await expect(rows.getByRole("row", { name: new RegExp(name) })).toContainText("123.45", { timeout: 10_000 });

  const [payment] = payments;
  await api.payments.updatePayment({ payment: { ...payment, projectedPayment: "200.00" } });
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(rows.getByRole("row", { name: new RegExp(name) })).toContainText("200.00", { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.goto(`/ForecastRevenueBySupplier?year=${year}`);
  await expect(table.getByRole("row", { name: new RegExp(supplier.name) })).toContainText("$200.00");
});

test("a contract ending in 10 days is a renewal alert on its closer's dashboard, linking to the company", async ({
  page,
}) => {
  const api = await crmApiAs(DEMO.management);
  const closer = await userIdOf(DEMO.management);
  const end = plusDays(businessToday(), 10);
  const start = oneMonthStartEndingOn(end);
  const name = unique("Renewal").name;
  const { company } = await contractFor(api, name, { startDate: start, termMonths: 1, closer1UserId: closer });

  await signIn(page, DEMO.management);
  const panel = page.getByRole("region", { name: "Renewals" });
  const soon = panel.getByRole("list", { name: "Within 14 days" });
  await expect(async () => {
    await page.reload();
    await expect(soon.getByRole("link", { name })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(soon.getByRole("listitem").filter({ hasText: name })).toContainText("10 days");
  await soon.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${company.companyId}/contracts`));
});
