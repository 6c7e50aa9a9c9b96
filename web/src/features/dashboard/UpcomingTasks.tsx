import { useState } from "react";

import { FormGroup, H5, HTMLTable, InputGroup, Intent, NonIdealState, Spinner } from "@blueprintjs/core";

import { formatDateTime } from "../../components/dateText";
import { useLoadErrorToast } from "../../components/useLoadErrorToast";
import type { Task } from "../../gen/eris/crm/v1/tasks_pb";
import { taskStatusLabel } from "../tasks/taskForm";
import { TaskStatusTag } from "../tasks/TaskStatusTag";
import { useAssigneeTasks } from "../tasks/taskQueries";
import { fromTimestamp } from "../tasks/taskTime";
import { addDays, fromIsoDate, sundayWeek, toIsoDate } from "./calendarMath";
import { DASHBOARD_TEXTS } from "./texts";

export interface UpcomingTasksProps {
  /** Whose tasks. */
  userId: bigint;
  onOpenTask: (task: Task) => void;
}

/** True when the search text appears in the task's subject, company, type or status. */
export function matchesTaskSearch(task: Task, search: string): boolean {
  const q = search.trim().toLowerCase();
  return (
    q === "" ||
    [task.subject, task.companyName, task.type, taskStatusLabel(task.status)].some((t) => t.toLowerCase().includes(q))
  );
}

/** My Upcoming Tasks: the tasks due in a date range (default this Sunday-Saturday week), searchable. */
export function UpcomingTasks({ userId, onOpenTask }: UpcomingTasksProps) {
  const [range, setRange] = useState(() => {
    const week = sundayWeek(new Date());
    return { from: toIsoDate(week.from), to: toIsoDate(week.to) };
  });
  const [search, setSearch] = useState("");
  const from = fromIsoDate(range.from);
  const to = fromIsoDate(range.to);
  const valid = from !== null && to !== null && from <= to;
  // The range is inclusive of the whole last day.
  const tasks = useAssigneeTasks(valid ? userId : undefined, from ?? new Date(0), to ? addDays(to, 1) : new Date(0));

  useLoadErrorToast(tasks, DASHBOARD_TEXTS.loadTasksFailed);

  const rows = (valid ? (tasks.data ?? []) : []).filter((task) => matchesTaskSearch(task, search));

  return (
    <section className="eris-upcoming" aria-label={DASHBOARD_TEXTS.upcomingTasks}>
      <H5>{DASHBOARD_TEXTS.upcomingTasks}</H5>
      <div className="eris-toolbar">
        <InputGroup
          type="search"
          leftIcon="search"
          fill
          placeholder={DASHBOARD_TEXTS.search}
          aria-label={DASHBOARD_TEXTS.search}
          value={search}
          onValueChange={setSearch}
        />
      </div>
      <div className="eris-upcoming-range">
        <FormGroup label={DASHBOARD_TEXTS.from} labelFor="upcoming-from" intent={from ? Intent.NONE : Intent.DANGER}>
          <InputGroup
            id="upcoming-from"
            type="date"
            value={range.from}
            intent={from ? Intent.NONE : Intent.DANGER}
            onValueChange={(v) => setRange((r) => ({ ...r, from: v }))}
          />
        </FormGroup>
        <FormGroup label={DASHBOARD_TEXTS.to} labelFor="upcoming-to" intent={to ? Intent.NONE : Intent.DANGER}>
          <InputGroup
            id="upcoming-to"
            type="date"
            value={range.to}
            intent={to && valid ? Intent.NONE : Intent.DANGER}
            onValueChange={(v) => setRange((r) => ({ ...r, to: v }))}
          />
        </FormGroup>
      </div>
      {valid && tasks.isPending ? (
        <Spinner size={30} />
      ) : rows.length === 0 ? (
        <NonIdealState icon="tick-circle" title={DASHBOARD_TEXTS.noUpcomingTasks} />
      ) : (
        <div className="eris-upcoming-list">
          <HTMLTable striped interactive compact className="eris-table" aria-label={DASHBOARD_TEXTS.upcomingTasks}>
            <thead>
              <tr>
                <th>{DASHBOARD_TEXTS.columns.subject}</th>
                <th>{DASHBOARD_TEXTS.columns.company}</th>
                <th>{DASHBOARD_TEXTS.columns.type}</th>
                <th>{DASHBOARD_TEXTS.columns.due}</th>
                <th>{DASHBOARD_TEXTS.columns.status}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((task) => {
                const due = fromTimestamp(task.dueTime);
                return (
                  <tr
                    key={String(task.taskId)}
                    data-task-id={String(task.taskId)}
                    style={{ cursor: "pointer" }}
                    onClick={() => onOpenTask(task)}
                  >
                    <td>{task.subject}</td>
                    <td>{task.companyName}</td>
                    <td>{task.type}</td>
                    <td>{due ? formatDateTime(due) : ""}</td>
                    <td>
                      <TaskStatusTag status={task.status} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </section>
  );
}
