import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";

import { TaskSchema, TaskStatus } from "../../gen/eris/crm/v1/tasks_pb";
import { CLOSED_EVENT_COLOUR } from "../../styles/palette";
import { eventColour } from "./calendarMath";
import { taskEvents } from "./taskEvents";

describe("taskEvents", () => {
  const due = new Date(2026, 10, 20, 9, 30);
  const open = create(TaskSchema, {
    taskId: 5n,
    subject: "Call back",
    status: TaskStatus.OPEN,
    dueTime: timestampFromDate(due),
  });

  it("gives an Open task its own stable colour and a Closed one grey", () => {
    const [event] = taskEvents([open]);
    expect(event).toEqual({ id: "task-5", title: "Call back", start: due, colour: eventColour(5n) });
    expect(taskEvents([open])[0].colour).toBe(event.colour);
    expect(taskEvents([{ ...open, status: TaskStatus.CLOSED }])[0].colour).toBe(CLOSED_EVENT_COLOUR);
  });

  it("leaves out tasks without a due time", () => {
    expect(taskEvents([{ ...open, dueTime: undefined }])).toEqual([]);
  });
});
