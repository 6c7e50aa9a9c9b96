import { expect, test, type Page } from "@playwright/test";

import { createReadyUser, signIn, signOut } from "./helpers";

const MISMATCH = "Your new password does not match the confirmation password.  Please try again.";
const SAME = "Your new password matches your current password.  Please select a new password and try again.";
const WRONG_CURRENT = "The current password entered does not match your password.  Please try again.";

/** The message is shown word for word, double spaces included. */
async function expectExactMessage(page: Page, text: string) {
  const message = page.getByRole("alert").locator(".eris-message");
  await expect(message).toHaveText(text);
  expect(await message.textContent()).toBe(text);
}

test("a user changes their password", async ({ page }) => {
  const { user, password } = await createReadyUser("ChangePw");
  const newPassword = `${password}-2`;
  await signIn(page, user.email, password);
  await page.getByRole("banner").getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/Settings$/);
  await expect(page.getByRole("tab", { name: "Preferences" })).toHaveAttribute("aria-disabled", "true");

  const current = page.getByLabel("Current Password");
  const next = page.getByLabel("New Password", { exact: true });
  const confirm = page.getByLabel("Confirm New Password");
  const button = page.getByRole("button", { name: "Change Password" });
  await expect(current).toBeEnabled();
  await expect(button).toBeDisabled();

  await current.fill(password);
  await next.fill(newPassword);
  await confirm.fill(`${newPassword}-typo`);
  await confirm.press("Enter");
  await expectExactMessage(page, MISMATCH);

  await next.fill(password);
  await confirm.fill(password);
  await button.click();
  await expectExactMessage(page, SAME);

  await current.fill("not-my-password");
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await button.click();
  await expectExactMessage(page, WRONG_CURRENT);

  await current.fill(password);
  await button.click();
  await expect(page.getByText("Password successfully changed.")).toBeVisible();
  await expect(current).toHaveValue("");
  await expect(next).toHaveValue("");
  await expect(confirm).toHaveValue("");

  // The session goes on with the fresh token, and the new password is the one that works.
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("user-name")).toHaveText(user.name);
  await signOut(page);
  await signIn(page, user.email, newPassword);
});
