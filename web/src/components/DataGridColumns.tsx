import { Button, Checkbox, PopoverNext } from "@blueprintjs/core";

import "./dataGridColumns.css";

export const DATA_GRID_TEXTS = {
  columns: "Columns",
  chooseColumns: "Choose columns",
  pinned: (label: string) => `${label} (always shown)`,
  reset: "Reset columns",
} as const;

const T = DATA_GRID_TEXTS;

/** One column in the chooser. */
export interface ColumnOption {
  id: string;
  label: string;
  shown: boolean;
  /** Pinned columns (a row's name, its amounts) are always shown. */
  pinned: boolean;
}

export interface DataGridColumnsProps {
  options: readonly ColumnOption[];
  /** Shows or hides a column. */
  onChange: (id: string, shown: boolean) => void;
  /** Back to every column shown. */
  onReset: () => void;
}

/**
 * The Columns button of a wide table: a popover of checkboxes (Tab and Space from the keyboard,
 * Escape closes it) that show or hide the unpinned columns, and Reset columns. Pinned columns are
 * listed, checked and disabled, so nobody wonders where they went.
 */
export function DataGridColumns({ options, onChange, onReset }: DataGridColumnsProps) {
  const content = (
    <div className="eris-grid-columns" role="group" aria-label={T.chooseColumns}>
      <div className="eris-grid-columns-list">
        {options.map((option) => (
          <Checkbox
            key={option.id}
            label={option.pinned ? T.pinned(option.label) : option.label}
            checked={option.shown}
            disabled={option.pinned}
            onChange={(e) => onChange(option.id, e.currentTarget.checked)}
          />
        ))}
      </div>
      <Button
        className="eris-grid-columns-reset"
        icon="reset"
        variant="minimal"
        text={T.reset}
        disabled={options.every((option) => option.shown)}
        onClick={onReset}
      />
    </div>
  );
  return (
    <PopoverNext content={content} placement="bottom-end">
      <Button icon="column-layout" endIcon="caret-down" text={T.columns} />
    </PopoverNext>
  );
}
