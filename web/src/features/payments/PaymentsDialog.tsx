import { useEffect, useRef, useState, type KeyboardEvent } from "react";

import { Button, DialogBody, DialogFooter } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../../api/errors";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ModalDialog } from "../../components/FormDialogParts";
import type { Contract, Payment } from "../../gen/eris/contracts/v1/contracts_pb";
import { editedKeys, keepTyped } from "../../lib/recordForm";
import { amountApiValue } from "../../lib/records/paymentFormat";
import { basisName, contractBasis, projectionFactor } from "../../lib/records/projectionBasis";
import { toast } from "../../lib/toaster";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { deleteDescription, PAYMENT_COLUMNS, paymentName } from "./paymentColumns";
import { usePaymentRights, useYearChoices } from "./PaymentControls";
import { AddPaymentForm, PastePaymentsForm } from "./PaymentEntryForms";
import {
  AMOUNT_KEYS,
  changeDraft,
  draftOf,
  draftProblems,
  emptyDraft,
  fieldsOfDraft,
  sameDraftValue,
  type PaymentDraft,
} from "./paymentMath";
import { usePayments, usePaymentWriters, useReloadPayments } from "./paymentQueries";
import { RowNotes, type RowEdit } from "./PaymentRowEditor";
import { PaymentsTable } from "./PaymentsTable";
import { PaymentsToolbar, ProjectedNotes, type PaymentsMode, type ProjectedNote } from "./PaymentsToolbar";
import { PAYMENT_TEXTS, PAYMENT_UI_TEXTS as T } from "./texts";

/** The spec's widest dialog (section 9): ten columns and the row actions fit side by side. */
const DIALOG_WIDTH = 1400;
const DRAFT_KEYS = Object.keys(emptyDraft()) as (keyof PaymentDraft)[];

export interface PaymentsDialogProps {
  contract: Contract;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The payments of one contract (lead contracts screen): a table whose rows are edited one at a time
 * in place, an add form, a paste form, and for Management and Admin 'Update Proj. Payments'. Sales
 * see the table only. Projected payments go by the contract's projection basis (its fee or its
 * rate, whichever screen made it), which the toolbar names.
 */
export function PaymentsDialog({ contract, isOpen, onClose }: PaymentsDialogProps) {
  return (
    <ModalDialog
      isOpen={isOpen}
      title={T.title}
      icon="dollar"
      className="eris-payments-dialog"
      style={{ width: DIALOG_WIDTH, maxWidth: "calc(100vw - 40px)" }}
      onClose={onClose}
    >
      {isOpen && <PaymentsBody contract={contract} onClose={onClose} />}
    </ModalDialog>
  );
}

