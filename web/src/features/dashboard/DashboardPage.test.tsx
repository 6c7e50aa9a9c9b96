import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { CallBankSchema } from "../../gen/eris/crm/v1/call_banks_pb";
import { TaskSchema, TaskStatus } from "../../gen/eris/crm/v1/tasks_pb";
import { Role, type User } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { renderApp, signedInServices } from "../../test/renderApp";
import { TASK_TEXTS } from "../tasks/texts";
import { CLOSED_COLOUR, eventColour } from "./calendarMath";
import { DASHBOARD_TEXTS } from "./texts";

const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });
const sally = makeUser({ userId: 2n, name: "Sally Sales", role: Role.SALES });

const now = new Date();
const openTask = create(TaskSchema, {
  taskId: 11n,
  type: "Follow Up",
  subject: "Call the CFO",
  status: TaskStatus.OPEN,
  dueTime: timestampFromDate(new Date(now.getFullYear(), now.getMonth(), now.getDate(), 10, 0)),
  assigneeUserIds: [2n],
  companyName: "Acme Foods",
  version: 1n,
});
const closedTask = create(TaskSchema, { ...openTask, taskId: 12n, subject: "Send pricing", status: TaskStatus.CLOSED });

function dashboardAs(me: User) {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(me, [manager, sally]);
  const listTasks = vi.fn(async () => ({ tasks: [openTask, closedTask], nextPageToken: "" }));
  const createTask = vi.fn(async () => ({ task: openTask }));
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
  Object.assign(services.api, { tasks: { listTasks, createTask }, callBanks: { listCallBanks } });
  renderApp("/Dashboard", services);
  return { listTasks, createTask, listCallBanks };
}

describe("dashboard", () => {
  it("shows a Sales user their own tasks, coloured by status, with no user picker", async () => {
    const { listTasks } = dashboardAs(sally);
    const open = await screen.findAllByRole("button", { name: /Call the CFO/ });
    expect(open[0].getAttribute("data-colour")).toBe(eventColour(11n));
    const closed = screen.getAllByRole("button", { name: /Send pricing/ });
    expect(closed[0].getAttribute("data-colour")).toBe(CLOSED_COLOUR);
    expect(screen.queryByLabelText(DASHBOARD_TEXTS.user)).toBeNull();
    expect(listTasks).toHaveBeenCalledWith(expect.objectContaining({ assigneeUserId: 2n }), expect.anything());
    // My Upcoming Tasks lists them with their company.
    const upcoming = screen.getByRole("table", { name: DASHBOARD_TEXTS.upcomingTasks });
    expect(within(upcoming).getAllByText("Acme Foods")).toHaveLength(2);
  });

  it("lets Management pick another user", async () => {
    const { listTasks } = dashboardAs(manager);
    const picker = await screen.findByLabelText(DASHBOARD_TEXTS.user);
    await screen.findByRole("option", { name: "Sally Sales" });
    await userEvent.selectOptions(picker, "Sally Sales");
    await waitFor(() =>
      expect(listTasks).toHaveBeenCalledWith(expect.objectContaining({ assigneeUserId: 2n }), expect.anything()),
    );
  });

  it("shows the day-like views from 5 AM for 15 hours", async () => {
    dashboardAs(sally);
    await userEvent.selectOptions(await screen.findByLabelText(DASHBOARD_TEXTS.viewType), "Week");
    const calendar = screen.getByRole("region", { name: DASHBOARD_TEXTS.calendar });
    expect(within(calendar).getByText("5 AM")).toBeTruthy();
    expect(within(calendar).getByText("7 PM")).toBeTruthy();
    expect(within(calendar).queryByText("8 PM")).toBeNull();
    expect(within(calendar).getAllByRole("group")).toHaveLength(7);
    await userEvent.selectOptions(screen.getByLabelText(DASHBOARD_TEXTS.weekdays), "Mon - Fri");
    expect(within(calendar).getAllByRole("group")).toHaveLength(5);
  });

  it("adds a task without a status, checking the due date format", async () => {
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
          dueTime: timestampFromDate(new Date(2026, 10, 20, 14, 30)),
          assigneeUserIds: [2n],
          companyId: 0n,
        },
      }),
    );
  });

  it("lists a Sales user's own call banks without a user filter", async () => {
    const { listCallBanks } = dashboardAs(sally);
    await userEvent.click(await screen.findByRole("tab", { name: DASHBOARD_TEXTS.callBanksTab }));
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
});
