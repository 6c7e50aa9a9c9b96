import { useState, type FormEvent } from "react";

import {
  Button,
  ButtonGroup,
  Card,
  Classes,
  FormGroup,
  H5,
  Intent,
  NonIdealState,
  SegmentedControl,
  Spinner,
} from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../../api/errors";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import type { Contract, Payment, PaymentTotals } from "../../gen/eris/contracts/v1/contracts_pb";
import { formatDollars, formatVolume } from "../../lib/records/paymentFormat";
import { basisName, contractBasis, projectionFactor } from "../../lib/records/projectionBasis";
import { toast } from "../../lib/toaster";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { EditPaymentDialog } from "./EditPaymentDialog";
import { deleteDescription, PAYMENT_COLUMNS, paymentName } from "./paymentColumns";
import { PasteArea, PaymentDraftFields, useYearChoices } from "./PaymentControls";
import { changeDraft, draftProblems, emptyDraft, fieldsOfDraft, type PaymentDraft } from "./paymentMath";
import { pasteReady, usePastePreview, usePayments, usePaymentWriters } from "./paymentQueries";
import { PAYMENT_TEXTS, PAYMENT_UI_TEXTS as T } from "./texts";

import "./payments.css";

export interface BetaPaymentsPanelProps {
  contract: Contract;
  /** Edit, delete and add payments (not Sales). */
  canEdit: boolean;
}

/**
 * The beta View Contract's Payments tab: projected and actual totals, the contract's projection
 * basis, the payments with edit and delete, and 'Add Payment(s)': one row typed or rows pasted,
 * whose projected payments are usage x (split / 100) x the contract's rate or fee, by its basis
 * (the rate for contracts made on this tab), saved with Add Payment (or Add N Payments when pasted).
 */
export function BetaPaymentsPanel({ contract, canEdit }: BetaPaymentsPanelProps) {
  const payments = usePayments(contract.contractId);
  const { remove } = usePaymentWriters(contract.contractId);
  const years = useYearChoices();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Payment | null>(null);
  const [deleting, setDeleting] = useState<Payment | null>(null);
  useLoadErrorToast(payments, T.loadFailed);

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await remove.mutateAsync(deleting);
      void toast.success(T.deleted);
    } catch {
      void toast.error(T.deleteFailed);
    } finally {
      setDeleting(null);
    }
  }

  const actionsColumn: VirtualColumn<Payment> = {
    id: "actions",
    header: T.columns.actions,
    width: 96,
    render: (payment) => (
      <ButtonGroup variant="minimal" size="small">
        <Button
          icon="edit"
          aria-label={T.editRow(paymentName(payment))}
          title={T.edit}
          onClick={() => setEditing(payment)}
        />
        <Button
          icon="trash"
          intent={Intent.DANGER}
          aria-label={T.deleteRow(paymentName(payment))}
          title={T.delete}
          onClick={() => setDeleting(payment)}
        />
      </ButtonGroup>
    ),
  };
  const valueColumns: VirtualColumn<Payment>[] = PAYMENT_COLUMNS.map((column) => ({
    id: column.key,
    header: column.header,
    width: column.width,
    numeric: column.numeric,
    render: column.text,
  }));
  const rows = payments.data?.payments ?? [];
  const basis = contractBasis(contract);
  const basisText = basisName(basis);

  return (
    <div className="eris-beta-payments">
      <div className="eris-payment-totals">
        <TotalsCard title={T.projectedTotals} totals={payments.data?.projected} />
        <TotalsCard title={T.actualTotals} totals={payments.data?.actual} />
      </div>
      <div className="eris-payments-toolbar">
        <span className={Classes.TEXT_MUTED}>{T.count(rows.length)}</span>
        <span className="eris-payments-basis" data-testid="projection-basis">
          {T.basisLabel[basisText]}{" "}
          <span className={Classes.TEXT_MUTED}>{T.basisValue(basisText, projectionFactor(basis, contract))}</span>
        </span>
        <span className="eris-spacer" />
        {canEdit && (
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text={T.addPayments}
            active={adding}
            aria-expanded={adding}
            onClick={() => setAdding(true)}
          />
        )}
      </div>
      {canEdit && adding && <AddPaymentsForm contract={contract} years={years} onDone={() => setAdding(false)} />}
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
        <VirtualTable
          rows={rows}
          columns={canEdit ? [actionsColumn, ...valueColumns] : valueColumns}
          rowKey={(payment) => String(payment.paymentId)}
          rowAttributes={(payment) => ({ "data-payment-id": String(payment.paymentId) })}
          ariaLabel={T.tableLabel}
          className="eris-payments-table"
        />
      )}
      {editing && (
        <EditPaymentDialog contract={contract} payment={editing} years={years} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={T.delete}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{PAYMENT_TEXTS.deleteConfirm}</p>
        {deleting && <p className="eris-payment-delete-what">{deleteDescription(deleting)}</p>}
      </ConfirmDialog>
    </div>
  );
}

