import { timestampDate } from "@bufbuild/protobuf/wkt";
import { expect, test } from "@playwright/test";

import { TaskStatus } from "../src/gen/eris/crm/v1/tasks_pb";
import { randomLetters, userIdOf } from "./crmHelpers";
import {
  businessClockOf,
  businessInstant,
  businessToday,
  createTestCompanies,
  createTestTask,
  tasksNamed,
  typedDay,
} from "./dailyHelpers";
import { DEMO, signIn, unique } from "./helpers";

test("My Upcoming Tasks leaves closed tasks out until Show closed is on, and fits its card", async ({ page }) => {
  const me = await userIdOf(DEMO.management);
  const today = businessToday();
  const tag = unique("Upcoming").name;
  await createTestTask({
    subject: `${tag} open`,
    due: businessInstant(today.year, today.month, today.day, 11, 0),
    assigneeUserIds: [me],
  });
  await createTestTask({
    subject: `${tag} closed`,
    due: businessInstant(today.year, today.month, today.day, 12, 0),
    assigneeUserIds: [me],
    closed: true,
  });

  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 1280) {
      await signIn(page, DEMO.management);
    } else {
      await page.goto("/Dashboard");
    }
    const list = page.getByRole("region", { name: "My Upcoming Tasks" });
    await list.getByLabel("Search").fill(tag);
    await expect(list.getByRole("row", { name: new RegExp(`${tag} open`) })).toContainText("11:00 AM");
    await expect(list.getByText(`${tag} closed`)).toHaveCount(0);
    // No sideways scrolling: the list fits its card.
    const fits = await list.evaluate((el) => {
      const table = el.querySelector("table");
      return (
        el.scrollWidth <= el.clientWidth &&
        !!table &&
        table.getBoundingClientRect().right <= el.getBoundingClientRect().right
      );
    });
    expect(fits).toBe(true);
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `e2e/screenshots/daily-upcoming-${width}.png` });
  }

  const list = page.getByRole("region", { name: "My Upcoming Tasks" });
  await list.getByText("Show closed").click();
  await expect(list.getByRole("row", { name: new RegExp(`${tag} closed`) })).toContainText("Closed");
  await expect(page).toHaveURL(/closed=1/);
  await page.reload();
  await expect(list.getByLabel("Search")).toHaveValue(tag);
  await expect(list.getByRole("row", { name: new RegExp(`${tag} closed`) })).toBeVisible();

  // A range that ends before it starts is said so, and the list is not asked for.
  await list.getByLabel("To").fill("01/01/2020");
  await expect(list.getByRole("alert")).toHaveText("The From date is after the To date.");
  await expect(list.getByRole("table")).toHaveCount(0);
});

test("a due date typed without a time saves as 09:00 business time, on the company picked", async ({ page }) => {
  const me = await userIdOf(DEMO.management);
  const [company] = await createTestCompanies([`E2E Picked ${randomLetters(6)}`]);
  const subject = unique("NineAm").name;
  // Two days ahead on the business calendar.
  const today = businessToday();
  const later = new Date(Date.UTC(today.year, today.month - 1, today.day + 2));
  const day = { year: later.getUTCFullYear(), month: later.getUTCMonth() + 1, day: later.getUTCDate() };

  await signIn(page, DEMO.management);
  await page.getByRole("button", { name: "Add Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Task" });
  await dialog.getByLabel("Type").selectOption("Follow Up");
  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByLabel("Due Date").fill(typedDay(day));
  await expect(dialog.getByText("A date without a time is due at 9:00 AM.")).toBeVisible();
  const picker = dialog.getByRole("combobox", { name: "Company" });
  await picker.fill(company.name);
  await page.getByRole("listbox", { name: "Company" }).getByText(company.name).click();
  await expect(picker).toHaveValue(company.name);
  await page.screenshot({ path: "e2e/screenshots/daily-add-task.png" });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Task Added !")).toBeVisible();

  const [saved] = await tasksNamed(me, subject);
  expect(saved.companyId).toBe(company.companyId);
  expect(timestampDate(saved.dueTime!).toISOString()).toBe(
    businessInstant(day.year, day.month, day.day, 9, 0).toISOString(),
  );

  // The company's Tasks panel shows it at 9:00 AM; its dialog links back to the company.
  await page.goto(`/LeadTabs/${company.companyId}/details`);
  const panel = page.getByRole("region", { name: "Tasks" });
  const row = panel.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText(`${typedDay(day)} 9:00 AM`);
  await row.click();
  const edit = page.getByRole("dialog", { name: "Edit Task" });
  await expect(edit.getByLabel("Due Date")).toHaveValue(`${typedDay(day)} 09:00`);
  await expect(edit.getByRole("link", { name: company.name })).toHaveAttribute(
    "href",
    `/LeadTabs/${company.companyId}/details`,
  );
});

test("a due date can be picked from the calendar", async ({ page }) => {
  const me = await userIdOf(DEMO.management);
  const subject = unique("Picked").name;
  await signIn(page, DEMO.management);
  await page.getByRole("button", { name: "Add Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Task" });
  await dialog.getByLabel("Type").selectOption("Brokerage");
  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByRole("button", { name: "Choose from a calendar" }).click();
  const picker = page.locator(`#task-due-calendar`);
  await picker.getByRole("gridcell", { name: /15/ }).first().click();
  await expect(dialog.getByLabel("Due Date")).toHaveValue(/^\d{2}\/15\/\d{4} 09:00$/);
  await page.keyboard.press("Escape");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Task Added !")).toBeVisible();
  const [saved] = await tasksNamed(me, subject);
  const due = businessClockOf(saved.dueTime!);
  expect([due.day, due.hour, due.minute]).toEqual([15, 9, 0]);
});

test("a Sales assignee closes a task someone else wrote and adds a comment, but cannot rewrite it", async ({
  page,
}) => {
  const sales = await userIdOf(DEMO.sales);
  const today = businessToday();
  const subject = unique("Assigned").name;
  await createTestTask({
    subject,
    due: businessInstant(today.year, today.month, today.day, 11, 0),
    assigneeUserIds: [sales],
  });

  await signIn(page, DEMO.sales);
  const list = page.getByRole("region", { name: "My Upcoming Tasks" });
  await list.getByLabel("Search").fill(subject);
  await list.getByRole("row", { name: new RegExp(subject) }).click();
  const edit = page.getByRole("dialog", { name: "Edit Task" });
  await expect(edit.getByText("As an assignee you may change the status and add a comment")).toBeVisible();
  for (const label of ["Type", "Subject", "Due Date"]) {
    await expect(edit.getByLabel(label)).toBeDisabled();
  }
  await expect(edit.getByLabel("Add a comment")).toBeFocused();
  await edit.getByLabel("Add a comment").fill("Called, left a message.");
  await edit.getByLabel("Status").selectOption("Closed");
  await page.screenshot({ path: "e2e/screenshots/task-assignee.png" });
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Task Updated Successfully !")).toBeVisible();

  const [stored] = await tasksNamed(sales, subject);
  expect(stored.description).toBe("Called, left a message.");
  expect(stored.status).toBe(TaskStatus.CLOSED);
});
