import { FormGroup, InputGroup, Intent } from "@blueprintjs/core";

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

/** A date typed as MM/DD/YYYY; anything else (but empty) shows the spec's format message. */
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
      <InputGroup
        id={id}
        value={value}
        placeholder={DATE_PLACEHOLDER}
        leftIcon="calendar"
        autoComplete="off"
        inputMode="numeric"
        maxLength={10}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid}
        disabled={disabled}
        readOnly={readOnly}
        onValueChange={onValueChange}
        onBlur={onBlur}
      />
    </FormGroup>
  );
}
