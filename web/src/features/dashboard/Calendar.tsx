import { useLayoutEffect, useRef, useState } from "react";

import { Button, ButtonGroup, Classes, HTMLSelect, Spinner } from "@blueprintjs/core";

import { ScrollRegion } from "../../components/ScrollRegion";
import { businessDayOf, formatClockTime } from "../../lib/businessTime";
import {
  CALENDAR_VIEWS,
  calendarRange,
  dayHours,
  FIRST_HOUR,
  HOUR_COUNT,
  HOURS_IN_DAY,
  outOfView,
  placeDayEvents,
  sameDay,
  shiftAnchor,
  WEEKDAY_SETS,
  type CalendarRange,
  type CalendarView,
  type PlacedEvent,
  type WeekdaySet,
} from "./calendarMath";
import { DASHBOARD_TEXTS } from "./texts";

import "./calendar.css";

/** The height of one hour of the time grid, in pixels. */
export const HOUR_PX = 48;
const GRID_PX = HOURS_IN_DAY * HOUR_PX;
/** The time grid shows 05:00-20:00 at once (spec: first interval 5, count 15) and scrolls to the rest. */
const VIEW_PX = HOUR_COUNT * HOUR_PX;
const FIRST_HOUR_PX = FIRST_HOUR * HOUR_PX;

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
  /** A day inside the period shown (a local-midnight Date holding a business day). */
  anchor: Date;
  /** The business time zone (IANA name): events are placed and their times shown on its clock. */
  timeZone: string;
  /** Today, for the Today button and the highlight (defaults to the business day now). */
  today?: Date;
  onViewChange: (view: CalendarView) => void;
  onWeekdaysChange: (weekdays: WeekdaySet) => void;
  onAnchorChange: (anchor: Date) => void;
  /** The tasks to show. */
  events: readonly CalendarEvent[];
  /** Entries from other sources, drawn like the tasks: the Dashboard's RFPs (grey, at their return time). */
  extraEvents?: readonly CalendarEvent[];
  onEventClick?: (event: CalendarEvent) => void;
  /**
   * The month view's entries of each day (keyed by the day's local-midnight time) when `events` and
   * `extraEvents` hold only each day's first few; by default, as many as they hold.
   */
  dayTotals?: ReadonlyMap<number, number>;
  /** Opens one day in the day view (a month cell's "+N more"); by default two changes in turn. */
  onOpenDay?: (day: Date) => void;
  loading?: boolean;
}

/** A month cell shows this many entries and a "+N more" that opens the day. */
export const MONTH_CELL_ENTRIES = 4;

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
  timeZone: string;
  onClick?: (event: CalendarEvent) => void;
  style?: React.CSSProperties;
  minute?: number;
}

/** An event chip: its time on the business clock, then its title. */
function EventButton({ event, timeZone, onClick, style, minute }: EventButtonProps) {
  const label = `${formatClockTime(event.start, timeZone)} ${event.title}`;
  return (
    <Button
      className="eris-cal-event"
      size="small"
      alignText="start"
      title={label}
      data-event-id={event.id}
      data-colour={event.colour}
      data-minute={minute}
      style={{ ...style, backgroundColor: event.colour }}
      text={label}
      onClick={onClick ? () => onClick(event) : undefined}
    />
  );
}

interface TimeGridProps {
  view: CalendarView;
  range: CalendarRange;
  today: Date;
  timeZone: string;
  events: readonly CalendarEvent[];
  onEventClick?: (event: CalendarEvent) => void;
}

/**
 * The week, day and 4-day views: a whole day of hours that opens at 05:00 and scrolls. Events sit at
 * their real time; those scrolled out of view are counted in an "earlier" or "later" button that
 * brings them into view.
 */
