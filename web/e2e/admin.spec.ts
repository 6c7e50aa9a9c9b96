import { expect, test } from "@playwright/test";

import { Role } from "../src/gen/eris/identity/v1/identity_pb";
import {
  apiAs,
  createReadyUser,
  createTestUser,
  DEMO,
  fillAddUser,
  signIn,
  takeOneTimePassword,
  unique,
} from "./helpers";

test("Management adds a user and edits it", async ({ page }) => {
  const { name, email } = unique("Added");
  await signIn(page, DEMO.management);
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/Admin$/);
  await expect(page.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Call Banks" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Companies" })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/admin-users.png", fullPage: false });

  const add = await fillAddUser(page, { name, email, job: "Analyst", role: "Customer Care" });
  await expect(add.getByLabel("Status")).toHaveCount(0);
  await page.screenshot({ path: "e2e/screenshots/admin-add-user.png" });
  await add.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User Added !")).toBeVisible();
  await expect(add.getByLabel("Email")).toBeHidden();
  await takeOneTimePassword(page, name);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const row = page.locator(`tr[data-user-email="${email}"]`);
  await expect(row).toContainText(name);
  await expect(row.getByRole("cell").nth(2)).toHaveText("Analyst");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Customer Care");
  await expect(row.getByRole("cell").nth(4)).toHaveText("Active");
  await expect(row.getByRole("cell").nth(5)).toHaveText("Yes");
  // Already flagged for a reset: no Reset Password.
  await expect(row.getByRole("button", { name: "Reset Password" })).toHaveCount(0);

  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog");
  await expect(edit.getByLabel("Name")).toHaveValue(name);
  await edit.getByLabel("Job").fill("Senior Analyst");
  await edit.getByLabel("Role").selectOption({ label: "Sales" });
  await edit.getByLabel("Status").selectOption({ label: "Inactive" });
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User Updated Successfully !")).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row.getByRole("cell").nth(2)).toHaveText("Senior Analyst");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Sales");
  await expect(row.getByRole("cell").nth(4)).toHaveText("Inactive");

  // A second add with the same email is stopped before anything is sent.
  const again = await fillAddUser(page, { name: `${name} bis`, email: email.toUpperCase(), role: "Sales" });
  await expect(again.getByText("Another user already has this e-mail address.")).toBeVisible();
  await expect(again.getByRole("button", { name: "Save" })).toBeDisabled();
  await again.getByRole("button", { name: "Cancel" }).click();
});

test("Management resets a user's password after a confirmation naming the user", async ({ page }) => {
  const { user, password } = await createReadyUser("Reset");
  await signIn(page, DEMO.management);
  await page.goto("/Admin");
  const row = page.locator(`tr[data-user-email="${user.email}"]`);
  await expect(row.getByRole("cell").nth(5)).toHaveText("No");
  await row.getByRole("button", { name: "Reset Password" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Are you sure you want to reset the password for ${user.name}?`);
  // Layout width, not the bounding box, which the opening animation scales.
  expect(await confirm.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(500);
  await confirm.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText(`Password reset for ${user.name}.`)).toBeVisible();
  const oneTimePassword = await takeOneTimePassword(page, user.name);
  await expect(row.getByRole("cell").nth(5)).toHaveText("Yes");
  await expect(row.getByRole("button", { name: "Reset Password" })).toHaveCount(0);

  // The one-time password replaces the old one and leads to the forced reset.
  await expect(apiAs(user.email, password)).rejects.toThrow();
  const reset = await apiAs(user.email, oneTimePassword);
  expect((await reset.auth.getCurrentUser({})).user?.forcePasswordReset).toBe(true);
});

test("a stale edit shows the server's message and reloads the user", async ({ page }) => {
  const { user } = await createTestUser("Stale");
  // Only a change by someone else to a field being saved conflicts: a second manager renames the user.
  const manager = await createReadyUser("OtherManager", Role.MANAGEMENT);
  await signIn(page, DEMO.management);
  await page.goto("/Admin");
  const row = page.locator(`tr[data-user-email="${user.email}"]`);
  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog");
  await expect(edit.getByLabel("Job")).toHaveValue("E2E");

  const other = await apiAs(manager.user.email, manager.password);
  await other.users.updateUser({
    user: { userId: user.userId, version: user.version, name: `${user.name} renamed`, job: "Changed elsewhere" },
    updateMask: { paths: ["name", "job"] },
  });

  await edit.getByLabel("Name").fill(`${user.name} edited`);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("alert")).not.toBeEmpty();
  await expect(edit.getByLabel("Job")).toHaveValue("Changed elsewhere");
  await expect(edit.getByLabel("Name")).toHaveValue(`${user.name} renamed`);

  // Editing again on top of what is stored now succeeds.
  await edit.getByLabel("Name").fill(`${user.name} edited`);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User Updated Successfully !")).toBeVisible();
  await expect(row.getByRole("cell").nth(0)).toHaveText(`${user.name} edited`);
  await expect(row.getByRole("cell").nth(2)).toHaveText("Changed elsewhere");
});
