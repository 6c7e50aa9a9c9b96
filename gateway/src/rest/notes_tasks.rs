//! Notes and tasks.

use axum::{Json, extract::Path, http::StatusCode};
use eris_proto::crm::v1::{
    CreateNoteRequest, CreateTaskRequest, ListNotesRequest, ListTasksRequest, Note, Task, TaskStatus,
    UpdateTaskRequest, note_service_client::NoteServiceClient, task_service_client::TaskServiceClient,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Answer, InsertId, all_pages, created_id, id, missing, rfc3339, set};
use super::{
    directory::Directory,
    leads::{iso, parse_instant, parse_iso},
};
use crate::{
    auth::CallContext,
    error::{ApiError, ApiResult},
};
use eris_platform::local::Channel;

fn notes(ctx: &CallContext) -> NoteServiceClient<Channel> {
    NoteServiceClient::new(ctx.channel("crm"))
}

fn tasks(ctx: &CallContext) -> TaskServiceClient<Channel> {
    TaskServiceClient::new(ctx.channel("crm"))
}

view! {
    /// A note as the REST surface shows it.
    #[serde(rename_all = "PascalCase")]
    pub struct NoteJson from note: Note, directory: &Directory {
        note_id: i64,
        lead_id: i64 = note.company_id,
        user_id: i64,
        /// The author's name.
        name: String = directory.name(note.user_id),
        note: String = note.text,
        service: String,
        follow_up_date: Option<String> = iso(note.follow_up_date.as_ref()),
        /// When it was written (ISO).
        entry_date: Option<String> = rfc3339(note.create_time),
    }
}

/// A lead's notes, newest first.
#[utoipa::path(get, path = "/getNotesByLeadId/{LeadId}", tag = "notes and tasks",
    responses((status = 200, body = [NoteJson])))]
pub async fn get_notes_by_lead_id(ctx: CallContext, Path(lead_id): Path<i64>) -> ApiResult<Json<Vec<NoteJson>>> {
    let ctx = &ctx;
    let notes = all_pages(|page_token| async move {
        let request = ctx.request(ListNotesRequest { company_id: lead_id, page_size: 500, page_token });
        let page = notes(ctx).list_notes(request).await.answer("crm")?;
        Ok((page.notes, page.next_page_token))
    })
    .await?;
    let authors: Vec<i64> = notes.iter().map(|n| n.user_id).collect();
    let directory = Directory::for_ids(ctx, &authors).await?;
    Ok(Json(notes.into_iter().map(|n| NoteJson::new(n, &directory)).collect()))
}

/// `POST /api/newNote`; the author is the caller, whatever UserId and Name say.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", deny_unknown_fields)]
pub struct NewNote {
    pub lead_id: i64,
    /// Informational (the spec's client sends them): the author is the caller.
    #[serde(default)]
    #[schema(ignore)]
    pub user_id: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    #[schema(ignore)]
    pub name: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    pub service: String,
    #[serde(default)]
    pub follow_up_date: Option<String>,
    pub note: String,
}

/// Adds a note to a lead.
#[utoipa::path(post, path = "/newNote", tag = "notes and tasks", responses((status = 201, body = InsertId)))]
pub async fn new_note(ctx: CallContext, Json(body): Json<NewNote>) -> ApiResult<(StatusCode, Json<InsertId>)> {
    let note = Note {
        company_id: body.lead_id,
        text: body.note,
        service: body.service,
        follow_up_date: parse_iso("FollowUpDate", body.follow_up_date.as_deref())?,
        ..Default::default()
    };
    let request = ctx.request(CreateNoteRequest { note: Some(note) });
    let created = notes(&ctx).create_note(request).await.answer("crm")?.note.ok_or_else(missing)?;
    created_id(created.note_id)
}

/// An assignee of a task.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct Assignee {
    pub assignee_id: i64,
    pub assignee_name: String,
}

view! {
    /// A task as the REST surface shows it.
    #[serde(rename_all = "PascalCase")]
    pub struct TaskJson from task: Task, directory: &Directory {
        task_id: i64,
        #[serde(rename = "Type")]
        task_type: String = task.r#type,
        subject: String,
        description: String,
        /// ISO instant.
        due_date: Option<String> = rfc3339(task.due_time),
        /// Open or Closed.
        status: String = if task.status == i32::from(TaskStatus::Closed) { "Closed" } else { "Open" }.into(),
        assignee_ids: Vec<i64> = task.assignee_user_ids.clone(),
        assignees: Vec<Assignee> = task
            .assignee_user_ids
            .iter()
            .map(|id| Assignee { assignee_id: *id, assignee_name: directory.name(*id) })
            .collect(),
        lead_id: Option<i64> = id(task.company_id),
        author_id: i64 = task.author_user_id,
        /// The lead's name.
        customer_name: String = task.company_name,
        version: i64,
    }
}

async fn list_tasks(ctx: &CallContext, company_id: i64, assignee: i64) -> ApiResult<Json<Vec<TaskJson>>> {
    let tasks = all_pages(|page_token| async move {
        let request = ListTasksRequest {
            company_id,
            assignee_user_id: assignee,
            page_size: 2000,
            page_token,
            ..Default::default()
        };
        let page = tasks(ctx).list_tasks(ctx.request(request)).await.answer("crm")?;
        Ok((page.tasks, page.next_page_token))
    })
    .await?;
    let assignees: Vec<i64> = tasks.iter().flat_map(|t| t.assignee_user_ids.iter().copied()).collect();
    let directory = Directory::for_ids(ctx, &assignees).await?;
    Ok(Json(tasks.into_iter().map(|t| TaskJson::new(t, &directory)).collect()))
}

