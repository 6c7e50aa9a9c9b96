use chrono::{DateTime, Utc};
use eris_platform::db::Db;
use sqlx::{PgExecutor, Postgres, QueryBuilder};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TaskRow {
    pub task_id: i64,
    #[sqlx(flatten)]
    pub fields: TaskFields,
    pub company_id: Option<i64>,
    pub author_user_id: i64,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
    pub company_name: Option<String>,
}

/// A task's editable fields.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct TaskFields {
    #[sqlx(rename = "type")]
    pub task_type: String,
    pub subject: String,
    pub description: String,
    pub due_at: DateTime<Utc>,
    pub status: String,
    pub assignee_user_ids: Vec<i64>,
}

const SELECT: &str = "select t.task_id, t.type, t.subject, t.description, t.due_at, t.status, t.company_id, \
    t.author_user_id, t.version, t.updated_at, c.name as company_name, \
    array(select a.user_id from task_assignee a where a.task_id = t.task_id order by a.user_id) as assignee_user_ids \
    from task t left join company c on c.company_id = t.company_id";

/// Which tasks to list.
pub struct TaskQuery {
    pub company_id: Option<i64>,
    pub assignee_user_id: Option<i64>,
    pub due_from: Option<DateTime<Utc>>,
    pub due_to: Option<DateTime<Utc>>,
    pub status: Option<&'static str>,
}

/// Tasks by due time, then id, after the (due, id) of the previous page's last row.
#[tracing::instrument(skip_all)]
pub async fn list_tasks(
    pool: &Db,
    query: &TaskQuery,
    after: Option<(DateTime<Utc>, i64)>,
    limit: i64,
) -> sqlx::Result<Vec<TaskRow>> {
    let mut builder: QueryBuilder<'_, Postgres> = QueryBuilder::new(SELECT);
    push_filters(&mut builder, query);
    if let Some((due, id)) = after {
        builder.push(" and (t.due_at, t.task_id) > (").push_bind(due).push(", ").push_bind(id).push(")");
    }
    builder.push(" order by t.due_at, t.task_id limit ").push_bind(limit);
    builder.build_query_as().fetch_all(pool).await
}

/// The first `per_day` tasks of each business day in `zone` (IANA name), by due time then id,
/// with how many tasks each day holds; for a month calendar, which shows a few per day. One scan
/// picks and counts on ids and due times alone; only the tasks picked are then read whole.
#[tracing::instrument(skip_all)]
pub async fn list_tasks_per_day(
    pool: &Db,
    query: &TaskQuery,
    zone: &str,
    per_day: i64,
) -> sqlx::Result<(Vec<TaskRow>, eris_platform::values::DayCounts)> {
    let mut picked: QueryBuilder<'_, Postgres> = QueryBuilder::new(
        "select task_id, day, day_count from (select t.task_id, d.day, \
           row_number() over (partition by d.day order by t.due_at, t.task_id) as day_rank, \
           count(*) over (partition by d.day) as day_count \
         from task t cross join lateral (select (t.due_at at time zone ",
    );
    picked.push_bind(zone).push(")::date as day) d");
    push_filters(&mut picked, query);
    picked.push(") ranked where day_rank <= ").push_bind(per_day);
    let picked: Vec<(i64, chrono::NaiveDate, i64)> = picked.build_query_as().fetch_all(pool).await?;

    let ids: Vec<i64> = picked.iter().map(|(id, _, _)| *id).collect();
    let rows = sqlx::query_as(&format!("{SELECT} where t.task_id = any($1) order by t.due_at, t.task_id"))
        .bind(ids)
        .fetch_all(pool)
        .await?;
    let mut counts: eris_platform::values::DayCounts = picked.into_iter().map(|(_, day, count)| (day, count)).collect();
    counts.sort_unstable();
    counts.dedup();
    Ok((rows, counts))
}

