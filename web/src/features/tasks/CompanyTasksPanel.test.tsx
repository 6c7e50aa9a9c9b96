import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { AppProviders } from "../../app/App";
import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { TaskSchema, TaskStatus } from "../../gen/eris/crm/v1/tasks_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { signedInServices } from "../../test/renderApp";
import { CompanyTasksPanel } from "./CompanyTasksPanel";
import { TASK_TEXTS } from "./texts";

const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });
const sally = makeUser({ userId: 2n, name: "Sally Sales", role: Role.SALES });
const task = create(TaskSchema, {
  taskId: 21n,
  type: "Brokerage",
  subject: "Renewal quote",
  status: TaskStatus.OPEN,
  // 14:30 on the business clock (New York, EST), whatever zone the tests run in.
  dueTime: timestampFromDate(new Date(Date.UTC(2026, 2, 5, 19, 30))),
  assigneeUserIds: [1n, 2n],
  companyId: 5n,
  companyName: "Acme Foods",
  version: 3n,
});

function panel(readOnly: boolean, tasks: Record<string, unknown> = {}) {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(manager, [manager, sally]);
  const listTasks = vi.fn(async () => ({ tasks: [task], nextPageToken: "" }));
  Object.assign(services.api, { tasks: { listTasks, ...tasks } });
  void services.session.restore();
  render(
    <AppProviders services={services}>
      <MemoryRouter>
        <CompanyTasksPanel companyId={5n} companyName="Acme Foods" readOnly={readOnly} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { listTasks };
}

async function row() {
  return (await screen.findByText("Renewal quote")).closest("tr") as HTMLElement;
}

describe("CompanyTasksPanel", () => {
  it("lists the company's tasks with due date, subject, type, assignees and status", async () => {
    const { listTasks } = panel(false);
    await waitFor(async () =>
      expect(Array.from((await row()).querySelectorAll("td")).map((td) => td.textContent)).toEqual([
        "03/05/2026 2:30 PM",
        "Renewal quote",
        "Brokerage",
        "Mia Manager, Sally Sales",
        "Open",
      ]),
    );
    expect(listTasks).toHaveBeenCalledWith({ companyId: 5n, pageSize: 2000, pageToken: "" }, expect.anything());
    expect(screen.getByRole("button", { name: TASK_TEXTS.addTask })).toBeTruthy();
  });

  it("hides Add Task and editing when read-only", async () => {
    panel(true);
    await userEvent.click(await row());
    expect(screen.queryByRole("button", { name: TASK_TEXTS.addTask })).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("edits a task's status with the version read", async () => {
    const updateTask = vi.fn(async () => ({ task }));
    panel(false, { updateTask });
    await userEvent.click(await row());
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText(/Due Date/) as HTMLInputElement).value).toBe("03/05/2026 14:30");
    // The dialog links to the task's company.
    expect(within(dialog).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe("/LeadTabs/5/details");
    await userEvent.selectOptions(within(dialog).getByLabelText(TASK_TEXTS.status), "Closed");
    await userEvent.click(within(dialog).getByRole("button", { name: TASK_TEXTS.save }));
    await waitFor(() =>
      expect(updateTask).toHaveBeenCalledWith({
        task: expect.objectContaining({ taskId: 21n, version: 3n, status: TaskStatus.CLOSED }),
        updateMask: { paths: ["status"] },
      }),
    );
  });

  it("shows the server's message and the stored task after a stale write", async () => {
    const updateTask = vi.fn(async () => {
      throw new ConnectError("This task was changed by someone else. Reload to see their changes.", Code.Aborted);
    });
    const { listTasks } = panel(false, { updateTask });
    await userEvent.click(await row());
    const dialog = await screen.findByRole("dialog");
    listTasks.mockResolvedValue({ tasks: [{ ...task, subject: "Changed elsewhere", version: 4n }], nextPageToken: "" });
    await userEvent.type(within(dialog).getByLabelText(/Subject/), "!");
    await userEvent.click(within(dialog).getByRole("button", { name: TASK_TEXTS.save }));
    expect(
      await within(dialog).findByText("This task was changed by someone else. Reload to see their changes."),
    ).toBeTruthy();
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/Subject/) as HTMLInputElement).value).toBe("Changed elsewhere"),
    );
  });
});
