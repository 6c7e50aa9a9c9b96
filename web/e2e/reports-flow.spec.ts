import { expect, test } from "@playwright/test";

import { AccountCommodity } from "../src/gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { createTestCompany, crmApiAs, randomLetters, userIdOf, utilityNamed, type CrmApi } from "./crmHelpers";
import { DEMO, signIn, unique } from "./helpers";

/** Today in the brokerage's time zone (the reports' "today"), as year, month and day. */
function businessToday(): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

/** `days` after `from`, as a proto date. */
function plusDays(from: { year: number; month: number; day: number }, days: number) {
  const date = new Date(Date.UTC(from.year, from.month - 1, from.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * The start of a one-month contract ending on `end`: the contracts service ends it the day before
 * the same day a month on (clamped to the month's last day), so the candidates are tried.
 */
function oneMonthStartEndingOn(end: { year: number; month: number; day: number }) {
  const key = (d: { year: number; month: number; day: number }) => d.year * 10_000 + d.month * 100 + d.day;
  for (let back = 27; back <= 31; back++) {
    const start = plusDays(end, -back);
    const lastDay = new Date(Date.UTC(start.year, start.month + 1, 0)).getUTCDate();
    const next = new Date(Date.UTC(start.year, start.month, Math.min(start.day, lastDay)));
    const ends = plusDays({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }, -1);
    if (key(ends) === key(end)) return start;
  }
  throw new Error("No one-month start ends on the day");
}

/** A company with one Electric account and a contract with the first Electric supplier. */
async function contractFor(api: CrmApi, name: string, fields: object) {
  const peco = await utilityNamed("PECO", Commodity.ELECTRIC);
  const company = await createTestCompany({ name }, api);
  const { account } = await api.accounts.createAccount({
    account: {
      companyId: company.companyId,
      name: "Plant",
      commodity: AccountCommodity.ELECTRIC,
      utilityId: peco.utilityId,
      accountNumber: `E2E-${randomLetters(6)}`,
    },
  });
  const { suppliers } = await api.suppliers.listSuppliers({ commodity: Commodity.ELECTRIC });
  const supplier = suppliers.find((s) => !s.archived && s.commodity === Commodity.ELECTRIC);
  if (!account || !supplier) throw new Error("The demo data has no Electric supplier");
  const { contract } = await api.contracts.createContract({
    contract: {
      companyId: company.companyId,
      commodity: Commodity.ELECTRIC,
      utilityId: peco.utilityId,
      supplierId: supplier.supplierId,
      state: "PA",
      dateSigned: { year: 2025, month: 12, day: 15 },
      startDate: { year: 2026, month: 1, day: 1 },
      termMonths: 12,
      contractType: "New",
      contractRate: "0.0712",
      fee: "0.005",
      status: 0,
      accountIds: [account.accountId],
      ...fields,
    },
  });
  if (!contract) throw new Error("CreateContract answered without a contract");
  return { company, contract, supplier };
}

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
