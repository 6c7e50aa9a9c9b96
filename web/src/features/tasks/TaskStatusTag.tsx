import { Intent } from "@blueprintjs/core";

import { StaticTag } from "../../components/StaticTag";
import { TaskStatus } from "../../gen/eris/crm/v1/tasks_pb";
import { taskStatusLabel } from "./taskForm";

/** A task's status as a tag; open tasks stand out. */
export function TaskStatusTag({ status }: { status: TaskStatus }) {
  return (
    <StaticTag intent={status === TaskStatus.OPEN ? Intent.PRIMARY : Intent.NONE}>{taskStatusLabel(status)}</StaticTag>
  );
}
