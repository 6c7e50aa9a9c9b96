import { expect, test } from "@playwright/test";

import { AccountCommodity } from "../src/gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { createTestCompany, crmApiAs, randomLetters, utilityNamed } from "./crmHelpers";
import { DEMO, signIn, unique } from "./helpers";

/** The messages of an empty beta Add Contract form (spec 2 section 5), word for word. */
const EMPTY_FORM_MESSAGES = [
  "Commodity is a require field.",
  "Inside Sales is a required field.",
  "Closer 1 is a required field.",
  "Date signed is a required field.",
  "Start date is a required field.",
  "Term length is a required field.",
  "Status is a required field.",
  "No accounts selected for this contract.  At least 1 account is required.",
];

/** A company with one Electric account at PECO, made by Management through the API. */
async function companyWithAccount() {
  const [peco, api] = await Promise.all([utilityNamed("PECO", Commodity.ELECTRIC), crmApiAs(DEMO.management)]);
  const company = await createTestCompany({ name: unique("BetaContracts").name }, api);
  const { account } = await api.accounts.createAccount({
    account: {
      companyId: company.companyId,
      name: "Plant B",
      commodity: AccountCommodity.ELECTRIC,
      utilityId: peco.utilityId,
      accountNumber: `E2E-${randomLetters(6)}`,
      city: "Media",
      state: "PA",
    },
  });
  if (!account) throw new Error("CreateAccount answered without an account");
  const { suppliers } = await api.suppliers.listSuppliers({ commodity: Commodity.ELECTRIC });
  const supplier = suppliers.find((s) => !s.archived && s.commodity === Commodity.ELECTRIC);
  if (!supplier) throw new Error("The demo data has no Electric supplier");
  const { users } = await api.users.listUsers({ pageSize: 500 });
  const nameOf = (email: string) => {
    const user = users.find((u) => u.email === email);
    if (!user) throw new Error(`No user ${email}`);
    return user.name;
  };
  return { company, account, supplier, api, management: nameOf(DEMO.management), admin: nameOf(DEMO.admin) };
}

