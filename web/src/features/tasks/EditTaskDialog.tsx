import { useState, type FormEvent } from "react";

import { Classes, DialogBody, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { Link } from "react-router";

import { serverMessage } from "../../api/errors";
import { useUserDirectory } from "../../api/userDirectory";
import { useBusinessTimeZone, useSessionState } from "../../app/auth/SessionContext";
import { DueDateField } from "../../components/DueDateField";
import { FormNotice, ModalDialog, SubmitFooter } from "../../components/FormDialogParts";
import { TaskStatus, type Task } from "../../gen/eris/crm/v1/tasks_pb";
import { companyDetailsPath } from "../../lib/companyRoutes";
import { saveWithToasts } from "../../lib/saveWithToasts";
import { toast } from "../../lib/toaster";
import { CompanyPicker, type PickedCompany } from "./CompanyPicker";
import {
  ASSIGNEE_PATHS,
  descriptionWithComment,
  emptyTaskFields,
  isAssigneeOnly,
  TASK_STATUS_CHOICES,
  TASK_TYPES,
  taskChangedPaths,
  taskFieldErrors,
  taskFieldsOf,
  taskStatusLabel,
  taskValuesOf,
  type TaskFields,
} from "./taskForm";
import { useCreateTask, useFetchTask, useUpdateTask } from "./taskQueries";
import { TASK_TEXTS } from "./texts";
import { UserMultiSelect } from "./UserMultiSelect";

export interface EditTaskDialogProps {
  /** The task to edit; absent to add a new one. */
  task?: Task;
  /** The company a new task is about; 0 or absent to let the person pick one (or none). */
  companyId?: bigint;
  /** The company's name, shown in the title of a new task. */
  companyName?: string;
  onClose: () => void;
}

/**
 * Add Task / Edit Task. Status is chosen only when editing: new tasks start Open. The due date is
 * typed or picked on the business clock; a date alone means 09:00. The task's company is a link to
 * it (unless the user may not see the company); a new task not started from a company can name one.
 * A Sales assignee who is not the author changes only the status and adds a comment to the description.
 */
export function EditTaskDialog({ task, companyId = 0n, companyName, onClose }: EditTaskDialogProps) {
  const session = useSessionState();
  const timeZone = useBusinessTimeZone();
  const user = session.status === "signedIn" ? session.user : undefined;
  const me = user?.userId ?? 0n;
  const directory = useUserDirectory();
  const createTask = useCreateTask();
  const updateTask = useUpdateTask();
  const fetchTask = useFetchTask();
  const [current, setCurrent] = useState<Task | undefined>(task);
  const [fields, setFields] = useState<TaskFields>(() =>
    task ? taskFieldsOf(task, timeZone) : emptyTaskFields(me !== 0n ? [me] : []),
  );
  const [picked, setPicked] = useState<PickedCompany | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [dueTouched, setDueTouched] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [comment, setComment] = useState("");
  const busy = createTask.isPending || updateTask.isPending;

  const assigneeOnly = current !== undefined && user !== undefined && isAssigneeOnly(current, user);
  const edited = assigneeOnly
    ? { ...fields, description: descriptionWithComment(current.description, comment) }
    : fields;
  const errors = taskFieldErrors(edited);
  const values = taskValuesOf(edited, timeZone);
  const changed = current && values ? taskChangedPaths(current, values) : null;
  const paths = assigneeOnly ? changed?.filter((path) => ASSIGNEE_PATHS.includes(path)) : changed;
  const canSave = !busy && (!paths || paths.length > 0);
  // The company the task is about: the stored task's (nameless when the user may not see it), the
  // one it was started from, or none yet.
  const about: PickedCompany | null = current
    ? current.companyId !== 0n && current.companyName !== ""
      ? { companyId: current.companyId, name: current.companyName }
      : null
    : companyId !== 0n
      ? { companyId, name: companyName ?? "" }
      : null;
  const canPickCompany = !current && companyId === 0n;

  function set<K extends keyof TaskFields>(key: K, value: TaskFields[K]) {
    setFields((prev) => ({ ...prev, [key]: value }));
  }

  async function reload(stale: Task) {
    try {
      const fresh = await fetchTask(stale, me);
      if (fresh) {
        setCurrent(fresh);
        setFields(taskFieldsOf(fresh, timeZone));
      }
    } catch {
      void toast.error(TASK_TEXTS.loadFailed);
    }
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
    if (!current) {
      await saveWithToasts(
        () => createTask.mutateAsync({ companyId: canPickCompany ? (picked?.companyId ?? 0n) : companyId, values }),
        { done: TASK_TEXTS.taskAdded, failed: TASK_TEXTS.addFailed, detailCodes },
        onClose,
      );
      return;
    }
    if (!paths) {
      return;
    }
    await saveWithToasts(
      () => updateTask.mutateAsync({ task: current, values, paths }),
      { done: TASK_TEXTS.taskUpdated, failed: TASK_TEXTS.updateFailed, detailCodes },
      onClose,
      async (err) => {
        // Someone else changed this task: show what is stored now, with the server's explanation.
        setNotice(serverMessage(err));
        await reload(current);
      },
    );
  }

  const dueInvalid = errors.due === true && (showErrors || (dueTouched && fields.due.trim() !== ""));

  return (
    <ModalDialog
      isOpen
      title={current ? TASK_TEXTS.editTask : TASK_TEXTS.addTask}
      icon={current ? "edit" : "add"}
      style={{ width: 560 }}
      canOutsideClickClose={!busy}
      onClose={onClose}
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogBody>
          <FormNotice notice={notice} />
          {assigneeOnly && <p className={Classes.TEXT_MUTED}>{TASK_TEXTS.assigneeNote}</p>}
          {about && (
            <p className={Classes.TEXT_MUTED}>
              {TASK_TEXTS.company}:{" "}
              <Link to={companyDetailsPath(about.companyId)} onClick={onClose} data-testid="task-company-link">
                {about.name || TASK_TEXTS.openCompany(String(about.companyId))}
              </Link>
            </p>
          )}
          {canPickCompany && (
            <FormGroup label={TASK_TEXTS.company} labelFor="task-company">
              <CompanyPicker id="task-company" selected={picked} onChange={setPicked} />
            </FormGroup>
          )}
          <FormGroup
            label={TASK_TEXTS.type}
            labelFor="task-type"
            labelInfo="(required)"
            intent={showErrors && errors.type ? Intent.DANGER : Intent.NONE}
          >
            <HTMLSelect
              id="task-type"
              fill
              disabled={assigneeOnly}
              value={fields.type}
              onChange={(e) => set("type", e.currentTarget.value)}
            >
              {fields.type === "" && <option value="">{TASK_TEXTS.chooseType}</option>}
              {TASK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
              {fields.type !== "" && !(TASK_TYPES as readonly string[]).includes(fields.type) && (
                <option value={fields.type}>{fields.type}</option>
              )}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={TASK_TEXTS.subject} labelFor="task-subject" labelInfo="(required)">
            <InputGroup
              id="task-subject"
              autoFocus={!assigneeOnly}
              disabled={assigneeOnly}
              intent={showErrors && errors.subject ? Intent.DANGER : Intent.NONE}
              value={fields.subject}
              onValueChange={(v) => set("subject", v)}
            />
          </FormGroup>
          <FormGroup label={TASK_TEXTS.description} labelFor="task-description">
            <TextArea
              id="task-description"
              fill
              rows={3}
              readOnly={assigneeOnly}
              value={fields.description}
              onChange={(e) => set("description", e.currentTarget.value)}
            />
          </FormGroup>
          {assigneeOnly && (
            <FormGroup label={TASK_TEXTS.addComment} labelFor="task-comment">
              <TextArea
                id="task-comment"
                fill
                rows={2}
                autoFocus
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
              />
            </FormGroup>
          )}
          <DueDateField
            id="task-due"
            label={TASK_TEXTS.dueDate}
            icon="time"
            withTime
            hint={TASK_TEXTS.dueDateHint}
            placeholder={TASK_TEXTS.dueDatePlaceholder}
            formatMessage={TASK_TEXTS.dueDateFormat}
            invalid={dueInvalid}
            disabled={assigneeOnly}
            value={fields.due}
            onValueChange={(v) => set("due", v)}
            onBlur={() => setDueTouched(true)}
          />
          <FormGroup label={TASK_TEXTS.assignees} labelFor="task-assignees" labelInfo="(required)">
            <UserMultiSelect
              id="task-assignees"
              users={directory.active}
              selectedIds={fields.assigneeUserIds}
              nameOf={directory.nameOf}
              onChange={(ids) => set("assigneeUserIds", ids)}
              intent={showErrors && errors.assignees ? "danger" : undefined}
              disabled={assigneeOnly}
            />
          </FormGroup>
          {current ? (
            <FormGroup label={TASK_TEXTS.status} labelFor="task-status">
              <HTMLSelect
                id="task-status"
                fill
                value={fields.status}
                onChange={(e) => set("status", Number(e.currentTarget.value) as TaskStatus)}
              >
                {TASK_STATUS_CHOICES.map((status) => (
                  <option key={status} value={status}>
                    {taskStatusLabel(status)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          ) : (
            <p className={Classes.TEXT_MUTED}>{TASK_TEXTS.newTaskNote}</p>
          )}
        </DialogBody>
        <SubmitFooter
          cancelText={TASK_TEXTS.cancel}
          submitText={TASK_TEXTS.save}
          busy={busy}
          canSubmit={canSave}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
