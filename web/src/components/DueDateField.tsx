import { FormGroup, InputGroup, Intent, type IconName } from "@blueprintjs/core";

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
}

/** A required due date (or date and time) typed as text, with its format message while invalid. */
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
}: DueDateFieldProps) {
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo="(required)"
      intent={invalid ? Intent.DANGER : Intent.NONE}
      helperText={invalid ? formatMessage : undefined}
    >
      <InputGroup
        id={id}
        leftIcon={icon}
        placeholder={placeholder}
        autoComplete="off"
        intent={invalid ? Intent.DANGER : Intent.NONE}
        value={value}
        onValueChange={onValueChange}
        onBlur={onBlur}
      />
    </FormGroup>
  );
}
