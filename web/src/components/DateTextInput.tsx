import { Button, ControlGroup, FormGroup, Intent } from "@blueprintjs/core";

import { DATE_FORMAT_ERROR, DATE_PLACEHOLDER, isDateTextValid } from "../lib/dateText";
import { DatePickerInput } from "./DatePickerInput";

export interface DateTextInputProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  readOnly?: boolean;
  inline?: boolean;
  /** With a label, a clear button follows the box: it empties it (the label names the button). */
  clearLabel?: string;
}

/**
 * A date typed as MM/DD/YYYY or picked from a calendar; anything else (but empty) shows the spec's
 * format message. The value is the text as typed. With `clearLabel`, a button beside it empties it.
 */
export function DateTextInput({
  id,
  label,
  value,
  onValueChange,
  onBlur,
  disabled,
  readOnly,
  inline,
  clearLabel,
}: DateTextInputProps) {
  const invalid = !isDateTextValid(value);
  const input = (
    <DatePickerInput
      id={id}
      value={value}
      placeholder={DATE_PLACEHOLDER}
      maxLength={10}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      invalid={invalid}
      disabled={disabled}
      readOnly={readOnly}
      onValueChange={onValueChange}
      onBlur={onBlur}
    />
  );
  return (
    <FormGroup
      label={label}
      labelFor={id}
      inline={inline}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      helperText={invalid ? DATE_FORMAT_ERROR : undefined}
    >
      {clearLabel ? (
        <ControlGroup>
          {input}
          <Button
            icon="cross"
            aria-label={clearLabel}
            title={clearLabel}
            disabled={disabled || readOnly}
            onClick={() => onValueChange("")}
          />
        </ControlGroup>
      ) : (
        input
      )}
    </FormGroup>
  );
}
