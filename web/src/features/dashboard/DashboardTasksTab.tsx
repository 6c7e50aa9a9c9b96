import { lazy, Suspense, useMemo, useState } from "react";

import { Button, Intent } from "@blueprintjs/core";

import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import type { Task } from "../../gen/eris/crm/v1/tasks_pb";
import type { Rfp } from "../../gen/eris/sourcing/v1/rfps_pb";
import { businessDayOf, startOfBusinessDay } from "../../lib/businessTime";
import type { UrlParams } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { useUserRfps, type Day } from "../rfpReport";
import { TASK_TEXTS, useCalendarTasks } from "../tasks";
import { Calendar, MONTH_CELL_ENTRIES, type CalendarEvent } from "./Calendar";
import {
  addDays,
  CALENDAR_VIEWS,
  calendarRange,
  entriesPerDay,
  fromIsoDate,
  sameDay,
  toIsoDate,
  WEEKDAY_SETS,
  type CalendarView,
  type WeekdaySet,
} from "./calendarMath";
import { RenewalsPanel } from "./RenewalsPanel";
import { rfpEventId, rfpEvents } from "./rfpEvents";
import { taskEventId, taskEvents } from "./taskEvents";
import { DASHBOARD_TEXTS } from "./texts";
import { UpcomingTasks } from "./UpcomingTasks";

import "./dashboard.css";

// The dialogs are fetched the first time one opens, not with the dashboard. They are imported from
// their files, not their features' index.ts: an index the dashboard also imports statically would
// bring them along (vite.config.ts lets an unused re-export stay out).
const EditTaskDialog = lazy(() => import("../tasks/EditTaskDialog").then((m) => ({ default: m.EditTaskDialog })));
const RfpDetailsDialog = lazy(() =>
  import("../rfpReport/RfpDetailsDialog").then((m) => ({ default: m.RfpDetailsDialog })),
);

export interface DashboardTasksTabProps {
  /** Whose tasks are shown (the signed-in user, or the one Management picked). */
  userId: bigint;
  /** The name of the user shown when it is not the signed-in user. */
  userName?: string;
  /** Whose RFPs are shown: 0 for the signed-in user's own, else the user Management picked. */
  rfpUserId: bigint;
  /** The page's address, which keeps the calendar's view, days and date and the list's filters. */
  url: UrlParams;
}

type DialogState = { kind: "closed" } | { kind: "add" } | { kind: "edit"; task: Task } | { kind: "rfp"; rfp: Rfp };

const DEFAULT_VIEW: CalendarView = "month";
const DEFAULT_WEEKDAYS: WeekdaySet = "mon-sun";

/** A calendar day (a local-midnight Date holding a business day) as the API takes it. */
function dayOf(date: Date): Day {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/**
 * Dashboard > Tasks: the calendar of the user's tasks and RFPs with My Upcoming Tasks (and, on one's
 * own dashboard, Renewals) beside it. The view, the weekdays and the date shown are in the address
 * (?view=week&days=mon-fri&date=2026-11-20).
 */
export function DashboardTasksTab({ userId, userName, rfpUserId, url }: DashboardTasksTabProps) {
  const timeZone = useBusinessTimeZone();
  const today = businessDayOf(new Date(), timeZone);
  const viewParam = url.params.get("view");
  const view = CALENDAR_VIEWS.find((v) => v === viewParam) ?? DEFAULT_VIEW;
  const daysParam = url.params.get("days");
  const weekdays = WEEKDAY_SETS.find((w) => w === daysParam) ?? DEFAULT_WEEKDAYS;
  const anchor = fromIsoDate(url.params.get("date") ?? "") ?? today;
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });

  const range = calendarRange(view, anchor, weekdays);
  // A month cell shows a few entries a day and counts the rest: only those few are read.
  const perDay = view === "month" ? MONTH_CELL_ENTRIES : 0;
  const tasks = useCalendarTasks(
    userId,
    startOfBusinessDay(range.start, timeZone),
    startOfBusinessDay(range.end, timeZone),
    perDay,
  );

  // The range's days, the last one included (range.end is the midnight after it).
  const rfps = useUserRfps(rfpUserId, dayOf(range.start), dayOf(addDays(range.end, -1)), perDay);

  useLoadErrorToast(tasks, DASHBOARD_TEXTS.loadTasksFailed);
  useLoadErrorToast(rfps, DASHBOARD_TEXTS.loadRfpsFailed);

  const events = useMemo(() => taskEvents(tasks.data?.tasks ?? []), [tasks.data]);
  const rfpEntries = useMemo(() => rfpEvents(rfps.data?.rfps ?? [], timeZone), [rfps.data, timeZone]);
  const dayTotals = useMemo(
    () => (perDay ? entriesPerDay([...(tasks.data?.dayCounts ?? []), ...(rfps.data?.dayCounts ?? [])]) : undefined),
    [perDay, tasks.data, rfps.data],
  );

  function openEvent(event: CalendarEvent) {
    const task = tasks.data?.tasks.find((t) => taskEventId(t) === event.id);
    if (task) {
      setDialog({ kind: "edit", task });
      return;
    }
    // An RFP opens its details, not the task editor.
    const rfp = rfps.data?.rfps.find((r) => rfpEventId(r) === event.id);
    if (rfp) {
      setDialog({ kind: "rfp", rfp });
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
          onOpenDay={(day) => url.update({ view: "day", date: sameDay(day, today) ? null : toIsoDate(day) })}
          events={events}
          extraEvents={rfpEntries}
          dayTotals={dayTotals}
          onEventClick={openEvent}
          // It spins while reading a range not yet shown, not while the shown one is read again.
          loading={tasks.isLoading || rfps.isLoading || (rfps.isFetching && rfps.isPlaceholderData)}
        />
        <div className="eris-dashboard-side">
          <UpcomingTasks
            userId={userId}
            userName={userName}
            url={url}
            onOpenTask={(task) => setDialog({ kind: "edit", task })}
          />
          {/* The renewals are the signed-in user's own: not shown over someone else's tasks. */}
          {rfpUserId === 0n && <RenewalsPanel />}
        </div>
      </div>
      <Suspense>
        {(dialog.kind === "add" || dialog.kind === "edit") && (
          <EditTaskDialog
            key={dialog.kind === "edit" ? String(dialog.task.taskId) : "new"}
            task={dialog.kind === "edit" ? dialog.task : undefined}
            onClose={() => setDialog({ kind: "closed" })}
          />
        )}
        {dialog.kind === "rfp" && <RfpDetailsDialog rfp={dialog.rfp} onClose={() => setDialog({ kind: "closed" })} />}
      </Suspense>
    </div>
  );
}
