import { Button, ButtonGroup, Classes, HTMLSelect, Spinner } from "@blueprintjs/core";

import {
  CALENDAR_VIEWS,
  calendarRange,
  dayHours,
  placeDayEvents,
  sameDay,
  shiftAnchor,
  WEEKDAY_SETS,
  type CalendarRange,
  type CalendarView,
  type WeekdaySet,
} from "./calendarMath";
import { DASHBOARD_TEXTS } from "./texts";

import "./calendar.css";

/** One entry on the calendar. */
export interface CalendarEvent {
  /** Unique among all events shown (e.g. "task-12", "rfp-3"). */
  id: string;
  title: string;
  start: Date;
  /** Absent for point-in-time entries such as tasks, which are drawn 30 minutes long. */
  end?: Date;
  /** CSS colour of the entry. */
  colour: string;
}

export interface CalendarProps {
  view: CalendarView;
  weekdays: WeekdaySet;
  /** A day inside the period shown. */
  anchor: Date;
  /** Today, for the Today button and the highlight (defaults to now). */
  today?: Date;
  onViewChange: (view: CalendarView) => void;
  onWeekdaysChange: (weekdays: WeekdaySet) => void;
  onAnchorChange: (anchor: Date) => void;
  /** The tasks to show. */
  events: readonly CalendarEvent[];
  /**
   * Entries from other sources, drawn like the tasks. The Dashboard's RFPs (spec: "RFPs appear as
   * calendar events", grey) arrive here in a later issue; until then nothing is passed.
   */
  extraEvents?: readonly CalendarEvent[];
  onEventClick?: (event: CalendarEvent) => void;
  loading?: boolean;
}

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const weekdayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short" });
const longDayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});
const monthFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" });
const shortDayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });

