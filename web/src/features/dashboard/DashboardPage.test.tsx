import { create } from "@bufbuild/protobuf";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { DayCountSchema, type DayCount } from "../../gen/eris/common/v1/date_pb";
import { CallBankSchema } from "../../gen/eris/crm/v1/call_banks_pb";
import { CompanySchema } from "../../gen/eris/crm/v1/crm_pb";
import { TaskSchema, TaskStatus, type ListTasksRequest, type Task } from "../../gen/eris/crm/v1/tasks_pb";
import { Role, type User } from "../../gen/eris/identity/v1/identity_pb";
import type { ListUserRfpsRequest, Rfp } from "../../gen/eris/sourcing/v1/rfps_pb";
import { businessDayOf } from "../../lib/businessTime";
import { makeUser } from "../../test/fakes";
import { renderApp, signedInServices } from "../../test/renderApp";
import { makeRfp, makeSupplier } from "../../test/sourcingFakes";
import { RFP_REPORT_TEXTS } from "../rfpReport";
import { TASK_TEXTS } from "../tasks";
import { CALL_BANK_TEXTS } from "../callbanks";
import { HOUR_PX, MONTH_CELL_ENTRIES } from "./Calendar";
import { CLOSED_EVENT_COLOUR } from "../../styles/palette";
import { eventColour } from "./calendarMath";
import { DASHBOARD_TEXTS } from "./texts";
import { UPCOMING_SHOWN } from "./UpcomingTasks";

const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });
const sally = makeUser({ userId: 2n, name: "Sally Sales", role: Role.SALES });

/** An instant by its New York wall clock in November 2026 (EST, UTC-5). */
const nyNov = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 10, day, hour + 5, minute));

function task(taskId: bigint, subject: string, due: Date, status = TaskStatus.OPEN): Task {
  return create(TaskSchema, {
    taskId,
    type: "Follow Up",
    subject,
    status,
    dueTime: timestampFromDate(due),
    assigneeUserIds: [2n],
    companyName: "Acme Foods",
    version: 1n,
  });
}

// Due today at noon on the business clock (New York), open and closed.
const todayNoon = (() => {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  // Noon in New York is 16:00 or 17:00 UTC; 16:30 UTC is between 11:30 and 12:30 there.
  return new Date(Date.UTC(get("year"), get("month") - 1, get("day"), 16, 30));
})();
const openTask = task(11n, "Call the CFO", todayNoon);
const closedTask = task(12n, "Send pricing", todayNoon, TaskStatus.CLOSED);

interface DashboardOptions {
  path?: string;
  tasks?: Task[];
  rfps?: Rfp[];
  businessTimeZone?: string;
}

/** A day as "2026-11-20", for grouping. */
function dayKey(day: { year: number; month: number; day: number } | Date): string {
  return day instanceof Date
    ? `${day.getFullYear()}-${day.getMonth() + 1}-${day.getDate()}`
    : `${day.year}-${day.month}-${day.day}`;
}

/** All entries (no limit), or each day's first `limit` with every day's count, as the services answer. */
function firstOfEachDay<T>(entries: T[], limit: number, dayOf: (entry: T) => string) {
  if (!limit) {
    return { entries, dayCounts: [] as DayCount[] };
  }
  const days = new Map<string, T[]>();
  for (const entry of entries) {
    days.set(dayOf(entry), [...(days.get(dayOf(entry)) ?? []), entry]);
  }
  const dayCounts = [...days].map(([key, list]) => {
    const [year, month, day] = key.split("-").map(Number);
    return create(DayCountSchema, { day: { year, month, day }, count: list.length });
  });
  return { entries: [...days.values()].flatMap((list) => list.slice(0, limit)), dayCounts };
}

