import { expect, test } from "@playwright/test";

import { DEMO, signIn, signOut, storedToken } from "./helpers";

test("logout returns to the login page and a reload stays signed out", async ({ page }) => {
  await signIn(page, DEMO.care);
  const token = await storedToken(page);
  expect(token).toBeTruthy();

  // A reload while signed in restores the session from the stored token.
  await page.reload();
  await expect(page).toHaveURL(/\/Dashboard$/);
  await expect(page.getByTestId("user-name")).not.toBeEmpty();

  await signOut(page);
  expect(await storedToken(page)).toBeNull();
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await page.goto("/Dashboard");
  await expect(page).toHaveURL(/\/$/);

  // Sign-out revoked the token on the server.
  const status = await page.evaluate(
    async (t) => (await fetch("/api/user/getAllUsers", { headers: { authorization: t ?? "" } })).status,
    token,
  );
  expect(status).toBe(401);
});
