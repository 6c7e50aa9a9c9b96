import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";

import { Button, InputGroup, Intent, PopoverNext, Spinner, SpinnerSize, type IconName } from "@blueprintjs/core";
import type { DatePickerProps } from "@blueprintjs/datetime";

import type { WallClock } from "../lib/businessTime";
import { DATE_FIELD_TEXTS, formatWallClockText, parseDateText, parseDateTimeText } from "../lib/dateText";

/**
 * Blueprint's calendar, fetched the first time one opens: it is large, and loading it makes
 * Blueprint work out every time zone's offset, which no page's first paint should wait for. The
 * month and weekday names are date-fns's, given directly so that no locale is fetched at run time.
 */
async function loadDatePicker() {
  const [{ DatePicker: Picker }, { default: enUS }] = await Promise.all([
    import("@blueprintjs/datetime"),
    import("date-fns/locale/en-US"),
    import("@blueprintjs/datetime/lib/css/blueprint-datetime.css"),
  ]);
  return { default: (props: DatePickerProps) => <Picker {...props} locale={enUS} /> };
}
const DatePicker = lazy(loadDatePicker);

// Under vitest the calendar's code is there before a test opens one, as when it was imported
// statically (its first import can outlast a findBy on a busy machine); builds drop this.
if (import.meta.env.MODE === "test") {
  await loadDatePicker();
}

/** A picked date-time without a time yet starts at this hour (a task's default due hour). */
const DEFAULT_PICKED_HOUR = 9;
/** The calendar offers these years (contract end dates lie years ahead, entry dates decades back). */
const MIN_DATE = new Date(1950, 0, 1);
const MAX_DATE = new Date(2099, 11, 31);

export interface DatePickerInputProps {
  id: string;
  /** The text as typed: MM/DD/YYYY, or MM/DD/YYYY HH:mm with `withTime`. */
  value: string;
  onValueChange: (value: string) => void;
  /** A date and a time (MM/DD/YYYY HH:mm); the calendar then has a 24-hour time picker. */
  withTime?: boolean;
  placeholder: string;
  leftIcon?: IconName;
  intent?: Intent;
  invalid?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  onBlur?: () => void;
  /** The input's accessible name when no label points at it. */
  ariaLabel?: string;
}

/** The picker's value: the typed wall clock as a local Date (the picker works on local dates). */
function pickerValue(text: string, withTime: boolean): Date | null {
  if (!withTime) {
    const parsed = parseDateText(text);
    return parsed.kind === "date" ? new Date(parsed.date.year, parsed.date.month - 1, parsed.date.day) : null;
  }
  const clock = parseDateTimeText(text, DEFAULT_PICKED_HOUR);
  return clock ? new Date(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute) : null;
}

function clockOf(date: Date): WallClock {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
  };
}

/**
 * A date (or date and time) typed as text, with a Blueprint calendar beside it. The text stays
 * exactly as typed, so a half-typed or wrong date is kept for the person to fix; picking a day (or a
 * time) writes the text in the same format. The calendar opens from its button or with Alt+Down.
 */
export function DatePickerInput({
  id,
  value,
  onValueChange,
  withTime = false,
  placeholder,
  leftIcon = "calendar",
  intent = Intent.NONE,
  invalid,
  disabled,
  readOnly,
  maxLength,
  onBlur,
  ariaLabel,
}: DatePickerInputProps) {
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const canPick = !disabled && !readOnly;

  // What the calendar's handler needs, as of the last render: the handler itself then never
  // changes, and neither does the calendar button beside the input unless what it shows does.
  // Blueprint's InputGroup measures its right element whenever it is a new one, which makes the
  // browser lay the whole page out there and then; a new button on every render of a busy screen
  // (the dashboard while its reads arrive) cost a third of its first second.
  const latest = useRef({ value, withTime, onValueChange });
  useLayoutEffect(() => {
    latest.current = { value, withTime, onValueChange };
  });

  const handlePick = useCallback((date: Date | null, isUserChange: boolean) => {
    if (!date || !isUserChange) {
      return;
    }
    const { value: typed, withTime: timed, onValueChange: change } = latest.current;
    const picked = pickerValue(typed, timed);
    const clock = clockOf(date);
    if (timed && !picked && clock.hour === 0 && clock.minute === 0) {
      // A first pick comes at midnight; a due date without a time means 09:00.
      clock.hour = DEFAULT_PICKED_HOUR;
    }
    change(formatWallClockText(clock, timed));
    const dayChanged = !picked || picked.toDateString() !== date.toDateString();
    if (dayChanged && !timed) {
      setOpen(false);
      inputRef.current?.focus();
    }
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.altKey && event.key === "ArrowDown" && canPick) {
      event.preventDefault();
      setOpen(true);
    }
  }

  const calendarButton = useMemo(() => {
    if (!canPick) {
      return undefined;
    }
    const picked = pickerValue(value, withTime);
    const calendar = (
      <div id={`${id}-calendar`}>
        <Suspense fallback={<Spinner size={SpinnerSize.SMALL} />}>
          <DatePicker
            value={picked}
            initialMonth={picked ?? undefined}
            onChange={handlePick}
            minDate={MIN_DATE}
            maxDate={MAX_DATE}
            highlightCurrentDay
            canClearSelection={false}
            timePrecision={withTime ? "minute" : undefined}
            timePickerProps={withTime ? { useAmPm: false, showArrowButtons: true } : undefined}
          />
        </Suspense>
      </div>
    );
    return (
      <PopoverNext
        content={calendar}
        isOpen={open}
        onInteraction={setOpen}
        placement="bottom-end"
        autoFocus
        shouldReturnFocusOnClose
      >
        <Button
          variant="minimal"
          icon="calendar"
          aria-label={DATE_FIELD_TEXTS.openCalendar}
          title={DATE_FIELD_TEXTS.openCalendar}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? `${id}-calendar` : undefined}
        />
      </PopoverNext>
    );
  }, [canPick, value, withTime, id, open, handlePick]);

  return (
    <InputGroup
      id={id}
      inputRef={inputRef}
      value={value}
      placeholder={placeholder}
      leftIcon={leftIcon}
      autoComplete="off"
      inputMode={withTime ? "text" : "numeric"}
      maxLength={maxLength}
      intent={intent}
      aria-invalid={invalid || undefined}
      aria-label={ariaLabel}
      disabled={disabled}
      readOnly={readOnly}
      onValueChange={onValueChange}
      onBlur={onBlur}
      onKeyDown={handleKeyDown}
      rightElement={calendarButton}
    />
  );
}
