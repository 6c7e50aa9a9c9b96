import { expect, test, type Page } from "@playwright/test";

import { PrimaryStatus } from "../src/gen/eris/crm/v1/crm_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { createTestCompany, randomLetters, userIdOf, utilityNamed } from "./crmHelpers";
import { DEMO, signIn, unique } from "./helpers";

/** Waits for the next UpdateCompany answer (an autosave). */
function nextSave(page: Page) {
  return page.waitForResponse((res) => res.url().includes("CompanyService/UpdateCompany"));
}

test("a Sales user sees only their companies, read-only", async ({ page }) => {
  const [salesId, sales2Id] = await Promise.all([userIdOf(DEMO.sales), userIdOf(DEMO.sales2)]);
  const tag = unique("Own").name;
  const mine = await createTestCompany({ name: `${tag} Mine`, city: "Dayton", insideUserId: salesId });
  const theirs = await createTestCompany({ name: `${tag} Theirs`, closerUserId: sales2Id });

  await signIn(page, DEMO.sales);
  await page.goto("/Leads");
  await expect(page.getByRole("tab", { name: "View Companies" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Add Companies" })).toHaveCount(0);
  await expect(page.getByLabel("User", { exact: true })).toHaveCount(0);
  await page.getByLabel("Search", { exact: true }).fill(tag);
  await expect(page.locator(`tr[data-company-id="${mine.companyId}"]`)).toContainText(`${tag} Mine`);
  await expect(page.locator(`tr[data-company-id="${theirs.companyId}"]`)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);

  await page.goto(`/LeadTabs/${theirs.companyId}/details`);
  await expect(page.getByText("Company not found")).toBeVisible();

  await page.goto(`/LeadTabs/${mine.companyId}/details`);
  await expect(page.getByTestId("company-title")).toHaveText(`${tag} Mine`);
  await expect(page.getByText("Read only")).toBeVisible();
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Dayton");
  await expect(page.getByLabel("City", { exact: true })).not.toBeEditable();
  await expect(page.getByLabel("State", { exact: true })).toBeDisabled();
  await expect(page.getByLabel("W9", { exact: true })).toBeDisabled();
  await expect(page.getByLabel("Inside", { exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add Note" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add Affiliate" })).toHaveCount(0);
});

test("Management edits a company: it saves itself and History shows the change", async ({ page }) => {
  const company = await createTestCompany({ name: unique("Edit").name, city: "Dayton" });
  const city = `Akron ${randomLetters(5)}`;
  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/details`);
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Dayton");

  const saved = nextSave(page);
  await page.getByLabel("City", { exact: true }).fill(city);
  await page.getByLabel("City", { exact: true }).blur();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole("status").getByText("Saved")).toBeVisible();

  const usageSaved = nextSave(page);
  await page.getByLabel("Annual Usage (kWh)", { exact: true }).fill("1250000");
  await page.getByLabel("Annual Usage (kWh)", { exact: true }).blur();
  await usageSaved;
  await expect(page.getByLabel("Annual Usage (kWh)", { exact: true })).toHaveValue("1,250,000");

  const history = page.getByRole("list", { name: "History" });
  await expect(history.locator("li", { hasText: "City" }).first()).toContainText(`Dayton → ${city}`);

  await page.reload();
  await expect(page.getByLabel("City", { exact: true })).toHaveValue(city);
  await expect(page.getByLabel("Annual Usage (kWh)", { exact: true })).toHaveValue("1,250,000");
  await expect(history.locator("li", { hasText: "City" }).first()).toContainText(`Dayton → ${city}`);
  await page.screenshot({ path: "e2e/screenshots/company-details.png", fullPage: true });
});

test("a note is added and listed", async ({ page }) => {
  const company = await createTestCompany({ name: unique("Note").name });
  const text = `Called about renewal ${randomLetters(6)}`;
  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/details`);
  const form = page.getByRole("form", { name: "Add Note" });
  await expect(form.getByLabel("Service")).toHaveValue("All");
  await form.getByLabel("Service").selectOption("DR");
  await form.getByLabel("Follow Up Date").fill("2026-01-05");
  await expect(form.getByText("Date Format Should be MM/DD/YYYY")).toBeVisible();
  await form.getByLabel("Follow Up Date").fill("01/05/2027");
  await expect(form.getByText("Date Format Should be MM/DD/YYYY")).toHaveCount(0);
  await form.getByLabel("Note", { exact: true }).fill(text);
  await form.getByRole("button", { name: "Add Note" }).click();
  await expect(page.getByText("Note Added!")).toBeVisible();
  const note = page.getByRole("list", { name: "Notes" }).locator("li", { hasText: text });
  await expect(note).toContainText((await page.getByTestId("user-name").textContent()) ?? "");
  await expect(note).toContainText("DR");
  await expect(note).toContainText("Follow up 01/05/2027");
});

test("the search drawer finds a company by three letters of its name and opens it", async ({ page }) => {
  const letters = randomLetters(3);
  const name = `${unique("Drawer").name} ${letters.toUpperCase()}Works`;
  const company = await createTestCompany({ name, city: "Toledo", state: "OH" });
  await signIn(page, DEMO.management);
  await page.getByRole("button", { name: "Company search" }).click();
  const drawer = page.getByRole("search", { name: "Company search" });
  await drawer.getByLabel("Search by name").fill(letters);
  const result = drawer.getByRole("menuitem", { name: new RegExp(name) });
  await expect(result).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/company-search.png" });
  await result.click();
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${company.companyId}/details$`));
  await expect(page.getByTestId("company-title")).toHaveText(name);
});

test("the drawer's area filter offers the utilities and narrows the companies to that area", async ({ page }) => {
  const letters = randomLetters(3);
  const [aes, peco] = await Promise.all([
    utilityNamed("AES Ohio", Commodity.ELECTRIC),
    utilityNamed("PECO", Commodity.ELECTRIC),
  ]);
  const inDayton = `${unique("Area").name} ${letters.toUpperCase()}Dayton`;
  const inPhiladelphia = `${unique("Area").name} ${letters.toUpperCase()}Philly`;
  const prospect = { primaryElectricStatus: PrimaryStatus.PROSPECT };
  const dayton = await createTestCompany({ name: inDayton, ...prospect, electricAreaUtilityId: aes.utilityId });
  await createTestCompany({ name: inPhiladelphia, ...prospect, electricAreaUtilityId: peco.utilityId });

  await signIn(page, DEMO.management);
  await page.getByRole("button", { name: "Company search" }).click();
  const drawer = page.getByRole("search", { name: "Company search" });
  await drawer.getByLabel("Search by name").fill(letters);
  await expect(drawer.getByRole("menuitem", { name: new RegExp(inPhiladelphia) })).toBeVisible();
  await drawer.getByRole("button", { name: "Filters" }).click();
  await drawer.getByLabel("Electric Area").fill("AES");
  await page.getByRole("listbox", { name: "Electric Area" }).getByRole("option", { name: "AES Ohio (OH)" }).click();
  // The area list stays open for more choices; Escape closes it (the results sit just below the filters).
  await page.keyboard.press("Escape");
  await expect(page.getByRole("listbox", { name: "Electric Area" })).toBeHidden();
  await expect(drawer.getByRole("menuitem", { name: new RegExp(inPhiladelphia) })).toBeHidden();
  const result = drawer.getByRole("menuitem", { name: new RegExp(inDayton) });
  await expect(result).toBeVisible();
  await result.click();
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${dayton.companyId}/details$`));
  const area = page.getByRole("combobox", { name: "Electric Area" });
  await expect(area).toHaveValue(String(aes.utilityId));
  await expect(area.locator("option:checked")).toHaveText("AES Ohio (OH)");
});
