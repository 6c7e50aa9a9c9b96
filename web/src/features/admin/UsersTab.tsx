import { useState } from "react";

import { Button, ButtonGroup, HTMLTable, Intent, NonIdealState, Spinner, Tag } from "@blueprintjs/core";

import { useAllUsers, useResetUserPassword, type OneTimePassword } from "../../api/users";
import { roleLabel, statusLabel } from "../../app/roles";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { toast } from "../../lib/toaster";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { RefreshButton } from "../../components/ListStatus";
import { UserStatus, type User } from "../../gen/eris/identity/v1/identity_pb";
import { OneTimePasswordDialog } from "./OneTimePasswordDialog";
import { ADMIN_TEXTS } from "./texts";
import { UserDialog } from "./UserDialog";

type DialogState =
  | { kind: "closed" }
  | { kind: "add" }
  | { kind: "edit"; user: User }
  | { kind: "oneTimePassword"; userName: string; issued: OneTimePassword };

/** Admin > Users: every user, with add, edit and reset password; adding and resetting show a one-time password. */
export function UsersTab() {
  const users = useAllUsers();
  const resetPassword = useResetUserPassword();
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });
  const [resetting, setResetting] = useState<User | null>(null);

  useLoadErrorToast(users, ADMIN_TEXTS.loadFailed);

  async function confirmReset() {
    if (!resetting) {
      return;
    }
    const { userId, name } = resetting;
    try {
      const issued = await resetPassword.mutateAsync(userId);
      void toast.success(ADMIN_TEXTS.resetDone(name));
      setDialog({ kind: "oneTimePassword", userName: name, issued });
    } catch {
      void toast.error(ADMIN_TEXTS.resetFailed);
    } finally {
      setResetting(null);
    }
  }

  return (
    <div className="eris-tab-panel">
      <div className="eris-toolbar">
        <Button
          intent={Intent.PRIMARY}
          icon="new-person"
          text={ADMIN_TEXTS.addUser}
          onClick={() => setDialog({ kind: "add" })}
        />
        <RefreshButton query={users} text={ADMIN_TEXTS.refresh} />
      </div>
      {users.isPending ? (
        <Spinner />
      ) : users.isError && !users.data ? (
        <NonIdealState
          icon="error"
          title={ADMIN_TEXTS.loadFailedTitle}
          action={<Button text={ADMIN_TEXTS.refresh} icon="refresh" onClick={() => void users.refetch()} />}
        />
      ) : users.data.length === 0 ? (
        <NonIdealState icon="people" title={ADMIN_TEXTS.noUsers} />
      ) : (
        <HTMLTable striped interactive compact className="eris-table" aria-label="Users">
          <thead>
            <tr>
              <th>{ADMIN_TEXTS.columns.name}</th>
              <th>{ADMIN_TEXTS.columns.email}</th>
              <th>{ADMIN_TEXTS.columns.job}</th>
              <th>{ADMIN_TEXTS.columns.role}</th>
              <th>{ADMIN_TEXTS.columns.status}</th>
              <th>{ADMIN_TEXTS.columns.forceReset}</th>
              <th>{ADMIN_TEXTS.columns.actions}</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((user) => (
              <tr key={String(user.userId)} data-user-email={user.email}>
                <td>{user.name}</td>
                <td>{user.email}</td>
                <td>{user.job}</td>
                <td>{roleLabel(user.role)}</td>
                <td>
                  <Tag minimal intent={user.status === UserStatus.ACTIVE ? Intent.SUCCESS : Intent.NONE}>
                    {statusLabel(user.status)}
                  </Tag>
                </td>
                <td>{user.forcePasswordReset ? ADMIN_TEXTS.yes : ADMIN_TEXTS.no}</td>
                <td>
                  <ButtonGroup variant="minimal">
                    <Button
                      size="small"
                      icon="edit"
                      text={ADMIN_TEXTS.edit}
                      onClick={() => setDialog({ kind: "edit", user })}
                    />
                    {!user.forcePasswordReset && (
                      <Button
                        size="small"
                        icon="key"
                        text={ADMIN_TEXTS.resetPassword}
                        onClick={() => setResetting(user)}
                      />
                    )}
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {(dialog.kind === "add" || dialog.kind === "edit") && (
        <UserDialog
          key={dialog.kind === "edit" ? String(dialog.user.userId) : "new"}
          user={dialog.kind === "edit" ? dialog.user : undefined}
          users={users.data ?? []}
          onClose={() => setDialog({ kind: "closed" })}
          onAdded={(userName, issued) => setDialog({ kind: "oneTimePassword", userName, issued })}
        />
      )}
      {dialog.kind === "oneTimePassword" && (
        <OneTimePasswordDialog
          userName={dialog.userName}
          issued={dialog.issued}
          onClose={() => setDialog({ kind: "closed" })}
        />
      )}
      <ConfirmDialog
        isOpen={resetting !== null}
        icon="key"
        intent={Intent.WARNING}
        confirmText={ADMIN_TEXTS.resetPassword}
        loading={resetPassword.isPending}
        onConfirm={() => void confirmReset()}
        onCancel={() => setResetting(null)}
      >
        <p>{resetting ? ADMIN_TEXTS.resetConfirm(resetting.name) : ""}</p>
      </ConfirmDialog>
    </div>
  );
}
