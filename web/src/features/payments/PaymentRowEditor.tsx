import type { KeyboardEvent } from "react";

import { Button, ButtonGroup, Callout, InputGroup, Intent } from "@blueprintjs/core";

import type { Payment } from "../../gen/eris/contracts/v1/contracts_pb";
import { PAYMENT_COLUMNS, type PaymentColumn } from "./paymentColumns";
import { MonthSelect, PaymentTypeSelect, YearSelect } from "./PaymentControls";
import type { PaymentDraft } from "./paymentMath";
import { PAYMENT_UI_TEXTS as T } from "./texts";

/** The row being edited: the payment as read (its version goes with the save) and what is typed. */
export interface RowEdit {
  read: Payment;
  draft: PaymentDraft;
  /** Problems are shown after a first try to save. */
  showProblems: boolean;
  /** Someone else's change, found on saving. */
  notice: string | null;
  /** The server's reason for refusing the values. */
  refusal: string | null;
}

/** The problems of the row's fields, by field. */
export type RowProblems = Partial<Record<keyof PaymentDraft, string>>;

export interface PaymentCellEditorProps {
  column: PaymentColumn;
  draft: PaymentDraft;
  problems: RowProblems;
  years: readonly number[];
  saving: boolean;
  onChange: (key: keyof PaymentDraft, value: string) => void;
  /** Enter saves the row, Escape cancels it. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/** One field of the row being edited, in place of its text: months, years and type chosen, amounts typed. */
export function PaymentCellEditor({
  column,
  draft,
  problems,
  years,
  saving,
  onChange,
  onKeyDown,
}: PaymentCellEditorProps) {
  const common = {
    value: draft[column.key],
    ariaLabel: column.header,
    invalid: !!problems[column.key],
    onChange: (value: string) => onChange(column.key, value),
    onKeyDown,
    disabled: saving,
    fill: true,
  };
  switch (column.key) {
    case "projectedMonth":
      // The row's first field takes the keyboard when the row opens.
      return <MonthSelect {...common} minimal autoFocus />;
    case "paymentMonth":
      return <MonthSelect {...common} emptyLabel={T.notPaid} minimal />;
    case "projectedYear":
    case "paymentYear":
      return (
        <YearSelect
          {...common}
          years={years}
          emptyLabel={column.key === "paymentYear" ? T.notPaid : undefined}
          minimal
        />
      );
    case "paymentType":
      return <PaymentTypeSelect {...common} emptyLabel={T.noType} minimal />;
    default:
      return (
        <InputGroup
          size="small"
          inputMode="decimal"
          aria-label={column.header}
          value={draft[column.key]}
          intent={problems[column.key] ? Intent.DANGER : Intent.NONE}
          aria-invalid={problems[column.key] ? true : undefined}
          disabled={saving}
          onValueChange={(value) => onChange(column.key, value)}
          onKeyDown={onKeyDown}
        />
      );
  }
}

export interface PaymentRowActionsProps {
  payment: Payment;
  /** The payment named in the buttons' accessible names. */
  name: string;
  /** This row is the one being edited. */
  isEditing: boolean;
  /** Another row is being edited: one row at a time. */
  blocked: boolean;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  onEdit: (payment: Payment) => void;
  onDelete: (payment: Payment) => void;
}

/** A row's buttons: Save and Cancel while it is edited, else Edit and Delete. */
export function PaymentRowActions({
  payment,
  name,
  isEditing,
  blocked,
  saving,
  onSave,
  onCancel,
  onEdit,
  onDelete,
}: PaymentRowActionsProps) {
  if (isEditing) {
    return (
      <ButtonGroup variant="minimal" size="small">
        <Button
          icon="tick"
          intent={Intent.PRIMARY}
          aria-label={T.saveRow(name)}
          title={`${T.save} (Enter)`}
          loading={saving}
          onClick={onSave}
        />
        <Button
          icon="cross"
          aria-label={T.cancelRow(name)}
          title={`${T.cancel} (Escape)`}
          disabled={saving}
          onClick={onCancel}
        />
      </ButtonGroup>
    );
  }
  return (
    <ButtonGroup variant="minimal" size="small">
      <Button
        icon="edit"
        aria-label={T.editRow(name)}
        title={blocked ? T.oneRowAtATime : T.edit}
        disabled={blocked}
        onClick={() => onEdit(payment)}
      />
      <Button
        icon="trash"
        intent={Intent.DANGER}
        aria-label={T.deleteRow(name)}
        title={blocked ? T.oneRowAtATime : T.delete}
        disabled={blocked}
        onClick={() => onDelete(payment)}
      />
    </ButtonGroup>
  );
}

export interface RowNotesProps {
  /** A row that is gone (deleted by someone else). */
  note: string | null;
  editing: RowEdit | null;
  problems: RowProblems;
}

/** The notes of the row being edited: someone else's change, the server's refusal, the fields' problems. */
export function RowNotes({ note, editing, problems }: RowNotesProps) {
  const rowProblems = Object.entries(problems).map(
    ([key, problem]) => `${PAYMENT_COLUMNS.find((column) => column.key === key)?.header}: ${problem}`,
  );
  return (
    <>
      {note && (
        <Callout intent={Intent.WARNING} role="alert" className="eris-payments-note">
          {note}
        </Callout>
      )}
      {editing?.notice && (
        <Callout intent={Intent.WARNING} role="alert" className="eris-payments-note">
          {editing.notice}
        </Callout>
      )}
      {editing?.refusal && (
        <Callout intent={Intent.DANGER} role="alert" className="eris-payments-note eris-payment-reason">
          {editing.refusal}
        </Callout>
      )}
      {rowProblems.length > 0 && (
        <Callout intent={Intent.DANGER} role="alert" className="eris-payments-note">
          {rowProblems.join(" ")}
        </Callout>
      )}
    </>
  );
}
