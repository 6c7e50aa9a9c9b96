import { expect, test } from "@playwright/test";

import { createTestCompany } from "./crmHelpers";
import { businessTodayAt } from "./dailyHelpers";
import { DEMO, signIn, unique } from "./helpers";

/** Closed tasks are grey on the calendar. */
// --eris-event-closed, the palette's grey for closed tasks and RFPs.
const GREY = "rgb(97, 97, 97)";

test("a task added on a company shows on the Dashboard calendar and turns grey when closed", async ({ page }) => {
  const company = await createTestCompany({ name: unique("TaskCo").name, city: "Dayton", state: "OH" });
  const subject = unique("Task").name;
  const due = businessTodayAt(10, 30);

  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/details`);
  const panel = page.getByRole("region", { name: "Tasks" });
  await panel.getByRole("button", { name: "Add Task" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Status")).toHaveCount(0);
  await dialog.getByLabel("Type").selectOption("Follow Up");
  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByLabel("Description").fill("Ask about the renewal");
  // A due date in the wrong format is refused before anything is sent.
  await dialog.getByLabel("Due Date").fill("13/45/2026 10:30");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Date Format Should be MM/DD/YYYY HH:mm")).toBeVisible();
  await dialog.getByLabel("Due Date").fill(due.typed);
  // Management is the default assignee; Marcus Bell (sales@) is added as a second one.
  await dialog.getByLabel("Assignees").fill("Marcus");
  await page.getByRole("listbox", { name: "Assignees" }).getByRole("option", { name: "Marcus Bell" }).click();
  await dialog.getByRole("heading", { name: "Add Task" }).click(); // closes the user menu
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Task Added !")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = panel.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText("Follow Up");
  await expect(row).toContainText("Marcus Bell");
  await expect(row).toContainText("Open");

  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Dashboard" }).click();
  await page.getByLabel("View", { exact: true }).selectOption({ label: "Week" });
  const calendar = page.getByRole("region", { name: "Calendar" });
  await expect(calendar.getByText("5 AM", { exact: true })).toBeVisible();
  const event = calendar.getByRole("button", { name: subject });
  await expect(event).toBeVisible();
  const openColour = await event.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(openColour).not.toBe(GREY);
  // My Upcoming Tasks lists it with its company (default range: this Sunday-Saturday week).
  await expect(
    page.getByRole("table", { name: "My Upcoming Tasks" }).getByRole("row", { name: subject }),
  ).toContainText(company.name);
  await page.screenshot({ path: "e2e/screenshots/dashboard-week.png" });

  // The colour is stable: a reload gives the same one.
  await page.reload();
  await page.getByLabel("View", { exact: true }).selectOption({ label: "Week" });
  await expect(calendar.getByRole("button", { name: subject })).toHaveCSS("background-color", openColour);

  await calendar.getByRole("button", { name: subject }).click();
  const edit = page.getByRole("dialog");
  await expect(edit.getByLabel("Subject")).toHaveValue(subject);
  await expect(edit.getByLabel("Due Date")).toHaveValue(due.typed);
  await edit.getByLabel("Status").selectOption("Closed");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Task Updated Successfully !")).toBeVisible();
  await expect(calendar.getByRole("button", { name: subject })).toHaveCSS("background-color", GREY);
});
