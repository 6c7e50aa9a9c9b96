import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { useApi, type ApiClients } from "../../api/clients";
import type { DayCount } from "../../gen/eris/common/v1/date_pb";
import { TaskStatus, type Task } from "../../gen/eris/crm/v1/tasks_pb";
import { toTimestamp } from "../../lib/timestamps";
import type { TaskValues } from "./taskForm";

export const tasksKey = ["tasks"] as const;

type ListTasksInput = Parameters<ApiClients["tasks"]["listTasks"]>[0];

/** Every page of a task list (the server gives at most 2000 per page). */
export async function listAllTasks(api: ApiClients, req: ListTasksInput, signal?: AbortSignal): Promise<Task[]> {
  const tasks: Task[] = [];
  let pageToken = "";
  do {
    const res = await api.tasks.listTasks({ ...req, pageSize: 2000, pageToken }, { signal });
    tasks.push(...res.tasks);
    pageToken = res.nextPageToken;
  } while (pageToken);
  return tasks;
}

/** The longest stretch of due times one chain of pages reads (see `listTasksDue`). */
export const TASK_SPAN_MS = 7 * 24 * 3_600_000;

/**
 * Every task due in [from, to), by due time: a long range is read as consecutive weeks side by side,
 * each page after page, and joined in order. A month of a busy calendar is six or seven pages,
 * and reading them one after another kept the dashboard waiting on each round trip in turn.
 */
export async function listTasksDue(
  api: ApiClients,
  req: { assigneeUserId: bigint; status: TaskStatus },
  from: Date,
  to: Date,
  signal?: AbortSignal,
): Promise<Task[]> {
  const spans: [Date, Date][] = [];
  for (let start = from.getTime(); start < to.getTime(); start += TASK_SPAN_MS) {
    spans.push([new Date(start), new Date(Math.min(start + TASK_SPAN_MS, to.getTime()))]);
  }
  const read = spans.map(([start, end]) =>
    listAllTasks(api, { ...req, dueFrom: toTimestamp(start), dueTo: toTimestamp(end) }, signal),
  );
  return (await Promise.all(read)).flat();
}

/** The tasks about one company, by due time. */
export function useCompanyTasks(companyId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: [...tasksKey, "company", String(companyId)],
    queryFn: ({ signal }) => listAllTasks(api, { companyId }, signal),
  });
}

/**
 * The tasks assigned to a user and due in [from, to), only those in `status` when one is given;
 * disabled until a user is known.
 */
export function useAssigneeTasks(
  assigneeUserId: bigint | undefined,
  from: Date,
  to: Date,
  status: TaskStatus = TaskStatus.UNSPECIFIED,
) {
  const api = useApi();
  return useQuery({
    queryKey: [...tasksKey, "assignee", String(assigneeUserId), from.getTime(), to.getTime(), status],
    queryFn: ({ signal }) => listTasksDue(api, { assigneeUserId: assigneeUserId ?? 0n, status }, from, to, signal),
    enabled: assigneeUserId !== undefined && assigneeUserId !== 0n,
    placeholderData: (previous) => previous,
  });
}

/** A calendar's tasks: all of them, or a month's first few of each day with every day's count. */
export interface CalendarTasks {
  tasks: Task[];
  /** With a limit per day: how many tasks each business day holds (days with none left out). */
  dayCounts: DayCount[];
}

/**
 * The tasks assigned to a user and due in [from, to) for the calendar. With `perDay` (a month
 * view, which shows a few entries a day) only each business day's first `perDay` are read, with
 * every day's count, in one call: a busy month is thousands of tasks, and reading them all kept
 * the dashboard waiting. Without, every task of the range.
 */
export function useCalendarTasks(assigneeUserId: bigint, from: Date, to: Date, perDay: number) {
  const api = useApi();
  return useQuery({
    queryKey: [...tasksKey, "calendar", String(assigneeUserId), from.getTime(), to.getTime(), perDay],
    queryFn: async ({ signal }): Promise<CalendarTasks> => {
      if (perDay === 0) {
        return {
          tasks: await listTasksDue(api, { assigneeUserId, status: TaskStatus.UNSPECIFIED }, from, to, signal),
          dayCounts: [],
        };
      }
      const res = await api.tasks.listTasks(
        { assigneeUserId, dueFrom: toTimestamp(from), dueTo: toTimestamp(to), perDayLimit: perDay },
        { signal },
      );
      return { tasks: res.tasks, dayCounts: res.dayCounts };
    },
    enabled: assigneeUserId !== 0n,
    placeholderData: (previous) => previous,
  });
}

export function useCreateTask() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ companyId, values }: { companyId: bigint; values: TaskValues }) => {
      // A new task starts Open on the server: status is not sent.
      const { type, subject, description, dueTime, assigneeUserIds } = values;
      const res = await api.tasks.createTask({
        task: { type, subject, description, dueTime: toTimestamp(dueTime), assigneeUserIds, companyId },
      });
      return res.task;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKey }),
  });
}

export interface UpdateTaskInput {
  task: Task;
  values: TaskValues;
  paths: string[];
}

export function useUpdateTask() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ task, values, paths }: UpdateTaskInput) => {
      const { type, subject, description, dueTime, status, assigneeUserIds } = values;
      const res = await api.tasks.updateTask({
        task: {
          taskId: task.taskId,
          version: task.version,
          type,
          subject,
          description,
          dueTime: toTimestamp(dueTime),
          status,
          assigneeUserIds,
        },
        updateMask: { paths },
      });
      return res.task;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tasksKey }),
  });
}

/**
 * Reads one task as stored now (after a stale write). There is no GetTask: the task is found in its
 * company's list, or in the list of one of its assignees.
 */
export function useFetchTask() {
  const api = useApi();
  return async (task: Task, viewerUserId: bigint): Promise<Task | undefined> => {
    const req: ListTasksInput =
      task.companyId !== 0n
        ? { companyId: task.companyId }
        : { assigneeUserId: task.assigneeUserIds.includes(viewerUserId) ? viewerUserId : task.assigneeUserIds[0] };
    const tasks = await listAllTasks(api, req);
    return tasks.find((t) => t.taskId === task.taskId);
  };
}