function dashboardAs(
  me: User,
  { path = "/Dashboard", tasks = [openTask, closedTask], rfps = [], businessTimeZone }: DashboardOptions = {},
) {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(me, [manager, sally]);
  if (businessTimeZone) {
    Object.assign(services.api.auth, {
      getCurrentUser: vi.fn(async () => ({ user: me, features: [], businessTimeZone })),
    });
  }
  // Like the server: only tasks in the asked status (when one is asked for) and due in the asked
  // range; with a limit per day, each business day's first few and every day's count.
  const listTasks = vi.fn(async (req: ListTasksRequest) => {
    const listed = tasks.filter((t) => {
      const due = t.dueTime ? timestampDate(t.dueTime).getTime() : null;
      const inRange =
        due === null ||
        ((!req.dueFrom || due >= timestampDate(req.dueFrom).getTime()) &&
          (!req.dueTo || due < timestampDate(req.dueTo).getTime()));
      return inRange && (!req.status || t.status === req.status);
    });
    const zone = businessTimeZone ?? "America/New_York";
    const byDay = firstOfEachDay(listed, req.perDayLimit, (t) =>
      dayKey(businessDayOf(timestampDate(t.dueTime!), zone)),
    );
    return { ...byDay, tasks: byDay.entries, nextPageToken: "" };
  });
  const createTask = vi.fn(async () => ({ task: openTask }));
  const acme = create(CompanySchema, { companyId: 5n, name: "Acme Foods", city: "Dayton", state: "OH" });
  const listCompanies = vi.fn(async () => ({ companies: [acme], nextPageToken: "", totalSize: 0n }));
  const listCallBanks = vi.fn(async () => ({
    callBanks: [
      create(CallBankSchema, {
        callBankId: 4n,
        name: "Spring Renewals",
        serviceType: "Contract Renewal",
        assigneeUserId: 2n,
        repType: "Closer",
        dueDate: { year: 2026, month: 4, day: 30 },
        companyCount: 2n,
        closedCount: 1n,
        completionPercent: 50,
      }),
    ],
  }));
  const listUserRfps = vi.fn(async (req: ListUserRfpsRequest) => {
    const byDay = firstOfEachDay(rfps, req.perDayLimit, (r) => dayKey(r.returnDate!));
    return { ...byDay, rfps: byDay.entries };
  });
  const listSuppliers = vi.fn(async () => ({ suppliers: [makeSupplier({ supplierId: 1n, name: "Acme Energy" })] }));
  Object.assign(services.api, {
    tasks: { listTasks, createTask },
    callBanks: { listCallBanks },
    companies: { listCompanies },
    rfps: { listUserRfps },
    suppliers: { listSuppliers },
  });
  const { router } = renderApp(path, services);
  return { listTasks, createTask, listCallBanks, listCompanies, listUserRfps, router };
}