/// ` where ...`: the tasks a query names.
fn push_filters(builder: &mut QueryBuilder<'_, Postgres>, query: &TaskQuery) {
    builder.push(" where true");
    if let Some(company_id) = query.company_id {
        builder.push(" and t.company_id = ").push_bind(company_id);
    }
    if let Some(user_id) = query.assignee_user_id {
        builder
            .push(" and exists (select 1 from task_assignee a where a.task_id = t.task_id and a.user_id = ")
            .push_bind(user_id)
            .push(")");
    }
    if let Some(from) = query.due_from {
        builder.push(" and t.due_at >= ").push_bind(from);
    }
    if let Some(to) = query.due_to {
        builder.push(" and t.due_at < ").push_bind(to);
    }
    if let Some(status) = query.status {
        builder.push(" and t.status = ").push_bind(status);
    }
}

#[tracing::instrument(skip_all)]
pub async fn select_task(db: impl PgExecutor<'_>, task_id: i64) -> sqlx::Result<Option<TaskRow>> {
    sqlx::query_as(&format!("{SELECT} where t.task_id = $1")).bind(task_id).fetch_optional(db).await
}

/// The task, its row locked until the caller's transaction ends.
#[tracing::instrument(skip_all)]
pub async fn select_task_for_update(db: &mut sqlx::PgConnection, task_id: i64) -> sqlx::Result<Option<TaskRow>> {
    sqlx::query("select 1 from task where task_id = $1 for update").bind(task_id).execute(&mut *db).await?;
    select_task(db, task_id).await
}

/// Adds a task with its assignees; answers its id.
#[tracing::instrument(skip_all)]
pub async fn insert_task(
    db: &mut sqlx::PgConnection,
    fields: &TaskFields,
    company_id: Option<i64>,
    author: i64,
) -> sqlx::Result<i64> {
    let task_id = sqlx::query_scalar(
        "insert into task (type, subject, description, due_at, status, company_id, author_user_id, updated_by) \
         values ($1, $2, $3, $4, $5, $6, $7, $7) returning task_id",
    )
    .bind(&fields.task_type)
    .bind(&fields.subject)
    .bind(&fields.description)
    .bind(fields.due_at)
    .bind(&fields.status)
    .bind(company_id)
    .bind(author)
    .fetch_one(&mut *db)
    .await?;
    set_assignees(db, task_id, &fields.assignee_user_ids).await?;
    Ok(task_id)
}

/// Writes the fields (the row is locked by the caller's transaction); answers the new version.
#[tracing::instrument(skip_all)]
pub async fn update_task(
    db: &mut sqlx::PgConnection,
    task_id: i64,
    fields: &TaskFields,
    user_id: i64,
) -> sqlx::Result<i64> {
    let version = sqlx::query_scalar(
        "update task set type = $1, subject = $2, description = $3, due_at = $4, status = $5, \
         version = version + 1, updated_at = now(), updated_by = $6 where task_id = $7 returning version",
    )
    .bind(&fields.task_type)
    .bind(&fields.subject)
    .bind(&fields.description)
    .bind(fields.due_at)
    .bind(&fields.status)
    .bind(user_id)
    .bind(task_id)
    .fetch_one(&mut *db)
    .await?;
    set_assignees(db, task_id, &fields.assignee_user_ids).await?;
    Ok(version)
}

/// Replaces a task's assignees.
#[tracing::instrument(skip_all)]
pub async fn set_assignees(db: &mut sqlx::PgConnection, task_id: i64, user_ids: &[i64]) -> sqlx::Result<()> {
    sqlx::query("delete from task_assignee where task_id = $1").bind(task_id).execute(&mut *db).await?;
    sqlx::query("insert into task_assignee (task_id, user_id) select $1, unnest($2::bigint[]) on conflict do nothing")
        .bind(task_id)
        .bind(user_ids)
        .execute(&mut *db)
        .await?;
    Ok(())
}
