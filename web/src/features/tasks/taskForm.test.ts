import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";

import { TaskSchema, TaskStatus } from "../../gen/eris/crm/v1/tasks_pb";
import { emptyTaskFields, taskChangedPaths, taskFieldErrors, taskFieldsOf, taskValuesOf } from "./taskForm";

const NY = "America/New_York";

const task = create(TaskSchema, {
  taskId: 9n,
  type: "Follow Up",
  subject: "Call the CFO",
  description: "",
  // 14:30 in New York.
  dueTime: timestampFromDate(new Date(Date.UTC(2026, 10, 20, 19, 30))),
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
    expect(taskFieldErrors({ ...taskFieldsOf(task, NY), due: "11/20/2026 2:30 PM" })).toEqual({ due: true });
    expect(taskValuesOf({ ...taskFieldsOf(task, NY), assigneeUserIds: [] }, NY)).toBeNull();
  });

  it("shows the due time as typed (MM/DD/YYYY HH:mm) on the business clock", () => {
    expect(taskFieldsOf(task, NY).due).toBe("11/20/2026 14:30");
    expect(taskFieldsOf(task, "America/Los_Angeles").due).toBe("11/20/2026 11:30");
  });

  it("accepts a due date without a time as 09:00 business time", () => {
    expect(taskFieldErrors({ ...taskFieldsOf(task, NY), due: "11/21/2026" })).toEqual({});
    const values = taskValuesOf({ ...taskFieldsOf(task, NY), due: "11/21/2026" }, NY)!;
    expect(values.dueTime.toISOString()).toBe("2026-11-21T14:00:00.000Z");
  });

  it("sends only the changed fields; assignee order does not matter", () => {
    const same = taskValuesOf({ ...taskFieldsOf(task, NY), assigneeUserIds: [8n, 7n] }, NY)!;
    expect(taskChangedPaths(task, same)).toEqual([]);
    const closed = taskValuesOf({ ...taskFieldsOf(task, NY), status: TaskStatus.CLOSED, due: "11/21/2026 09:00" }, NY)!;
    expect(taskChangedPaths(task, closed)).toEqual(["due_time", "status"]);
    const reassigned = taskValuesOf({ ...taskFieldsOf(task, NY), subject: " New ", assigneeUserIds: [7n] }, NY)!;
    expect(taskChangedPaths(task, reassigned)).toEqual(["subject", "assignee_user_ids"]);
  });
});
