import { useState, type FormEvent } from "react";

import {
  Button,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../../api/errors";
import { ClientPager } from "../../components/ClientPager";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DatePickerInput } from "../../components/DatePickerInput";
import { ModalDialog } from "../../components/FormDialogParts";
import type { Contract, DrPayment } from "../../gen/eris/contracts/v1/contracts_pb";
import { slicePage } from "../../lib/clientPaging";
import { DATE_PLACEHOLDER, formatDate, parseDateText } from "../../lib/dateText";
import { formatDollars, parseAmountText } from "../../lib/records/paymentFormat";
import { toast } from "../../lib/toaster";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { usePaymentRights } from "./PaymentControls";
import { useDrPayments, useDrPaymentWriters, type DrPaymentInit } from "./paymentQueries";
import { DR_PERIODS, PAYMENT_TEXTS, DR_PAYMENT_TEXTS as T } from "./texts";

import "./payments.css";

export interface DrPaymentsDialogProps {
  contract: Contract;
  isOpen: boolean;
  onClose: () => void;
}

/** DR Payment History of a DR contract: amounts paid by period, added and deleted (not by Sales). */
export function DrPaymentsDialog({ contract, isOpen, onClose }: DrPaymentsDialogProps) {
  return (
    <ModalDialog
      isOpen={isOpen}
      title={T.title}
      icon="history"
      style={{ width: 800, maxWidth: "calc(100vw - 40px)" }}
      onClose={onClose}
    >
      {isOpen && <DrPaymentsBody contract={contract} onClose={onClose} />}
    </ModalDialog>
  );
}

interface DrForm {
  amount: string;
  date: string;
  period: string;
}

const emptyForm = (): DrForm => ({ amount: "", date: "", period: "" });

/** The record a form makes, or what is wrong with each field. */
function checkForm(form: DrForm): { record?: DrPaymentInit; problems: Partial<Record<keyof DrForm, string>> } {
  const problems: Partial<Record<keyof DrForm, string>> = {};
  const amount = parseAmountText(form.amount);
  if (amount.kind === "empty") {
    problems.amount = T.amountRequired;
  } else if (amount.kind === "invalid") {
    problems.amount = T.amountInvalid;
  }
  const date = parseDateText(form.date);
  if (date.kind === "empty") {
    problems.date = T.dateRequired;
  } else if (date.kind === "invalid") {
    problems.date = T.dateInvalid;
  }
  if (form.period === "") {
    problems.period = T.periodRequired;
  }
  if (amount.kind !== "number" || date.kind !== "date" || form.period === "") {
    return { problems };
  }
  return { record: { amount: amount.value, date: date.date, period: form.period }, problems };
}

function DrPaymentsBody({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { canChange } = usePaymentRights();
  const records = useDrPayments(contract.contractId);
  const { create, remove } = useDrPaymentWriters(contract.contractId);
  const [form, setForm] = useState<DrForm>(emptyForm);
  const [submitted, setSubmitted] = useState(false);
  const [deleting, setDeleting] = useState<DrPayment | null>(null);
  const [page, setPage] = useState(1);
  useLoadErrorToast(records, T.loadFailed);

  const check = checkForm(form);
  const problems = submitted ? check.problems : {};
  const set = (key: keyof DrForm, value: string) => setForm((prev) => ({ ...prev, [key]: value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!check.record || create.isPending) {
      return;
    }
    try {
      await create.mutateAsync(check.record);
      void toast.success(PAYMENT_TEXTS.drHistoryAdded);
      setForm(emptyForm());
      setSubmitted(false);
    } catch (err) {
      void toast.error(hasCode(err, Code.InvalidArgument) ? serverMessage(err) : T.addFailed);
    }
  }

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

  const list = records.data ?? [];
  const slice = slicePage(list, page);
  return (
    <>
      <DialogBody>
        {records.isPending ? (
          <Spinner aria-label={T.loading} />
        ) : !records.data ? (
          <NonIdealState icon="error" title={T.loadFailed} />
        ) : list.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{T.none}</p>
        ) : (
          <div className="eris-dr-table-wrap">
            <HTMLTable compact striped className="eris-table" aria-label={T.tableLabel}>
              <thead>
                <tr>
                  <th className="eris-numeric">{T.amount}</th>
                  <th>{T.date}</th>
                  <th>{T.period}</th>
                  {canChange && (
                    <th>
                      <span className={Classes.TEXT_MUTED}>{T.delete}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {slice.rows.map((record) => (
                  <tr key={String(record.drPaymentId)} data-dr-payment-id={String(record.drPaymentId)}>
                    <td className="eris-numeric">{formatDollars(record.amount)}</td>
                    <td>{formatDate(record.date)}</td>
                    <td>{record.period}</td>
                    {canChange && (
                      <td>
                        <Button
                          size="small"
                          variant="minimal"
                          icon="trash"
                          intent={Intent.DANGER}
                          aria-label={T.deleteRow(formatDollars(record.amount), formatDate(record.date))}
                          title={T.delete}
                          onClick={() => setDeleting(record)}
                        />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <ClientPager slice={slice} label={T.tableLabel} onPage={setPage} />
          </div>
        )}
        {canChange && (
          <form className="eris-dr-form" aria-label={T.addLabel} onSubmit={handleSubmit} noValidate>
            <FormGroup
              label={T.amount}
              labelFor="dr-amount"
              intent={problems.amount ? Intent.DANGER : Intent.NONE}
              helperText={problems.amount}
            >
              <InputGroup
                id="dr-amount"
                inputMode="decimal"
                leftIcon="dollar"
                value={form.amount}
                intent={problems.amount ? Intent.DANGER : Intent.NONE}
                aria-invalid={problems.amount ? true : undefined}
                onValueChange={(value) => set("amount", value)}
              />
            </FormGroup>
            <FormGroup
              label={T.date}
              labelFor="dr-date"
              intent={problems.date ? Intent.DANGER : Intent.NONE}
              helperText={problems.date}
            >
              <DatePickerInput
                id="dr-date"
                value={form.date}
                placeholder={DATE_PLACEHOLDER}
                maxLength={10}
                intent={problems.date ? Intent.DANGER : Intent.NONE}
                invalid={!!problems.date}
                onValueChange={(value) => set("date", value)}
              />
            </FormGroup>
            <FormGroup
              label={T.period}
              labelFor="dr-period"
              intent={problems.period ? Intent.DANGER : Intent.NONE}
              helperText={problems.period}
            >
              <HTMLSelect
                id="dr-period"
                value={form.period}
                aria-invalid={problems.period ? true : undefined}
                options={[{ value: "", label: T.choose }, ...DR_PERIODS]}
                onChange={(event) => set("period", event.currentTarget.value)}
              />
            </FormGroup>
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              icon="add"
              className="eris-dr-add"
              text={T.add}
              loading={create.isPending}
            />
          </form>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={T.close} onClick={onClose} />} />
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={T.delete}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{PAYMENT_TEXTS.drDeleteConfirm}</p>
      </ConfirmDialog>
    </>
  );
}
