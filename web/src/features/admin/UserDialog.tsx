import { useState, type FormEvent } from "react";

import { Classes, DialogBody, FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { serverMessage } from "../../api/errors";
import { useCreateUser, useFetchUser, useUpdateUser, type OneTimePassword, type UserFields } from "../../api/users";
import { ROLE_CHOICES, roleLabel, STATUS_CHOICES, statusLabel } from "../../app/roles";
import { FormNotice, ModalDialog, SubmitFooter } from "../../components/FormDialogParts";
import { Role, UserStatus, type User } from "../../gen/eris/identity/v1/identity_pb";
import { saveWithToasts } from "../../lib/saveWithToasts";
import { toast } from "../../lib/toaster";
import { ADMIN_TEXTS } from "./texts";
import {
  emailProblem,
  emptyUserFields,
  isUserFieldsComplete,
  normalizeUserFields,
  userChanges,
  userFieldsOf,
} from "./userForm";

export interface UserDialogProps {
  /** The user to edit; absent to add a new one. */
  user?: User;
  /** The users listed, whose e-mail addresses a new address must not repeat. */
  users: readonly User[];
  onClose: () => void;
  /** After an add, instead of closing: the new user's one-time password, to show once. */
  onAdded: (userName: string, issued: OneTimePassword) => void;
}

/**
 * Add User / Edit User. Status is chosen only when editing: new users start Active. The e-mail is
 * checked as it is typed (its shape, and that no listed user has it) before anything is sent.
 */
export function UserDialog({ user, users, onClose, onAdded }: UserDialogProps) {
  const editing = user !== undefined;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const fetchUser = useFetchUser();
  const [current, setCurrent] = useState<User | undefined>(user);
  const [fields, setFields] = useState<UserFields>(() => (user ? userFieldsOf(user) : emptyUserFields()));
  const [notice, setNotice] = useState<string | null>(null);
  const [emailTouched, setEmailTouched] = useState(false);
  const busy = createUser.isPending || updateUser.isPending;

  const changes = current ? userChanges(userFieldsOf(current), fields) : null;
  const problem = emailProblem(fields.email, users, current?.userId);
  // A taken address is said at once; a wrong shape once the person has left the field.
  const emailMessage =
    problem === "taken"
      ? ADMIN_TEXTS.emailTaken
      : problem === "format" && emailTouched
        ? ADMIN_TEXTS.emailFormat
        : undefined;
  const canSave = isUserFieldsComplete(fields) && problem === null && !busy && (!changes || changes.paths.length > 0);

  function set<K extends keyof UserFields>(key: K, value: UserFields[K]) {
    setFields((prev) => ({ ...prev, [key]: value }));
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) {
      return;
    }
    const detailCodes = [Code.InvalidArgument, Code.AlreadyExists];
    if (!current) {
      const { name, email, job, role } = normalizeUserFields(fields);
      await saveWithToasts(
        () => createUser.mutateAsync({ name, email, job, role }),
        { done: ADMIN_TEXTS.userAdded, failed: ADMIN_TEXTS.addFailed, detailCodes },
        (issued) => onAdded(name, issued),
      );
      return;
    }
    if (!changes) {
      return;
    }
    await saveWithToasts(
      () => updateUser.mutateAsync({ userId: current.userId, version: current.version, ...changes }),
      { done: ADMIN_TEXTS.userUpdated, failed: ADMIN_TEXTS.updateFailed, detailCodes },
      onClose,
      async (err) => {
        // Someone else changed this user: show what is stored now, with the server's explanation.
        setNotice(serverMessage(err));
        try {
          const fresh = await fetchUser(current.userId);
          if (fresh) {
            setCurrent(fresh);
            setFields(userFieldsOf(fresh));
          }
        } catch {
          void toast.error(ADMIN_TEXTS.loadFailed);
        }
      },
    );
  }

  return (
    <ModalDialog
      isOpen
      title={editing ? ADMIN_TEXTS.editUser : ADMIN_TEXTS.addUser}
      icon={editing ? "edit" : "new-person"}
      style={{ width: 500 }}
      canOutsideClickClose={!busy}
      onClose={onClose}
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogBody>
          <FormNotice notice={notice} />
          <FormGroup label={ADMIN_TEXTS.columns.name} labelFor="user-name" labelInfo="(required)">
            <InputGroup id="user-name" autoFocus value={fields.name} onValueChange={(v) => set("name", v)} />
          </FormGroup>
          <FormGroup
            label={ADMIN_TEXTS.columns.email}
            labelFor="user-email"
            labelInfo="(required)"
            intent={emailMessage ? Intent.DANGER : Intent.NONE}
            helperText={emailMessage}
          >
            <InputGroup
              id="user-email"
              type="email"
              autoComplete="off"
              intent={emailMessage ? Intent.DANGER : Intent.NONE}
              aria-invalid={emailMessage ? true : undefined}
              value={fields.email}
              onValueChange={(v) => set("email", v)}
              onBlur={() => setEmailTouched(true)}
            />
          </FormGroup>
          <FormGroup label={ADMIN_TEXTS.columns.job} labelFor="user-job">
            <InputGroup id="user-job" value={fields.job} onValueChange={(v) => set("job", v)} />
          </FormGroup>
          <FormGroup label={ADMIN_TEXTS.columns.role} labelFor="user-role" labelInfo="(required)">
            <HTMLSelect
              id="user-role"
              fill
              value={fields.role}
              onChange={(e) => set("role", Number(e.currentTarget.value) as Role)}
            >
              {fields.role === Role.UNSPECIFIED && <option value={Role.UNSPECIFIED}>{ADMIN_TEXTS.chooseRole}</option>}
              {ROLE_CHOICES.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {editing ? (
            <FormGroup label={ADMIN_TEXTS.columns.status} labelFor="user-status">
              <HTMLSelect
                id="user-status"
                fill
                value={fields.status}
                onChange={(e) => set("status", Number(e.currentTarget.value) as UserStatus)}
              >
                {STATUS_CHOICES.map((status) => (
                  <option key={status} value={status}>
                    {statusLabel(status)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          ) : (
            <p className={Classes.TEXT_MUTED}>{ADMIN_TEXTS.newUserNote}</p>
          )}
        </DialogBody>
        <SubmitFooter
          cancelText={ADMIN_TEXTS.cancel}
          submitText={ADMIN_TEXTS.save}
          busy={busy}
          canSubmit={canSave}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
