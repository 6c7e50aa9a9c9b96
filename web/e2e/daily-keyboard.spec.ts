import { expect, test } from "@playwright/test";

import { randomLetters } from "./crmHelpers";
import { createTestCompanies } from "./dailyHelpers";
import { DEMO, signIn } from "./helpers";

test("Ctrl+K finds a company by name from anywhere and opens it with the keyboard alone", async ({ page }) => {
  const letters = randomLetters(6);
  const [, second] = await createTestCompanies([`E2E Finder ${letters} Alpha`, `E2E Finder ${letters} Beta`], () => ({
    city: "Dayton",
    state: "OH",
  }));

  await signIn(page, DEMO.management);
  await page.goto("/Settings");
  // Even with the focus in a text box.
  await page.getByLabel("Current Password").focus();
  await page.keyboard.press("Control+k");
  const finder = page.getByRole("textbox", { name: "Find a company" });
  await expect(finder).toBeFocused();
  await page.keyboard.type(letters);
  const results = page.getByRole("listbox", { name: "Companies found" });
  await expect(results.getByRole("option", { name: new RegExp(`${letters} Beta`) })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/daily-finder.png" });
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${second.companyId}/details$`));
  await expect(page.getByTestId("company-title")).toHaveText(`E2E Finder ${letters} Beta`);
  await expect(finder).toBeHidden();

  // Escape leaves it without going anywhere.
  await page.keyboard.press("Control+k");
  await expect(finder).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(finder).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${second.companyId}/details$`));
});

test("the search drawer's results are walked with the arrow keys and Enter opens one", async ({ page }) => {
  const letters = randomLetters(6);
  const names = ["One", "Two", "Three"].map((n) => `E2E Drawer ${letters} ${n}`);
  const companies = await createTestCompanies(names);
  // By name: One, Three, Two.
  const three = companies[2];

  await signIn(page, DEMO.management);
  await page.getByRole("button", { name: "Company search" }).click();
  const drawer = page.getByRole("search", { name: "Company search" });
  const name = drawer.getByLabel("Search by name");
  await name.fill(letters);
  await expect(drawer.getByText("3 found")).toBeVisible();
  await expect(drawer.getByRole("menuitem")).toHaveCount(3);
  await name.press("ArrowDown");
  await name.press("ArrowDown");
  await expect(name).toBeFocused();
  const active = drawer.locator(`#${await name.getAttribute("aria-activedescendant")}`);
  await expect(active).toContainText(`${letters} Three`);
  await page.screenshot({ path: "e2e/screenshots/daily-drawer-walk.png" });
  await name.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${three.companyId}/details$`));
  await expect(drawer).toBeHidden();
});

test("the drawer's filters scroll on their own and never push the results out of view", async ({ page }) => {
  const letters = randomLetters(6);
  await createTestCompanies([`E2E Filters ${letters} One`]);
  await signIn(page, DEMO.management);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await page.getByRole("button", { name: "Company search" }).click();
    const drawer = page.getByRole("search", { name: "Company search" });
    await drawer.getByLabel("Search by name").fill(letters);
    // The drawer remembers whether its filters were open.
    const toggle = drawer.getByRole("button", { name: "Filters", exact: true });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") {
      await toggle.click();
    }
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const result = drawer.getByRole("menuitem", { name: new RegExp(`${letters} One`) });
    await expect(result).toBeInViewport();
    // The last filter is reached by scrolling the filters, not the drawer.
    const clear = drawer.getByRole("button", { name: "Clear filters" });
    await expect(clear).not.toBeInViewport();
    await drawer.getByText("Electric Primary Status").hover();
    await page.mouse.wheel(0, 2000);
    await expect(clear).toBeInViewport();
    await expect(result).toBeInViewport();
    await page.screenshot({ path: `e2e/screenshots/daily-drawer-filters-${size.width}.png` });
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
  }
});
