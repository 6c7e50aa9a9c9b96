import { useRef, useState } from "react";

import {
  Button,
  Callout,
  Classes,
  FormGroup,
  H5,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
} from "@blueprintjs/core";

import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { businessDayOf, formatClockTime, startOfBusinessDay } from "../../lib/businessTime";
import { DatePickerInput } from "../../components/DatePickerInput";
import { useFocusFirstShown } from "../../components/useFocusFirstShown";
import { DATE_FORMAT_ERROR, DATE_PLACEHOLDER, formatWallClockText, parseDateText } from "../../lib/dateText";
import { useUrlText, type UrlParams } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { TaskStatus, type Task } from "../../gen/eris/crm/v1/tasks_pb";
import { taskStatusLabel, TaskStatusTag, useAssigneeTasks } from "../tasks";
import { fromTimestamp } from "../../lib/timestamps";
import { addDays, fromIsoDate, sundayWeek, toIsoDate } from "./calendarMath";
import { DASHBOARD_TEXTS } from "./texts";

export interface UpcomingTasksProps {
  /** Whose tasks. */
  userId: bigint;
  /** The user's name when it is not the signed-in user (Management looking at someone): it heads the list. */
  userName?: string;
  /** The page's address, which keeps the search, the range and Show closed. */
  url: UrlParams;
  onOpenTask: (task: Task) => void;
}

/**
 * How many tasks the list draws before "Show all": a busy week holds hundreds (a Management user of
 * a large book, 359), and drawing every row made up most of the dashboard's first second.
 */
export const UPCOMING_SHOWN = 50;

/** True when the search text appears in the task's subject, company, type or status. */
export function matchesTaskSearch(task: Task, search: string): boolean {
  const q = search.trim().toLowerCase();
  return (
    q === "" ||
    [task.subject, task.companyName, task.type, taskStatusLabel(task.status)].some((t) => t.toLowerCase().includes(q))
  );
}

/** A day (a local-midnight Date) as typed: MM/DD/YYYY. */
function typedDayOf(day: Date): string {
  return formatWallClockText(
    { year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate(), hour: 0, minute: 0 },
    false,
  );
}

/** A day as typed (MM/DD/YYYY) from the address's YYYY-MM-DD; "" when it is not one. */
function typedDay(iso: string): string {
  const day = fromIsoDate(iso);
  return day ? typedDayOf(day) : "";
}

/** The address's YYYY-MM-DD for a typed day: null for the default, undefined (keep) while not a date. */
function isoDay(typed: string, fallback: Date): string | null | undefined {
  const parsed = parseDateText(typed);
  if (parsed.kind !== "date") {
    return undefined;
  }
  const iso = toIsoDate(new Date(parsed.date.year, parsed.date.month - 1, parsed.date.day));
  return iso === toIsoDate(fallback) ? null : iso;
}

function dayOf(typed: string): Date | null {
  const parsed = parseDateText(typed);
  return parsed.kind === "date" ? new Date(parsed.date.year, parsed.date.month - 1, parsed.date.day) : null;
}

/**
 * My Upcoming Tasks: the tasks due in a date range (default this Sunday-Saturday week, business
 * time), searchable, closed ones only when asked for. A range that ends before it starts is said so
 * and not asked for.
 */
