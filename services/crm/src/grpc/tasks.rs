//! TaskService: requests read into the domain's types, answers written back.

use std::sync::Arc;

use eris_platform::{auth::caller, edits::Patch, values::day_count};
use eris_proto::crm::v1::{
    CreateTaskRequest, CreateTaskResponse, GetTaskRequest, GetTaskResponse, ListTasksRequest, ListTasksResponse, Task,
    TaskStatus, UpdateTaskRequest, UpdateTaskResponse, task_service_server::TaskService,
};
use serde_json::{Value, json};
use tonic::{Request, Response, Status};

use super::{decode_token, finish_page, page_size};
use crate::{
    State,
    db::tasks::{TaskFields, TaskQuery, TaskRow},
    domain::{
        tasks::{self, FIELDS, TaskListing},
        text,
    },
    error::{Result, invalid},
    proto::{optional_id, parse_timestamp, timestamp},
};

pub(crate) struct TaskApi(pub(crate) Arc<State>);

fn status_name(status: i32) -> Result<&'static str> {
    match TaskStatus::try_from(status).unwrap_or(TaskStatus::Unspecified) {
        TaskStatus::Open => Ok("Open"),
        TaskStatus::Closed => Ok("Closed"),
        TaskStatus::Unspecified => Err(invalid("Status must be Open or Closed.")),
    }
}

fn task_to_proto(row: TaskRow) -> Task {
    let fields = row.fields;
    Task {
        task_id: row.task_id,
        r#type: fields.task_type,
        subject: fields.subject,
        description: fields.description,
        due_time: Some(timestamp(fields.due_at)),
        status: if fields.status == "Closed" { TaskStatus::Closed } else { TaskStatus::Open }.into(),
        assignee_user_ids: fields.assignee_user_ids,
        company_id: row.company_id.unwrap_or(0),
        author_user_id: row.author_user_id,
        company_name: row.company_name.unwrap_or_default(),
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
    }
}

/// The named fields of a request's task, read and checked; the others are left empty.
fn fields_of(task: &Task, named: &[String]) -> Result<TaskFields> {
    let mut fields = TaskFields {
        task_type: String::new(),
        subject: String::new(),
        description: String::new(),
        due_at: chrono::DateTime::UNIX_EPOCH,
        status: "Open".into(),
        assignee_user_ids: Vec::new(),
    };
    for field in named {
        match field.as_str() {
            "type" => fields.task_type = tasks::task_type(&task.r#type)?,
            "subject" => fields.subject = text::line(&task.subject, "Subject", 300, true)?,
            "description" => fields.description = text::paragraphs(&task.description, "Description", 10_000, false)?,
            "due_time" => fields.due_at = parse_timestamp("Due date", task.due_time.as_ref())?,
            "status" => fields.status = status_name(task.status)?.into(),
            "assignee_user_ids" => fields.assignee_user_ids = tasks::assignees(&task.assignee_user_ids)?,
            other => return Err(invalid(format!("{other} cannot be changed here."))),
        }
    }
    Ok(fields)
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
        let request = request.into_inner();
        let limit = page_size(request.page_size, 500, 2000)?;
        let status = match TaskStatus::try_from(request.status).unwrap_or(TaskStatus::Unspecified) {
            TaskStatus::Unspecified => None,
            TaskStatus::Open => Some("Open"),
            TaskStatus::Closed => Some("Closed"),
        };
        let query = TaskQuery {
            company_id: optional_id(request.company_id),
            assignee_user_id: optional_id(request.assignee_user_id),
            due_from: request.due_from.as_ref().map(|t| parse_timestamp("due_from", Some(t))).transpose()?,
            due_to: request.due_to.as_ref().map(|t| parse_timestamp("due_to", Some(t))).transpose()?,
            status,
        };
        if let (Some(from), Some(to)) = (query.due_from, query.due_to)
            && from > to
        {
            return Err(invalid("The start of the range is after its end.").into());
        }
        if request.per_day_limit != 0 {
            let (rows, counts) = self.0.list_tasks_per_day(&caller, query, request.per_day_limit.into()).await?;
            return Ok(Response::new(ListTasksResponse {
                tasks: rows.into_iter().map(task_to_proto).collect(),
                next_page_token: String::new(),
                day_counts: counts.into_iter().map(day_count).collect(),
            }));
        }
        let after = decode_token(&request.page_token)?
            .map(|value| {
                let due = value.get(0).and_then(Value::as_i64).and_then(chrono::DateTime::from_timestamp_millis);
                due.zip(value.get(1).and_then(Value::as_i64)).ok_or_else(|| invalid("page_token is not valid."))
            })
            .transpose()?;
        let mut rows = self.0.list_tasks(&caller, TaskListing { query, after, limit: limit + 1 }).await?;
        let next_page_token =
            finish_page(&mut rows, limit, |last| json!([last.fields.due_at.timestamp_millis(), last.task_id]));
        Ok(Response::new(ListTasksResponse {
            tasks: rows.into_iter().map(task_to_proto).collect(),
            next_page_token,
            day_counts: Vec::new(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_task(&self, request: Request<CreateTaskRequest>) -> Result<Response<CreateTaskResponse>, Status> {
        let caller = caller(&request)?.clone();
        let task = request.into_inner().task.ok_or_else(|| invalid("task is required."))?;
        let named: Vec<String> = FIELDS.iter().filter(|f| **f != "status").map(|f| (*f).to_owned()).collect();
        let fields = fields_of(&task, &named)?;
        let row = self.0.create_task(&caller, fields, optional_id(task.company_id)).await?;
        Ok(Response::new(CreateTaskResponse { task: Some(task_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_task(&self, request: Request<UpdateTaskRequest>) -> Result<Response<UpdateTaskResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateTaskRequest { task, update_mask } = request.into_inner();
        let task = task.ok_or_else(|| invalid("task is required."))?;
        let mut named = update_mask.map(|mask| mask.paths).unwrap_or_default();
        named.sort_unstable();
        named.dedup();
        let fields = fields_of(&task, &named)?;
        let patch = Patch { record_id: task.task_id, version: task.version, fields, named };
        let row = self.0.update_task(&caller, patch).await?;
        Ok(Response::new(UpdateTaskResponse { task: Some(task_to_proto(row)) }))
    }
}
