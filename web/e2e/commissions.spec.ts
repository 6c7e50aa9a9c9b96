import { expect, test, type Page } from "@playwright/test";

import { AccountCommodity } from "../src/gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { createTestCompany, crmApiAs, randomLetters, utilityNamed, type CrmApi } from "./crmHelpers";
import { DEMO, mainMenu, signIn, unique } from "./helpers";
import { unusedProjectedYear } from "./reportHelpers";

/** The statement file's own headers: no saved mapping knows them, so each is mapped by hand. */
const HEADERS = ["Acct Ref", "Svc From", "Svc To", "Volume", "Paid", "Client"];

/** Which header each field of the mapping form takes. */
const MAPPING: [string, string][] = [
  ["Account Number*", "Acct Ref"],
  ["Period Start*", "Svc From"],
  ["Period End", "Svc To"],
  ["Usage", "Volume"],
  ["Amount*", "Paid"],
  ["Customer Name", "Client"],
];

interface Seeded {
  name: string;
  accountNumber: string;
  contractId: bigint;
  paymentId: bigint;
}

/** A company whose one Electric account has a contract of `supplierId` starting in `year`, paying `expected` in March. */
async function contractPaying(api: CrmApi, supplierId: bigint, year: number, expected: string): Promise<Seeded> {
  const peco = await utilityNamed("PECO", Commodity.ELECTRIC);
  const name = unique("Commission").name;
  const company = await createTestCompany({ name }, api);
  const accountNumber = `77${Date.now() % 1_000_000_000}${Math.floor(Math.random() * 900 + 100)}`;
  const { account } = await api.accounts.createAccount({
    account: {
      companyId: company.companyId,
      name: "Plant",
      commodity: AccountCommodity.ELECTRIC,
      utilityId: peco.utilityId,
      accountNumber,
    },
  });
  const { contract } = await api.contracts.createContract({
    contract: {
      companyId: company.companyId,
      commodity: Commodity.ELECTRIC,
      utilityId: peco.utilityId,
      supplierId,
      state: "PA",
      dateSigned: { year: year - 1, month: 12, day: 15 },
      startDate: { year, month: 1, day: 1 },
      termMonths: 12,
      contractType: "New",
      contractRate: "0.0712",
      fee: "0.005",
      accountIds: [account?.accountId ?? 0n],
    },
  });
  if (!contract) throw new Error("CreateContract answered without a contract");
  const { payments } = await api.payments.createPayments({
    contractId: contract.contractId,
    payments: [{ projectedMonth: 3, projectedYear: year, projectedPayment: expected, projectedUsage: "10000" }],
  });
  return { name, accountNumber, contractId: contract.contractId, paymentId: payments[0].paymentId };
}

/** A supplier of this run alone, so its mapping is new and its months hold only this spec's payments. */
async function newSupplier(api: CrmApi) {
  const { supplier } = await api.suppliers.createSupplier({
    supplier: { name: `E2E Supplier ${randomLetters(8)}`, commodity: Commodity.ELECTRIC },
  });
  if (!supplier) throw new Error("CreateSupplier answered without a supplier");
  return supplier;
}

/** A CSV statement: one line a row, the cells in HEADERS' order. */
function statementCsv(year: number, rows: { account: string; amount: string; client: string }[]): Buffer {
  const lines = rows.map((r) => [r.account, `03/01/${year}`, `03/31/${year}`, "10000", r.amount, r.client].join(","));
  return Buffer.from([HEADERS.join(","), ...lines].join("\n") + "\n");
}

/** On the Import tab: chooses the supplier and the file, maps every column and asks for the preview. */
async function uploadAndPreview(page: Page, supplierName: string, fileName: string, content: Buffer) {
  await page.goto("/Commissions/Import");
  await page.getByLabel("Supplier", { exact: true }).selectOption({ label: supplierName });
  await page.getByLabel("Statement file").setInputFiles({ name: fileName, mimeType: "text/csv", buffer: content });
  const mapping = page.getByRole("group", { name: "Columns" });
  await expect(mapping).toBeVisible();
  for (const [field, header] of MAPPING) {
    await mapping.getByLabel(field, { exact: true }).selectOption({ label: header });
  }
  await mapping.getByLabel("Period Month (instead of start)").selectOption({ label: "(none)" });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("tab", { name: /^Matched \(\d+\)$/ })).toBeVisible();
}

/**
 * Margin Builder of the year shows the contract's payment with (or, once reverted, without) the amount
 * received: the read model follows within a second, Refresh reads it again.
 */
