import { expect, type Page } from "@playwright/test";

import { AccountCommodity } from "../src/gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { field, openDetails, typeAndLeave, expectAllSaved } from "./autosaveHelpers";
import { crmApiAs, randomLetters, utilityNamed } from "./crmHelpers";
import { DEMO, peopleTest, unique } from "./helpers";
import { contractFor, unusedProjectedYear } from "./reportHelpers";

/** How soon a colleague's save must show on an open screen. */
const LIVE = { timeout: 2_000 };

const test = peopleTest;

/** Waits until the page's change feed is open (its first, empty batch has arrived). */
async function feedOpen(page: Page, open: () => Promise<unknown>) {
  const watching = page.waitForResponse((res) => res.url().includes("ChangeFeedService/WatchChanges"));
  await open();
  await watching;
}

test("what Customer Care saves shows within 2 s on Management's open Contracts tab, Payments dialog and account list, without overwriting a row being edited", async ({
  signedIn,
}) => {
  const api = await crmApiAs(DEMO.management);
  const care = await crmApiAs(DEMO.care);
  const { company, contract } = await contractFor(api, unique("Live").name, {});
  const { payments } = await api.payments.createPayments({
    contractId: contract.contractId,
    payments: [
      { projectedMonth: 1, projectedYear: 2026, projectedPayment: "10.00" },
      { projectedMonth: 2, projectedYear: 2026, projectedPayment: "20.00" },
    ],
  });
  const [january, february] = payments;
  const page = await signedIn(DEMO.management);

  // The Contracts tab: a contract Customer Care adds appears.
  await feedOpen(page, () => page.goto(`/LeadTabs/${company.companyId}/contracts`));
  await expect(page.locator(`tr[data-contract-id="${contract.contractId}"]`)).toBeVisible();
  const { contract: second } = await care.contracts.createContract({
    contract: { ...contract, contractId: 0n, version: 0n, contractRate: "0.0699" },
  });
  await expect(page.locator(`tr[data-contract-id="${second!.contractId}"]`)).toBeVisible(LIVE);

  // The Payments dialog: a payment Customer Care saves shows, and the row being typed in keeps
  // what was typed.
  await page
    .locator(`tr[data-contract-id="${contract.contractId}"]`)
    .getByRole("button", { name: "Payments", exact: true })
    .click();
  const dialog = page.getByRole("dialog", { name: "Payments" });
  const row = (id: bigint) => dialog.locator(`tr[data-payment-id="${id}"]`);
  await expect(row(january.paymentId)).toBeVisible();
  await row(february.paymentId).getByRole("button", { name: "Edit the payment of February 2026" }).click();
  await row(february.paymentId).getByLabel("Payment Actual").fill("19.99");

  await care.payments.updatePayment({
    payment: { ...january, paymentMonth: 2, paymentYear: 2026, paymentActual: "9.75" },
  });
  await care.payments.updatePayment({
    payment: { ...february, paymentMonth: 3, paymentYear: 2026, paymentActual: "21.00" },
  });
  await expect(row(january.paymentId)).toContainText("$9.75", LIVE);
  await page.waitForTimeout(500);
  await expect(row(february.paymentId).getByLabel("Payment Actual")).toHaveValue("19.99");
  await page.keyboard.press("Escape");

  // The account list: an account Customer Care adds appears.
  await page.goto(`/LeadTabs/${company.companyId}/accounts`);
  const peco = await utilityNamed("PECO", Commodity.ELECTRIC);
  const accountName = `Live ${randomLetters(5)}`;
  await expect(page.getByRole("table").first()).toBeVisible();
  await care.accounts.createAccount({
    account: {
      companyId: company.companyId,
      name: accountName,
      commodity: AccountCommodity.ELECTRIC,
      utilityId: peco.utilityId,
      accountNumber: `E2E-${randomLetters(6)}`,
    },
  });
  await expect(page.getByText(accountName)).toBeVisible(LIVE);
});

test("two people on one company: what one saves shows on the other's open page within 2 s", async ({ signedIn }) => {
  const api = await crmApiAs(DEMO.management);
  const { company } = await contractFor(api, unique("LivePage").name, {});
  const a = await signedIn(DEMO.management);
  const b = await signedIn(DEMO.admin);
  await feedOpen(a, () => openDetails(a, company));
  await openDetails(b, company);

  const city = `Kent ${randomLetters(4)}`;
  await typeAndLeave(b, "City", city);
  await expectAllSaved(b);
  await expect(field(a, "City")).toHaveValue(city, LIVE);
});

test("Margin Builder does not move under its reader: it counts a colleague's changes and refreshes on request", async ({
  signedIn,
}) => {
  const api = await crmApiAs(DEMO.management);
  const care = await crmApiAs(DEMO.care);
  const year = await unusedProjectedYear(api);
  const { contract } = await contractFor(api, unique("LiveMargin").name, {});
  const {
    payments: [payment],
  } = await api.payments.createPayments({
    contractId: contract.contractId,
    payments: [{ projectedMonth: 3, projectedYear: year, projectedPayment: "50.00" }],
  });
  const page = await signedIn(DEMO.management);
  await feedOpen(page, () => page.goto(`/MarginBuilder?projectedYear=${year}`));
  const margin = page.getByRole("table", { name: "Margin Builder rows" });
  const row = margin.locator(`tbody tr[data-payment-id="${payment.paymentId}"]`);
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(row).not.toContainText("$48.00");

  await care.payments.updatePayment({
    payment: { ...payment, paymentMonth: 4, paymentYear: year, paymentActual: "48.00" },
  });
  const banner = page.getByRole("status").filter({ hasText: "since you opened this" });
  await expect(banner).toHaveText(/1 change since you opened this/, LIVE);
  await expect(row).not.toContainText("$48.00");

  await expect(async () => {
    await banner.getByRole("button", { name: /^Refresh/ }).click({ timeout: 1_000 });
    await expect(row).toContainText("$48.00", { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(banner).toHaveCount(0);
});
