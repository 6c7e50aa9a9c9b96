import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

import type { Company } from "../src/gen/eris/crm/v1/crm_pb";
import { crmApiAs } from "./crmHelpers";
import { DEMO, signIn } from "./helpers";

/** The path of the UpdateCompany gRPC-web call. */
export const UPDATE_COMPANY_PATH = "/eris.crm.v1.CompanyService/UpdateCompany";

/** Matches the UpdateCompany call (for page.route and waitForResponse). */
export function isUpdateCompany(url: URL | string): boolean {
  return new URL(url).pathname.includes(UPDATE_COMPANY_PATH);
}

/** A text field of the company details by its exact label. */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: true });
}

/** The form group around a labelled field: its label, the control and the note beside it. */
export function fieldGroup(page: Page, label: string): Locator {
  return field(page, label).locator("xpath=ancestor::div[contains(@class, 'form-group')][1]");
}

/** The save status bar at the top of the details. */
export function saveStatus(page: Page): Locator {
  return page.locator(".eris-autosave-status");
}

/** Opens a company's details and waits until its form shows the stored name. */
export async function openDetails(page: Page, company: Company) {
  await page.goto(`/LeadTabs/${company.companyId}/details`);
  await expect(page.getByTestId("company-title")).toHaveText(company.name);
  await expect(field(page, "City")).toHaveValue(company.city);
}

/**
 * Types into a field as a person does (a click first, so the page has seen a real gesture, which
 * the browser requires before it may ask on reload), then leaves it so that it saves at once.
 */
export async function typeAndLeave(page: Page, label: string, value: string) {
  const input = field(page, label);
  await input.click();
  await input.fill(value);
  await input.press("Tab");
}

/** Waits until every save of the page went through ("Saved", and nothing unsaved). */
export async function expectAllSaved(page: Page) {
  await expect(saveStatus(page)).toHaveText("Saved");
}

/** Two people (Management and Admin) in their own browser contexts, signed in. */
export async function twoPeople(browser: Browser): Promise<{ contexts: BrowserContext[]; a: Page; b: Page }> {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [a, b] = await Promise.all(contexts.map((context) => context.newPage()));
  await signIn(a, DEMO.management);
  await signIn(b, DEMO.admin);
  return { contexts, a, b };
}

/** The company as stored now, read through the API. */
export async function storedCompany(companyId: bigint): Promise<Company> {
  const { companies } = await crmApiAs(DEMO.management);
  const { company } = await companies.getCompany({ companyId });
  if (!company) throw new Error(`No company ${companyId}`);
  return company;
}
