import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { expect, type Page } from "@playwright/test";

import type { Company } from "../src/gen/eris/crm/v1/crm_pb";
import { TaskStatus, type Task } from "../src/gen/eris/crm/v1/tasks_pb";
import { instantOf, wallClockOf, type WallClock } from "../src/lib/businessTime";
import { createTestCompany, crmApiAs } from "./crmHelpers";
import { DEMO } from "./helpers";

/** The demo's business time zone (GetCurrentUserResponse.business_time_zone). */
export const BUSINESS_TIME_ZONE = "America/New_York";

/** The instant the business clock shows a wall-clock time. */
export function businessInstant(year: number, month: number, day: number, hour: number, minute = 0): Date {
  return instantOf({ year, month, day, hour, minute }, BUSINESS_TIME_ZONE);
}

/** Today on the business clock. */
export function businessToday(): WallClock {
  return wallClockOf(new Date(), BUSINESS_TIME_ZONE);
}

/** The business clock of a stored instant. */
export function businessClockOf(ts: Parameters<typeof timestampDate>[0]): WallClock {
  return wallClockOf(timestampDate(ts), BUSINESS_TIME_ZONE);
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Today on the business clock at a given time, as the task dialog takes it (MM/DD/YYYY HH:mm): the
 * business day, which on a Saturday evening in New York is already Sunday on a UTC machine.
 */
export function businessTodayAt(hour: number, minute = 0): { typed: string } {
  const { year, month, day } = businessToday();
  return { typed: `${pad(month)}/${pad(day)}/${year} ${pad(hour)}:${pad(minute)}` };
}

/** A business day as the address takes it: YYYY-MM-DD. */
export function isoDay(clock: Pick<WallClock, "year" | "month" | "day">): string {
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** A business day as typed: MM/DD/YYYY. */
export function typedDay(clock: Pick<WallClock, "year" | "month" | "day">): string {
  return `${pad(clock.month)}/${pad(clock.day)}/${clock.year}`;
}

/** A task made by Management through the API (Open), closed afterwards when asked. */
export async function createTestTask(fields: {
  subject: string;
  due: Date;
  assigneeUserIds: bigint[];
  companyId?: bigint;
  closed?: boolean;
}): Promise<Task> {
  const { tasks } = await crmApiAs(DEMO.management);
  const { task } = await tasks.createTask({
    task: {
      type: "Follow Up",
      subject: fields.subject,
      description: "",
      dueTime: timestampFromDate(fields.due),
      assigneeUserIds: fields.assigneeUserIds,
      companyId: fields.companyId ?? 0n,
    },
  });
  if (!task) throw new Error("CreateTask answered without a task");
  if (!fields.closed) return task;
  const { task: closed } = await tasks.updateTask({
    task: { taskId: task.taskId, version: task.version, status: TaskStatus.CLOSED },
    updateMask: { paths: ["status"] },
  });
  if (!closed) throw new Error("UpdateTask answered without a task");
  return closed;
}

/** A user's tasks with this subject (newest run's first). */
export async function tasksNamed(assigneeUserId: bigint, subject: string): Promise<Task[]> {
  const { tasks } = await crmApiAs(DEMO.management);
  const found: Task[] = [];
  let pageToken = "";
  do {
    const res = await tasks.listTasks({ assigneeUserId, pageSize: 2000, pageToken });
    found.push(...res.tasks.filter((t) => t.subject === subject));
    pageToken = res.nextPageToken;
  } while (pageToken);
  return found;
}

/**
 * Many companies at once (a few at a time, so the API is not flooded), with one sign-in: sign-ins
 * of one account at once are throttled.
 */
export async function createTestCompanies(names: readonly string[], extra: (index: number) => object = () => ({})) {
  const management = await crmApiAs(DEMO.management);
  const made: Company[] = [];
  for (let i = 0; i < names.length; i += 8) {
    const batch = names.slice(i, i + 8).map((name, j) => createTestCompany({ name, ...extra(i + j) }, management));
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

/** The names in the companies table, top to bottom. */
export async function companyNames(page: Page): Promise<string[]> {
  const table = page.getByRole("table", { name: "Companies" });
  await expect(table).toBeVisible();
  return table.locator("tbody tr td:first-child").allTextContents();
}
