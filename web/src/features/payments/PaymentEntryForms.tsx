import { useState, type FormEvent } from "react";

import { Button, Intent } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../../api/errors";
import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import { contractFactor } from "../../lib/records/projectionBasis";
import { toast } from "../../lib/toaster";
import { PasteArea, PaymentDraftFields } from "./PaymentControls";
import { changeDraft, draftProblems, emptyDraft, fieldsOfDraft, type PaymentDraft } from "./paymentMath";
import { pasteReady, usePastePreview, usePaymentWriters } from "./paymentQueries";
import { PAYMENT_TEXTS, PAYMENT_UI_TEXTS as T } from "./texts";

export interface AddPaymentFormProps {
  contract: Contract;
  years: readonly number[];
  onCancel: () => void;
}

/**
 * One payment typed in; the projected payment follows the usage and split (usage x split / 100 x
 * the contract's fee or rate, by its basis).
 */
export function AddPaymentForm({ contract, years, onCancel }: AddPaymentFormProps) {
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

export interface PastePaymentsFormProps {
  contract: Contract;
  onCancel: () => void;
  onAdded: () => void;
}

/** Rows pasted from a spreadsheet, previewed with recomputed projected payments, added all or none. */
export function PastePaymentsForm({ contract, onCancel, onAdded }: PastePaymentsFormProps) {
  const { paste } = usePaymentWriters(contract.contractId);
  const [text, setText] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const result = usePastePreview(contract.contractId, text);
  const canAdd = pasteReady(result) && !paste.isPending;

  async function add() {
    if (!canAdd) {
      return;
    }
    setRefusal(null);
    try {
      await paste.mutateAsync(text);
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
