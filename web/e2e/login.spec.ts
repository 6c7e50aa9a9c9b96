import { expect, test } from "@playwright/test";

import { createTestUser, storedToken } from "./helpers";

test("a wrong password shows the spec's message and clears the password", async ({ page }) => {
  // A fresh user, so repeated runs never throttle the demo users.
  const { user } = await createTestUser("WrongPw");
  await page.goto("/");
  await expect(page.getByText("Forgot Password")).toBeVisible();
  await page.getByLabel("Login", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("certainly-not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  const message = page.getByRole("alert").locator(".eris-message");
  await expect(message).toHaveText("Incorrect login or password.");
  expect(await message.textContent()).toBe("Incorrect login or password.");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Login", { exact: true })).toHaveValue(user.email);
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
  // No session, so no refresh cookie either.
  expect((await page.context().cookies()).some((cookie) => cookie.name === "eris_refresh")).toBe(false);
  await page.screenshot({ path: "e2e/screenshots/login-failed.png" });
});

test("an unknown user gets the same message", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Login", { exact: true }).fill(`nobody-${Date.now()}@eris.test`);
  await page.getByLabel("Password", { exact: true }).fill("whatever");
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page.getByText("Incorrect login or password.", { exact: true })).toBeVisible();
});

test("a signed-out visitor of a shell route lands on the login page", async ({ page }) => {
  await page.goto("/Reports");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
});
