import { expect, test } from "@playwright/test";

import { createTestCompany, crmApiAs, randomLetters, userIdOf } from "./crmHelpers";
import { DEMO, signIn } from "./helpers";

test("mass update sets the Closer of two companies and RESET clears it", async ({ page }) => {
  const tag = randomLetters(6);
  const a = await createTestCompany({ name: `E2E Mass ${tag} One` });
  const b = await createTestCompany({ name: `E2E Mass ${tag} Two` });
  const closer = await userIdOf(DEMO.sales2);

  await signIn(page, DEMO.management);
  await page.goto("/Admin");
  await page.getByRole("tab", { name: "Companies" }).click();
  await page.getByLabel("Search companies by name").fill(`E2E Mass ${tag}`);
  const rows = page.getByRole("table", { name: "Companies" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  // Blueprint draws the box over the (transparent) input: click what a person clicks, the label.
  await page.getByLabel("Select all on this page").locator("xpath=..").click();
  await expect(page.getByLabel("Select all on this page")).toBeChecked();
  await expect(page.getByText("2 selected")).toBeVisible();

  await expect(page.getByLabel("Closer", { exact: true }).locator("option").first()).toHaveText("(no change)");
  await expect(page.getByLabel("Closer", { exact: true }).locator("option").last()).toHaveText("RESET");
  await page.getByLabel("Closer", { exact: true }).selectOption({ label: "Elena Ruiz" });
  await page.getByRole("button", { name: "Update" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Change" }).click();
  await expect(page.getByText("Companies Updated !")).toBeVisible();
  for (const row of await rows.all()) {
    await expect(row.getByRole("cell").nth(5)).toHaveText("Elena Ruiz");
  }
  const api = await crmApiAs(DEMO.management);
  expect((await api.companies.getCompany({ companyId: a.companyId })).company?.closerUserId).toBe(closer);
  expect((await api.companies.getCompany({ companyId: b.companyId })).company?.closerUserId).toBe(closer);
  // Roles left at "(no change)" were not touched.
  expect((await api.companies.getCompany({ companyId: a.companyId })).company?.insideUserId).toBe(0n);

  await page.getByLabel("Closer", { exact: true }).selectOption({ label: "RESET" });
  await page.getByRole("button", { name: "Update" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Change" }).click();
  await expect(page.getByText("Companies Updated !").first()).toBeVisible();
  for (const row of await rows.all()) {
    await expect(row.getByRole("cell").nth(5)).toHaveText("");
  }
  expect((await api.companies.getCompany({ companyId: a.companyId })).company?.closerUserId).toBe(0n);
  expect((await api.companies.getCompany({ companyId: b.companyId })).company?.closerUserId).toBe(0n);
});
