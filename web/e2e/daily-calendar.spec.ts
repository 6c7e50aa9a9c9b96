import { expect, test, type Locator } from "@playwright/test";

import { userIdOf } from "./crmHelpers";
import { businessInstant, createTestTask } from "./dailyHelpers";
import { DEMO, signIn, unique } from "./helpers";

/** One hour of the time grid, in pixels (Calendar.tsx). */
const HOUR_PX = 48;
/** A day years ahead, different on every run, so that no other spec (or earlier run) has tasks on it. */
const DAY = {
  year: 2031 + Math.floor(Math.random() * 8),
  month: 1 + Math.floor(Math.random() * 12),
  day: 1 + Math.floor(Math.random() * 28),
};
const ISO_DAY = `${DAY.year}-${String(DAY.month).padStart(2, "0")}-${String(DAY.day).padStart(2, "0")}`;
/** The day's column, as the calendar names it (e.g. "Wednesday, March 12, 2031"). */
const DAY_LABEL = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
}).format(new Date(Date.UTC(DAY.year, DAY.month - 1, DAY.day)));

/** How far below the grid's 00:00 line a chip starts, in pixels. */
async function offsetInGrid(chip: Locator, body: Locator): Promise<number> {
  const [chipBox, bodyBox] = await Promise.all([chip.boundingBox(), body.boundingBox()]);
  if (!chipBox || !bodyBox) throw new Error("not laid out");
  return chipBox.y - bodyBox.y;
}

test("the week view places tasks at their real business time, before 05:00 and after 20:00 too", async ({ page }) => {
  const me = await userIdOf(DEMO.management);
  const tag = unique("Cal").name;
  const at = (hour: number, minute: number, label: string) =>
    createTestTask({
      subject: `${tag} ${label}`,
      due: businessInstant(DAY.year, DAY.month, DAY.day, hour, minute),
      assigneeUserIds: [me],
    });
  await Promise.all([at(7, 30, "breakfast"), at(19, 0, "evening"), at(3, 0, "dawn"), at(22, 30, "night")]);

  // The browser runs in UTC; the calendar shows the business clock (New York).
  await signIn(page, DEMO.management);
  await page.goto(`/Dashboard?view=week&date=${ISO_DAY}`);
  const calendar = page.getByRole("region", { name: "Calendar" });
  const column = calendar.getByRole("group", { name: DAY_LABEL });
  const grid = page.getByTestId("calendar-time-grid");
  const body = grid.locator(".eris-cal-body");

  const breakfast = column.getByRole("button", { name: `7:30 AM ${tag} breakfast` });
  const evening = column.getByRole("button", { name: `7:00 PM ${tag} evening` });
  await expect(breakfast).toBeVisible();
  await expect(evening).toBeVisible();
  expect(await offsetInGrid(breakfast, body)).toBeCloseTo(7.5 * HOUR_PX, 0);
  expect(await offsetInGrid(evening, body)).toBeCloseTo(19 * HOUR_PX, 0);
  // The chip says its time.
  await expect(breakfast).toHaveText(`7:30 AM ${tag} breakfast`);
  // The grid opens on 05:00.
  expect(await grid.evaluate((el) => el.scrollTop)).toBe(5 * HOUR_PX);
  await page.screenshot({ path: "e2e/screenshots/daily-calendar-week.png" });

  // 03:00 and 22:30 are scrolled out of view, counted, and reached with one click each.
  const dawn = column.getByRole("button", { name: `3:00 AM ${tag} dawn` });
  const night = column.getByRole("button", { name: `10:30 PM ${tag} night` });
  await expect(dawn).not.toBeInViewport();
  expect(await offsetInGrid(dawn, body)).toBeCloseTo(3 * HOUR_PX, 0);
  expect(await offsetInGrid(night, body)).toBeCloseTo(22.5 * HOUR_PX, 0);
  await calendar.getByRole("button", { name: "1 earlier" }).click();
  await expect(dawn).toBeInViewport();
  await calendar.getByRole("button", { name: /later/ }).click();
  await expect(night).toBeInViewport();
  await page.screenshot({ path: "e2e/screenshots/daily-calendar-late.png" });

  // The day view places them alike; a click opens the task on the business clock.
  await page.goto(`/Dashboard?view=day&date=${ISO_DAY}`);
  const day = page.getByRole("region", { name: "Calendar" });
  const single = day.getByRole("button", { name: `7:30 AM ${tag} breakfast` });
  expect(await offsetInGrid(single, page.locator(".eris-cal-body"))).toBeCloseTo(7.5 * HOUR_PX, 0);
  await single.click();
  const typed = `${String(DAY.month).padStart(2, "0")}/${String(DAY.day).padStart(2, "0")}/${DAY.year} 07:30`;
  await expect(page.getByRole("dialog").getByLabel("Due Date")).toHaveValue(typed);
});
