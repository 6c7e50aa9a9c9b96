import type { KeyboardEvent } from "react";

import { Button, Classes, NonIdealState, Spinner } from "@blueprintjs/core";

import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import type { Payment } from "../../gen/eris/contracts/v1/contracts_pb";
import { PAYMENT_COLUMNS, paymentName } from "./paymentColumns";
import type { PaymentDraft } from "./paymentMath";
import { PaymentCellEditor, PaymentRowActions, type RowEdit, type RowProblems } from "./PaymentRowEditor";
import { PAYMENT_UI_TEXTS as T } from "./texts";

export interface PaymentsTableProps {
  /** The payments as read: still pending, failed (no data) or read. */
  payments: { isPending: boolean; data: unknown; refetch: () => unknown };
  rows: readonly Payment[];
  /** With the row actions (everyone but Sales). */
  canChange: boolean;
  editing: RowEdit | null;
  problems: RowProblems;
  years: readonly number[];
  saving: boolean;
  onEdit: (payment: Payment) => void;
  onDelete: (payment: Payment) => void;
  onSave: () => void;
  onCancel: () => void;
  onChange: (key: keyof PaymentDraft, value: string) => void;
  onRowKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * The payments of a contract, one row edited at a time in place; while the payments are read, a
 * spinner, and when they could not be, a retry.
 */
export function PaymentsTable({
  payments,
  rows,
  canChange,
  editing,
  problems,
  years,
  saving,
  onEdit,
  onDelete,
  onSave,
  onCancel,
  onChange,
  onRowKeyDown,
}: PaymentsTableProps) {
  if (payments.isPending) {
    return <Spinner aria-label={T.loading} />;
  }
  if (!payments.data) {
    return (
      <NonIdealState
        icon="error"
        title={T.loadFailed}
        action={<Button icon="refresh" text={T.retry} onClick={() => void payments.refetch()} />}
      />
    );
  }
  if (rows.length === 0) {
    return <p className={Classes.TEXT_MUTED}>{T.none}</p>;
  }

  const isEditing = (payment: Payment) => editing?.read.paymentId === payment.paymentId;
  const actionsColumn: VirtualColumn<Payment> = {
    id: "actions",
    header: T.columns.actions,
    width: 96,
    render: (payment) => (
      <PaymentRowActions
        payment={payment}
        name={paymentName(payment)}
        isEditing={isEditing(payment)}
        blocked={editing !== null}
        saving={saving}
        onSave={onSave}
        onCancel={onCancel}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    ),
  };
  const valueColumns: VirtualColumn<Payment>[] = PAYMENT_COLUMNS.map((column) => ({
    id: column.key,
    header: column.header,
    width: column.width,
    numeric: column.numeric,
    render: (payment) =>
      editing && isEditing(payment) ? (
        <PaymentCellEditor
          column={column}
          draft={editing.draft}
          problems={problems}
          years={years}
          saving={saving}
          onChange={onChange}
          onKeyDown={onRowKeyDown}
        />
      ) : (
        column.text(payment)
      ),
  }));
  const columns = canChange ? [actionsColumn, ...valueColumns] : valueColumns;

  return (
    <>
      {editing && <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{T.rowKeys}</p>}
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(payment) => String(payment.paymentId)}
        rowAttributes={(payment) => ({
          "data-payment-id": String(payment.paymentId),
          ...(isEditing(payment) ? { "data-editing": "true" } : {}),
        })}
        ariaLabel={T.tableLabel}
        className="eris-payments-table"
      />
    </>
  );
}