/** The search params of an address, by name. */
function params(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

function upcoming(name: string = DASHBOARD_TEXTS.upcomingTasks) {
  return screen.findByRole("region", { name });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("dashboard", () => {
  it("shows a Sales user their own tasks, coloured by status, with no user picker", async () => {
    const { listTasks } = dashboardAs(sally);
    const open = await screen.findAllByRole("button", { name: /Call the CFO/ });
    expect(open[0].getAttribute("data-colour")).toBe(eventColour(11n));
    const closed = screen.getAllByRole("button", { name: /Send pricing/ });
    expect(closed[0].getAttribute("data-colour")).toBe(CLOSED_EVENT_COLOUR);
    expect(screen.queryByLabelText(DASHBOARD_TEXTS.user)).toBeNull();
    expect(listTasks).toHaveBeenCalledWith(expect.objectContaining({ assigneeUserId: 2n }), expect.anything());
    // My Upcoming Tasks lists the open one with its company.
    const table = await within(await upcoming()).findByRole("table");
    expect(within(table).getByText("Acme Foods")).toBeTruthy();
  });

  it("lets Management pick another user, named in the list's heading and kept in the address", async () => {
    const { listTasks, router } = dashboardAs(manager);
    const picker = await screen.findByLabelText(DASHBOARD_TEXTS.user);
    await screen.findByRole("option", { name: "Sally Sales" });
    expect(screen.getByRole("heading", { name: DASHBOARD_TEXTS.upcomingTasks })).toBeTruthy();
    await userEvent.selectOptions(picker, "Sally Sales");
    await waitFor(() =>
      expect(listTasks).toHaveBeenCalledWith(expect.objectContaining({ assigneeUserId: 2n }), expect.anything()),
    );
    expect(await screen.findByRole("heading", { name: "Sally Sales's Upcoming Tasks" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: DASHBOARD_TEXTS.upcomingTasks })).toBeNull();
    expect(router().location.search).toBe("?user=2");
  });
});

describe("dashboard calendar", () => {
  const day = "/Dashboard?view=week&date=2026-11-20";
  const early = task(21n, "Early call", nyNov(20, 7, 30));
  const evening = task(22n, "Evening review", nyNov(20, 19, 0));
  const dawn = task(23n, "Dawn check", nyNov(20, 3, 0));
  const night = task(24n, "Night wrap-up", nyNov(20, 22, 30));

  it("places tasks at their real time on the business clock, with the time on the chip", async () => {
    dashboardAs(sally, { path: day, tasks: [early, evening, dawn, night] });
    const calendar = await screen.findByRole("region", { name: DASHBOARD_TEXTS.calendar });
    const chip = await within(calendar).findByRole("button", { name: "7:30 AM Early call" });
    expect(chip.getAttribute("data-minute")).toBe(String(7 * 60 + 30));
    expect(parseFloat(chip.style.top)).toBeCloseTo((7.5 / 24) * 100);
    const evening7 = within(calendar).getByRole("button", { name: "7:00 PM Evening review" });
    expect(parseFloat(evening7.style.top)).toBeCloseTo((19 / 24) * 100);
    // Before 05:00 and after 20:00: still at their own time, not pushed to the grid's edge.
    expect(parseFloat(within(calendar).getByRole("button", { name: "3:00 AM Dawn check" }).style.top)).toBeCloseTo(
      (3 / 24) * 100,
    );
    expect(parseFloat(within(calendar).getByRole("button", { name: "10:30 PM Night wrap-up" }).style.top)).toBeCloseTo(
      (22.5 / 24) * 100,
    );
    // All on Friday the 20th.
    const friday = within(calendar).getByRole("group", { name: "Friday, November 20, 2026" });
    expect(within(friday).getAllByRole("button")).toHaveLength(4);
  });

  it("opens at 05:00 with 15 hours in view and reaches the rest by scrolling or the earlier/later buttons", async () => {
    dashboardAs(sally, { path: day, tasks: [early, dawn, night] });
    const calendar = await screen.findByRole("region", { name: DASHBOARD_TEXTS.calendar });
    await within(calendar).findByRole("button", { name: "7:30 AM Early call" });
    const grid = screen.getByTestId("calendar-time-grid");
    expect(grid.scrollTop).toBe(5 * HOUR_PX);
    expect(grid.style.height).toBe(`${15 * HOUR_PX}px`);
    expect(within(calendar).getByText("1 AM")).toBeTruthy();
    expect(within(calendar).getByText("11 PM")).toBeTruthy();
    expect(within(calendar).getAllByRole("group")).toHaveLength(7);

    await userEvent.click(within(calendar).getByRole("button", { name: "1 earlier" }));
    expect(grid.scrollTop).toBeLessThanOrEqual(3 * HOUR_PX);
    expect(within(calendar).queryByRole("button", { name: "1 earlier" })).toBeNull();
    await userEvent.click(within(calendar).getByRole("button", { name: "1 later" }));
    expect(grid.scrollTop + 15 * HOUR_PX).toBeGreaterThanOrEqual(23 * HOUR_PX);
    expect(within(calendar).queryByRole("button", { name: "1 later" })).toBeNull();
    // Now both the 03:00 and the 07:30 task are above what is in view.
    expect(within(calendar).getByRole("button", { name: "2 earlier" })).toBeTruthy();

    // Scrolling by hand counts too.
    grid.scrollTop = 0;
    fireEvent.scroll(grid);
    expect(within(calendar).queryByRole("button", { name: "1 earlier" })).toBeNull();
    expect(within(calendar).getByRole("button", { name: "1 later" })).toBeTruthy();
  });

  it("uses the business time zone the server names", async () => {
    // 15:30 UTC is 07:30 in Los Angeles (and 10:30 in New York).
    const west = task(25n, "West coast call", new Date(Date.UTC(2026, 10, 20, 15, 30)));
    dashboardAs(sally, { path: day, tasks: [west], businessTimeZone: "America/Los_Angeles" });
    expect(await screen.findByRole("button", { name: "7:30 AM West coast call" })).toBeTruthy();
  });

  it("keeps its view, weekdays and date in the address, and Back restores them", async () => {
    // Today is none of the days the test moves through (today's date stays out of the address).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-06-15T15:00:00Z"));
    const { router } = dashboardAs(sally, { path: "/Dashboard?date=2026-11-20" });
    const calendar = await screen.findByRole("region", { name: DASHBOARD_TEXTS.calendar });
    expect(within(calendar).getByText("November 2026")).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText(DASHBOARD_TEXTS.viewType), "Week");
    expect(params(router().location.search)).toEqual({ date: "2026-11-20", view: "week" });
    await userEvent.selectOptions(screen.getByLabelText(DASHBOARD_TEXTS.weekdays), "Mon - Fri");
    expect(within(calendar).getAllByRole("group")).toHaveLength(5);
    await userEvent.click(within(calendar).getByRole("button", { name: DASHBOARD_TEXTS.next }));
    expect(within(calendar).getByText("Nov 23 – Nov 27, 2026")).toBeTruthy();
    expect(params(router().location.search)).toEqual({ date: "2026-11-27", view: "week", days: "mon-fri" });
    act(() => void router().navigate(-1));
    expect(await within(calendar).findByText("Nov 16 – Nov 20, 2026")).toBeTruthy();
    act(() => void router().navigate(-2));
    expect(await within(calendar).findByText("November 2026")).toBeTruthy();
  });
});

describe("a busy month", () => {
  it("shows a few entries per day with '+N more', which opens the day with all of them", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-06-15T15:00:00Z"));
    // Ten tasks due Friday, November 20th, 2026, an hour apart from 08:00 New York time.
    const busy = Array.from({ length: 10 }, (_, i) =>
      task(BigInt(100 + i), `Call ${i + 1}`, new Date(Date.UTC(2026, 10, 20, 13 + i, 0))),
    );
    const { router, listTasks } = dashboardAs(sally, { path: "/Dashboard?date=2026-11-20", tasks: busy });
    const calendar = await screen.findByRole("region", { name: DASHBOARD_TEXTS.calendar });
    const friday = within(calendar).getByRole("group", { name: "Friday, November 20, 2026" });
    // The month asks only for the entries its cells show, and counts the rest from the day's count.
    const more = await within(friday).findByRole("button", { name: /^\+6 more: all 10 entries of Friday/ });
    expect(more.textContent).toBe("+6 more");
    expect(within(friday).getAllByRole("button")).toHaveLength(MONTH_CELL_ENTRIES + 1);
    const monthCalls = listTasks.mock.calls.filter(([req]) => req.perDayLimit === MONTH_CELL_ENTRIES);
    expect(monthCalls.length).toBeGreaterThan(0);
    expect((await listTasks.mock.results[listTasks.mock.calls.indexOf(monthCalls[0]!)]!.value).tasks).toHaveLength(
      MONTH_CELL_ENTRIES,
    );

    await userEvent.click(more);
    expect(params(router().location.search)).toEqual({ date: "2026-11-20", view: "day" });
    const day = within(calendar).getByRole("group", { name: "Friday, November 20, 2026" });
    expect(await within(day).findAllByRole("button", { name: /Call \d+/ })).toHaveLength(10);
  });
});

