import { expect, test } from "@playwright/test";

import { DEMO, mainMenu, signIn } from "./helpers";

const BEFORE = ["Dashboard", "Companies", "Contracts", "RFP", "Suppliers", "Utilities", "Reports"];

const CASES = [
  { email: DEMO.management, admin: true, rateTypes: true, commissions: true },
  { email: DEMO.admin, admin: false, rateTypes: true, commissions: true },
  { email: DEMO.sales, admin: false, rateTypes: false, commissions: false },
  { email: DEMO.sales2, admin: false, rateTypes: false, commissions: false },
  { email: DEMO.care, admin: false, rateTypes: false, commissions: true },
];

for (const { email, admin, rateTypes, commissions } of CASES) {
  test(`${email} sees the menu of their role`, async ({ page }) => {
    await signIn(page, email);
    const menu = mainMenu(page);
    const expected = [
      ...BEFORE,
      ...(commissions ? ["Commissions"] : []),
      "Settings",
      ...(admin ? ["Admin"] : []),
      ...(rateTypes ? ["Rate Types"] : []),
    ];
    const links = menu.getByRole("link");
    await expect(links).toHaveCount(expected.length);
    for (const [i, title] of expected.entries()) {
      await expect(links.nth(i)).toHaveAccessibleName(title);
    }
    await expect(page.getByTestId("user-name")).not.toBeEmpty();
  });
}

test("the dashboard shell: collapsed menu, user, search drawer", async ({ page }) => {
  await signIn(page, DEMO.management);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // Collapsed by default: icons only.
  await expect(mainMenu(page).getByRole("link", { name: "Companies" })).toHaveText("");
  await page.screenshot({ path: "e2e/screenshots/dashboard-shell.png" });

  await mainMenu(page).getByRole("button", { name: "Expand menu" }).click();
  await expect(mainMenu(page).getByRole("link", { name: "Companies" })).toHaveText("Companies");
  await mainMenu(page).getByRole("link", { name: "Companies" }).click();
  await expect(page).toHaveURL(/\/Leads$/);
  await expect(page.getByRole("heading", { name: "Companies" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "View Companies" })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/shell-expanded.png" });

  await page.getByRole("button", { name: "Company search" }).click();
  const drawer = page.getByRole("search", { name: "Company search" });
  await expect(drawer.getByRole("searchbox", { name: "Search by name" })).toBeVisible();
  await expect(drawer.getByText(/\d+ found/)).toBeVisible();
  await page.waitForTimeout(500); // let the drawer finish sliding in before the picture
  await page.screenshot({ path: "e2e/screenshots/search-drawer.png" });
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  await page.goto("/NoSuchPage");
  await expect(page.getByText("Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Go to the Dashboard" }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);
});
