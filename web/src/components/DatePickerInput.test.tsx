import { useState } from "react";

import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { DateTextInput } from "./DateTextInput";
import { DATE_FIELD_TEXTS, DATE_FORMAT_ERROR } from "../lib/dateText";
import { DueDateField } from "./DueDateField";

function DateHarness({ initial = "", onChange }: { initial?: string; onChange?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTextInput
      id="end"
      label="Contract End Date"
      value={value}
      onValueChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

function DueHarness({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DueDateField
      id="due"
      label="Due Date"
      icon="time"
      placeholder="MM/DD/YYYY HH:mm"
      formatMessage="Date Format Should be MM/DD/YYYY HH:mm"
      hint="A date without a time is due at 9:00 AM."
      invalid={false}
      withTime
      value={value}
      onValueChange={setValue}
      onBlur={() => {}}
    />
  );
}

/** The day buttons of the open calendar. */
async function calendarDay(day: string) {
  const calendar = await screen.findByRole("grid");
  return within(calendar).getByText(day, { selector: "button, button *" }).closest("button") as HTMLElement;
}

describe("date fields", () => {
  it("keep the text as typed and show the spec's message for a wrong shape", async () => {
    const onChange = vi.fn();
    render(<DateHarness onChange={onChange} />);
    const input = screen.getByLabelText("Contract End Date") as HTMLInputElement;
    await userEvent.type(input, "3/5/2026");
    expect(input.value).toBe("3/5/2026");
    expect(screen.getByText(DATE_FORMAT_ERROR)).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith("3/5/2026");
    await userEvent.clear(input);
    await userEvent.type(input, "03/05/2026");
    expect(screen.queryByText(DATE_FORMAT_ERROR)).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith("03/05/2026");
  });

  it("pick a day from a Blueprint calendar, written as MM/DD/YYYY", async () => {
    const onChange = vi.fn();
    render(<DateHarness initial="03/05/2026" onChange={onChange} />);
    await userEvent.click(screen.getByRole("button", { name: DATE_FIELD_TEXTS.openCalendar }));
    await userEvent.click(await calendarDay("19"));
    expect(onChange).toHaveBeenLastCalledWith("03/19/2026");
    expect((screen.getByLabelText("Contract End Date") as HTMLInputElement).value).toBe("03/19/2026");
  });

  it("open the calendar with Alt+Down from the text box", async () => {
    render(<DateHarness initial="11/20/2026" />);
    await userEvent.type(screen.getByLabelText("Contract End Date"), "{Alt>}{ArrowDown}{/Alt}");
    expect(await screen.findByRole("grid")).toBeTruthy();
  });

  it("pick a date-time: a first pick is at 09:00 and the time stays when the day changes", async () => {
    render(<DueHarness initial="" />);
    const input = screen.getByLabelText(/Due Date/) as HTMLInputElement;
    expect(screen.getByText("A date without a time is due at 9:00 AM.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: DATE_FIELD_TEXTS.openCalendar }));
    await userEvent.click(await calendarDay("15"));
    expect(input.value).toMatch(/^\d{2}\/15\/\d{4} 09:00$/);
    await userEvent.click(await calendarDay("16"));
    expect(input.value).toMatch(/^\d{2}\/16\/\d{4} 09:00$/);
  });

  it("keep a date-time's typed time when a day is picked", async () => {
    render(<DueHarness initial="11/20/2026 14:30" />);
    await userEvent.click(screen.getByRole("button", { name: DATE_FIELD_TEXTS.openCalendar }));
    await userEvent.click(await calendarDay("24"));
    expect((screen.getByLabelText(/Due Date/) as HTMLInputElement).value).toBe("11/24/2026 14:30");
  });
});
