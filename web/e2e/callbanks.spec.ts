import { expect, test } from "@playwright/test";

import { createTestCallBank, createTestCompany, randomLetters, userIdOf } from "./crmHelpers";
import { DEMO, signIn, signOut, unique } from "./helpers";

test("Management makes a call bank with two companies; the assignee closes one and sees 50%", async ({ page }) => {
  const tag = randomLetters(6);
  // The assignee works only the call bank's companies they may see: theirs as the Inside rep.
  const insideUserId = await userIdOf(DEMO.sales);
  const [first, second] = [
    await createTestCompany({ name: `E2E Bank ${tag} Alpha`, city: "Dayton", state: "OH", insideUserId }),
    await createTestCompany({ name: `E2E Bank ${tag} Bravo`, city: "Akron", state: "OH", insideUserId }),
  ];
  const name = unique("CallBank").name;

  await signIn(page, DEMO.management);
  await page.goto("/Admin");
  await page.getByRole("tab", { name: "Call Banks" }).click();
  await page.getByRole("button", { name: "Add Call Bank" }).click();
  const add = page.getByRole("dialog");
  expect(await add.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(800);
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Service Type").selectOption("Follow Up");
  await add.getByLabel("Assignee").selectOption({ label: "Marcus Bell" });
  await add.getByLabel("Rep Type").selectOption("Inside");
  await add.getByLabel("Due Date").fill("12/31/2030");
  await add.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Call Bank Added !")).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell")).toHaveText([
    name,
    "Follow Up",
    "Marcus Bell",
    "Inside",
    "12/31/2030",
    "0",
    "0%",
    "Open",
    /.*/,
  ]);

  await row.getByRole("button", { name: "Assign Companies" }).click();
  const assign = page.getByRole("dialog");
  await assign.getByLabel("Search companies by name").fill(`E2E Bank ${tag}`);
  await expect(assign.getByRole("checkbox", { name: first.name })).toBeVisible();
  // Blueprint draws the box over the (transparent) input: click what a person clicks, the label.
  await assign.getByText(first.name).click();
  await assign.getByText(second.name).click();
  await expect(assign.getByRole("checkbox", { name: first.name })).toBeChecked();
  const current = assign.getByRole("region", { name: "Companies in this call bank" });
  await expect(current).toContainText(first.name);
  await expect(current).toContainText(second.name);
  await assign.getByRole("button", { name: "Save" }).click();
  await expect(assign).toBeHidden();
  await expect(row.getByRole("cell").nth(5)).toHaveText("2");
  await signOut(page);

  // The assignee opens the call bank from the Dashboard and closes one company.
  await signIn(page, DEMO.sales);
  await page.getByRole("tab", { name: "Call Banks" }).click();
  const mine = page.getByRole("row").filter({ hasText: name });
  await mine.getByRole("button", { name: `Companies: ${name}` }).click();
  await expect(page).toHaveURL(/\/callbanks\/\d+\/companies$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("call-bank-completion")).toHaveText("0%");
  await page.getByRole("row").filter({ hasText: first.name }).click();
  const details = page.getByRole("dialog");
  await expect(details).toContainText("Dayton");
  await details.getByText("Closed", { exact: true }).click();
  await expect(details.getByLabel("Closed")).toBeChecked();
  await expect(page.getByTestId("call-bank-completion")).toHaveText("50%");
  await page.screenshot({ path: "e2e/screenshots/callbank-companies.png" });
  await details.getByRole("button", { name: "Close" }).first().click();
  await expect(page.getByRole("row").filter({ hasText: first.name })).toContainText("Closed");
  await expect(page.getByRole("row").filter({ hasText: second.name })).toContainText("Open");
});

test("Management deletes a call bank after the confirmation", async ({ page }) => {
  const name = unique("Doomed").name;
  await createTestCallBank(name, await userIdOf(DEMO.sales2));
  await signIn(page, DEMO.management);
  await page.goto("/Admin");
  await page.getByRole("tab", { name: "Call Banks" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this call bank ?");
  expect(await confirm.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(500);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Call Bank Deleted Successfully !")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a Sales user has no user picker on the Dashboard and sees only their own call banks", async ({ page }) => {
  const own = unique("Own").name;
  const other = unique("Other").name;
  await createTestCallBank(own, await userIdOf(DEMO.sales));
  await createTestCallBank(other, await userIdOf(DEMO.sales2));

  await signIn(page, DEMO.sales);
  await expect(page.getByRole("tab", { name: "Tasks" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("region", { name: "Calendar" })).toBeVisible();
  await expect(page.getByLabel("User", { exact: true })).toHaveCount(0);
  await page.getByRole("tab", { name: "Call Banks" }).click();
  await expect(page.getByRole("row").filter({ hasText: own })).toBeVisible();
  await expect(page.getByLabel("User", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: other })).toHaveCount(0);
  // Every row listed is assigned to the Sales user.
  const assignees = await page
    .getByRole("table", { name: "Call Banks" })
    .locator("tbody tr td:nth-child(3)")
    .allTextContents();
  expect(new Set(assignees)).toEqual(new Set(["Marcus Bell"]));

  // Management, by contrast, picks users on both tabs.
  await signOut(page);
  await signIn(page, DEMO.management);
  await expect(page.getByLabel("User", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Call Banks" }).click();
  await page.getByLabel("User", { exact: true }).selectOption({ label: "Elena Ruiz" });
  await expect(page.getByRole("row").filter({ hasText: other })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: own })).toHaveCount(0);
});
