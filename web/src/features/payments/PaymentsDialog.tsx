import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";

import {
  Button,
  ButtonGroup,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../../api/errors";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { editedKeys, keepTyped } from "../../components/recordForm";
import { toast } from "../../components/toaster";
import { useLoadErrorToast } from "../../components/useLoadErrorToast";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import type { Contract, Payment } from "../../gen/eris/contracts/v1/contracts_pb";
import { PAYMENT_TEXTS } from "../contracts/contractTexts";
import { deleteDescription, PAYMENT_COLUMNS, paymentName, type PaymentColumn } from "./paymentColumns";
import {
  MonthSelect,
  PasteArea,
  PaymentDraftFields,
  PaymentTypeSelect,
  usePastedRows,
  usePaymentRights,
  useYearChoices,
  YearSelect,
} from "./PaymentControls";
import {
  AMOUNT_KEYS,
  amountApiValue,
  basisName,
  changeDraft,
  contractBasis,
  contractFactor,
  draftOf,
  draftProblems,
  emptyDraft,
  fieldsOfDraft,
  pasteRequestText,
  projectionFactor,
  sameDraftValue,
  type PaymentDraft,
} from "./paymentMath";
import { usePayments, usePaymentWriters, useReloadPayments } from "./paymentQueries";
import { PAYMENT_UI_TEXTS as T } from "./texts";

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
    <Dialog
      isOpen={isOpen}
      title={T.title}
      icon="dollar"
      className="eris-payments-dialog"
      style={{ width: DIALOG_WIDTH, maxWidth: "calc(100vw - 40px)" }}
      onClose={onClose}
    >
      {isOpen && <PaymentsBody contract={contract} onClose={onClose} />}
    </Dialog>
  );
}

/** The row being edited: the payment as read (its version goes with the save) and what is typed. */
interface RowEdit {
  read: Payment;
  draft: PaymentDraft;
  /** Problems are shown after a first try to save. */
  showProblems: boolean;
  /** Someone else's change, found on saving. */
  notice: string | null;
  /** The server's reason for refusing the values. */
  refusal: string | null;
}

type Mode = "none" | "add" | "paste";

/** Why 'Update Proj. Payments' updated nothing: someone else's change, or the server's refusal. */
interface ProjectedNote {
  text: string;
  refused: boolean;
}

