import { expect, test, type Page } from "@playwright/test";

import { randomLetters } from "./crmHelpers";
import { companyNames, createTestCompanies } from "./dailyHelpers";
import { DEMO, signIn } from "./helpers";

const pad = (n: number) => String(n).padStart(3, "0");

/** Ticks a Blueprint checkbox by its label, as a person does (the box is drawn over the input). */
async function tick(page: Page, label: string) {
  await page.locator("label", { hasText: label }).click();
  await expect(page.getByLabel(label)).toBeChecked();
}

test("the companies list keeps search, sort and page in the address, through Back, Forward and a reload", async ({
  page,
}) => {
  // 51 companies: two pages of 50. Their cities run the other way round from their names.
  const tag = `E2E Daily ${randomLetters(6)}`;
  const names = Array.from({ length: 51 }, (_, i) => `${tag} ${pad(i + 1)}`);
  await createTestCompanies(names, (i) => ({ city: `Town ${pad(50 - i)}` }));

  await signIn(page, DEMO.management);
  await page.goto("/Leads");
  await page.getByLabel("User", { exact: true }).selectOption({ label: "Show All" });
  await page.getByLabel("Search", { exact: true }).fill(tag);
  await expect(page.getByTestId("company-page-range")).toHaveText("1–50 of 51");
  expect((await companyNames(page))[0]).toBe(`${tag} 001`);

  await page.getByRole("columnheader", { name: "City" }).getByRole("button").click();
  await expect(page.getByRole("columnheader", { name: "City" })).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(async () => (await companyNames(page))[0]).toBe(`${tag} 051`);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("company-page-range")).toHaveText("51–51 of 51");
  expect(await companyNames(page)).toEqual([`${tag} 001`]);
  const url = new URL(page.url());
  expect(url.searchParams.get("q")).toBe(tag);
  expect(url.searchParams.get("user")).toBe("all");
  expect(url.searchParams.get("sort")).toBe("city");
  expect(url.searchParams.getAll("pt")).toHaveLength(1);

  // A reload (or the address sent to a colleague) opens the same page of the same list.
  await page.reload();
  await expect(page.getByTestId("company-page-range")).toHaveText("51–51 of 51");
  expect(await companyNames(page)).toEqual([`${tag} 001`]);
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue(tag);
  await expect(page.getByLabel("User", { exact: true })).toHaveValue("all");
  await expect(page.getByRole("columnheader", { name: "City" })).toHaveAttribute("aria-sort", "ascending");

  // Back: the first page of that order, then the list by name; Forward returns.
  await page.goBack();
  await expect(page.getByTestId("company-page-range")).toHaveText("1–50 of 51");
  expect((await companyNames(page))[0]).toBe(`${tag} 051`);
  await page.goBack();
  await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(async () => (await companyNames(page))[0]).toBe(`${tag} 001`);
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue(tag);
  await page.goForward();
  await page.goForward();
  await expect(page.getByTestId("company-page-range")).toHaveText("51–51 of 51");
  expect(await companyNames(page)).toEqual([`${tag} 001`]);
});

