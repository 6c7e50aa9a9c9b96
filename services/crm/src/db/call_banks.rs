use chrono::{DateTime, Utc};
use eris_platform::db::Db;
use sqlx::PgExecutor;

use super::companies::{COLUMNS as COMPANY_COLUMNS, CompanyRow};

pub use crate::domain::call_banks::CallBankFields;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CallBankRow {
    pub call_bank_id: i64,
    #[sqlx(flatten)]
    pub fields: CallBankFields,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
    pub company_count: i64,
    pub closed_count: i64,
}

const SELECT: &str = "select b.call_bank_id, b.name, b.service_type, b.assignee_user_id, b.rep_type, b.due_date, \
    b.version, b.updated_at, \
    (select count(*) from call_bank_company m where m.call_bank_id = b.call_bank_id) as company_count, \
    (select count(*) from call_bank_company m where m.call_bank_id = b.call_bank_id and m.status = 'Closed') as closed_count \
    from call_bank b";

/// Most call banks one list shows (a brokerage keeps a few hundred).
pub const MAX_LISTED: i64 = 5000;

#[tracing::instrument(skip_all)]
pub async fn list_call_banks(pool: &Db, assignee: Option<i64>) -> sqlx::Result<Vec<CallBankRow>> {
    sqlx::query_as(&format!(
        "{SELECT} where ($1::bigint is null or b.assignee_user_id = $1) \
         order by b.due_date, b.name, b.call_bank_id limit {MAX_LISTED}"
    ))
    .bind(assignee)
    .fetch_all(pool)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn select_call_bank(db: impl PgExecutor<'_>, call_bank_id: i64) -> sqlx::Result<Option<CallBankRow>> {
    sqlx::query_as(&format!("{SELECT} where b.call_bank_id = $1")).bind(call_bank_id).fetch_optional(db).await
}

#[tracing::instrument(skip_all)]
pub async fn insert_call_bank(pool: &Db, fields: &CallBankFields, user_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "insert into call_bank (name, service_type, assignee_user_id, rep_type, due_date, updated_by) \
         values ($1, $2, $3, $4, $5, $6) returning call_bank_id",
    )
    .bind(&fields.name)
    .bind(&fields.service_type)
    .bind(fields.assignee_user_id)
    .bind(&fields.rep_type)
    .bind(fields.due_date)
    .bind(user_id)
    .fetch_one(pool)
    .await
}

/// The call bank, its row locked until the caller's transaction ends.
#[tracing::instrument(skip_all)]
pub async fn select_call_bank_for_update(
    db: &mut sqlx::PgConnection,
    call_bank_id: i64,
) -> sqlx::Result<Option<CallBankRow>> {
    sqlx::query("select 1 from call_bank where call_bank_id = $1 for update")
        .bind(call_bank_id)
        .execute(&mut *db)
        .await?;
    select_call_bank(db, call_bank_id).await
}