export function UpcomingTasks({ userId, userName, url, onOpenTask }: UpcomingTasksProps) {
  const timeZone = useBusinessTimeZone();
  const week = sundayWeek(businessDayOf(new Date(), timeZone));
  const [search, setSearch] = useUrlText(url, "q");
  const [fromText, setFromText] = useUrlText(url, "from", {
    toUrl: (text) => isoDay(text, week.from),
    fromUrl: (iso) => typedDay(iso) || typedDayOf(week.from),
  });
  const [toText, setToText] = useUrlText(url, "to", {
    toUrl: (text) => isoDay(text, week.to),
    fromUrl: (iso) => typedDay(iso) || typedDayOf(week.to),
  });
  const showClosed = url.params.get("closed") === "1";
  const from = dayOf(fromText);
  const to = dayOf(toText);
  const inverted = from !== null && to !== null && from > to;
  const valid = from !== null && to !== null && !inverted;
  // The range is inclusive of the whole last day, on the business clock.
  const tasks = useAssigneeTasks(
    valid ? userId : undefined,
    from ? startOfBusinessDay(from, timeZone) : new Date(0),
    to ? startOfBusinessDay(addDays(to, 1), timeZone) : new Date(0),
    showClosed ? TaskStatus.UNSPECIFIED : TaskStatus.OPEN,
  );

  useLoadErrorToast(tasks, DASHBOARD_TEXTS.loadTasksFailed);

  const rows = (valid ? (tasks.data ?? []) : []).filter((task) => matchesTaskSearch(task, search));
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? rows : rows.slice(0, UPCOMING_SHOWN);
  const list = useRef<HTMLTableSectionElement>(null);
  const focusFirstShown = useFocusFirstShown(list, "tr", shown.length, UPCOMING_SHOWN);
  const heading = userName ? DASHBOARD_TEXTS.upcomingTasksOf(userName) : DASHBOARD_TEXTS.upcomingTasks;

  const dateField = (id: string, label: string, value: string, onChange: (v: string) => void, bad: boolean) => {
    const wrongShape = parseDateText(value).kind !== "date";
    return (
      <FormGroup
        label={label}
        labelFor={id}
        intent={wrongShape || bad ? Intent.DANGER : Intent.NONE}
        helperText={wrongShape ? DATE_FORMAT_ERROR : undefined}
      >
        <DatePickerInput
          id={id}
          value={value}
          placeholder={DATE_PLACEHOLDER}
          maxLength={10}
          intent={wrongShape || bad ? Intent.DANGER : Intent.NONE}
          invalid={wrongShape || bad}
          onValueChange={onChange}
        />
      </FormGroup>
    );
  };

  return (
    <section className="eris-upcoming" aria-label={heading}>
      <H5>{heading}</H5>
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
        <Switch
          className="eris-upcoming-closed"
          label={DASHBOARD_TEXTS.showClosed}
          checked={showClosed}
          onChange={(e) => url.update({ closed: e.currentTarget.checked ? "1" : null })}
        />
      </div>
      <div className="eris-upcoming-range">
        {dateField("upcoming-from", DASHBOARD_TEXTS.from, fromText, setFromText, inverted)}
        {dateField("upcoming-to", DASHBOARD_TEXTS.to, toText, setToText, inverted)}
      </div>
      {inverted && (
        <Callout intent={Intent.DANGER} icon="error" className="eris-upcoming-inverted" role="alert">
          {DASHBOARD_TEXTS.rangeInverted}
        </Callout>
      )}
      {!valid ? null : tasks.isPending ? (
        <Spinner size={30} />
      ) : rows.length === 0 ? (
        <NonIdealState icon="tick-circle" title={DASHBOARD_TEXTS.noUpcomingTasks} />
      ) : (
        <div className="eris-upcoming-list">
          <HTMLTable striped interactive compact className="eris-table eris-upcoming-table" aria-label={heading}>
            <thead>
              <tr>
                <th>{DASHBOARD_TEXTS.columns.task}</th>
                <th className="eris-upcoming-due">{DASHBOARD_TEXTS.columns.due}</th>
                <th className="eris-upcoming-status">{DASHBOARD_TEXTS.columns.status}</th>
              </tr>
            </thead>
            <tbody ref={list}>
              {shown.map((task, index) => {
                const due = fromTimestamp(task.dueTime);
                const dueDay = due ? businessDayOf(due, timeZone) : undefined;
                return (
                  <tr
                    key={String(task.taskId)}
                    data-task-id={String(task.taskId)}
                    style={{ cursor: "pointer" }}
                    tabIndex={index === UPCOMING_SHOWN ? -1 : undefined}
                    onClick={() => onOpenTask(task)}
                  >
                    <td>
                      <div className="eris-upcoming-subject">{task.subject}</div>
                      <div className={Classes.TEXT_MUTED}>
                        {[task.companyName, task.type].filter(Boolean).map((text, i) => (
                          <span key={i} className="eris-upcoming-meta">
                            {text}
                          </span>
                        ))}
                      </div>
                    </td>
                    <td className="eris-upcoming-due">
                      {due && dueDay && (
                        <>
                          <div>{typedDayOf(dueDay)}</div>
                          <div className={Classes.TEXT_MUTED}>{formatClockTime(due, timeZone)}</div>
                        </>
                      )}
                    </td>
                    <td className="eris-upcoming-status">
                      <TaskStatusTag status={task.status} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
          {shown.length < rows.length && (
            <Button
              variant="minimal"
              size="small"
              text={DASHBOARD_TEXTS.showAllTasks(rows.length.toLocaleString("en-US"))}
              onClick={() => {
                focusFirstShown();
                setShowAll(true);
              }}
            />
          )}
        </div>
      )}
    </section>
  );
}
