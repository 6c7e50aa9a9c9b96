import { expect, test } from "@playwright/test";

import {
  expectAllSaved,
  field,
  fieldGroup,
  isUpdateCompany,
  openDetails,
  saveStatus,
  storedCompany,
  twoPeople,
  typeAndLeave,
} from "./autosaveHelpers";
import { createTestCompany, randomLetters } from "./crmHelpers";
import { DEMO, signIn, unique } from "./helpers";

test("two people editing different fields of one company both keep their values", async ({ browser }) => {
  const company = await createTestCompany({ name: unique("Both").name, city: "Dayton", zip: "45402" });
  const city = `Columbus ${randomLetters(4)}`;
  const { contexts, a, b } = await twoPeople(browser);
  try {
    await openDetails(a, company);
    await openDetails(b, company);

    await typeAndLeave(a, "City", city);
    await expectAllSaved(a);

    await typeAndLeave(b, "Zip", "44101");
    await expectAllSaved(b);
    // B's save came back with A's City: B sees both people's values.
    await expect(field(b, "City")).toHaveValue(city);
    await expect(field(b, "Zip")).toHaveValue("44101");
    await expect(fieldGroup(b, "City")).not.toContainText("Changed by someone else");

    for (const page of [a, b]) {
      await page.reload();
      await expect(field(page, "City")).toHaveValue(city);
      await expect(field(page, "Zip")).toHaveValue("44101");
    }
    expect(await storedCompany(company.companyId)).toMatchObject({ city, zip: "44101" });
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test("a real conflict shows the other person's value and applies mine in one click", async ({ browser }) => {
  const company = await createTestCompany({ name: unique("Clash").name, city: "Dayton" });
  const { contexts, a, b } = await twoPeople(browser);
  try {
    await openDetails(a, company);
    await openDetails(b, company);

    // B is typing (and B's save is on its way, held back) when A saves the same field: the change
    // feed brings A's value, which must not overwrite what B typed; B's save then meets it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await b.route(isUpdateCompany, async (route) => {
      await held;
      await route.continue();
    });
    await field(b, "City").click();
    await field(b, "City").fill("Cleveland");

    await typeAndLeave(a, "City", "Columbus");
    await expectAllSaved(a);
    await b.waitForTimeout(1_500);
    await expect(field(b, "City")).toHaveValue("Cleveland");

    await field(b, "City").press("Tab");
    release();
    const note = fieldGroup(b, "City");
    await expect(note).toContainText("Changed by someone else");
    await expect(field(b, "City")).toHaveValue("Columbus");
    await expect(saveStatus(b)).toContainText("Your value is kept beside the field.");
    await b.screenshot({ path: "e2e/screenshots/autosave-conflict.png", fullPage: true });

    await b.unroute(isUpdateCompany);
    await note.getByRole("button", { name: "Use my value: Cleveland" }).click();
    await expect(field(b, "City")).toHaveValue("Cleveland");
    await expectAllSaved(b);
    await expect(note).not.toContainText("Changed by someone else");
    expect((await storedCompany(company.companyId)).city).toBe("Cleveland");

    await a.reload();
    await expect(field(a, "City")).toHaveValue("Cleveland");
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test("a save that does not get through keeps the value, says so and is retried", async ({ page }) => {
  const company = await createTestCompany({ name: unique("Offline").name, city: "Dayton", zip: "45402" });
  await signIn(page, DEMO.management);
  await openDetails(page, company);

  // First no answer at all (the network is down), then HTTP 500, then normal service again.
  let network: "down" | "500" | "up" = "down";
  await page.route(isUpdateCompany, (route) => {
    if (network === "down") return route.abort("internetdisconnected");
    if (network === "500") return route.fulfill({ status: 500, body: "upstream failed" });
    return route.continue();
  });
  await typeAndLeave(page, "Zip", "44101");
  await expect(fieldGroup(page, "Zip")).toContainText("Not saved");
  await expect(field(page, "Zip")).toHaveValue("44101");
  const retry = saveStatus(page).getByRole("button", { name: "Retry" });
  await expect(retry).toBeVisible();
  await expect(saveStatus(page)).toContainText("1 change is not saved yet. Retrying automatically.");
  await page.screenshot({ path: "e2e/screenshots/autosave-unsaved.png", fullPage: true });

  network = "500";
  const failed = page.waitForResponse((res) => isUpdateCompany(res.url()) && res.status() === 500);
  await retry.click();
  await failed;
  await expect(fieldGroup(page, "Zip")).toContainText("Not saved");
  await expect(field(page, "Zip")).toHaveValue("44101");

  // Back to normal: the retry (the button, or the automatic one if it comes first) saves it.
  network = "up";
  const saved = page.waitForResponse((res) => isUpdateCompany(res.url()) && res.status() === 200);
  await retry.click({ timeout: 5_000 }).catch(() => undefined);
  await saved;
  await expect(fieldGroup(page, "Zip")).not.toContainText("Not saved");
  await expect(retry).toHaveCount(0);
  await expectAllSaved(page);
  await page.reload();
  await expect(field(page, "Zip")).toHaveValue("44101");
  await page.unroute(isUpdateCompany);
});

test("leaving with an unsaved edit asks first: on reload and on moving elsewhere in the app", async ({ page }) => {
  const company = await createTestCompany({ name: unique("Leave").name, city: "Dayton" });
  await signIn(page, DEMO.management);
  await openDetails(page, company);
  await page.route(isUpdateCompany, (route) => route.abort("internetdisconnected"));
  await typeAndLeave(page, "City", "Akron");
  await expect(fieldGroup(page, "City")).toContainText("Not saved");

  // Reload: the browser asks; staying keeps the edit on screen.
  const asked = page.waitForEvent("dialog");
  const reloading = page.evaluate(() => window.location.reload());
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  await reloading;
  await expect(field(page, "City")).toHaveValue("Akron");

  // Another tab of the company: the app asks; Stay keeps the edit, Leave goes.
  await page.getByRole("tab", { name: "Accounts" }).click();
  const alert = page.getByRole("alertdialog");
  await expect(alert).toContainText("Some changes on this company are not saved yet.");
  await page.screenshot({ path: "e2e/screenshots/autosave-leave.png" });
  await alert.getByRole("button", { name: "Stay" }).click();
  await expect(alert).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${company.companyId}/details$`));
  await expect(field(page, "City")).toHaveValue("Akron");

  await page.getByRole("tab", { name: "Accounts" }).click();
  await alert.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${company.companyId}/accounts$`));
  await page.unroute(isUpdateCompany);
});

test("a refused value stays with the service's message, and an emptied name is never sent", async ({ page }) => {
  const company = await createTestCompany({ name: unique("Refused").name, city: "Dayton", zip: "45402" });
  await signIn(page, DEMO.management);
  await openDetails(page, company);

  await typeAndLeave(page, "Zip", "45402-123456");
  await expect(fieldGroup(page, "Zip")).toContainText(/Zip is too long/);
  await expect(field(page, "Zip")).toHaveValue("45402-123456");
  await expect(saveStatus(page)).toContainText("Error Updating Lead");

  const name = page.getByLabel(/^Name/);
  await name.click();
  await name.fill("");
  await name.press("Tab");
  await expect(fieldGroup(page, "Zip")).toContainText(/Zip is too long/);
  await expect(page.getByText("A company needs a name.")).toBeVisible();
  await expect(page.getByText(/Name is required/)).toHaveCount(0);
  await page.screenshot({ path: "e2e/screenshots/autosave-refused.png", fullPage: true });

  // A good value saves; the name was never sent.
  await field(page, "Zip").fill("45402");
  await field(page, "Zip").press("Tab");
  await expect(fieldGroup(page, "Zip")).not.toContainText(/Zip is too long/);
  await expect.poll(async () => (await storedCompany(company.companyId)).zip).toBe("45402");
  expect((await storedCompany(company.companyId)).name).toBe(company.name);
});