/// Writes the fields (the row is locked by the caller's transaction); answers the new version.
#[tracing::instrument(skip_all)]
pub async fn update_call_bank(
    db: impl PgExecutor<'_>,
    call_bank_id: i64,
    fields: &CallBankFields,
    user_id: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "update call_bank set name = $1, service_type = $2, assignee_user_id = $3, rep_type = $4, due_date = $5, \
         version = version + 1, updated_at = now(), updated_by = $6 where call_bank_id = $7 returning version",
    )
    .bind(&fields.name)
    .bind(&fields.service_type)
    .bind(fields.assignee_user_id)
    .bind(&fields.rep_type)
    .bind(fields.due_date)
    .bind(user_id)
    .bind(call_bank_id)
    .fetch_one(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn delete_call_bank(db: impl PgExecutor<'_>, call_bank_id: i64) -> sqlx::Result<bool> {
    let result = sqlx::query("delete from call_bank where call_bank_id = $1").bind(call_bank_id).execute(db).await?;
    Ok(result.rows_affected() == 1)
}

/// A company of a call bank, with the company when asked.
#[derive(Debug, sqlx::FromRow)]
pub struct MemberRow {
    pub company_id: i64,
    pub status: String,
    pub company_name: String,
}

/// A call bank's companies by name, after the (name, id) of the previous page's last row; only
/// those visible to `visible_to` when given.
#[tracing::instrument(skip_all)]
pub async fn list_members(
    pool: &Db,
    call_bank_id: i64,
    visible_to: Option<i64>,
    after: Option<(String, i64)>,
    limit: i64,
) -> sqlx::Result<Vec<MemberRow>> {
    let (after_name, after_id) = after.map_or((None, None), |(name, id)| (Some(name), Some(id)));
    sqlx::query_as(&format!(
        "select m.company_id, m.status, c.name as company_name from call_bank_company m \
         join company c on c.company_id = m.company_id where m.call_bank_id = $1 \
         and ($2::text is null or (c.name, c.company_id) > ($2, $3)) and {} \
         order by c.name, c.company_id limit $4",
        super::companies::visible_condition("c", "$5")
    ))
    .bind(call_bank_id)
    .bind(after_name)
    .bind(after_id)
    .bind(limit)
    .bind(visible_to)
    .fetch_all(pool)
    .await
}

/// How many of a call bank's companies `visible_to` may see.
#[tracing::instrument(skip_all)]
pub async fn count_visible_members(pool: &Db, call_bank_id: i64, visible_to: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(&format!(
        "select count(*) from call_bank_company m join company c on c.company_id = m.company_id \
         where m.call_bank_id = $1 and {}",
        super::companies::visible_condition("c", "$2")
    ))
    .bind(call_bank_id)
    .bind(visible_to)
    .fetch_one(pool)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn select_companies(pool: &Db, company_ids: &[i64]) -> sqlx::Result<Vec<CompanyRow>> {
    sqlx::query_as(&format!("select {} from company where company_id = any($1)", *COMPANY_COLUMNS))
        .bind(company_ids)
        .fetch_all(pool)
        .await
}

/// Replaces the membership: companies not listed leave; listed ones join Open or keep their
/// status, unless a status is given. Unknown company ids are ignored. Answers how many joined.
#[tracing::instrument(skip_all)]
pub async fn set_members(
    db: &mut sqlx::PgConnection,
    call_bank_id: i64,
    company_ids: &[i64],
    statuses: &[Option<String>],
    user_id: i64,
) -> sqlx::Result<i64> {
    sqlx::query("delete from call_bank_company where call_bank_id = $1 and not (company_id = any($2))")
        .bind(call_bank_id)
        .bind(company_ids)
        .execute(&mut *db)
        .await?;
    let joined = sqlx::query(
        "insert into call_bank_company (call_bank_id, company_id, status, updated_by) \
         select $1, ids.company_id, coalesce(ids.status, 'Open'), $4 \
         from unnest($2::bigint[], $3::text[]) as ids(company_id, status) \
         join company c on c.company_id = ids.company_id \
         on conflict (call_bank_id, company_id) do nothing",
    )
    .bind(call_bank_id)
    .bind(company_ids)
    .bind(statuses)
    .bind(user_id)
    .execute(&mut *db)
    .await?;
    sqlx::query(
        "update call_bank_company m set status = ids.status, updated_at = now(), updated_by = $4 \
         from unnest($2::bigint[], $3::text[]) as ids(company_id, status) \
         where m.call_bank_id = $1 and m.company_id = ids.company_id \
           and ids.status is not null and m.status <> ids.status",
    )
    .bind(call_bank_id)
    .bind(company_ids)
    .bind(statuses)
    .bind(user_id)
    .execute(&mut *db)
    .await?;
    Ok(joined.rows_affected() as i64)
}

#[tracing::instrument(skip_all)]
pub async fn update_member_status(
    pool: &Db,
    call_bank_id: i64,
    company_id: i64,
    status: &str,
    user_id: i64,
    visible_to: Option<i64>,
) -> sqlx::Result<bool> {
    let result = sqlx::query(&format!(
        "update call_bank_company m set status = $3, updated_at = now(), updated_by = $4 from company c \
         where m.call_bank_id = $1 and m.company_id = $2 and c.company_id = m.company_id and {}",
        super::companies::visible_condition("c", "$5")
    ))
    .bind(call_bank_id)
    .bind(company_id)
    .bind(status)
    .bind(user_id)
    .bind(visible_to)
    .execute(pool)
    .await?;
    Ok(result.rows_affected() == 1)
}
