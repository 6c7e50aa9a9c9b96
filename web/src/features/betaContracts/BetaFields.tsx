import type { ReactNode } from "react";

import { FormGroup, HTMLSelect, InputGroup, Intent, NumericInput, Switch, TextArea } from "@blueprintjs/core";

import { DatePickerInput } from "../../components/DatePickerInput";
import { DATE_FORMAT_ERROR, DATE_PLACEHOLDER, isDateTextValid } from "../../lib/dateText";
import { changedMeanwhileText } from "../../lib/recordForm";

interface FieldBase {
  id: string;
  label: string;
  /** Someone else's value stored meanwhile (after a stale save), as shown to people. */
  meanwhile?: string;
  /** Shown, not changeable (Sales, or a field the screen does not change). */
  readOnly?: boolean;
}

interface GroupProps extends FieldBase {
  /** Why the value cannot be read, if it cannot. */
  problem?: string;
  className?: string;
  children: ReactNode;
}

/** A field's label, its control and a note: why it cannot be read, or what someone else stored meanwhile. */
function FieldGroup({ id, label, meanwhile, problem, className, children }: GroupProps) {
  const changed = meanwhile !== undefined;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      className={className}
      intent={problem ? Intent.DANGER : changed ? Intent.WARNING : Intent.NONE}
      helperText={problem ?? (changed ? changedMeanwhileText(meanwhile) : undefined)}
    >
      {children}
    </FormGroup>
  );
}

export interface TextInputFieldProps extends FieldBase {
  value: string;
  onChange: (value: string) => void;
  inputMode?: "text" | "decimal";
  problem?: string;
  placeholder?: string;
}

/** A labelled text box. */
export function TextInputField({ value, onChange, inputMode, problem, placeholder, ...base }: TextInputFieldProps) {
  return (
    <FieldGroup {...base} problem={problem}>
      <InputGroup
        id={base.id}
        autoComplete="off"
        inputMode={inputMode}
        placeholder={placeholder}
        readOnly={base.readOnly}
        intent={problem ? Intent.DANGER : base.meanwhile !== undefined ? Intent.WARNING : Intent.NONE}
        aria-invalid={problem ? true : undefined}
        value={value}
        onValueChange={onChange}
      />
    </FieldGroup>
  );
}

/** A choice of a picker: its value and what people read. */
export interface Choice {
  value: string;
  label: string;
}

export interface SelectFieldProps extends FieldBase {
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  /** The text of the empty choice ("Choose…", "None"). */
  blankLabel: string;
  /** How a held value that is no longer offered reads (an archived supplier, an inactive user). */
  heldLabel?: (value: string) => string;
  disabled?: boolean;
}

/** A labelled choice; a held value not offered any more stays shown and selectable. */
export function SelectField({
  value,
  choices,
  onChange,
  blankLabel,
  heldLabel = (v) => v,
  disabled,
  ...base
}: SelectFieldProps) {
  const offered =
    value !== "" && !choices.some((c) => c.value === value)
      ? [...choices, { value, label: heldLabel(value) }]
      : choices;
  return (
    <FieldGroup {...base}>
      <HTMLSelect
        id={base.id}
        fill
        value={value}
        disabled={disabled || base.readOnly}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">{blankLabel}</option>
        {offered.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </HTMLSelect>
    </FieldGroup>
  );
}

/** Choices whose value is their label (contract types, billing types, …). */
export function plainChoices(values: readonly string[]): Choice[] {
  return values.map((value) => ({ value, label: value }));
}

export interface DateFieldProps extends FieldBase {
  value: string;
  onChange: (value: string) => void;
}

/** A date typed as MM/DD/YYYY or picked from a calendar; other text shows the format message. */
export function DateField({ value, onChange, ...base }: DateFieldProps) {
  const invalid = !isDateTextValid(value);
  return (
    <FieldGroup {...base} problem={invalid ? DATE_FORMAT_ERROR : undefined}>
      <DatePickerInput
        id={base.id}
        value={value}
        placeholder={DATE_PLACEHOLDER}
        maxLength={10}
        intent={invalid ? Intent.DANGER : base.meanwhile !== undefined ? Intent.WARNING : Intent.NONE}
        invalid={invalid}
        readOnly={base.readOnly}
        onValueChange={onChange}
      />
    </FieldGroup>
  );
}

export interface WholeNumberFieldProps extends FieldBase {
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
}

/** A whole number (a term in months) with arrow buttons and keys; what is typed stays as typed. */
export function WholeNumberField({ value, onChange, min, max, ...base }: WholeNumberFieldProps) {
  return (
    <FieldGroup {...base}>
      <NumericInput
        id={base.id}
        fill
        min={min}
        max={max}
        minorStepSize={null}
        stepSize={1}
        majorStepSize={12}
        clampValueOnBlur
        allowNumericCharactersOnly
        disabled={base.readOnly}
        intent={base.meanwhile !== undefined ? Intent.WARNING : Intent.NONE}
        value={value}
        onValueChange={(_number, text) => onChange(text)}
      />
    </FieldGroup>
  );
}

export interface TextAreaFieldProps extends FieldBase {
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** Several lines of text (notes). */
export function TextAreaField({ value, onChange, className, ...base }: TextAreaFieldProps) {
  return (
    <FieldGroup {...base} className={className}>
      <TextArea
        id={base.id}
        fill
        autoResize
        readOnly={base.readOnly}
        intent={base.meanwhile !== undefined ? Intent.WARNING : Intent.NONE}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </FieldGroup>
  );
}

export interface SwitchFieldProps extends FieldBase {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A yes/no field. */
export function SwitchField({ checked, onChange, ...base }: SwitchFieldProps) {
  return (
    <FieldGroup {...base} label="">
      <Switch
        id={base.id}
        label={base.label}
        checked={checked}
        disabled={base.readOnly}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </FieldGroup>
  );
}
