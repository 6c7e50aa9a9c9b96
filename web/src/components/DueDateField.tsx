import { FormGroup, Intent, type IconName } from "@blueprintjs/core";

import { DatePickerInput } from "./DatePickerInput";

export interface DueDateFieldProps {
  id: string;
  label: string;
  icon: IconName;
  placeholder: string;
  /** The message shown under the field while it is invalid. */
  formatMessage: string;
  invalid: boolean;
  value: string;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  /** A date and a time (MM/DD/YYYY HH:mm), picked with a time picker too; a date alone otherwise. */
  withTime?: boolean;
  /** Shown under the field while it is valid (e.g. what a date without a time means). */
  hint?: string;
  disabled?: boolean;
}

/** A required due date (or date and time), typed as text or picked from a calendar, with its format message. */
export function DueDateField({
  id,
  label,
  icon,
  placeholder,
  formatMessage,
  invalid,
  value,
  onValueChange,
  onBlur,
  withTime,
  hint,
  disabled,
}: DueDateFieldProps) {
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo="(required)"
      intent={invalid ? Intent.DANGER : Intent.NONE}
      helperText={invalid ? formatMessage : hint}
    >
      <DatePickerInput
        id={id}
        leftIcon={icon}
        placeholder={placeholder}
        withTime={withTime}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        invalid={invalid}
        disabled={disabled}
        value={value}
        onValueChange={onValueChange}
        onBlur={onBlur}
      />
    </FormGroup>
  );
}