function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`;
}

/** The heading of the period shown. */
export function calendarTitle(view: CalendarView, range: CalendarRange, anchor: Date): string {
  if (view === "month") {
    return monthFormat.format(anchor);
  }
  if (view === "day") {
    return longDayFormat.format(range.days[0]);
  }
  const first = range.days[0];
  const last = range.days[range.days.length - 1];
  return `${shortDayFormat.format(first)} – ${shortDayFormat.format(last)}, ${last.getFullYear()}`;
}

interface EventButtonProps {
  event: CalendarEvent;
  withTime: boolean;
  onClick?: (event: CalendarEvent) => void;
  style?: React.CSSProperties;
}

function EventButton({ event, withTime, onClick, style }: EventButtonProps) {
  const label = withTime ? `${timeFormat.format(event.start)} ${event.title}` : event.title;
  return (
    <Button
      className="eris-cal-event"
      size="small"
      alignText="start"
      ellipsizeText
      title={`${timeFormat.format(event.start)} ${event.title}`}
      data-event-id={event.id}
      data-colour={event.colour}
      style={{ ...style, backgroundColor: event.colour }}
      text={label}
      onClick={onClick ? () => onClick(event) : undefined}
    />
  );
}

/**
 * A month / week / day / 4-day calendar drawn with Blueprint controls. The day-like views show
 * 05:00 to 20:00; the weekday switch shows Mon-Fri or Mon-Sun. The parent owns the view, the weekdays
 * and the anchor, so that it can load the entries of the range shown.
 */
export function Calendar({
  view,
  weekdays,
  anchor,
  today = new Date(),
  onViewChange,
  onWeekdaysChange,
  onAnchorChange,
  events,
  extraEvents = [],
  onEventClick,
  loading,
}: CalendarProps) {
  const range = calendarRange(view, anchor, weekdays);
  const all = [...events, ...extraEvents].sort((a, b) => a.start.getTime() - b.start.getTime());
  const columns = view === "month" ? (range.weeks[0]?.length ?? 7) : range.days.length;

  return (
    <section className="eris-calendar" aria-label={DASHBOARD_TEXTS.calendar} data-view={view}>
      <div className="eris-toolbar">
        <Button text={DASHBOARD_TEXTS.today} onClick={() => onAnchorChange(today)} />
        <ButtonGroup>
          <Button
            icon="chevron-left"
            aria-label={DASHBOARD_TEXTS.previous}
            onClick={() => onAnchorChange(shiftAnchor(view, anchor, weekdays, -1))}
          />
          <Button
            icon="chevron-right"
            aria-label={DASHBOARD_TEXTS.next}
            onClick={() => onAnchorChange(shiftAnchor(view, anchor, weekdays, 1))}
          />
        </ButtonGroup>
        <strong className="eris-cal-title" aria-live="polite">
          {calendarTitle(view, range, anchor)}
        </strong>
        {loading && <Spinner size={16} />}
        <span className="eris-spacer" />
        <HTMLSelect
          aria-label={DASHBOARD_TEXTS.viewType}
          value={view}
          onChange={(e) => onViewChange(e.currentTarget.value as CalendarView)}
        >
          {CALENDAR_VIEWS.map((v) => (
            <option key={v} value={v}>
              {DASHBOARD_TEXTS.views[v]}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label={DASHBOARD_TEXTS.weekdays}
          value={weekdays}
          onChange={(e) => onWeekdaysChange(e.currentTarget.value as WeekdaySet)}
        >
          {WEEKDAY_SETS.map((w) => (
            <option key={w} value={w}>
              {DASHBOARD_TEXTS.weekdaySets[w]}
            </option>
          ))}
        </HTMLSelect>
      </div>
      {view === "month" ? (
        <div className="eris-cal-month" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {range.weeks[0]?.map((day) => (
            <div key={`head-${day.getDay()}`} className="eris-cal-weekday">
              {weekdayFormat.format(day)}
            </div>
          ))}
          {range.days.map((day) => {
            const outside = day.getMonth() !== anchor.getMonth();
            const dayEvents = all.filter((e) => sameDay(e.start, day));
            return (
              <div
                key={day.getTime()}
                role="group"
                aria-label={longDayFormat.format(day)}
                className={[
                  "eris-cal-cell",
                  outside ? "eris-cal-outside" : "",
                  sameDay(day, today) ? "eris-cal-today" : "",
                ].join(" ")}
              >
                <div className={outside ? `eris-cal-date ${Classes.TEXT_MUTED}` : "eris-cal-date"}>{day.getDate()}</div>
                {dayEvents.map((event) => (
                  <EventButton key={event.id} event={event} withTime onClick={onEventClick} />
                ))}
              </div>
            );
          })}
        </div>
      ) : (
        <div className="eris-cal-days">
          <div className="eris-cal-head" style={{ gridTemplateColumns: `56px repeat(${columns}, minmax(0, 1fr))` }}>
            <div />
            {range.days.map((day) => (
              <div
                key={day.getTime()}
                className={sameDay(day, today) ? "eris-cal-dayhead eris-cal-today" : "eris-cal-dayhead"}
              >
                <span className={Classes.TEXT_MUTED}>{weekdayFormat.format(day)}</span> <strong>{day.getDate()}</strong>
              </div>
            ))}
          </div>
          <div className="eris-cal-body" style={{ gridTemplateColumns: `56px repeat(${columns}, minmax(0, 1fr))` }}>
            <div className="eris-cal-gutter">
              {dayHours().map((hour) => (
                <div key={hour} className={`eris-cal-hour ${Classes.TEXT_MUTED}`}>
                  {hourLabel(hour)}
                </div>
              ))}
            </div>
            {range.days.map((day) => (
              <div key={day.getTime()} className="eris-cal-column" role="group" aria-label={longDayFormat.format(day)}>
                {dayHours().map((hour) => (
                  <div key={hour} className="eris-cal-slot" />
                ))}
                {placeDayEvents(day, all).map(({ event, top, height, lane, lanes }) => (
                  <EventButton
                    key={event.id}
                    event={event}
                    withTime={false}
                    onClick={onEventClick}
                    style={{
                      position: "absolute",
                      top: `${top * 100}%`,
                      height: `${height * 100}%`,
                      left: `calc(${(lane / lanes) * 100}% + 2px)`,
                      width: `calc(${100 / lanes}% - 4px)`,
                    }}
                  />
                ))}
              </div>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