test("Management adds a Hedge contract in beta, then adds and deletes a hedge", async ({ page }) => {
  const { company, account, supplier, api, management, admin } = await companyWithAccount();

  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/contractsBETA`);
  await expect(page.getByRole("heading", { name: `Contracts (BETA) for ${company.name}` })).toBeVisible();
  await expect(page.getByText("No contracts found.")).toBeVisible();

  await page.getByRole("button", { name: "Add Contract" }).click();
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${company.companyId}/contractsBETA/add$`));
  await expect(page.getByLabel("Lead", { exact: true })).toHaveValue(company.name);

  // An empty form: every message together, and nothing is made.
  await page.getByRole("button", { name: "submit contract" }).click();
  const errors = page.getByRole("alert", { name: "Errors found on this form:" });
  await expect(errors.getByRole("listitem")).toHaveText(EMPTY_FORM_MESSAGES);
  expect(
    (await api.contracts.listContracts({ companyId: company.companyId, includeInactive: true })).contracts,
  ).toEqual([]);

  // A Hedge Electric contract covering the company's account.
  await page.getByLabel("Commodity", { exact: true }).selectOption({ label: "Electric" });
  await page.getByLabel("Inside Sales", { exact: true }).selectOption({ label: management });
  await page.getByLabel("Closer 1", { exact: true }).selectOption({ label: management });
  await page.getByLabel("Analyst", { exact: true }).selectOption({ label: admin });
  await page.getByLabel("Date Signed", { exact: true }).fill("01/15/2026");
  await page.getByLabel("Start Date", { exact: true }).fill("02/01/2026");
  await page.getByLabel("Term Length", { exact: true }).fill("12");
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Active" });
  await page.getByLabel("Contract Type", { exact: true }).selectOption({ label: "Hedge" });
  const accounts = page.getByRole("table", { name: "Accounts" });
  await expect(accounts.getByRole("row")).toHaveCount(2);
  // Blueprint draws the box over the input: the keyboard's Space ticks it as a person would.
  await accounts.getByRole("checkbox", { name: `Select Plant B ${account.accountNumber}` }).press("Space");
  await expect(accounts.getByRole("checkbox", { name: `Select Plant B ${account.accountNumber}` })).toBeChecked();
  // The account is at PECO: the utilities are narrowed to it.
  const utility = page.getByLabel("Utility", { exact: true });
  await expect(utility.locator("option")).toHaveText(["Choose…", "PECO (PA)"]);
  await utility.selectOption({ label: "PECO (PA)" });
  await page.getByLabel("Supplier", { exact: true }).selectOption({ label: supplier.name });
  await page.getByLabel("Contract Rate", { exact: true }).fill("0.0712");
  await page.getByLabel("State", { exact: true }).selectOption("PA");
  await page.getByLabel("Fee", { exact: true }).fill("0.005");
  await page.getByLabel("Billing Type", { exact: true }).selectOption({ label: "Dual" });
  await page.getByRole("button", { name: "submit contract" }).click();

  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${company.companyId}/contractsBETA/view/\\d+$`));
  const contractId = BigInt(/view\/(\d+)$/.exec(page.url())?.[1] ?? "0");
  const { contract } = await api.contracts.getContract({ contractId });
  expect(contract?.beta).toBe(true);
  expect(contract?.contractType).toBe("Hedge");
  expect(contract?.accountIds).toEqual([account.accountId]);
  expect(contract?.supplierId).toBe(supplier.supplierId);
  await expect(page.getByTestId("contract-heading")).toHaveText("Electric contract, Active, signed 01/15/2026");

  // A hedge: added in the Hedge tab, listed, made by the signed-in user.
  await page.getByRole("tab", { name: "Hedge" }).click();
  await expect(page).toHaveURL(/\?tab=hedge$/);
  await page.getByRole("button", { name: "Add Hedge" }).click();
  const add = page.getByRole("dialog", { name: "Add Hedge" });
  await add.getByLabel("Block Type", { exact: true }).selectOption("Flat Block");
  await add.getByLabel("Signed Date", { exact: true }).fill("01/20/2026");
  await add.getByLabel("Start Month", { exact: true }).fill("03/2026");
  await add.getByLabel("Term", { exact: true }).fill("6");
  await add.getByLabel("Rate", { exact: true }).fill("0.065");
  await add.getByLabel("Fee", { exact: true }).fill("0.004");
  await add.getByRole("button", { name: "Save" }).click();
  await expect(add).toBeHidden();

  const hedges = page.getByRole("table", { name: "Hedges" });
  const row = hedges.locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell")).toHaveText([
    /.*/,
    "Flat Block",
    "01/20/2026",
    "03/2026",
    "6",
    "$0.065",
    "$0.004",
  ]);

  await row.getByRole("button", { name: "Edit hedge" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Hedge" });
  await expect(edit.getByTestId("hedge-created-by")).toHaveText(management);
  await expect(edit.getByTestId("hedge-created-on")).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/);
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(edit).toBeHidden();

  // Deleting asks first, naming the block type and start month.
  await row.getByRole("button", { name: "Delete hedge" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Confirm Delete Hedge?");
  await expect(confirm).toContainText("Flat Block starting 03/2026");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No hedges yet.")).toBeVisible();
  expect((await api.hedges.listHedges({ contractId })).hedges).toEqual([]);
});

test("Management changes a beta contract's info and accounts, then deletes it from the tab", async ({ page }) => {
  const { company, account, supplier, api } = await companyWithAccount();
  const { account: second } = await api.accounts.createAccount({
    account: {
      companyId: company.companyId,
      name: "Plant C",
      commodity: AccountCommodity.ELECTRIC,
      accountNumber: `E2E-${randomLetters(6)}`,
    },
  });
  if (!second) throw new Error("CreateAccount answered without an account");
  const managementId = (await api.users.listUsers({ pageSize: 500 })).users.find(
    (u) => u.email === DEMO.management,
  )?.userId;
  const { contract } = await api.contracts.createContract({
    beta: true,
    contract: {
      companyId: company.companyId,
      commodity: Commodity.ELECTRIC,
      insideSalesUserId: managementId,
      closer1UserId: managementId,
      analystUserId: managementId,
      dateSigned: { year: 2026, month: 3, day: 9 },
      startDate: { year: 2026, month: 4, day: 1 },
      termMonths: 24,
      status: 0,
      contractType: "New",
      supplierId: supplier.supplierId,
      contractRate: "0.07",
      state: "PA",
      fee: "0.004",
      billingType: "Dual",
      accountIds: [account.accountId],
    },
  });
  if (!contract) throw new Error("CreateContract answered without a contract");

  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/contractsBETA/view/${contract.contractId}`);
  const notes = page.getByLabel("Notes", { exact: true });
  await expect(page.getByLabel("Contract Rate", { exact: true })).toHaveValue("0.07");
  await notes.fill("Renewal talks in March.");
  await page.getByRole("button", { name: "Submit Changes" }).click();
  await expect(page.getByText("Contract Updated")).toBeVisible();
  const afterInfo = (await api.contracts.getContract({ contractId: contract.contractId })).contract;
  expect(afterInfo?.notes).toBe("Renewal talks in March.");
  expect(afterInfo?.contractRate).toBe("0.07");
  expect(afterInfo?.version).toBeGreaterThan(contract.version);

  // The company's own tabs have an Accounts tab too: this is the contract's.
  await page.getByRole("region", { name: "View Contract" }).getByRole("tab", { name: "Accounts" }).click();
  const accounts = page.getByRole("table", { name: "Accounts" });
  await expect(accounts.getByRole("checkbox", { name: `Select Plant B ${account.accountNumber}` })).toBeChecked();
  await accounts.getByRole("checkbox", { name: `Select Plant C ${second.accountNumber}` }).press("Space");
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(page.getByText("Contract Accounts Updated")).toBeVisible();
  const afterAccounts = (await api.contracts.getContract({ contractId: contract.contractId })).contract;
  expect([...(afterAccounts?.accountIds ?? [])].sort()).toEqual([account.accountId, second.accountId].sort());

  await page.getByRole("link", { name: "Back to contracts" }).click();
  const row = page.locator(`tr[data-contract-id="${contract.contractId}"]`);
  await row.getByRole("button", { name: "Show details" }).click();
  await expect(page.locator(`#beta-contract-details-${contract.contractId}`)).toContainText("Renewal talks in March.");
  await row.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this contract ?");
  await expect(confirm).toContainText("Electric contract, Active, signed 03/09/2026");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Contract successfully deleted.")).toBeVisible();
  await expect(row).toBeHidden();
});
