import { expect, test, type Page } from "@playwright/test";

import { createReadyUser, DEMO, mainMenu, signIn, signOut, storedToken } from "./helpers";

/** The browser's refresh cookie, if it holds one (HttpOnly: only the browser and the gateway see it). */
async function refreshCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === "eris_refresh");
}

/** Everything the page's scripts can read of the session: document.cookie and localStorage. */
async function scriptVisible(page: Page): Promise<{ cookie: string; storage: Record<string, string> }> {
  return page.evaluate(() => ({ cookie: document.cookie, storage: { ...window.localStorage } }));
}

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
  expect(await refreshCookie(page)).toBeUndefined();
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

test("the refresh token is out of scripts' reach, and Sign out everywhere ends the user's other browser", async ({
  page,
  browser,
}) => {
  const { user, password } = await createReadyUser("Everywhere");
  await signIn(page, user.email, password);

  // The refresh token is an HttpOnly cookie for /api/user: no script of the page can read it.
  const visible = await scriptVisible(page);
  expect(visible.cookie).not.toContain("eris_refresh");
  expect(Object.keys(visible.storage).filter((key) => /refresh/i.test(key))).toEqual([]);
  expect(Object.keys(visible.storage).sort()).toEqual(["eris_session_profile", "eris_token", "eris_token_expires_at"]);
  expect(await refreshCookie(page)).toMatchObject({
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: "/api/user",
  });
  expect(JSON.stringify(visible.storage)).not.toContain((await refreshCookie(page))?.value);

  // The same user in a second browser, signed in as well.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, user.email, password);
  await expect(otherPage.getByTestId("user-name")).toHaveText(user.name);

  // Settings > Sign out everywhere, confirmed.
  await page.getByRole("banner").getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/Settings$/);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  const confirmation = page.getByRole("alertdialog");
  await expect(confirmation).toContainText("Sign out of Eris on every device, this one included?");
  await confirmation.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  expect(await refreshCookie(page)).toBeUndefined();

  // The other browser's next call is refused, and so is its refresh: it lands on the login page.
  const companies = mainMenu(otherPage).getByRole("link", { name: "Companies" });
  await expect(companies.or(otherPage.getByRole("button", { name: "Login" }))).toBeVisible();
  if (await companies.isVisible()) {
    // The app may sign out first (a refresh ahead of expiry was refused), taking the link away.
    await companies.click({ timeout: 5_000 }).catch(() => undefined);
  }
  await expect(otherPage).toHaveURL(/\/$/);
  await expect(otherPage.getByRole("button", { name: "Login" })).toBeVisible();
  expect(await storedToken(otherPage)).toBeNull();
  await other.close();
});