function PaymentsBody({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const rights = usePaymentRights();
  const years = useYearChoices();
  const payments = usePayments(contract.contractId);
  const writers = usePaymentWriters(contract.contractId);
  const reload = useReloadPayments(contract.contractId);
  const [mode, setMode] = useState<Mode>("none");
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

  function editor(column: PaymentColumn, edit: RowEdit) {
    const common = {
      value: edit.draft[column.key],
      ariaLabel: column.header,
      invalid: !!problems[column.key],
      onChange: (value: string) => changeRow(column.key, value),
      onKeyDown: rowKeys,
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
            value={edit.draft[column.key]}
            intent={problems[column.key] ? Intent.DANGER : Intent.NONE}
            aria-invalid={problems[column.key] ? true : undefined}
            disabled={saving}
            onValueChange={(value) => changeRow(column.key, value)}
            onKeyDown={rowKeys}
          />
        );
    }
  }

  const actionsColumn: VirtualColumn<Payment> = {
    id: "actions",
    header: T.columns.actions,
    width: 96,
    render: (payment) => {
      const name = paymentName(payment);
      if (editing?.read.paymentId === payment.paymentId) {
        return (
          <ButtonGroup variant="minimal" size="small">
            <Button
              icon="tick"
              intent={Intent.PRIMARY}
              aria-label={T.saveRow(name)}
              title={`${T.save} (Enter)`}
              loading={saving}
              onClick={() => void saveRow()}
            />
            <Button
              icon="cross"
              aria-label={T.cancelRow(name)}
              title={`${T.cancel} (Escape)`}
              disabled={saving}
              onClick={closeEdit}
            />
          </ButtonGroup>
        );
      }
      const blocked = editing !== null;
      return (
        <ButtonGroup variant="minimal" size="small">
          <Button
            icon="edit"
            aria-label={T.editRow(name)}
            title={blocked ? T.oneRowAtATime : T.edit}
            disabled={blocked}
            onClick={() => startEdit(payment)}
          />
          <Button
            icon="trash"
            intent={Intent.DANGER}
            aria-label={T.deleteRow(name)}
            title={blocked ? T.oneRowAtATime : T.delete}
            disabled={blocked}
            onClick={() => setDeleting(payment)}
          />
        </ButtonGroup>
      );
    },
  };

  const valueColumns: VirtualColumn<Payment>[] = PAYMENT_COLUMNS.map((column) => ({
    id: column.key,
    header: column.header,
    width: column.width,
    numeric: column.numeric,
    render: (payment) =>
      editing?.read.paymentId === payment.paymentId ? editor(column, editing) : column.text(payment),
  }));
  const columns = rights.canChange ? [actionsColumn, ...valueColumns] : valueColumns;
  const rowProblems = Object.entries(problems).map(
    ([key, problem]) => `${PAYMENT_COLUMNS.find((column) => column.key === key)?.header}: ${problem}`,
  );

  return (
    <>
      <DialogBody className="eris-payments-body">
        <div ref={bodyRef}>
          <div className="eris-payments-toolbar">
            <span className={Classes.TEXT_MUTED}>{T.count(rows.length)}</span>
            <span className="eris-spacer" />
            {rights.canChange && (
              <>
                <Button
                  icon="add"
                  text={T.addForm}
                  active={mode === "add"}
                  aria-pressed={mode === "add"}
                  onClick={() => setMode("add")}
                />
                <Button
                  icon="clipboard"
                  text={T.pasteForm}
                  active={mode === "paste"}
                  aria-pressed={mode === "paste"}
                  onClick={() => setMode("paste")}
                />
              </>
            )}
            <span className="eris-payments-basis" data-testid="projection-basis">
              {T.basisLabel[basisText]} <span className={Classes.TEXT_MUTED}>{T.basisValue(basisText, factor)}</span>
            </span>
            {rights.canUpdateProjected && (
              <Button
                icon="calculator"
                intent={Intent.PRIMARY}
                text={PAYMENT_TEXTS.updateProjected}
                loading={writers.updateProjected.isPending}
                disabled={payments.isPending}
                onClick={() => void updateProjected()}
              />
            )}
          </div>
          {rowOpenRefused && editing && (
            <p className="eris-payment-refused" role="alert">
              {PAYMENT_TEXTS.rowOpen}
            </p>
          )}
          {projectedNote && (
            <Callout
              intent={projectedNote.refused ? Intent.DANGER : Intent.WARNING}
              role="alert"
              className={`eris-payments-note${projectedNote.refused ? " eris-payment-reason" : ""}`}
            >
              {projectedNote.text}
            </Callout>
          )}
          {mode === "add" && rights.canChange && (
            <AddPaymentForm contract={contract} years={years} onCancel={() => setMode("none")} />
          )}
          {mode === "paste" && rights.canChange && (
            <PastePaymentsForm contract={contract} onCancel={() => setMode("none")} onAdded={() => setMode("none")} />
          )}
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
          {payments.isPending ? (
            <Spinner aria-label={T.loading} />
          ) : !payments.data ? (
            <NonIdealState
              icon="error"
              title={T.loadFailed}
              action={<Button icon="refresh" text={T.retry} onClick={() => void payments.refetch()} />}
            />
          ) : rows.length === 0 ? (
            <p className={Classes.TEXT_MUTED}>{T.none}</p>
          ) : (
            <>
              {editing && <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{T.rowKeys}</p>}
              <VirtualTable
                rows={rows}
                columns={columns}
                rowKey={(payment) => String(payment.paymentId)}
                rowAttributes={(payment) => ({
                  "data-payment-id": String(payment.paymentId),
                  ...(editing?.read.paymentId === payment.paymentId ? { "data-editing": "true" } : {}),
                })}
                ariaLabel={T.tableLabel}
                className="eris-payments-table"
              />
            </>
          )}
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

interface AddPaymentFormProps {
  contract: Contract;
  years: readonly number[];
  onCancel: () => void;
}

/**
 * One payment typed in; the projected payment follows the usage and split (usage x split / 100 x
 * the contract's fee or rate, by its basis).
 */
function AddPaymentForm({ contract, years, onCancel }: AddPaymentFormProps) {
  const { create } = usePaymentWriters(contract.contractId);
  const [draft, setDraft] = useState<PaymentDraft>(emptyDraft);
  const [submitted, setSubmitted] = useState(false);
  const problems = submitted ? draftProblems(draft) : {};

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(draftProblems(draft)).length > 0 || create.isPending) {
      return;
    }
    try {
      await create.mutateAsync([fieldsOfDraft(draft)]);
      void toast.success(PAYMENT_TEXTS.added);
      setDraft(emptyDraft());
      setSubmitted(false);
    } catch (err) {
      void toast.error(hasCode(err, Code.InvalidArgument) ? serverMessage(err) : T.addFailed);
    }
  }

  return (
    <form className="eris-payment-form" aria-label={T.addTitle} onSubmit={handleSubmit} noValidate>
      <PaymentDraftFields
        idPrefix="payment-add"
        draft={draft}
        problems={problems}
        years={years}
        onChange={(key, value) => setDraft((prev) => changeDraft(prev, key, value, contractFactor(contract)))}
      />
      <div className="eris-payment-form-actions">
        <Button text={T.cancel} disabled={create.isPending} onClick={onCancel} />
        <Button type="submit" intent={Intent.PRIMARY} icon="add" text={T.addPayment} loading={create.isPending} />
      </div>
    </form>
  );
}

interface PastePaymentsFormProps {
  contract: Contract;
  onCancel: () => void;
  onAdded: () => void;
}

/** Rows pasted from a spreadsheet, previewed with recomputed projected payments, added all or none. */
function PastePaymentsForm({ contract, onCancel, onAdded }: PastePaymentsFormProps) {
  const { paste } = usePaymentWriters(contract.contractId);
  const [text, setText] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const result = usePastedRows(text, contractFactor(contract));
  const canAdd = result.rows.length > 0 && result.problems.length === 0 && !paste.isPending;

  async function add() {
    if (!canAdd) {
      return;
    }
    setRefusal(null);
    try {
      await paste.mutateAsync(pasteRequestText(result.rows));
      void toast.success(PAYMENT_TEXTS.added);
      onAdded();
    } catch (err) {
      if (hasCode(err, Code.InvalidArgument)) {
        setRefusal(serverMessage(err));
      } else {
        void toast.error(T.addFailed);
      }
    }
  }

  return (
    <section className="eris-payment-form" aria-label={T.pasteTitle}>
      <PasteArea
        id="payment-paste"
        text={text}
        result={result}
        refusal={refusal}
        disabled={paste.isPending}
        onText={(next) => {
          setText(next);
          setRefusal(null);
        }}
      />
      <div className="eris-payment-form-actions">
        <Button text={T.cancel} disabled={paste.isPending} onClick={onCancel} />
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={T.pasteAdd(result.rows.length)}
          loading={paste.isPending}
          disabled={!canAdd}
          onClick={() => void add()}
        />
      </div>
    </section>
  );
}
