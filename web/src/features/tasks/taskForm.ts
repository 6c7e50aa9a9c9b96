import { TaskStatus, type Task } from "../../gen/eris/crm/v1/tasks_pb";
import { Role, type User } from "../../gen/eris/identity/v1/identity_pb";
import { fromTimestamp } from "../../lib/timestamps";
import { formatDateTimeInput, parseDateTime, parseDueWallClock } from "./taskTime";

/** Task types (spec section 9). */
export const TASK_TYPES = ["Brokerage", "Demand Response", "Follow Up", "Contract Renewal"] as const;

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  [TaskStatus.UNSPECIFIED]: "",
  [TaskStatus.OPEN]: "Open",
  [TaskStatus.CLOSED]: "Closed",
};

export const TASK_STATUS_CHOICES: readonly TaskStatus[] = [TaskStatus.OPEN, TaskStatus.CLOSED];

export function taskStatusLabel(status: TaskStatus): string {
  return TASK_STATUS_LABELS[status] ?? "";
}

/** The task dialog's fields as they are edited; the due date is the typed text (business time). */
export interface TaskFields {
  type: string;
  subject: string;
  description: string;
  due: string;
  status: TaskStatus;
  assigneeUserIds: bigint[];
}

export function emptyTaskFields(assigneeUserIds: bigint[] = []): TaskFields {
  return { type: "", subject: "", description: "", due: "", status: TaskStatus.OPEN, assigneeUserIds };
}

/** The fields of a stored task, its due time shown on the business clock. */
export function taskFieldsOf(task: Task, timeZone: string): TaskFields {
  const due = fromTimestamp(task.dueTime);
  return {
    type: task.type,
    subject: task.subject,
    description: task.description,
    due: due ? formatDateTimeInput(due, timeZone) : "",
    status: task.status,
    assigneeUserIds: [...task.assigneeUserIds],
  };
}

export interface TaskFieldErrors {
  type?: boolean;
  subject?: boolean;
  due?: boolean;
  assignees?: boolean;
}

/** What still stops the form from being saved. */
export function taskFieldErrors(fields: TaskFields): TaskFieldErrors {
  const errors: TaskFieldErrors = {};
  if (fields.type === "") errors.type = true;
  if (fields.subject.trim() === "") errors.subject = true;
  if (parseDueWallClock(fields.due) === null) errors.due = true;
  if (fields.assigneeUserIds.length === 0) errors.assignees = true;
  return errors;
}

export function isTaskFieldsValid(fields: TaskFields): boolean {
  return Object.keys(taskFieldErrors(fields)).length === 0;
}

/** The values a task is created or updated with (the due date parsed). */
export interface TaskValues {
  type: string;
  subject: string;
  description: string;
  dueTime: Date;
  status: TaskStatus;
  assigneeUserIds: bigint[];
}

/** Parses (the due date in the business time zone) and trims valid fields; null when they are not valid. */
export function taskValuesOf(fields: TaskFields, timeZone: string): TaskValues | null {
  const dueTime = parseDateTime(fields.due, timeZone);
  if (!dueTime || !isTaskFieldsValid(fields)) {
    return null;
  }
  return {
    type: fields.type,
    subject: fields.subject.trim(),
    description: fields.description.trim(),
    dueTime,
    status: fields.status,
    assigneeUserIds: [...fields.assigneeUserIds],
  };
}

function sameIds(a: readonly bigint[], b: readonly bigint[]): boolean {
  const sa = [...a].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const sb = [...b].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return sa.length === sb.length && sa.every((id, i) => id === sb[i]);
}

/** The mask paths of UpdateTask whose values differ between the task as read and the edited values. */
export function taskChangedPaths(task: Task, values: TaskValues): string[] {
  const paths: string[] = [];
  if (task.type !== values.type) paths.push("type");
  if (task.subject !== values.subject) paths.push("subject");
  if (task.description !== values.description) paths.push("description");
  if (fromTimestamp(task.dueTime)?.getTime() !== values.dueTime.getTime()) paths.push("due_time");
  if (task.status !== values.status) paths.push("status");
  if (!sameIds(task.assigneeUserIds, values.assigneeUserIds)) paths.push("assignee_user_ids");
  return paths;
}

/**
 * A Sales user who did not write the task (an assignee) may only change its status and add to its
 * description; the server refuses anything else.
 */
export function isAssigneeOnly(task: Task, me: User): boolean {
  return me.role === Role.SALES && task.authorUserId !== me.userId;
}

/** The mask paths an assignee may send (a due time stored with seconds must not ride along). */
export const ASSIGNEE_PATHS: readonly string[] = ["description", "status"];

/** An assignee's description: the stored one, with their comment added on a line of its own. */
export function descriptionWithComment(description: string, comment: string): string {
  const added = comment.trim();
  if (added === "") {
    return description;
  }
  return description === "" ? added : `${description}\n${added}`;
}
