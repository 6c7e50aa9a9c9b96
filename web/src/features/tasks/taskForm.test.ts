import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";

import { TaskSchema, TaskStatus } from "../../gen/eris/crm/v1/tasks_pb";
import { emptyTaskFields, taskChangedPaths, taskFieldErrors, taskFieldsOf, taskValuesOf } from "./taskForm";

const task = create(TaskSchema, {
  taskId: 9n,
  type: "Follow Up",
  subject: "Call the CFO",
  description: "",
  dueTime: timestampFromDate(new Date(2026, 10, 20, 14, 30)),
  status: TaskStatus.OPEN,
  assigneeUserIds: [7n, 8n],
  version: 3n,
});

describe("task form", () => {
  it("starts Open, assigned to the given users", () => {
    expect(emptyTaskFields([7n])).toEqual({
      type: "",
      subject: "",
      description: "",
      due: "",
      status: TaskStatus.OPEN,
      assigneeUserIds: [7n],
    });
  });

  it("needs a type, a subject, a valid due date and an assignee", () => {
    expect(taskFieldErrors(emptyTaskFields())).toEqual({ type: true, subject: true, due: true, assignees: true });
    expect(taskFieldErrors({ ...taskFieldsOf(task), due: "11/20/2026 2:30 PM" })).toEqual({ due: true });
    expect(taskValuesOf({ ...taskFieldsOf(task), assigneeUserIds: [] })).toBeNull();
  });

  it("shows the due time as typed (MM/DD/YYYY HH:mm)", () => {
    expect(taskFieldsOf(task).due).toBe("11/20/2026 14:30");
  });

  it("sends only the changed fields; assignee order does not matter", () => {
    const same = taskValuesOf({ ...taskFieldsOf(task), assigneeUserIds: [8n, 7n] })!;
    expect(taskChangedPaths(task, same)).toEqual([]);
    const closed = taskValuesOf({ ...taskFieldsOf(task), status: TaskStatus.CLOSED, due: "11/21/2026 09:00" })!;
    expect(taskChangedPaths(task, closed)).toEqual(["due_time", "status"]);
    const reassigned = taskValuesOf({ ...taskFieldsOf(task), subject: " New ", assigneeUserIds: [7n] })!;
    expect(taskChangedPaths(task, reassigned)).toEqual(["subject", "assignee_user_ids"]);
  });
});
