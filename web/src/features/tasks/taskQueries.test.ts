import { create } from "@bufbuild/protobuf";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";

import type { ApiClients } from "../../api/clients";
import { TaskSchema, TaskStatus, type ListTasksRequest } from "../../gen/eris/crm/v1/tasks_pb";
import { listTasksDue, TASK_SPAN_MS } from "./taskQueries";

const DAY = 24 * 3_600_000;

describe("listTasksDue", () => {
  it("reads a long range as weeks side by side, each page after page, and joins them in due order", async () => {
    const from = new Date(Date.UTC(2026, 10, 1, 4));
    const to = new Date(from.getTime() + 20 * DAY);
    // A task every six hours of the range, the server giving pages of three.
    const tasks = Array.from({ length: 80 }, (_, i) =>
      create(TaskSchema, {
        taskId: BigInt(i + 1),
        dueTime: timestampFromDate(new Date(from.getTime() + i * 6 * 3_600_000)),
      }),
    );
    const asked: { from: number; to: number; token: string }[] = [];
    let open = 0;
    let mostOpen = 0;
    const listTasks = async (req: ListTasksRequest) => {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      const [start, end] = [timestampDate(req.dueFrom!).getTime(), timestampDate(req.dueTo!).getTime()];
      asked.push({ from: start, to: end, token: req.pageToken });
      await new Promise((resolve) => setTimeout(resolve, 1));
      open -= 1;
      const inRange = tasks.filter((t) => {
        const due = timestampDate(t.dueTime!).getTime();
        return due >= start && due < end;
      });
      const at = Number(req.pageToken || "0");
      const next = at + 3 < inRange.length ? String(at + 3) : "";
      return { tasks: inRange.slice(at, at + 3), nextPageToken: next };
    };
    const api = { tasks: { listTasks } } as unknown as ApiClients;

    const read = await listTasksDue(api, { assigneeUserId: 2n, status: TaskStatus.UNSPECIFIED }, from, to);

    expect(read.map((t) => t.taskId)).toEqual(tasks.map((t) => t.taskId));
    const spans = [...new Map(asked.map((a) => [a.from, a.to])).entries()].sort((a, b) => a[0] - b[0]);
    expect(spans).toEqual([
      [from.getTime(), from.getTime() + TASK_SPAN_MS],
      [from.getTime() + TASK_SPAN_MS, from.getTime() + 2 * TASK_SPAN_MS],
      [from.getTime() + 2 * TASK_SPAN_MS, to.getTime()],
    ]);
    expect(mostOpen).toBe(3);
  });

  it("asks nothing for an empty range", async () => {
    const api = { tasks: { listTasks: () => Promise.reject(new Error("asked")) } } as unknown as ApiClients;
    const at = new Date();
    expect(await listTasksDue(api, { assigneeUserId: 2n, status: TaskStatus.OPEN }, at, at)).toEqual([]);
  });
});
