import { expect, test } from "@playwright/test";

import { createTestCompany } from "./crmHelpers";
import { DEMO, signIn, unique } from "./helpers";

test("the main screens run under the server's Content-Security-Policy without a violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => violations.push(`${page.url()}: ${error.message}`));
  const company = await createTestCompany({ name: unique("Csp").name, city: "Dayton" });

  const login = await page.goto("/");
  expect(login?.headers()["content-security-policy"]).toContain("style-src 'self';");
  await signIn(page, DEMO.management);
  await expect(page.getByRole("tab", { name: "Tasks" })).toBeVisible();

  await page.goto("/Leads");
  await expect(page.getByRole("tab", { name: "View Companies" })).toBeVisible();
  await page.getByRole("button", { name: "Company search" }).click();
  await expect(page.getByRole("search", { name: "Company search" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto(`/LeadTabs/${company.companyId}/details`);
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Dayton");

  await page.goto("/Admin");
  await page.getByRole("button", { name: "Add User" }).click();
  await expect(page.getByRole("dialog").getByLabel("Email")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/Settings");
  await expect(page.getByLabel("Current Password")).toBeVisible();

  expect(violations).toEqual([]);
});
