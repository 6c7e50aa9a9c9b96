import type { FormEvent, ReactNode } from "react";

import { DialogBody } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";

import type { RecordForm } from "../lib/recordForm";
import { FormError, FormNotice, ModalDialog, SubmitFooter } from "./FormDialogParts";

export interface RecordDialogProps {
  title: string;
  icon: IconName;
  /** Width in px (never wider than the window). */
  width: number;
  /** The record form: its stale-save notice shows above the fields, its refusal below them. */
  form: Pick<RecordForm<unknown, never>, "notice" | "refusal" | "saving">;
  /** Whether Save is enabled (and Enter saves). */
  canSave: boolean;
  cancelText: string;
  saveText: string;
  onSave: () => Promise<void>;
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
}

/**
 * The add/edit dialog of a record saved with `useRecordForm`: the server's notice of a stale save
 * above the fields, its reason for refusing them below, Cancel and Save; it cannot be clicked away
 * while a save is on its way. It opens on its first field and gives focus back to its opener.
 */
export function RecordDialog({
  title,
  icon,
  width,
  form,
  canSave,
  cancelText,
  saveText,
  onSave,
  onClose,
  children,
}: RecordDialogProps) {
  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (canSave) {
      await onSave();
    }
  }

  return (
    <ModalDialog
      title={title}
      icon={icon}
      style={{ width, maxWidth: "calc(100vw - 40px)" }}
      canOutsideClickClose={!form.saving}
      canEscapeKeyClose={!form.saving}
      onClose={onClose}
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogBody>
          <FormNotice notice={form.notice} />
          {children}
          <FormError message={form.refusal} />
        </DialogBody>
        <SubmitFooter
          cancelText={cancelText}
          submitText={saveText}
          busy={form.saving}
          canSubmit={canSave}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
