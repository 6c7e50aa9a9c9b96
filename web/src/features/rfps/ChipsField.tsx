import { useState, type KeyboardEvent } from "react";

import { FormGroup, Intent, TagInput } from "@blueprintjs/core";

export interface ChipsFieldProps {
  id: string;
  label: string;
  /** The chips, in the order shown. */
  values: readonly string[];
  /** Adds what was typed (split at commas and new lines); returns why it was refused, or null. */
  onAdd: (typed: string[]) => string | null;
  onRemove: (index: number) => void;
  /** Shown under the field while nothing is refused. */
  hint?: string;
  disabled?: boolean;
}

/**
 * Chips typed one after another, each added with Enter (or a comma, or on leaving the field). A
 * refused chip stays typed in the box, with the reason under it, for the person to fix.
 */
export function ChipsField({ id, label, values, onAdd, onRemove, hint, disabled }: ChipsFieldProps) {
  const [refusal, setRefusal] = useState<string | null>(null);

  function add(typed: string[]): boolean {
    const problem = onAdd(typed);
    setRefusal(problem);
    // False keeps the text in the box.
    return problem === null;
  }

  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={refusal ? Intent.DANGER : Intent.NONE}
      helperText={refusal ? <span role="alert">{refusal}</span> : hint}
    >
      <TagInput
        fill
        addOnBlur
        addOnPaste
        values={[...values]}
        disabled={disabled}
        intent={refusal ? Intent.DANGER : Intent.NONE}
        tagProps={{ minimal: true }}
        onAdd={add}
        onRemove={(_value, index) => onRemove(index)}
        onInputChange={() => setRefusal(null)}
        // Enter adds a chip; it must not also save the dialog.
        onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
          if (event.key === "Enter") {
            event.preventDefault();
          }
        }}
        inputProps={{ id, "aria-invalid": refusal ? true : undefined, autoComplete: "off" }}
      />
    </FormGroup>
  );
}
