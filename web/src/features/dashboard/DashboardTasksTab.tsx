import { useMemo, useState } from "react";

import { Button, Intent } from "@blueprintjs/core";

import { useLoadErrorToast } from "../../components/useLoadErrorToast";
import type { Task } from "../../gen/eris/crm/v1/tasks_pb";
import { EditTaskDialog } from "../tasks/EditTaskDialog";
import { useAssigneeTasks } from "../tasks/taskQueries";
import { TASK_TEXTS } from "../tasks/texts";
import { Calendar, type CalendarEvent } from "./Calendar";
import { calendarRange, type CalendarView, type WeekdaySet } from "./calendarMath";
import { taskEventId, taskEvents } from "./taskEvents";
import { DASHBOARD_TEXTS } from "./texts";
import { UpcomingTasks } from "./UpcomingTasks";

import "./dashboard.css";

export interface DashboardTasksTabProps {
  /** Whose tasks are shown (the signed-in user, or the one Management picked). */
  userId: bigint;
}

type DialogState = { kind: "closed" } | { kind: "add" } | { kind: "edit"; task: Task };

/** Dashboard > Tasks: the calendar of the user's tasks with My Upcoming Tasks beside it. */
export function DashboardTasksTab({ userId }: DashboardTasksTabProps) {
  const [view, setView] = useState<CalendarView>("month");
  const [weekdays, setWeekdays] = useState<WeekdaySet>("mon-sun");
  const [anchor, setAnchor] = useState(() => new Date());
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });

  const range = calendarRange(view, anchor, weekdays);
  const tasks = useAssigneeTasks(userId, range.start, range.end);

  useLoadErrorToast(tasks, DASHBOARD_TEXTS.loadTasksFailed);

  const events = useMemo(() => taskEvents(tasks.data ?? []), [tasks.data]);

  function openEvent(event: CalendarEvent) {
    const task = tasks.data?.find((t) => taskEventId(t) === event.id);
    if (task) {
      setDialog({ kind: "edit", task });
    }
  }

  return (
    <div className="eris-tab-panel">
      <div className="eris-toolbar">
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={TASK_TEXTS.addTask}
          onClick={() => setDialog({ kind: "add" })}
        />
      </div>
      <div className="eris-dashboard-tasks">
        <Calendar
          view={view}
          weekdays={weekdays}
          anchor={anchor}
          onViewChange={setView}
          onWeekdaysChange={setWeekdays}
          onAnchorChange={setAnchor}
          events={events}
          onEventClick={openEvent}
          loading={tasks.isFetching}
        />
        <UpcomingTasks userId={userId} onOpenTask={(task) => setDialog({ kind: "edit", task })} />
      </div>
      {dialog.kind !== "closed" && (
        <EditTaskDialog
          key={dialog.kind === "edit" ? String(dialog.task.taskId) : "new"}
          task={dialog.kind === "edit" ? dialog.task : undefined}
          onClose={() => setDialog({ kind: "closed" })}
        />
      )}
    </div>
  );
}