function PaymentsBody({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const rights = usePaymentRights();
  const years = useYearChoices();
  const payments = usePayments(contract.contractId);
  const writers = usePaymentWriters(contract.contractId);
  const reload = useReloadPayments(contract.contractId);
  const [mode, setMode] = useState<PaymentsMode>("none");
  const [editing, setEditing] = useState<RowEdit | null>(null);
  const [rowOpenRefused, setRowOpenRefused] = useState(false);
  const [projectedNote, setProjectedNote] = useState<ProjectedNote | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Payment | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<bigint | null>(null);
  useLoadErrorToast(payments, T.loadFailed);

  const rows = payments.data?.payments ?? [];
  const basis = contractBasis(contract);
  const factor = projectionFactor(basis, contract);
  const basisText = basisName(basis);

  function closeEdit() {
    returnFocus.current = editing?.read.paymentId ?? null;
    setEditing(null);
    setRowOpenRefused(false);
  }

  // A closed row gives the keyboard back to its Edit button (its Save and Cancel buttons are gone).
  useEffect(() => {
    const paymentId = returnFocus.current;
    if (editing || paymentId === null) {
      return;
    }
    returnFocus.current = null;
    bodyRef.current?.querySelector<HTMLButtonElement>(`tr[data-payment-id="${paymentId}"] button`)?.focus();
  }, [editing]);

  function startEdit(payment: Payment) {
    setNote(null);
    setEditing({ read: payment, draft: draftOf(payment), showProblems: false, notice: null, refusal: null });
  }

  function changeRow(key: keyof PaymentDraft, value: string) {
    setEditing((prev) => prev && { ...prev, draft: changeDraft(prev.draft, key, value, factor) });
  }

  async function saveRow() {
    if (!editing || writers.update.isPending) {
      return;
    }
    const { read, draft } = editing;
    if (Object.keys(draftProblems(draft)).length > 0) {
      setEditing({ ...editing, showProblems: true });
      return;
    }
    try {
      await writers.update.mutateAsync({ read, fields: fieldsOfDraft(draft) });
      void toast.success(PAYMENT_TEXTS.updated);
      closeEdit();
    } catch (err) {
      if (hasCode(err, Code.Aborted)) {
        await rereadRow(read);
      } else if (hasCode(err, Code.NotFound)) {
        closeEdit();
        setNote(T.gone(paymentName(read)));
        void reload().catch(() => undefined);
      } else if (hasCode(err, Code.InvalidArgument, Code.FailedPrecondition)) {
        const refusal = serverMessage(err);
        setEditing((prev) => prev && { ...prev, refusal });
      } else {
        void toast.error(T.saveFailed);
      }
    }
  }

  /**
   * After a stale save: the payment as stored now becomes the version the next save carries; the
   * fields typed keep what was typed, the others show the stored values, and the note says what the
   * other person stored.
   */
  async function rereadRow(read: Payment) {
    let fresh: Payment | undefined;
    try {
      fresh = (await reload()).payments.find((payment) => payment.paymentId === read.paymentId);
    } catch {
      void toast.error(T.loadFailed);
      return;
    }
    if (!fresh) {
      closeEdit();
      setNote(T.gone(paymentName(read)));
      return;
    }
    const stored = fresh;
    const before = draftOf(read);
    const after = draftOf(stored);
    const theirs = PAYMENT_COLUMNS.filter((column) => !sameDraftValue(column.key, before, after))
      .map((column) => `${column.header} ${column.text(stored) || "empty"}`)
      .join(", ");
    setEditing((prev) => {
      if (!prev || prev.read.paymentId !== stored.paymentId) {
        return prev;
      }
      const typed = editedKeys(DRAFT_KEYS, before, prev.draft, (form, key) => comparable(form, key));
      return {
        ...prev,
        read: stored,
        draft: keepTyped(after, prev.draft, typed),
        refusal: null,
        notice: T.stale(paymentName(stored), theirs),
      };
    });
  }

  function rowKeys(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      void saveRow();
    } else if (event.key === "Escape") {
      // Escape closes the row, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      closeEdit();
    }
  }

  /**
   * The server recomputes every payment read by the contract's basis and its fee or rate as stored
   * now; only ids and versions are sent.
   */
  async function updateProjected() {
    setProjectedNote(null);
    if (editing) {
      setRowOpenRefused(true);
      return;
    }
    if (rows.length === 0) {
      void toast.info(T.projectedNone);
      return;
    }
    try {
      const answer = await writers.updateProjected.mutateAsync(rows);
      void toast.success(T.projectedUpdated(answer.payments.length));
    } catch (err) {
      if (hasCode(err, Code.Aborted)) {
        setProjectedNote({ text: T.projectedStale, refused: false });
        void reload().catch(() => undefined);
      } else if (hasCode(err, Code.InvalidArgument, Code.FailedPrecondition)) {
        setProjectedNote({ text: serverMessage(err), refused: true });
      } else {
        void toast.error(T.projectedFailed);
      }
    }
  }

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await writers.remove.mutateAsync(deleting);
      void toast.success(T.deleted);
    } catch {
      void toast.error(T.deleteFailed);
    } finally {
      setDeleting(null);
    }
  }

  const saving = writers.update.isPending;
  const problems = editing?.showProblems ? draftProblems(editing.draft) : {};

  return (
    <>
      <DialogBody className="eris-payments-body">
        <div ref={bodyRef}>
          <PaymentsToolbar
            count={rows.length}
            rights={rights}
            mode={mode}
            onMode={setMode}
            basisText={basisText}
            factor={factor}
            updating={writers.updateProjected.isPending}
            loading={payments.isPending}
            onUpdateProjected={() => void updateProjected()}
          />
          <ProjectedNotes rowOpenRefused={rowOpenRefused && editing !== null} note={projectedNote} />
          {mode === "add" && rights.canChange && (
            <AddPaymentForm contract={contract} years={years} onCancel={() => setMode("none")} />
          )}
          {mode === "paste" && rights.canChange && (
            <PastePaymentsForm contract={contract} onCancel={() => setMode("none")} onAdded={() => setMode("none")} />
          )}
          <RowNotes note={note} editing={editing} problems={problems} />
          <PaymentsTable
            payments={payments}
            rows={rows}
            canChange={rights.canChange}
            editing={editing}
            problems={problems}
            years={years}
            saving={saving}
            onEdit={startEdit}
            onDelete={setDeleting}
            onSave={() => void saveRow()}
            onCancel={closeEdit}
            onChange={changeRow}
            onRowKeyDown={rowKeys}
          />
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text={T.close} onClick={onClose} />} />
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={T.delete}
        loading={writers.remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{PAYMENT_TEXTS.deleteConfirm}</p>
        {deleting && <p className="eris-payment-delete-what">{deleteDescription(deleting)}</p>}
      </ConfirmDialog>
    </>
  );
}

/** A field as it would be stored, so "7.50" and "7.5" are no change. */
function comparable(form: PaymentDraft, key: keyof PaymentDraft): string {
  return (AMOUNT_KEYS as readonly string[]).includes(key) ? amountApiValue(form[key]) : form[key];
}
