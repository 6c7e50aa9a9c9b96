use std::sync::Arc;

use eris_platform::auth::{Caller, caller};
use eris_proto::{
    crm::v1::{
        CreateTaskRequest, CreateTaskResponse, GetTaskRequest, GetTaskResponse, ListTasksRequest, ListTasksResponse,
        Task, TaskStatus, UpdateTaskRequest, UpdateTaskResponse, task_service_server::TaskService,
    },
    identity::v1::Role,
};
use serde_json::{Value, json};
use tonic::{Request, Response, Status};

use super::{decode_token, finish_page, page_size};
use crate::{
    State,
    convert::{optional_id, parse_timestamp, timestamp},
    db::{
        self,
        tasks::{TaskFields, TaskQuery, TaskRow},
    },
    error::{Error, Result, forbidden, invalid},
    may_edit_companies,
};

pub(crate) struct TaskApi(pub(crate) Arc<State>);

/// The kinds of task.
pub const TASK_TYPES: &[&str] = &["Brokerage", "Demand Response", "Follow Up", "Contract Renewal"];

fn status_name(status: TaskStatus) -> Option<&'static str> {
    match status {
        TaskStatus::Open => Some("Open"),
        TaskStatus::Closed => Some("Closed"),
        TaskStatus::Unspecified => None,
    }
}

fn task_to_proto(row: TaskRow) -> Task {
    Task {
        task_id: row.task_id,
        r#type: row.task_type,
        subject: row.subject,
        description: row.description,
        due_time: Some(timestamp(row.due_at)),
        status: if row.status == "Closed" { TaskStatus::Closed } else { TaskStatus::Open }.into(),
        assignee_user_ids: row.assignee_user_ids,
        company_id: row.company_id.unwrap_or(0),
        author_user_id: row.author_user_id,
        company_name: row.company_name.unwrap_or_default(),
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
    }
}

fn checked_text<'a>(value: &'a str, label: &str, max: usize, required: bool) -> Result<&'a str> {
    let value = value.trim();
    if required && value.is_empty() {
        return Err(invalid(format!("{label} is required.")));
    }
    if value.chars().count() > max {
        return Err(invalid(format!("{label} is too long.")));
    }
    Ok(value)
}

fn checked_assignees(ids: &[i64]) -> Result<Vec<i64>> {
    let mut ids: Vec<i64> = ids.iter().copied().filter(|id| *id > 0).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Err(invalid("A task needs at least one assignee."));
    }
    Ok(ids)
}

impl State {
    /// A task the caller may see: Management any; others tasks assigned to or written by them,
    /// and tasks of companies they may read.
    async fn visible_task(&self, caller: &Caller, task_id: i64) -> Result<TaskRow> {
        let not_found = || Error::Platform(eris_platform::Error::not_found("Task"));
        let task = db::tasks::select_task(&self.pool, task_id).await?.ok_or_else(not_found)?;
        let own = task.assignee_user_ids.contains(&caller.user_id) || task.author_user_id == caller.user_id;
        if caller.role == Role::Management || own {
            return Ok(task);
        }
        match task.company_id {
            Some(company_id) if self.readable_company(caller, company_id).await.is_ok() => Ok(task),
            _ => Err(not_found()),
        }
    }

    async fn create_task(&self, caller: &Caller, task: Task) -> Result<TaskRow> {
        let company_id = optional_id(task.company_id);
        if let Some(company_id) = company_id {
            self.readable_company(caller, company_id).await?;
            if !may_edit_companies(caller) {
                return Err(forbidden());
            }
        }
        let task_type = task.r#type.trim();
        if !TASK_TYPES.contains(&task_type) {
            return Err(invalid("Type must be Brokerage, Demand Response, Follow Up or Contract Renewal."));
        }
        let fields = TaskFields {
            task_type,
            subject: checked_text(&task.subject, "Subject", 300, true)?,
            description: checked_text(&task.description, "Description", 10_000, false)?,
            due_at: parse_timestamp("Due date", task.due_time.as_ref())?,
            status: "Open",
            company_id,
        };
        let assignees = checked_assignees(&task.assignee_user_ids)?;
        let mut tx = self.pool.begin().await?;
        let task_id = db::tasks::insert_task(&mut *tx, &fields, caller.user_id).await?;
        db::tasks::set_assignees(&mut tx, task_id, &assignees).await?;
        let row = db::tasks::select_task(&mut *tx, task_id).await?.ok_or_else(|| invalid("The task was not saved."))?;
        tx.commit().await?;
        Ok(row)
    }