function TimeGrid({ view, range, today, timeZone, events, onEventClick }: TimeGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [viewTop, setViewTop] = useState(FIRST_HOUR_PX);
  const columns = range.days.length;
  const template = `56px repeat(${columns}, minmax(0, 1fr))`;
  const placedByDay = range.days.map((day) => placeDayEvents(day, events, timeZone));
  const { above, below } = outOfView(placedByDay.flat(), GRID_PX, viewTop, VIEW_PX);

  useLayoutEffect(() => {
    // A newly chosen view opens at 05:00.
    if (scroller.current) {
      scroller.current.scrollTop = FIRST_HOUR_PX;
    }
  }, [view]);

  function scrollTo(top: number) {
    const el = scroller.current;
    if (el) {
      el.scrollTop = Math.max(0, Math.min(top, GRID_PX - VIEW_PX));
      setViewTop(el.scrollTop);
    }
  }

  const earliest = (list: readonly PlacedEvent<CalendarEvent>[]) => Math.min(...list.map((p) => p.top));
  const latestEnd = (list: readonly PlacedEvent<CalendarEvent>[]) => Math.max(...list.map((p) => p.top + p.height));

  return (
    <div className="eris-cal-days">
      <div className="eris-cal-head" style={{ gridTemplateColumns: template }}>
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
      <div className="eris-cal-viewport">
        {above.length > 0 && (
          <Button
            className="eris-cal-more eris-cal-more-earlier"
            size="small"
            icon="chevron-up"
            text={DASHBOARD_TEXTS.earlier(above.length)}
            onClick={() => scrollTo(earliest(above) * GRID_PX - HOUR_PX / 4)}
          />
        )}
        <ScrollRegion
          ref={scroller}
          label={DASHBOARD_TEXTS.hours}
          className="eris-cal-scroll"
          data-testid="calendar-time-grid"
          style={{ height: VIEW_PX }}
          onScroll={(e) => setViewTop(e.currentTarget.scrollTop)}
        >
          <div className="eris-cal-body" style={{ gridTemplateColumns: template, height: GRID_PX }}>
            <div className="eris-cal-gutter">
              {dayHours().map((hour) => (
                <div key={hour} className={`eris-cal-hour ${Classes.TEXT_MUTED}`} style={{ height: HOUR_PX }}>
                  {hour === 0 ? "" : hourLabel(hour)}
                </div>
              ))}
            </div>
            {range.days.map((day, index) => (
              <div key={day.getTime()} className="eris-cal-column" role="group" aria-label={longDayFormat.format(day)}>
                {dayHours().map((hour) => (
                  <div key={hour} className="eris-cal-slot" style={{ height: HOUR_PX }} />
                ))}
                {placedByDay[index].map(({ event, minute, top, height, lane, lanes }) => (
                  <EventButton
                    key={event.id}
                    event={event}
                    timeZone={timeZone}
                    minute={minute}
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
        </ScrollRegion>
        {below.length > 0 && (
          <Button
            className="eris-cal-more eris-cal-more-later"
            size="small"
            icon="chevron-down"
            text={DASHBOARD_TEXTS.later(below.length)}
            onClick={() => scrollTo(latestEnd(below) * GRID_PX - VIEW_PX + HOUR_PX / 4)}
          />
        )}
      </div>
    </div>
  );
}

/**
 * A month / week / day / 4-day calendar drawn with Blueprint controls, on the business clock. The
 * day-like views open on 05:00 to 20:00 and scroll to the rest of the day; the weekday switch shows
 * Mon-Fri or Mon-Sun. The parent owns the view, the weekdays and the anchor, so that it can load the
 * entries of the range shown.
 */
export function Calendar({
  view,
  weekdays,
  anchor,
  timeZone,
  today = businessDayOf(new Date(), timeZone),
  onViewChange,
  onWeekdaysChange,
  onAnchorChange,
  events,
  extraEvents = [],
  onEventClick,
  onOpenDay,
  dayTotals,
  loading,
}: CalendarProps) {
  const range = calendarRange(view, anchor, weekdays);
  const all = [...events, ...extraEvents].sort((a, b) => a.start.getTime() - b.start.getTime());
  const openDay =
    onOpenDay ??
    ((day: Date) => {
      onAnchorChange(day);
      onViewChange("day");
    });
  const columns = view === "month" ? (range.weeks[0]?.length ?? 7) : range.days.length;
  // Each entry's business day worked out once: a month of a busy book holds thousands of entries,
  // and asking every cell to test every entry took seconds.
  const byDay = view === "month" ? entriesByDay(all, timeZone) : new Map<number, CalendarEvent[]>();

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
            const dayEvents = byDay.get(day.getTime()) ?? [];
            const total = Math.max(dayTotals?.get(day.getTime()) ?? 0, dayEvents.length);
            const hidden = total - MONTH_CELL_ENTRIES;
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
                {dayEvents.slice(0, hidden > 0 ? MONTH_CELL_ENTRIES : undefined).map((event) => (
                  <EventButton key={event.id} event={event} timeZone={timeZone} onClick={onEventClick} />
                ))}
                {hidden > 0 && (
                  <Button
                    variant="minimal"
                    size="small"
                    className="eris-cal-more-day"
                    text={DASHBOARD_TEXTS.moreOnDay(hidden)}
                    aria-label={DASHBOARD_TEXTS.allOfDay(hidden, total, longDayFormat.format(day))}
                    onClick={() => openDay(day)}
                  />
                )}
              </div>
            );
          })}
        </div>
      ) : (
        <TimeGrid
          view={view}
          range={range}
          today={today}
          timeZone={timeZone}
          events={all}
          onEventClick={onEventClick}
        />
      )}
    </section>
  );
}

/** Entries by the business day they start on (keyed by that day's local-midnight time), in order. */
function entriesByDay(entries: readonly CalendarEvent[], timeZone: string): Map<number, CalendarEvent[]> {
  const byDay = new Map<number, CalendarEvent[]>();
  for (const entry of entries) {
    const day = businessDayOf(entry.start, timeZone).getTime();
    const list = byDay.get(day);
    if (list) {
      list.push(entry);
    } else {
      byDay.set(day, [entry]);
    }
  }
  return byDay;
}
