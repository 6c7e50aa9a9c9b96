import { expect, test } from "@playwright/test";

import { addUserThenSignOut, mainMenu, signIn, signOut, unique } from "./helpers";

test("a new user must change the one-time password before anything else", async ({ page }) => {
  const { name, email } = unique("Forced");
  const chosen = `Chosen-${Date.now()}`;

  const oneTimePassword = await addUserThenSignOut(page, { name, email, role: "Sales" });

  await signIn(page, email, oneTimePassword, "/Settings");
  const current = page.getByLabel("Current Password");
  await expect(current).toHaveValue(oneTimePassword);
  await expect(current).toBeDisabled();
  await page.screenshot({ path: "e2e/screenshots/forced-reset.png" });

  // Nothing else is reachable: not through the menu ...
  await mainMenu(page).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/Settings$/);
  await expect(current).toBeDisabled();
  // ... nor by address (a reload forgets the typed password: the field is then editable and empty).
  await page.goto("/Dashboard");
  await expect(page).toHaveURL(/\/Settings$/);
  await expect(current).toBeEnabled();
  await expect(current).toHaveValue("");

  await current.fill(oneTimePassword);
  await page.getByLabel("New Password", { exact: true }).fill(chosen);
  await page.getByLabel("Confirm New Password").fill(chosen);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password successfully changed.")).toBeVisible();
  await expect(page).toHaveURL(/\/Dashboard$/);
  await page.goto("/Dashboard");
  await expect(page).toHaveURL(/\/Dashboard$/);
  await expect(page.getByTestId("user-name")).toHaveText(name);

  // The flag is cleared on the server too: a fresh sign-in goes straight to the Dashboard.
  await signOut(page);
  await signIn(page, email, chosen, "/Dashboard");
});

test("the locked current password is the one typed at sign-in", async ({ page }) => {
  const { name, email } = unique("Locked");
  const oneTimePassword = await addUserThenSignOut(page, { name, email, role: "Admin" });

  await signIn(page, email, oneTimePassword, "/Settings");
  const chosen = `Chosen-${Date.now()}`;
  await page.getByLabel("New Password", { exact: true }).fill(chosen);
  await page.getByLabel("Confirm New Password").fill(chosen);
  await page.getByLabel("Confirm New Password").press("Enter");
  await expect(page).toHaveURL(/\/Dashboard$/);
  await expect(mainMenu(page).getByRole("link", { name: "Rate Types" })).toBeVisible();
});
