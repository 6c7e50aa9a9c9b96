import { useState } from "react";

import { Button, ButtonGroup, Intent } from "@blueprintjs/core";

import { ConfirmDialog } from "../../components/ConfirmDialog";
import type { UrlParams } from "../../lib/urlState";
import { toast } from "../../lib/toaster";
import type { CallBank } from "../../gen/eris/crm/v1/call_banks_pb";
import {
  AssignCompaniesDialog,
  CALL_BANK_TEXTS,
  CallBankDialog,
  CallBankInfoButton,
  CallBanksView,
  useDeleteCallBank,
} from "../callbanks";
import { useUserDirectory } from "../../api/userDirectory";

type DialogState =
  { kind: "closed" } | { kind: "add" } | { kind: "edit"; callBank: CallBank } | { kind: "assign"; callBank: CallBank };

export interface CallBanksTabProps {
  /** The page's address, which keeps the search and the user filter. */
  url: UrlParams;
}

/** Admin > Call Banks (Management): the call banks with add, edit, delete and Assign Companies. */
export function CallBanksTab({ url }: CallBanksTabProps) {
  const directory = useUserDirectory();
  const deleteCallBank = useDeleteCallBank();
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });
  const [deleting, setDeleting] = useState<CallBank | null>(null);

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await deleteCallBank.mutateAsync(deleting.callBankId);
      void toast.success(CALL_BANK_TEXTS.callBankDeleted);
    } catch {
      void toast.error(CALL_BANK_TEXTS.deleteFailed);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <div className="eris-tab-panel">
      <CallBanksView
        userFilterId="admin-callbanks-user"
        url={url}
        toolbarStart={
          <Button
            intent={Intent.PRIMARY}
            icon="add"
            text={CALL_BANK_TEXTS.addCallBank}
            onClick={() => setDialog({ kind: "add" })}
          />
        }
        actions={(cb) => (
          <ButtonGroup variant="minimal">
            <CallBankInfoButton callBank={cb} />
            <Button
              size="small"
              icon="edit"
              text={CALL_BANK_TEXTS.edit}
              onClick={() => setDialog({ kind: "edit", callBank: cb })}
            />
            <Button
              size="small"
              icon="office"
              text={CALL_BANK_TEXTS.assignCompanies}
              onClick={() => setDialog({ kind: "assign", callBank: cb })}
            />
            <Button
              size="small"
              icon="trash"
              intent={Intent.DANGER}
              text={CALL_BANK_TEXTS.delete}
              onClick={() => setDeleting(cb)}
            />
          </ButtonGroup>
        )}
      />
      {(dialog.kind === "add" || dialog.kind === "edit") && (
        <CallBankDialog
          key={dialog.kind === "edit" ? String(dialog.callBank.callBankId) : "new"}
          callBank={dialog.kind === "edit" ? dialog.callBank : undefined}
          users={directory.active}
          nameOf={directory.nameOf}
          onClose={() => setDialog({ kind: "closed" })}
        />
      )}
      {dialog.kind === "assign" && (
        <AssignCompaniesDialog callBank={dialog.callBank} onClose={() => setDialog({ kind: "closed" })} />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={CALL_BANK_TEXTS.delete}
        loading={deleteCallBank.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{CALL_BANK_TEXTS.deleteConfirm}</p>
      </ConfirmDialog>
    </div>
  );
}