test("clicking a column header sorts the companies on the server, then the other way round", async ({ page }) => {
  const tag = `E2E Sort ${randomLetters(6)}`;
  await createTestCompanies([`${tag} Alpha`, `${tag} Bravo`, `${tag} Charlie`], (i) => ({
    city: ["Dayton", "Akron", "Columbus"][i],
    electricUsage: ["500", "90000", "1200"][i],
  }));
  await signIn(page, DEMO.management);
  await page.goto(`/Leads?user=all&q=${encodeURIComponent(tag)}`);
  await expect.poll(() => companyNames(page)).toEqual([`${tag} Alpha`, `${tag} Bravo`, `${tag} Charlie`]);

  const city = page.getByRole("columnheader", { name: "City" });
  await city.getByRole("button").click();
  await expect.poll(() => companyNames(page)).toEqual([`${tag} Bravo`, `${tag} Charlie`, `${tag} Alpha`]);
  await expect(city).toHaveAttribute("aria-sort", "ascending");
  await city.getByRole("button").click();
  await expect.poll(() => companyNames(page)).toEqual([`${tag} Alpha`, `${tag} Charlie`, `${tag} Bravo`]);
  await expect(city).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/sort=city\+desc/);

  // A column added from the chooser sorts too: annual kWh, numerically.
  await page.getByRole("button", { name: "Columns" }).click();
  await tick(page, "Annual kWh");
  await page.keyboard.press("Escape");
  await page.getByRole("columnheader", { name: "Annual kWh" }).getByRole("button").click();
  await expect.poll(() => companyNames(page)).toEqual([`${tag} Alpha`, `${tag} Charlie`, `${tag} Bravo`]);
  await page.getByRole("columnheader", { name: "Annual kWh" }).getByRole("button").click();
  await expect.poll(() => companyNames(page)).toEqual([`${tag} Bravo`, `${tag} Charlie`, `${tag} Alpha`]);
  await expect(page.locator("tbody tr").first().locator('td[data-column="electricUsage"]')).toHaveText("90,000");
});

test("the column chooser and compact rows are remembered across a reload; names are links", async ({ page }) => {
  const tag = `E2E Cols ${randomLetters(6)}`;
  const [company] = await createTestCompanies([`${tag} One`], () => ({
    gasUsage: "4200",
    gasContractEndDate: { year: 2029, month: 6, day: 30 },
  }));
  await signIn(page, DEMO.management);
  await page.goto(`/Leads?user=all&q=${encodeURIComponent(tag)}`);
  const table = page.getByRole("table", { name: "Companies" });
  await expect(table.getByRole("columnheader", { name: "Annual Therms" })).toHaveCount(0);

  await page.getByRole("button", { name: "Columns" }).click();
  await tick(page, "Annual Therms");
  await tick(page, "Gas Contract End");
  await page.keyboard.press("Escape");
  await page.getByText("Compact rows").click();
  await expect(table).toHaveAttribute("data-density", "compact");
  const row = table.locator(`tr[data-company-id="${company.companyId}"]`);
  await expect(row.locator('td[data-column="gasUsage"]')).toHaveText("4,200");
  await expect(row.locator('td[data-column="gasContractEnd"]')).toHaveText("06/30/2029");

  await page.reload();
  await expect(table.getByRole("columnheader", { name: "Annual Therms" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Gas Contract End" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Annual kWh" })).toHaveCount(0);
  await expect(table).toHaveAttribute("data-density", "compact");
  await page.screenshot({ path: "e2e/screenshots/daily-companies-columns.png" });

  // The name is a real link: a middle click (or Ctrl+click) opens the company in a new tab.
  const link = row.getByRole("link", { name: `${tag} One` });
  await expect(link).toHaveAttribute("href", `/LeadTabs/${company.companyId}/details`);
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click({ button: "middle" })]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(`/LeadTabs/${company.companyId}/details`);
  await tab.close();
});

test("a company just added opens its details at the top of the page", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const name = `E2E Added ${randomLetters(6)}`;
  await signIn(page, DEMO.management);
  await page.goto("/Leads?tab=add");
  await page.getByLabel(/^Name/).fill(name);
  // The Add Company button is at the foot of a long form: the page is scrolled down to it.
  const add = page.getByRole("button", { name: "Add Company" });
  await add.scrollIntoViewIfNeeded();
  expect(await page.getByRole("main").evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
  await add.click();
  await expect(page.getByText("Company Successfully added!")).toBeVisible();
  await expect(page.getByTestId("company-title")).toHaveText(name);
  await expect(page.getByTestId("company-title")).toBeInViewport();
  expect(await page.getByRole("main").evaluate((el) => el.scrollTop)).toBe(0);
  await page.screenshot({ path: "e2e/screenshots/daily-company-added.png" });
});
