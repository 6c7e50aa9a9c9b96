import { useState, type FormEvent } from "react";

import {
  Button,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  Spinner,
  Tab,
  Tabs,
} from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { failureText } from "../../api/errors";
import { ClientPager } from "../../components/ClientPager";
import { slicePage } from "../../lib/clientPaging";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DateTextInput } from "../../components/DateTextInput";
import { formatDate } from "../../lib/dateText";
import { FormError, ModalDialog } from "../../components/FormDialogParts";
import { formatDecimal } from "../../lib/numberText";
import { toast } from "../../lib/toaster";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { CapacityKind, type Account, type CapacityRecord } from "../../gen/eris/crm/v1/accounts_pb";
import { useCapacityRecords, useCapacityWriters } from "./accountQueries";
import { capacityRecordProblems, emptyCapacityForm, type CapacityForm } from "./capacityForm";
import { HISTORY_TEXTS } from "./texts";

/** The four histories, in the spec's tab order. */
const HISTORIES = [
  { kind: CapacityKind.PLC, texts: HISTORY_TEXTS.tabs.plc, key: "plc" },
  { kind: CapacityKind.NSPL, texts: HISTORY_TEXTS.tabs.nspl, key: "nspl" },
  { kind: CapacityKind.SUMMER_KW, texts: HISTORY_TEXTS.tabs.summerKw, key: "summerKw" },
  { kind: CapacityKind.WINTER_KW, texts: HISTORY_TEXTS.tabs.winterKw, key: "winterKw" },
] as const;

type History = (typeof HISTORIES)[number];

export interface HistoryDialogProps {
  account: Account;
  onClose: () => void;
}

/** Account History: the dated PLC, NSPL and registered kW values of an account, one tab each. */
export function HistoryDialog({ account, onClose }: HistoryDialogProps) {
  const [tab, setTab] = useState<History["key"]>("plc");
  return (
    <ModalDialog
      isOpen
      title={HISTORY_TEXTS.title(account.name)}
      icon="history"
      className="eris-history-dialog"
      style={{ width: 800 }}
      onClose={onClose}
    >
      <DialogBody>
        <Tabs id="account-history-tabs" selectedTabId={tab} onChange={(next) => setTab(next as History["key"])}>
          {HISTORIES.map((history) => (
            <Tab
              key={history.key}
              id={history.key}
              title={history.texts.tab}
              panel={<HistoryPanel account={account} history={history} />}
            />
          ))}
        </Tabs>
      </DialogBody>
      <DialogFooter actions={<Button text={HISTORY_TEXTS.close} onClick={onClose} />} />
    </ModalDialog>
  );
}

interface HistoryPanelProps {
  account: Account;
  history: History;
}

function HistoryPanel({ account, history }: HistoryPanelProps) {
  const { kind, texts } = history;
  const records = useCapacityRecords(account.accountId, kind);
  const { create, remove } = useCapacityWriters(account, kind);
  const [form, setForm] = useState<CapacityForm>(emptyCapacityForm);
  const [submitted, setSubmitted] = useState(false);
  const [deleting, setDeleting] = useState<CapacityRecord | null>(null);
  const [page, setPage] = useState(1);
  useLoadErrorToast(records, HISTORY_TEXTS.failed);
  const slice = slicePage(records.data ?? [], page);

  const check = capacityRecordProblems(form);
  const shown = submitted ? check.problems : { dates: check.problems.dates };
  const id = (field: string) => `history-${history.key}-${field}`;

  function set(key: keyof CapacityForm, value: string) {
    setForm((prev) => ({ ...prev, [key]: value }));
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!check.record || create.isPending) {
      return;
    }
    try {
      await create.mutateAsync(check.record);
      void toast.success(HISTORY_TEXTS.updated(texts.saved));
      setForm(emptyCapacityForm());
      setSubmitted(false);
    } catch (err) {
      void toast.error(failureText(err, HISTORY_TEXTS.failed, Code.InvalidArgument));
    }
  }

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await remove.mutateAsync(deleting.capacityRecordId);
      void toast.success(HISTORY_TEXTS.deleted);
    } catch (err) {
      void toast.error(failureText(err, HISTORY_TEXTS.failed, Code.InvalidArgument));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <div className="eris-history-panel">
      {records.isPending ? (
        <Spinner size={24} />
      ) : !records.data || records.data.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{records.isError ? HISTORY_TEXTS.failed : HISTORY_TEXTS.empty(texts.tab)}</p>
      ) : (
        <>
          <div className="eris-history-table-wrap">
            <HTMLTable compact striped className="eris-table" aria-label={HISTORY_TEXTS.tableLabel(texts.tab)}>
              <thead>
                <tr>
                  <th className="eris-numeric">{texts.tab}</th>
                  <th>{HISTORY_TEXTS.startDate}</th>
                  <th>{HISTORY_TEXTS.endDate}</th>
                  <th>
                    <span className={Classes.TEXT_MUTED}>{HISTORY_TEXTS.delete}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {slice.rows.map((record) => (
                  <tr key={String(record.capacityRecordId)} data-record-id={String(record.capacityRecordId)}>
                    <td className="eris-numeric">{formatDecimal(record.value)}</td>
                    <td>{formatDate(record.startDate)}</td>
                    <td>{formatDate(record.endDate)}</td>
                    <td>
                      <Button
                        size="small"
                        variant="minimal"
                        icon="trash"
                        intent={Intent.DANGER}
                        aria-label={HISTORY_TEXTS.delete}
                        title={HISTORY_TEXTS.delete}
                        onClick={() => setDeleting(record)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          <ClientPager slice={slice} label={HISTORY_TEXTS.tableLabel(texts.tab)} onPage={setPage} />
        </>
      )}
      <form
        className="eris-history-form"
        onSubmit={handleSubmit}
        noValidate
        aria-label={HISTORY_TEXTS.addRecord(texts.tab)}
      >
        <FormGroup
          label={texts.tab}
          labelFor={id("value")}
          intent={shown.value ? Intent.DANGER : Intent.NONE}
          helperText={shown.value}
        >
          <InputGroup
            id={id("value")}
            inputMode="decimal"
            value={form.value}
            intent={shown.value ? Intent.DANGER : Intent.NONE}
            onValueChange={(value) => set("value", value)}
          />
        </FormGroup>
        <DateTextInput
          id={id("start")}
          label={HISTORY_TEXTS.startDate}
          value={form.startDate}
          onValueChange={(value) => set("startDate", value)}
        />
        <DateTextInput
          id={id("end")}
          label={HISTORY_TEXTS.endDate}
          value={form.endDate}
          onValueChange={(value) => set("endDate", value)}
        />
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="add"
          className="eris-history-add"
          text={HISTORY_TEXTS.addRecord(texts.tab)}
          loading={create.isPending}
        />
      </form>
      <FormError message={shown.dates ?? shown.startDate ?? shown.endDate ?? null} />
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={HISTORY_TEXTS.delete}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{HISTORY_TEXTS.deleteConfirm}</p>
      </ConfirmDialog>
    </div>
  );
}
