import { expect, test } from "@playwright/test";

import { createTestCompany, crmApiAs, randomLetters, userIdOf } from "./crmHelpers";
import { DEMO, signIn } from "./helpers";

test("mass update says how many companies will change and sends nothing until confirmed", async ({ page }) => {
  const tag = randomLetters(6);
  const names = ["One", "Two", "Three"].map((n) => `E2E Confirm ${tag} ${n}`);
  const companies = await Promise.all(names.map((name) => createTestCompany({ name })));
  const analyst = await userIdOf(DEMO.sales);
  const api = await crmApiAs(DEMO.management);
  const analystOf = async (index: number) =>
    (await api.companies.getCompany({ companyId: companies[index].companyId })).company?.analystUserId;

  await signIn(page, DEMO.management);
  await page.goto("/Admin?tab=companies");
  await page.getByLabel("Search companies by name").fill(`E2E Confirm ${tag}`);
  const rows = page.getByRole("table", { name: "Companies" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(page).toHaveURL(/tab=companies/);
  // Blueprint draws the box over the (transparent) input: click the label, as a person does.
  await page.getByLabel("Select all on this page").locator("xpath=..").click();
  await page.getByLabel(`Select ${names[1]}`).locator("xpath=..").click();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByLabel("Analyst", { exact: true }).selectOption({ label: "Marcus Bell" });
  await page.getByRole("button", { name: "Update" }).click();

  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Change 2 companies?");
  await expect(confirm).toContainText("Analyst: Marcus Bell");
  await page.screenshot({ path: "e2e/screenshots/daily-mass-update-confirm.png" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect(await analystOf(0)).toBe(0n);

  await page.getByRole("button", { name: "Update" }).click();
  await confirm.getByRole("button", { name: "Change" }).click();
  await expect(page.getByText("Companies Updated !")).toBeVisible();
  expect(await analystOf(0)).toBe(analyst);
  expect(await analystOf(1)).toBe(0n);
  expect(await analystOf(2)).toBe(analyst);
});

test("Add User checks the e-mail before saving", async ({ page }) => {
  await signIn(page, DEMO.management);
  await page.goto("/Admin");
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Nobody New");
  await dialog.getByLabel("Role").selectOption({ label: "Sales" });
  const email = dialog.getByLabel("Email");
  await email.fill(DEMO.sales.toUpperCase());
  await expect(dialog.getByText("Another user already has this e-mail address.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await email.fill("nobody-at-eris.test");
  await email.blur();
  await expect(dialog.getByText("Enter an e-mail address such as name@example.com.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.screenshot({ path: "e2e/screenshots/daily-add-user-email.png" });
  await email.fill(`nobody-${randomLetters(8)}@eris.test`);
  await expect(dialog.getByRole("button", { name: "Save" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();
});