/** Annual and term volume and revenue; volumes with thousands separators, revenues as US dollars. */
function TotalsCard({ title, totals }: { title: string; totals: PaymentTotals | undefined }) {
  const L = T.totals;
  const items = [
    [L.annualVolume, formatVolume(totals?.annualVolume ?? "")],
    [L.annualRevenue, formatDollars(totals?.annualRevenue ?? "")],
    [L.termVolume, formatVolume(totals?.termVolume ?? "")],
    [L.termRevenue, formatDollars(totals?.termRevenue ?? "")],
  ] as const;
  return (
    <Card compact role="group" aria-label={title}>
      <H5>{title}</H5>
      <dl>
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || "—"}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

type Entry = "row" | "paste";

interface AddPaymentsFormProps {
  contract: Contract;
  years: readonly number[];
  onDone: () => void;
}

/**
 * Add Payment(s): a single row or a copy/paste area, whose submit button says what it does: Add
 * Payment, or Add N Payments for the rows pasted (the spec's 'Update Payment(s)' does nothing, so
 * it cannot name a button that adds).
 */
function AddPaymentsForm({ contract, years, onDone }: AddPaymentsFormProps) {
  const { create, paste } = usePaymentWriters(contract.contractId);
  const [entry, setEntry] = useState<Entry>("row");
  const [draft, setDraft] = useState<PaymentDraft>(emptyDraft);
  const [submitted, setSubmitted] = useState(false);
  const [text, setText] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const basis = contractBasis(contract);
  const factor = projectionFactor(basis, contract);
  const pasted = usePastePreview(contract.contractId, text);
  const busy = create.isPending || paste.isPending;
  const problems = submitted ? draftProblems(draft) : {};
  const canSave = !busy && (entry === "row" || (pasteReady(pasted) && refusal === null));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!canSave) {
      return;
    }
    if (entry === "row" && Object.keys(draftProblems(draft)).length > 0) {
      return;
    }
    setRefusal(null);
    try {
      if (entry === "row") {
        await create.mutateAsync([fieldsOfDraft(draft)]);
      } else {
        await paste.mutateAsync(text);
      }
      void toast.success(PAYMENT_TEXTS.added);
      onDone();
    } catch (err) {
      if (hasCode(err, Code.InvalidArgument)) {
        setRefusal(serverMessage(err));
      } else {
        void toast.error(T.addFailed);
      }
    }
  }

  return (
    <form className="eris-payment-form" aria-label={T.addPayments} onSubmit={handleSubmit} noValidate>
      <p className={Classes.TEXT_MUTED}>{T.factorNote(basisName(basis), factor)}</p>
      <FormGroup label={T.entryMode} inline>
        <SegmentedControl
          aria-label={T.entryMode}
          value={entry}
          options={[
            { value: "row", label: T.singleRow },
            { value: "paste", label: T.copyPaste },
          ]}
          onValueChange={(value) => {
            setEntry(value as Entry);
            setRefusal(null);
          }}
        />
      </FormGroup>
      {entry === "row" ? (
        <>
          <PaymentDraftFields
            idPrefix="beta-payment-add"
            draft={draft}
            problems={problems}
            years={years}
            onChange={(key, value) => {
              setDraft((prev) => changeDraft(prev, key, value, factor));
              setRefusal(null);
            }}
          />
          {refusal && (
            <p className="eris-payment-refused eris-payment-reason" role="alert">
              {refusal}
            </p>
          )}
        </>
      ) : (
        <PasteArea
          id="beta-payment-paste"
          text={text}
          result={pasted}
          refusal={refusal}
          disabled={busy}
          onText={(next) => {
            setText(next);
            setRefusal(null);
          }}
        />
      )}
      <div className="eris-payment-form-actions">
        <Button text={T.cancel} disabled={busy} onClick={onDone} />
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="add"
          text={entry === "row" ? T.addPayment : T.pasteAdd(pasted.rows.length)}
          loading={busy}
          disabled={!canSave}
        />
      </div>
    </form>
  );
}
