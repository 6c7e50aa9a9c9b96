use chrono::{DateTime, NaiveDate, Utc};
use eris_platform::db::Db;

#[derive(Debug, sqlx::FromRow)]
pub struct NoteRow {
    pub note_id: i64,
    pub company_id: i64,
    pub user_id: i64,
    pub text: String,
    pub service: String,
    pub follow_up_date: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
}

const COLUMNS: &str = "note_id, company_id, user_id, text, service, follow_up_date, created_at";

/// A company's notes, newest first, before the note id of the previous page's last row.
#[tracing::instrument(skip_all)]
pub async fn list_notes(pool: &Db, company_id: i64, before: Option<i64>, limit: i64) -> sqlx::Result<Vec<NoteRow>> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from note where company_id = $1 and note_id < coalesce($2, 9223372036854775807) \
         order by note_id desc limit $3"
    ))
    .bind(company_id)
    .bind(before)
    .bind(limit)
    .fetch_all(pool)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn insert_note(
    pool: &Db,
    company_id: i64,
    user_id: i64,
    text: &str,
    service: &str,
    follow_up_date: Option<NaiveDate>,
) -> sqlx::Result<NoteRow> {
    sqlx::query_as(&format!(
        "insert into note (company_id, user_id, text, service, follow_up_date) values ($1, $2, $3, $4, $5) \
         returning {COLUMNS}"
    ))
    .bind(company_id)
    .bind(user_id)
    .bind(text)
    .bind(service)
    .bind(follow_up_date)
    .fetch_one(pool)
    .await
}
