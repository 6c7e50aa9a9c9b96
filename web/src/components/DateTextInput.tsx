import { FormGroup, Intent } from "@blueprintjs/core";

import { DatePickerInput } from "./DatePickerInput";
import { DATE_FORMAT_ERROR, DATE_PLACEHOLDER, isDateTextValid } from "./dateText";

export interface DateTextInputProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  readOnly?: boolean;
  inline?: boolean;
}

/**
 * A date typed as MM/DD/YYYY or picked from a calendar; anything else (but empty) shows the spec's
 * format message. The value is the text as typed.
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
}: DateTextInputProps) {
  const invalid = !isDateTextValid(value);
  return (
    <FormGroup
      label={label}
      labelFor={id}
      inline={inline}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      helperText={invalid ? DATE_FORMAT_ERROR : undefined}
    >
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
    </FormGroup>
  );
}