    async fn update_task(&self, caller: &Caller, task: Task, paths: &[String]) -> Result<TaskRow> {
        if paths.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        let current = self.visible_task(caller, task.task_id).await?;
        let assigned = current.assignee_user_ids.contains(&caller.user_id);
        // Sales change only their own tasks (to close them, say); others any task they can see.
        if caller.role == Role::Sales && !assigned && current.author_user_id != caller.user_id {
            return Err(forbidden());
        }
        if task.version != current.version {
            return Err(Error::StaleTask);
        }
        let mut fields = TaskFields {
            task_type: &current.task_type,
            subject: &current.subject,
            description: &current.description,
            due_at: current.due_at,
            status: if current.status == "Closed" { "Closed" } else { "Open" },
            company_id: current.company_id,
        };
        let mut assignees = None;
        for path in paths {
            match path.as_str() {
                "type" => {
                    fields.task_type = TASK_TYPES.iter().find(|t| **t == task.r#type.trim()).ok_or_else(|| {
                        invalid("Type must be Brokerage, Demand Response, Follow Up or Contract Renewal.")
                    })?;
                }
                "subject" => fields.subject = checked_text(&task.subject, "Subject", 300, true)?,
                "description" => fields.description = checked_text(&task.description, "Description", 10_000, false)?,
                "due_time" => fields.due_at = parse_timestamp("Due date", task.due_time.as_ref())?,
                "status" => {
                    let status = TaskStatus::try_from(task.status).unwrap_or(TaskStatus::Unspecified);
                    fields.status = status_name(status).ok_or_else(|| invalid("Status must be Open or Closed."))?;
                }
                "assignee_user_ids" => assignees = Some(checked_assignees(&task.assignee_user_ids)?),
                other => return Err(invalid(format!("{other} cannot be changed here."))),
            }
        }
        let mut tx = self.pool.begin().await?;
        if !db::tasks::update_task(&mut *tx, task.task_id, task.version, &fields, caller.user_id).await? {
            return Err(Error::StaleTask);
        }
        if let Some(assignees) = assignees {
            db::tasks::set_assignees(&mut tx, task.task_id, &assignees).await?;
        }
        let row = db::tasks::select_task(&mut *tx, task.task_id).await?.ok_or(Error::StaleTask)?;
        tx.commit().await?;
        Ok(row)
    }

    async fn list_tasks(&self, caller: &Caller, request: ListTasksRequest) -> Result<(Vec<TaskRow>, String)> {
        let limit = page_size(request.page_size, 500, 2000)?;
        let (company_id, assignee) = (optional_id(request.company_id), optional_id(request.assignee_user_id));
        match (company_id, assignee) {
            (Some(company_id), None) => {
                self.readable_company(caller, company_id).await?;
            }
            (None, Some(user_id)) => {
                if user_id != caller.user_id && caller.role != Role::Management {
                    return Err(forbidden());
                }
            }
            _ => return Err(invalid("Name either a company or an assignee.")),
        }
        let status = match TaskStatus::try_from(request.status).unwrap_or(TaskStatus::Unspecified) {
            TaskStatus::Unspecified => None,
            other => status_name(other),
        };
        let query = TaskQuery {
            company_id,
            assignee_user_id: assignee,
            due_from: request.due_from.as_ref().map(|t| parse_timestamp("due_from", Some(t))).transpose()?,
            due_to: request.due_to.as_ref().map(|t| parse_timestamp("due_to", Some(t))).transpose()?,
            status,
        };
        let after = decode_token(&request.page_token)?
            .map(|value| {
                let due = value.get(0).and_then(Value::as_i64).and_then(chrono::DateTime::from_timestamp_millis);
                due.zip(value.get(1).and_then(Value::as_i64)).ok_or_else(|| invalid("page_token is not valid."))
            })
            .transpose()?;
        let mut rows = db::tasks::list_tasks(&self.pool, &query, after, limit + 1).await?;
        let next = finish_page(&mut rows, limit, |last| json!([last.due_at.timestamp_millis(), last.task_id]));
        Ok((rows, next))
    }
}

#[tonic::async_trait]
impl TaskService for TaskApi {
    #[tracing::instrument(skip_all)]
    async fn get_task(&self, request: Request<GetTaskRequest>) -> Result<Response<GetTaskResponse>, Status> {
        let caller = caller(&request)?.clone();
        let row = self.0.visible_task(&caller, request.get_ref().task_id).await?;
        Ok(Response::new(GetTaskResponse { task: Some(task_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_tasks(&self, request: Request<ListTasksRequest>) -> Result<Response<ListTasksResponse>, Status> {
        let caller = caller(&request)?.clone();
        let (rows, next_page_token) = self.0.list_tasks(&caller, request.into_inner()).await?;
        Ok(Response::new(ListTasksResponse { tasks: rows.into_iter().map(task_to_proto).collect(), next_page_token }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_task(&self, request: Request<CreateTaskRequest>) -> Result<Response<CreateTaskResponse>, Status> {
        let caller = caller(&request)?.clone();
        let task = request.into_inner().task.ok_or_else(|| invalid("task is required."))?;
        let row = self.0.create_task(&caller, task).await?;
        Ok(Response::new(CreateTaskResponse { task: Some(task_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_task(&self, request: Request<UpdateTaskRequest>) -> Result<Response<UpdateTaskResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateTaskRequest { task, update_mask } = request.into_inner();
        let task = task.ok_or_else(|| invalid("task is required."))?;
        let paths = update_mask.map(|mask| mask.paths).unwrap_or_default();
        let row = self.0.update_task(&caller, task, &paths).await?;
        Ok(Response::new(UpdateTaskResponse { task: Some(task_to_proto(row)) }))
    }
}
