import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { AppProviders } from "../../app/App";
import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { TaskSchema, TaskStatus, type Task } from "../../gen/eris/crm/v1/tasks_pb";
import { Role, type User } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { signedInServices } from "../../test/renderApp";
import { EditTaskDialog } from "./EditTaskDialog";
import { descriptionWithComment } from "./taskForm";
import { TASK_TEXTS } from "./texts";

const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });
const sally = makeUser({ userId: 2n, name: "Sally Sales", role: Role.SALES });
const task = create(TaskSchema, {
  taskId: 21n,
  type: "Brokerage",
  subject: "Renewal quote",
  description: "Ask for the usage history.",
  status: TaskStatus.OPEN,
  dueTime: timestampFromDate(new Date(Date.UTC(2026, 2, 5, 19, 30))),
  assigneeUserIds: [2n],
  authorUserId: 1n,
  companyId: 5n,
  companyName: "Acme Foods",
  version: 3n,
});

async function openDialog(me: User, shown: Task = task) {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(me, [manager, sally]);
  const updateTask = vi.fn(async () => ({ task: shown }));
  Object.assign(services.api, { tasks: { updateTask } });
  await services.session.restore();
  render(
    <AppProviders services={services}>
      <MemoryRouter>
        <EditTaskDialog task={shown} onClose={() => {}} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { dialog: await screen.findByRole("dialog"), updateTask };
}

describe("EditTaskDialog", () => {
  it("lets a Sales assignee change only the status and add a comment to the description", async () => {
    const { dialog, updateTask } = await openDialog(sally);
    expect(within(dialog).getByText(TASK_TEXTS.assigneeNote)).toBeTruthy();
    for (const label of [TASK_TEXTS.type, TASK_TEXTS.subject, TASK_TEXTS.dueDate]) {
      expect((within(dialog).getByLabelText(new RegExp(label)) as HTMLInputElement).disabled).toBe(true);
    }
    const description = within(dialog).getByLabelText(TASK_TEXTS.description) as HTMLTextAreaElement;
    expect(description.readOnly).toBe(true);
    const comment = within(dialog).getByLabelText(TASK_TEXTS.addComment);
    await waitFor(() => expect(document.activeElement).toBe(comment));

    await userEvent.type(comment, "Sent the form.");
    await userEvent.selectOptions(within(dialog).getByLabelText(TASK_TEXTS.status), "Closed");
    await userEvent.click(within(dialog).getByRole("button", { name: TASK_TEXTS.save }));
    await waitFor(() => expect(updateTask).toHaveBeenCalledTimes(1));
    expect(updateTask).toHaveBeenCalledWith({
      task: expect.objectContaining({
        taskId: 21n,
        version: 3n,
        description: "Ask for the usage history.\nSent the form.",
        status: TaskStatus.CLOSED,
      }),
      updateMask: { paths: ["description", "status"] },
    });
  });

  it("sends an assignee's change alone, even for a due time stored with seconds", async () => {
    const withSeconds = { ...task, dueTime: timestampFromDate(new Date(Date.UTC(2026, 2, 5, 19, 30, 42))) };
    const { dialog, updateTask } = await openDialog(sally, withSeconds);
    await userEvent.selectOptions(within(dialog).getByLabelText(TASK_TEXTS.status), "Closed");
    await userEvent.click(within(dialog).getByRole("button", { name: TASK_TEXTS.save }));
    await waitFor(() =>
      expect(updateTask).toHaveBeenCalledWith(expect.objectContaining({ updateMask: { paths: ["status"] } })),
    );
  });

  it("lets the author's side edit everything", async () => {
    const { dialog } = await openDialog(manager);
    expect(within(dialog).queryByText(TASK_TEXTS.assigneeNote)).toBeNull();
    expect(within(dialog).queryByLabelText(TASK_TEXTS.addComment)).toBeNull();
    expect((within(dialog).getByLabelText(new RegExp(TASK_TEXTS.subject)) as HTMLInputElement).disabled).toBe(false);
    expect((within(dialog).getByLabelText(TASK_TEXTS.description) as HTMLTextAreaElement).readOnly).toBe(false);
  });

  it("names no company the user may not see", async () => {
    const { dialog } = await openDialog(sally, { ...task, companyName: "" });
    expect(within(dialog).queryByTestId("task-company-link")).toBeNull();
  });

  it("adds a comment on a line of its own, and nothing when it is blank", () => {
    expect(descriptionWithComment("Old.", "  New.  ")).toBe("Old.\nNew.");
    expect(descriptionWithComment("", "New.")).toBe("New.");
    expect(descriptionWithComment("Old.", "   ")).toBe("Old.");
  });
});
