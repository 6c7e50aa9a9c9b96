import { useMemo, useState } from "react";

import { Button, Intent } from "@blueprintjs/core";

import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { businessDayOf, startOfBusinessDay } from "../../components/businessTime";
import type { UrlParams } from "../../components/urlState";
import { useLoadErrorToast } from "../../components/useLoadErrorToast";
import type { Task } from "../../gen/eris/crm/v1/tasks_pb";
import { EditTaskDialog } from "../tasks/EditTaskDialog";
import { useAssigneeTasks } from "../tasks/taskQueries";
import { TASK_TEXTS } from "../tasks/texts";
import { Calendar, type CalendarEvent } from "./Calendar";
import {
  CALENDAR_VIEWS,
  calendarRange,
  fromIsoDate,
  sameDay,
  toIsoDate,
  WEEKDAY_SETS,
  type CalendarView,
  type WeekdaySet,
} from "./calendarMath";
import { taskEventId, taskEvents } from "./taskEvents";
import { DASHBOARD_TEXTS } from "./texts";
import { UpcomingTasks } from "./UpcomingTasks";

import "./dashboard.css";

export interface DashboardTasksTabProps {
  /** Whose tasks are shown (the signed-in user, or the one Management picked). */
  userId: bigint;
  /** The name of the user shown when it is not the signed-in user. */
  userName?: string;
  /** The page's address, which keeps the calendar's view, days and date and the list's filters. */
  url: UrlParams;
}

type DialogState = { kind: "closed" } | { kind: "add" } | { kind: "edit"; task: Task };

const DEFAULT_VIEW: CalendarView = "month";
const DEFAULT_WEEKDAYS: WeekdaySet = "mon-sun";

/**
 * Dashboard > Tasks: the calendar of the user's tasks with My Upcoming Tasks beside it. The view,
 * the weekdays and the date shown are in the address (?view=week&days=mon-fri&date=2026-11-20).
 */
export function DashboardTasksTab({ userId, userName, url }: DashboardTasksTabProps) {
  const timeZone = useBusinessTimeZone();
  const today = businessDayOf(new Date(), timeZone);
  const viewParam = url.params.get("view");
  const view = CALENDAR_VIEWS.find((v) => v === viewParam) ?? DEFAULT_VIEW;
  const daysParam = url.params.get("days");
  const weekdays = WEEKDAY_SETS.find((w) => w === daysParam) ?? DEFAULT_WEEKDAYS;
  const anchor = fromIsoDate(url.params.get("date") ?? "") ?? today;
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });

  const range = calendarRange(view, anchor, weekdays);
  const tasks = useAssigneeTasks(
    userId,
    startOfBusinessDay(range.start, timeZone),
    startOfBusinessDay(range.end, timeZone),
  );

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
          today={today}
          timeZone={timeZone}
          onViewChange={(next) => url.update({ view: next === DEFAULT_VIEW ? null : next })}
          onWeekdaysChange={(next) => url.update({ days: next === DEFAULT_WEEKDAYS ? null : next })}
          onAnchorChange={(next) => url.update({ date: sameDay(next, today) ? null : toIsoDate(next) })}
          events={events}
          onEventClick={openEvent}
          loading={tasks.isFetching}
        />
        <UpcomingTasks
          userId={userId}
          userName={userName}
          url={url}
          onOpenTask={(task) => setDialog({ kind: "edit", task })}
        />
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