/// A lead's tasks by due date.
#[utoipa::path(get, path = "/getTasksByLeadId/{LeadId}", tag = "notes and tasks",
    responses((status = 200, body = [TaskJson])))]
pub async fn get_tasks_by_lead_id(ctx: CallContext, Path(lead_id): Path<i64>) -> ApiResult<Json<Vec<TaskJson>>> {
    list_tasks(&ctx, lead_id, 0).await
}

/// The tasks assigned to the named user (another user's: Management only).
#[utoipa::path(get, path = "/getTasksByAssignee/{userName}", tag = "notes and tasks",
    responses((status = 200, body = [TaskJson])))]
pub async fn get_tasks_by_assignee(ctx: CallContext, Path(user_name): Path<String>) -> ApiResult<Json<Vec<TaskJson>>> {
    let user_id = Directory::for_names(&ctx, [user_name.as_str()]).await?.id(&user_name)?;
    if user_id == 0 {
        return Err(ApiError::bad_request("Name the user."));
    }
    list_tasks(&ctx, 0, user_id).await
}

/// Task fields as clients send them; absent fields are left as they are.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
pub struct TaskFields {
    #[serde(rename = "Type")]
    pub task_type: Option<String>,
    pub subject: Option<String>,
    pub description: Option<String>,
    /// ISO instant.
    pub due_date: Option<String>,
    /// Open or Closed (edits only; a new task is Open).
    pub status: Option<String>,
    pub assignee_ids: Option<Vec<i64>>,
    pub lead_id: Option<i64>,
    /// The version read; without it the task is taken as read now.
    pub version: Option<i64>,
    /// Informational (the spec's client sends it): the author is the caller.
    #[schema(ignore)]
    pub author_id: Option<serde::de::IgnoredAny>,
}

fn parse_due(ctx: &CallContext, text: &str) -> ApiResult<prost_types::Timestamp> {
    let due = parse_instant("DueDate", text, &ctx.state.business)?;
    Ok(prost_types::Timestamp { seconds: due.timestamp(), nanos: 0 })
}

fn status_value(text: &str) -> ApiResult<i32> {
    match text {
        "Open" => Ok(TaskStatus::Open.into()),
        "Closed" => Ok(TaskStatus::Closed.into()),
        _ => Err(ApiError::bad_request("Status must be Open or Closed.")),
    }
}

/// Adds a task; it starts Open.
#[utoipa::path(post, path = "/newTask", tag = "notes and tasks", responses((status = 201, body = InsertId)))]
pub async fn new_task(ctx: CallContext, Json(body): Json<TaskFields>) -> ApiResult<(StatusCode, Json<InsertId>)> {
    let task = Task {
        r#type: body.task_type.unwrap_or_default(),
        subject: body.subject.unwrap_or_default(),
        description: body.description.unwrap_or_default(),
        due_time: Some(parse_due(&ctx, body.due_date.as_deref().unwrap_or(""))?),
        assignee_user_ids: body.assignee_ids.unwrap_or_default(),
        company_id: body.lead_id.unwrap_or(0),
        ..Default::default()
    };
    let request = ctx.request(CreateTaskRequest { task: Some(task) });
    let created = tasks(&ctx).create_task(request).await.answer("crm")?.task.ok_or_else(missing)?;
    created_id(created.task_id)
}

/// Changes a task: the fields present in the body.
#[utoipa::path(patch, path = "/task/{TaskId}", tag = "notes and tasks", responses((status = 200, body = TaskJson)))]
pub async fn update_task(
    ctx: CallContext,
    Path(task_id): Path<i64>,
    Json(body): Json<TaskFields>,
) -> ApiResult<Json<TaskJson>> {
    let mut client = tasks(&ctx);
    // Without a version the service takes the task as read now.
    let version = body.version.unwrap_or(0);
    let mut task = Task { task_id, version, ..Default::default() };
    let mut paths = Vec::new();
    set(&mut paths, "type", body.task_type, &mut task.r#type);
    set(&mut paths, "subject", body.subject, &mut task.subject);
    set(&mut paths, "description", body.description, &mut task.description);
    if let Some(value) = body.due_date {
        task.due_time = Some(parse_due(&ctx, &value)?);
        paths.push("due_time");
    }
    if let Some(value) = body.status {
        task.status = status_value(&value)?;
        paths.push("status");
    }
    set(&mut paths, "assignee_user_ids", body.assignee_ids, &mut task.assignee_user_ids);
    let update_mask = prost_types::FieldMask { paths: paths.into_iter().map(str::to_owned).collect() };
    let request = ctx.request(UpdateTaskRequest { task: Some(task), update_mask: Some(update_mask) });
    let updated = client.update_task(request).await.answer("crm")?.task.ok_or_else(missing)?;
    let directory = Directory::for_ids(&ctx, &updated.assignee_user_ids).await?;
    Ok(Json(TaskJson::new(updated, &directory)))
}