describe("dashboard RFPs", () => {
  const week = "/Dashboard?view=week&date=2026-11-20";
  // Due back Friday 11/20/2026 at 11:00 New York time.
  const rfp = makeRfp({ rfpId: 7n, companyName: "Acme Foods", returnTime: "11:00" });
  const weekDays = { from: { year: 2026, month: 11, day: 16 }, to: { year: 2026, month: 11, day: 22 } };

  it("shows the signed-in user's RFPs as grey events at their return date and time", async () => {
    const { listUserRfps } = dashboardAs(sally, { path: week, tasks: [], rfps: [rfp] });
    const calendar = await screen.findByRole("region", { name: DASHBOARD_TEXTS.calendar });
    const friday = within(calendar).getByRole("group", { name: "Friday, November 20, 2026" });
    const chip = await within(friday).findByRole("button", { name: "11:00 AM RFP: Acme Foods" });
    expect(chip.getAttribute("data-colour")).toBe(CLOSED_EVENT_COLOUR);
    expect(chip.getAttribute("data-minute")).toBe(String(11 * 60));
    expect(parseFloat(chip.style.top)).toBeCloseTo((11 / 24) * 100);
    // The week shown, Monday to Sunday; 0 asks for the caller's own.
    expect(listUserRfps).toHaveBeenCalledWith({ userId: 0n, ...weekDays, perDayLimit: 0 }, expect.anything());
  });

  it("asks for the RFPs of the days a month view shows", async () => {
    const { listUserRfps } = dashboardAs(sally, { path: "/Dashboard?date=2026-11-20&days=mon-fri", tasks: [] });
    await screen.findByRole("region", { name: DASHBOARD_TEXTS.calendar });
    // November 2026's Mon-Fri rows: from Monday the 2nd (the row before holds only October days) to
    // Friday, December 4th (the row of Monday the 30th).
    await waitFor(() =>
      expect(listUserRfps).toHaveBeenCalledWith(
        {
          userId: 0n,
          from: { year: 2026, month: 11, day: 2 },
          to: { year: 2026, month: 12, day: 4 },
          perDayLimit: MONTH_CELL_ENTRIES,
        },
        expect.anything(),
      ),
    );
  });

  it("opens an RFP's details, not the task editor, when its event is clicked", async () => {
    dashboardAs(sally, { path: week, rfps: [rfp] });
    const calendar = await screen.findByRole("region", { name: DASHBOARD_TEXTS.calendar });
    await userEvent.click(await within(calendar).findByRole("button", { name: /RFP: Acme Foods/ }));
    const dialog = await screen.findByRole("dialog", { name: RFP_REPORT_TEXTS.details.title });
    expect(within(dialog).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe("/LeadTabs/5/rfps");
    expect(within(dialog).getByText("11/20/2026 11:00 AM")).toBeTruthy();
    expect(await within(dialog).findByText("Acme Energy")).toBeTruthy();
    expect(within(dialog).queryByLabelText(/Subject/)).toBeNull();
  });

  it("follows the user Management picks", async () => {
    const { listUserRfps } = dashboardAs(manager, { path: `${week}&user=2`, rfps: [rfp] });
    await screen.findByRole("button", { name: /RFP: Acme Foods/ });
    expect(listUserRfps).toHaveBeenCalledWith({ userId: 2n, ...weekDays, perDayLimit: 0 }, expect.anything());
    expect(listUserRfps).not.toHaveBeenCalledWith(expect.objectContaining({ userId: 0n }), expect.anything());
  });
});

describe("My Upcoming Tasks", () => {
  it("leaves closed tasks out unless Show closed is on", async () => {
    const { listTasks, router } = dashboardAs(sally);
    const list = await upcoming();
    expect(await within(list).findByText("Call the CFO")).toBeTruthy();
    expect(within(list).queryByText("Send pricing")).toBeNull();
    expect(listTasks).toHaveBeenCalledWith(expect.objectContaining({ status: TaskStatus.OPEN }), expect.anything());
    await userEvent.click(within(list).getByLabelText(DASHBOARD_TEXTS.showClosed));
    expect(await within(list).findByText("Send pricing")).toBeTruthy();
    expect(router().location.search).toBe("?closed=1");
  });

  it("says so when the range ends before it starts, and asks nothing for it", async () => {
    const { listTasks } = dashboardAs(sally);
    const list = await upcoming();
    await within(list).findByText("Call the CFO");
    const from = within(list).getByLabelText(DASHBOARD_TEXTS.from);
    await userEvent.clear(from);
    await userEvent.type(from, "12/31/2026");
    const to = within(list).getByLabelText(DASHBOARD_TEXTS.to);
    await userEvent.clear(to);
    await userEvent.type(to, "12/01/2026");
    expect(within(list).getByRole("alert").textContent).toBe(DASHBOARD_TEXTS.rangeInverted);
    expect(within(list).queryByText("Call the CFO")).toBeNull();
    const inverted = listTasks.mock.calls.filter(([req]) => {
      const dueFrom = req.dueFrom ? timestampDate(req.dueFrom) : null;
      const dueTo = req.dueTo ? timestampDate(req.dueTo) : null;
      return dueFrom !== null && dueTo !== null && dueFrom > dueTo;
    });
    expect(inverted).toEqual([]);
    await userEvent.clear(to);
    await userEvent.type(to, "01/15/2027");
    expect(within(list).queryByRole("alert")).toBeNull();
    // The range is asked for (its first week is read from its first day).
    await waitFor(() =>
      expect(listTasks).toHaveBeenCalledWith(
        expect.objectContaining({ dueFrom: timestampFromDate(new Date(Date.UTC(2026, 11, 31, 5))) }),
        expect.anything(),
      ),
    );
  });

  it("searches within the range, the search kept in the address", async () => {
    const other = task(13n, "Book the site visit", todayNoon);
    const { router } = dashboardAs(sally, { tasks: [openTask, other] });
    const list = await upcoming();
    await within(list).findByText("Book the site visit");
    await userEvent.type(within(list).getByLabelText(DASHBOARD_TEXTS.search), "site");
    expect(within(list).queryByText("Call the CFO")).toBeNull();
    expect(router().location.search).toBe("?q=site");
  });
});

describe("My Upcoming Tasks, a busy week", () => {
  it("draws the first tasks, and the rest on Show all, where the keyboard carries on", async () => {
    const many = Array.from({ length: UPCOMING_SHOWN + 12 }, (_, i) =>
      task(BigInt(100 + i), `Follow-up ${String(i + 1).padStart(3, "0")}`, todayNoon),
    );
    dashboardAs(sally, { tasks: many });
    const list = await upcoming();
    await within(list).findByText("Follow-up 001");
    expect(within(list).getAllByRole("row")).toHaveLength(UPCOMING_SHOWN + 1);
    const firstHidden = `Follow-up ${String(UPCOMING_SHOWN + 1).padStart(3, "0")}`;
    expect(within(list).queryByText(firstHidden)).toBeNull();
    await userEvent.click(within(list).getByRole("button", { name: DASHBOARD_TEXTS.showAllTasks("62") }));
    expect(within(list).getAllByRole("row")).toHaveLength(UPCOMING_SHOWN + 13);
    await waitFor(() => expect(document.activeElement?.textContent).toContain(firstHidden));
    expect(within(list).queryByRole("button", { name: /Show all/ })).toBeNull();
  });
});

describe("add task from the dashboard", () => {
  it("checks the due date format and sends the time on the business clock", async () => {
    const { createTask } = dashboardAs(sally);
    await userEvent.click(await screen.findByRole("button", { name: TASK_TEXTS.addTask }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText(TASK_TEXTS.status)).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText(/Type/), "Brokerage");
    await userEvent.type(within(dialog).getByLabelText(/Subject/), "Quote");
    await userEvent.type(within(dialog).getByLabelText(/Due Date/), "11/20/2026 2:30 PM");
    await userEvent.click(within(dialog).getByRole("button", { name: TASK_TEXTS.save }));
    expect(within(dialog).getByText(TASK_TEXTS.dueDateFormat)).toBeTruthy();
    expect(createTask).not.toHaveBeenCalled();
    await userEvent.clear(within(dialog).getByLabelText(/Due Date/));
    await userEvent.type(within(dialog).getByLabelText(/Due Date/), "11/20/2026 14:30");
    await userEvent.click(within(dialog).getByRole("button", { name: TASK_TEXTS.save }));
    await waitFor(() =>
      expect(createTask).toHaveBeenCalledWith({
        task: {
          type: "Brokerage",
          subject: "Quote",
          description: "",
          dueTime: timestampFromDate(nyNov(20, 14, 30)),
          assigneeUserIds: [2n],
          companyId: 0n,
        },
      }),
    );
  });

  it("takes a due date without a time as 09:00 business time", async () => {
    const { createTask } = dashboardAs(sally);
    await userEvent.click(await screen.findByRole("button", { name: TASK_TEXTS.addTask }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Type/), "Follow Up");
    await userEvent.type(within(dialog).getByLabelText(/Subject/), "Call back");
    await userEvent.type(within(dialog).getByLabelText(/Due Date/), "11/20/2026");
    expect(within(dialog).getByText(TASK_TEXTS.dueDateHint)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: TASK_TEXTS.save }));
    await waitFor(() =>
      expect(createTask).toHaveBeenCalledWith({
        task: expect.objectContaining({ dueTime: timestampFromDate(nyNov(20, 9, 0)) }),
      }),
    );
  });

  it("names a company found by name", async () => {
    const { createTask, listCompanies } = dashboardAs(sally);
    await userEvent.click(await screen.findByRole("button", { name: TASK_TEXTS.addTask }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Type/), "Follow Up");
    await userEvent.type(within(dialog).getByLabelText(/Subject/), "Visit");
    await userEvent.type(within(dialog).getByLabelText(/Due Date/), "11/20/2026 10:00");
    // Focusing the picker lists the first companies by name; typing narrows them on the server.
    await userEvent.click(within(dialog).getByLabelText(TASK_TEXTS.company));
    await screen.findByRole("option", { name: /Acme Foods/ });
    await userEvent.type(within(dialog).getByLabelText(TASK_TEXTS.company), "acm");
    await waitFor(() =>
      expect(listCompanies).toHaveBeenLastCalledWith(
        { filter: { nameQuery: "acm" }, pageSize: 20, orderBy: "name" },
        expect.anything(),
      ),
    );
    const found = await screen.findByRole("listbox", { name: TASK_TEXTS.company });
    await userEvent.click(within(found).getByText("Acme Foods"));
    await waitFor(() =>
      expect((within(dialog).getByLabelText(TASK_TEXTS.company) as HTMLInputElement).value).toBe("Acme Foods"),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: TASK_TEXTS.save }));
    await waitFor(() =>
      expect(createTask).toHaveBeenCalledWith({ task: expect.objectContaining({ subject: "Visit", companyId: 5n }) }),
    );
  });
});

