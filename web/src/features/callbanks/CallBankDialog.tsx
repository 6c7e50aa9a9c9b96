import { useState, type FormEvent } from "react";

import { DialogBody, FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { serverMessage } from "../../api/errors";
import { DueDateField } from "../../components/DueDateField";
import { FormNotice, ModalDialog, SubmitFooter } from "../../components/FormDialogParts";
import { UserOptions } from "../../components/UserOptions";
import type { CallBank } from "../../gen/eris/crm/v1/call_banks_pb";
import type { User } from "../../gen/eris/identity/v1/identity_pb";
import { saveWithToasts } from "../../lib/saveWithToasts";
import {
  callBankChangedPaths,
  callBankFieldErrors,
  callBankFieldsOf,
  callBankValuesOf,
  emptyCallBankFields,
  REP_TYPES,
  SERVICE_TYPES,
  type CallBankFields,
} from "./callBankForm";
import { useCreateCallBank, useUpdateCallBank } from "./callBankQueries";
import { CALL_BANK_TEXTS } from "./texts";

/** The call bank dialog is 800 px wide (spec section 9). */
export const CALL_BANK_DIALOG_WIDTH = 800;

export interface CallBankDialogProps {
  /** The call bank to edit; absent to add one. */
  callBank?: CallBank;
  /** The users who may be assigned (active users). */
  users: readonly User[];
  nameOf: (userId: bigint) => string;
  onClose: () => void;
}

interface ChoiceFieldProps {
  id: string;
  label: string;
  value: string;
  choices: readonly string[];
  invalid: boolean;
  onChange: (value: string) => void;
}

/** A required choice from a fixed list; a stored value not in the list stays selectable. */
function ChoiceField({ id, label, value, choices, invalid, onChange }: ChoiceFieldProps) {
  return (
    <FormGroup label={label} labelFor={id} labelInfo="(required)" intent={invalid ? Intent.DANGER : Intent.NONE}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {value === "" && <option value="">{CALL_BANK_TEXTS.choose}</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
        {value !== "" && !choices.includes(value) && <option value={value}>{value}</option>}
      </HTMLSelect>
    </FormGroup>
  );
}

/** Add Call Bank / Edit Call Bank: name, service type, assignee, rep type and due date (MM/DD/YYYY). */
export function CallBankDialog({ callBank, users, nameOf, onClose }: CallBankDialogProps) {
  const createCallBank = useCreateCallBank();
  const updateCallBank = useUpdateCallBank();
  const [fields, setFields] = useState<CallBankFields>(() =>
    callBank ? callBankFieldsOf(callBank) : emptyCallBankFields(),
  );
  const [showErrors, setShowErrors] = useState(false);
  const [dueTouched, setDueTouched] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = createCallBank.isPending || updateCallBank.isPending;

  const errors = callBankFieldErrors(fields);
  const values = callBankValuesOf(fields);
  const paths = callBank && values ? callBankChangedPaths(callBank, values) : null;
  const canSave = !busy && (!paths || paths.length > 0);
  const dueInvalid = errors.dueDate === true && (showErrors || (dueTouched && fields.dueDate.trim() !== ""));

  function set<K extends keyof CallBankFields>(key: K, value: CallBankFields[K]) {
    setFields((prev) => ({ ...prev, [key]: value }));
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) {
      return;
    }
    if (!values) {
      setShowErrors(true);
      return;
    }
    const detailCodes = [Code.InvalidArgument];
    if (!callBank) {
      await saveWithToasts(
        () => createCallBank.mutateAsync(values),
        { done: CALL_BANK_TEXTS.callBankAdded, failed: CALL_BANK_TEXTS.addFailed, detailCodes },
        onClose,
      );
      return;
    }
    if (!paths) {
      return;
    }
    await saveWithToasts(
      () => updateCallBank.mutateAsync({ callBank, values, paths }),
      { done: CALL_BANK_TEXTS.callBankUpdated, failed: CALL_BANK_TEXTS.updateFailed, detailCodes },
      onClose,
      // Someone else changed it: the list reloads; the dialog must be reopened on the stored values.
      (err) => setNotice(serverMessage(err)),
    );
  }

  const assigneeOffered = users.some((u) => u.userId === fields.assigneeUserId);
  return (
    <ModalDialog
      isOpen
      title={callBank ? CALL_BANK_TEXTS.editCallBank : CALL_BANK_TEXTS.addCallBank}
      icon={callBank ? "edit" : "add"}
      style={{ width: CALL_BANK_DIALOG_WIDTH, maxWidth: "calc(100vw - 40px)" }}
      canOutsideClickClose={!busy}
      onClose={onClose}
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogBody>
          <FormNotice notice={notice} />
          <FormGroup
            label={CALL_BANK_TEXTS.name}
            labelFor="callbank-name"
            labelInfo="(required)"
            intent={showErrors && errors.name ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="callbank-name"
              autoFocus
              intent={showErrors && errors.name ? Intent.DANGER : Intent.NONE}
              value={fields.name}
              onValueChange={(v) => set("name", v)}
            />
          </FormGroup>
          <ChoiceField
            id="callbank-service-type"
            label={CALL_BANK_TEXTS.serviceType}
            value={fields.serviceType}
            choices={SERVICE_TYPES}
            invalid={showErrors && errors.serviceType === true}
            onChange={(v) => set("serviceType", v)}
          />
          <FormGroup
            label={CALL_BANK_TEXTS.assignee}
            labelFor="callbank-assignee"
            labelInfo="(required)"
            intent={showErrors && errors.assignee ? Intent.DANGER : Intent.NONE}
          >
            <HTMLSelect
              id="callbank-assignee"
              fill
              value={String(fields.assigneeUserId)}
              onChange={(e) => set("assigneeUserId", BigInt(e.currentTarget.value))}
            >
              {fields.assigneeUserId === 0n && <option value="0">{CALL_BANK_TEXTS.choose}</option>}
              {fields.assigneeUserId !== 0n && !assigneeOffered && (
                <option value={String(fields.assigneeUserId)}>{nameOf(fields.assigneeUserId)}</option>
              )}
              <UserOptions users={users} />
            </HTMLSelect>
          </FormGroup>
          <ChoiceField
            id="callbank-rep-type"
            label={CALL_BANK_TEXTS.repType}
            value={fields.repType}
            choices={REP_TYPES}
            invalid={showErrors && errors.repType === true}
            onChange={(v) => set("repType", v)}
          />
          <DueDateField
            id="callbank-due-date"
            label={CALL_BANK_TEXTS.dueDate}
            icon="calendar"
            placeholder={CALL_BANK_TEXTS.dueDatePlaceholder}
            formatMessage={CALL_BANK_TEXTS.dueDateFormat}
            invalid={dueInvalid}
            value={fields.dueDate}
            onValueChange={(v) => set("dueDate", v)}
            onBlur={() => setDueTouched(true)}
          />
        </DialogBody>
        <SubmitFooter
          cancelText={CALL_BANK_TEXTS.cancel}
          submitText={CALL_BANK_TEXTS.save}
          busy={busy}
          canSubmit={canSave}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
