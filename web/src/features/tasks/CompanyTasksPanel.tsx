import { useState } from "react";

import { Button, Card, H5, HTMLTable, Intent, NonIdealState, Spinner } from "@blueprintjs/core";

import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { formatDateTime } from "../../lib/dateText";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import type { Task } from "../../gen/eris/crm/v1/tasks_pb";
import { EditTaskDialog } from "./EditTaskDialog";
import { TaskStatusTag } from "./TaskStatusTag";
import { useCompanyTasks } from "./taskQueries";
import { fromTimestamp } from "../../lib/timestamps";
import { TASK_TEXTS } from "./texts";
import { useUserDirectory } from "../../api/userDirectory";

export interface CompanyTasksPanelProps {
  companyId: bigint;
  companyName: string;
  /** Hides Add Task and opens nothing on click (Sales see company details read-only). */
  readOnly: boolean;
}

type DialogState = { kind: "closed" } | { kind: "add" } | { kind: "edit"; task: Task };

/** The Tasks panel of the company details screen: the company's tasks by due date, add and edit. */
export function CompanyTasksPanel({ companyId, companyName, readOnly }: CompanyTasksPanelProps) {
  const tasks = useCompanyTasks(companyId);
  const timeZone = useBusinessTimeZone();
  const directory = useUserDirectory();
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });

  useLoadErrorToast(tasks, TASK_TEXTS.loadFailed);

  const assigneeNames = (task: Task) =>
    task.assigneeUserIds
      .map(directory.nameOf)
      .filter((name) => name !== "")
      .join(", ");

  return (
    <Card className="eris-company-tasks" aria-label={TASK_TEXTS.tasks} role="region">
      <div className="eris-toolbar">
        <H5 style={{ margin: 0, flex: 1 }}>{TASK_TEXTS.tasks}</H5>
        {!readOnly && (
          <Button
            intent={Intent.PRIMARY}
            icon="add"
            text={TASK_TEXTS.addTask}
            onClick={() => setDialog({ kind: "add" })}
          />
        )}
      </div>
      {tasks.isPending ? (
        <Spinner size={30} />
      ) : !tasks.data || tasks.data.length === 0 ? (
        <NonIdealState icon="tick-circle" title={TASK_TEXTS.noTasks} />
      ) : (
        <HTMLTable striped interactive={!readOnly} compact className="eris-table" aria-label={TASK_TEXTS.tasks}>
          <thead>
            <tr>
              <th>{TASK_TEXTS.columns.due}</th>
              <th>{TASK_TEXTS.columns.subject}</th>
              <th>{TASK_TEXTS.columns.type}</th>
              <th>{TASK_TEXTS.columns.assignees}</th>
              <th>{TASK_TEXTS.columns.status}</th>
            </tr>
          </thead>
          <tbody>
            {tasks.data.map((task) => {
              const due = fromTimestamp(task.dueTime);
              return (
                <tr
                  key={String(task.taskId)}
                  data-task-id={String(task.taskId)}
                  style={readOnly ? undefined : { cursor: "pointer" }}
                  onClick={readOnly ? undefined : () => setDialog({ kind: "edit", task })}
                >
                  <td>{due ? formatDateTime(due, timeZone) : ""}</td>
                  <td>{task.subject}</td>
                  <td>{task.type}</td>
                  <td>{assigneeNames(task)}</td>
                  <td>
                    <TaskStatusTag status={task.status} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      {dialog.kind !== "closed" && (
        <EditTaskDialog
          key={dialog.kind === "edit" ? String(dialog.task.taskId) : "new"}
          task={dialog.kind === "edit" ? dialog.task : undefined}
          companyId={companyId}
          companyName={companyName}
          onClose={() => setDialog({ kind: "closed" })}
        />
      )}
    </Card>
  );
}