describe("dashboard call banks", () => {
  it("lists a Sales user's own call banks without a user filter", async () => {
    const { listCallBanks, router } = dashboardAs(sally);
    await userEvent.click(await screen.findByRole("tab", { name: DASHBOARD_TEXTS.callBanksTab }));
    expect(router().location.search).toBe("?tab=callbanks");
    const row = (await screen.findByText("Spring Renewals")).closest("tr") as HTMLElement;
    expect(Array.from(row.querySelectorAll("td")).map((td) => td.textContent)).toEqual([
      "Spring Renewals",
      "Contract Renewal",
      "Sally Sales",
      "Closer",
      "04/30/2026",
      "2",
      "50%",
      "Open",
      "",
    ]);
    expect(listCallBanks).toHaveBeenCalledWith({ assigneeUserId: 2n }, expect.anything());
    expect(screen.queryByLabelText("User")).toBeNull();
  });

  it("opens on the tab, search and user the address names (Management)", async () => {
    const { listCallBanks } = dashboardAs(manager, { path: "/Dashboard?tab=callbanks&q=spring&user=2" });
    expect(await screen.findByText("Spring Renewals")).toBeTruthy();
    expect((screen.getByLabelText(CALL_BANK_TEXTS.search) as HTMLInputElement).value).toBe("spring");
    expect((screen.getByLabelText(CALL_BANK_TEXTS.user) as HTMLSelectElement).value).toBe("2");
    expect(listCallBanks).toHaveBeenCalledWith({ assigneeUserId: 2n }, expect.anything());
  });
});
