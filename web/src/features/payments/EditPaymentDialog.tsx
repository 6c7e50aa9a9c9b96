import type { Contract, Payment } from "../../gen/eris/contracts/v1/contracts_pb";
import { RecordDialog } from "../../components/RecordDialog";
import { useRecordForm } from "../../lib/recordForm";
import { PAYMENT_TEXTS, PAYMENT_UI_TEXTS as T } from "./texts";
import { PaymentDraftFields } from "./PaymentControls";
import { changeDraft, draftOf, draftProblems, emptyDraft, fieldsOfDraft, PAYMENT_FIELD_PATHS } from "./paymentMath";
import { contractFactor } from "../../lib/records/projectionBasis";
import { usePaymentWriters, useReloadPayments } from "./paymentQueries";

export interface EditPaymentDialogProps {
  contract: Contract;
  payment: Payment;
  years: readonly number[];
  onClose: () => void;
}

/**
 * Edit Payment (beta Payments tab): every field of one payment, saved with the version read. The
 * projected payment follows the usage and split by the contract's basis. When someone else changed
 * it meanwhile, it is read again and what was typed is kept.
 */
export function EditPaymentDialog({ contract, payment, years, onClose }: EditPaymentDialogProps) {
  const form = useRecordForm(payment, draftOf, emptyDraft, PAYMENT_FIELD_PATHS);
  const { update } = usePaymentWriters(contract.contractId);
  const reload = useReloadPayments(contract.contractId);
  const problems = draftProblems(form.fields);
  const canSave = Object.keys(problems).length === 0 && (form.changes?.paths.length ?? 0) > 0 && !form.saving;

  async function save() {
    await form.save({
      create: () => Promise.reject(new Error("Edit Payment only updates")),
      // UpdatePayment replaces the whole payment: every field goes, as typed.
      update: (current) => update.mutateAsync({ read: current, fields: fieldsOfDraft(form.fields) }),
      reload: async (current) => (await reload()).payments.find((stored) => stored.paymentId === current.paymentId),
      texts: {
        updated: PAYMENT_TEXTS.updated,
        addFailed: T.saveFailed,
        updateFailed: T.saveFailed,
        loadFailed: T.loadFailed,
      },
      onSaved: onClose,
    });
  }

  return (
    <RecordDialog
      title={T.editTitle}
      icon="edit"
      width={800}
      form={form}
      canSave={canSave}
      cancelText={T.cancel}
      saveText={T.save}
      onSave={save}
      onClose={onClose}
    >
      <PaymentDraftFields
        idPrefix="payment-edit"
        draft={form.fields}
        problems={problems}
        years={years}
        onChange={(key, value) => {
          const next = changeDraft(form.fields, key, value, contractFactor(contract));
          form.set(key, value);
          if (next.projectedPayment !== form.fields.projectedPayment) {
            form.set("projectedPayment", next.projectedPayment);
          }
        }}
      />
    </RecordDialog>
  );
}
