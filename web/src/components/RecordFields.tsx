import type { ReactNode } from "react";

import { FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";

import { changedMeanwhileText } from "../lib/recordForm";

interface FieldBase {
  id: string;
  label: string;
  required?: boolean;
  /** The value someone else stored meanwhile (after a stale save), as shown to people. */
  meanwhile?: string;
}

export interface TextFieldProps extends FieldBase {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  type?: "text" | "email" | "tel";
  maxLength?: number;
  placeholder?: string;
}

const REQUIRED = "(required)";

/** A field's label, its control and, when someone else changed it meanwhile, a note saying so. */
function FieldGroup({ id, label, required, meanwhile, children }: FieldBase & { children: ReactNode }) {
  const changed = meanwhile !== undefined;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required ? REQUIRED : undefined}
      intent={changed ? Intent.WARNING : Intent.NONE}
      helperText={changed ? changedMeanwhileText(meanwhile) : undefined}
    >
      {children}
    </FormGroup>
  );
}

/** A labelled text box of a record dialog, with a note when someone else changed it meanwhile. */
export function TextField({ id, label, required, meanwhile, value, onChange, ...input }: TextFieldProps) {
  return (
    <FieldGroup id={id} label={label} required={required} meanwhile={meanwhile}>
      <InputGroup
        id={id}
        autoComplete="off"
        intent={meanwhile !== undefined ? Intent.WARNING : Intent.NONE}
        value={value}
        onValueChange={onChange}
        {...input}
      />
    </FieldGroup>
  );
}

export interface ChoiceFieldProps<V extends string | number> extends FieldBase {
  value: V;
  /** The choices offered, in order; a stored value not among them stays selectable. */
  choices: readonly V[];
  labelOf: (value: V) => string;
  /** The value meaning "none chosen" ("" or an enum's UNSPECIFIED). */
  emptyValue: V;
  /** Shown as an option while nothing is chosen (e.g. "Choose…"). */
  placeholder?: string;
  /** An option that chooses `emptyValue` on purpose (e.g. "All"), always offered first. */
  noneLabel?: string;
  onChange: (value: V) => void;
}

/** A labelled choice of a record dialog; works for texts and for proto enums alike. */
export function ChoiceField<V extends string | number>({
  id,
  label,
  required,
  meanwhile,
  value,
  choices,
  labelOf,
  emptyValue,
  placeholder,
  noneLabel,
  onChange,
}: ChoiceFieldProps<V>) {
  const offered: V[] = [...choices];
  if (value !== emptyValue && !offered.includes(value)) {
    offered.push(value);
  }
  const byKey = new Map<string, V>(offered.map((v) => [String(v), v]));
  byKey.set(String(emptyValue), emptyValue);
  return (
    <FieldGroup id={id} label={label} required={required} meanwhile={meanwhile}>
      <HTMLSelect
        id={id}
        fill
        value={String(value)}
        onChange={(e) => onChange(byKey.get(e.currentTarget.value) ?? emptyValue)}
      >
        {noneLabel !== undefined ? (
          <option value={String(emptyValue)}>{noneLabel}</option>
        ) : (
          value === emptyValue && <option value={String(emptyValue)}>{placeholder ?? ""}</option>
        )}
        {offered.map((v) => (
          <option key={String(v)} value={String(v)}>
            {labelOf(v)}
          </option>
        ))}
      </HTMLSelect>
    </FieldGroup>
  );
}
