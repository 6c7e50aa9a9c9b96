import { useEffect, useState } from "react";

import {
  Button,
  ButtonGroup,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from "@blueprintjs/core";
import { useNavigate } from "react-router";

import { ConfirmDialog } from "../../components/ConfirmDialog";
import { toast } from "../../components/toaster";
import type { CallBank } from "../../gen/eris/crm/v1/call_banks_pb";
import { AssignCompaniesDialog } from "../callbanks/AssignCompaniesDialog";
import { CallBankDialog } from "../callbanks/CallBankDialog";
import { callBankCompaniesPath, matchesCallBankSearch } from "../callbanks/callBankForm";
import { useCallBanks, useDeleteCallBank } from "../callbanks/callBankQueries";
import { CallBanksTable } from "../callbanks/CallBanksTable";
import { CALL_BANK_TEXTS } from "../callbanks/texts";
import { useUserDirectory } from "../tasks/userDirectory";

type DialogState =
  { kind: "closed" } | { kind: "add" } | { kind: "edit"; callBank: CallBank } | { kind: "assign"; callBank: CallBank };

/** Admin > Call Banks (Management): the call banks with add, edit, delete and Assign Companies. */
export function CallBanksTab() {
  const navigate = useNavigate();
  const directory = useUserDirectory();
  const [filterUserId, setFilterUserId] = useState(0n);
  const [search, setSearch] = useState("");
  const callBanks = useCallBanks(filterUserId);
  const deleteCallBank = useDeleteCallBank();
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });
  const [deleting, setDeleting] = useState<CallBank | null>(null);

  useEffect(() => {
    if (callBanks.isError) {
      void toast.error(CALL_BANK_TEXTS.loadFailed);
    }
  }, [callBanks.isError, callBanks.errorUpdatedAt]);

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

  const rows = (callBanks.data ?? []).filter((cb) =>
    matchesCallBankSearch(cb, directory.nameOf(cb.assigneeUserId), search),
  );

  return (
    <div className="eris-tab-panel">
      <div className="eris-toolbar">
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={CALL_BANK_TEXTS.addCallBank}
          onClick={() => setDialog({ kind: "add" })}
        />
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={CALL_BANK_TEXTS.search}
          aria-label={CALL_BANK_TEXTS.search}
          value={search}
          onValueChange={setSearch}
        />
        <FormGroup inline label={CALL_BANK_TEXTS.user} labelFor="admin-callbanks-user" style={{ margin: 0 }}>
          <HTMLSelect
            id="admin-callbanks-user"
            value={String(filterUserId)}
            onChange={(e) => setFilterUserId(BigInt(e.currentTarget.value))}
          >
            <option value="0">{CALL_BANK_TEXTS.all}</option>
            {directory.users.map((user) => (
              <option key={String(user.userId)} value={String(user.userId)}>
                {user.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button
          variant="minimal"
          icon="refresh"
          text={CALL_BANK_TEXTS.refresh}
          loading={callBanks.isFetching}
          onClick={() => void callBanks.refetch()}
        />
      </div>
      {callBanks.isPending ? (
        <Spinner />
      ) : callBanks.isError && !callBanks.data ? (
        <NonIdealState icon="error" title={CALL_BANK_TEXTS.loadFailed} />
      ) : (
        <CallBanksTable
          callBanks={rows}
          nameOf={directory.nameOf}
          actions={(cb) => (
            <ButtonGroup variant="minimal">
              <Button
                size="small"
                icon="info-sign"
                aria-label={`${CALL_BANK_TEXTS.companies}: ${cb.name}`}
                title={CALL_BANK_TEXTS.companies}
                onClick={() => navigate(callBankCompaniesPath(cb.callBankId))}
              />
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
      )}
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
