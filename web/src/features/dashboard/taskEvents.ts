import { TaskStatus, type Task } from "../../gen/eris/crm/v1/tasks_pb";
import { fromTimestamp } from "../../lib/timestamps";
import type { CalendarEvent } from "./Calendar";
import { CLOSED_EVENT_COLOUR } from "../../styles/palette";
import { eventColour } from "./calendarMath";

/** The calendar id of a task's event. */
export function taskEventId(task: Pick<Task, "taskId">): string {
  return `task-${task.taskId}`;
}

/** Open tasks keep a colour of their own; closed tasks are grey. */
export function taskColour(task: Pick<Task, "taskId" | "status">): string {
  return task.status === TaskStatus.CLOSED ? CLOSED_EVENT_COLOUR : eventColour(task.taskId);
}

/** The calendar events of tasks (tasks without a due time are left out). */
export function taskEvents(tasks: readonly Task[]): CalendarEvent[] {
  return tasks.flatMap((task) => {
    const start = fromTimestamp(task.dueTime);
    return start ? [{ id: taskEventId(task), title: task.subject, start, colour: taskColour(task) }] : [];
  });
}
