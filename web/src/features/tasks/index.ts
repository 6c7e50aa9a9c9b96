/** The public surface of tasks: the only module other features import from. */
export { CompanyTasksPanel } from "./CompanyTasksPanel";
export { EditTaskDialog } from "./EditTaskDialog";
export { taskStatusLabel } from "./taskForm";
export { useAssigneeTasks, useCalendarTasks } from "./taskQueries";
export { TaskStatusTag } from "./TaskStatusTag";
export { TASK_TEXTS } from "./texts";