async function expectMarginRow(page: Page, year: number, name: string, amount: string, shown: boolean) {
  await page.goto(`/MarginBuilder?projectedYear=${year}`);
  const row = page.getByRole("table", { name: "Margin Builder rows" }).getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    const received = expect(row);
    await (shown ? received : received.not).toContainText(amount, { timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
}

test("Management imports a statement with a new mapping, previews its buckets, applies it, sees Margin Builder change and reverts it", async ({
  page,
}) => {
  const api = await crmApiAs(DEMO.management);
  const supplier = await newSupplier(api);
  const year = await unusedProjectedYear(api);
  const matched = await contractPaying(api, supplier.supplierId, year, "500.00");
  const short = await contractPaying(api, supplier.supplierId, year, "200.00");
  const missing = await contractPaying(api, supplier.supplierId, year, "75.00");
  const csv = statementCsv(year, [
    { account: matched.accountNumber, amount: "495.00", client: matched.name },
    { account: short.accountNumber, amount: "150.00", client: short.name },
    { account: `NOPE${randomLetters(6)}`, amount: "12.34", client: "Nobody Known" },
  ]);

  await signIn(page, DEMO.management);
  await expect(mainMenu(page).getByRole("link", { name: "Commissions" })).toBeVisible();
  await uploadAndPreview(page, supplier.name, `statement-${year}.csv`, csv);
  for (const tab of ["Matched (1)", "Short/Over (1)", "Unmatched (1)", "Duplicate (0)", "Missing (1)"]) {
    await expect(page.getByRole("tab", { name: tab, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("table", { name: "Matched rows" })).toContainText(matched.accountNumber);
  await page.getByRole("tab", { name: "Short/Over (1)" }).click();
  await expect(page.getByRole("table", { name: "Short/Over rows" })).toContainText("-$50.00");
  await page.getByRole("tab", { name: "Missing (1)" }).click();
  await expect(page.getByRole("table", { name: "Missing rows" })).toContainText(`#${missing.contractId}`);

  // Nothing is applied by the preview.
  const before = (await api.payments.listPayments({ contractId: matched.contractId })).payments[0];
  expect(Number(before.paymentActual || 0)).toBe(0);

  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/Commissions\/Statements\/\d+$/);
  const statementUrl = page.url();
  await expect(page.getByText(/^Statement #\d+ applied: 2 payments set\.$/)).toBeVisible();
  await expectMarginRow(page, year, matched.name, "$495.00", true);

  await page.goto(statementUrl);
  await page.getByRole("button", { name: "Revert statement" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revert" }).click();
  await expect(page.getByText(/^Statement reverted: 2 payments restored\.$/)).toBeVisible();
  await expectMarginRow(page, year, matched.name, "$495.00", false);
  // The payment holds again what it held before the statement.
  const after = (await api.payments.listPayments({ contractId: matched.contractId })).payments[0];
  expect([after.paymentActual, after.usageActual, after.paymentMonth, after.paymentYear]).toEqual([
    before.paymentActual,
    before.usageActual,
    before.paymentMonth,
    before.paymentYear,
  ]);
});

test("two people importing the same file at once: one applies it, the other is told it was imported", async ({
  browser,
}) => {
  const api = await crmApiAs(DEMO.management);
  const supplier = await newSupplier(api);
  const year = await unusedProjectedYear(api);
  const seeded = await contractPaying(api, supplier.supplierId, year, "300.00");
  const csv = statementCsv(year, [{ account: seeded.accountNumber, amount: "300.00", client: seeded.name }]);
  const fileName = `same-${year}.csv`;

  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
  await Promise.all([signIn(first, DEMO.management), signIn(second, DEMO.admin)]);
  await Promise.all([
    uploadAndPreview(first, supplier.name, fileName, csv),
    uploadAndPreview(second, supplier.name, fileName, csv),
  ]);
  await Promise.all([first, second].map((page) => page.getByRole("button", { name: "Apply" }).click()));

  const applied = (page: Page) => /\/Commissions\/Statements\/\d+$/.test(page.url());
  await expect(async () => expect([first, second].filter(applied)).toHaveLength(1)).toPass({ timeout: 10_000 });
  const loser = applied(first) ? second : first;
  const refusal = loser.getByRole("alert");
  await expect(refusal).toBeVisible();
  const earlier = refusal.getByRole("link", { name: /^Open statement #\d+$/ });
  await expect(earlier).toBeVisible();
  // The mapping chosen stays for another try.
  await expect(loser.getByLabel("Amount*", { exact: true })).toHaveValue("Paid");

  const { payments } = await api.payments.listPayments({ contractId: seeded.contractId });
  expect(Number(payments[0].paymentActual)).toBe(300);
  await earlier.click();
  await expect(loser).toHaveURL(/\/Commissions\/Statements\/\d+$/);
  await Promise.all(contexts.map((context) => context.close()));
});

test("Sales has no Commissions entry and is not allowed on /Commissions", async ({ page }) => {
  await signIn(page, DEMO.sales);
  await expect(mainMenu(page).getByRole("link", { name: "Reports" })).toBeVisible();
  await expect(mainMenu(page).getByRole("link", { name: "Commissions" })).toHaveCount(0);
  await page.goto("/Commissions");
  await expect(page.getByText("You do not have access to this page.")).toBeVisible();
});
