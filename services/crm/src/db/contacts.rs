//! Company contacts (`contact`).

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgExecutor, PgPool};

/// A contact's editable fields.
#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct ContactFields {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub title: String,
    pub office_phone: String,
    pub cell_phone: String,
    pub contact_type: String,
    pub priority: Option<i16>,
}

/// A stored contact.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ContactRow {
    pub contact_id: i64,
    pub company_id: i64,
    #[sqlx(flatten)]
    pub fields: ContactFields,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "contact_id, company_id, first_name, last_name, email, title, office_phone, cell_phone, \
    contact_type, priority, version, updated_at";

/// A page of a company's contacts by last name, first name, id, after `after`.
#[tracing::instrument(skip_all)]
pub async fn list_contacts(
    pool: &PgPool,
    company_id: i64,
    after: Option<(String, String, i64)>,
    limit: i64,
) -> sqlx::Result<Vec<ContactRow>> {
    let (last, first, id) = after.unwrap_or_default();
    sqlx::query_as(&format!(
        "select {COLUMNS} from contact where company_id = $1 \
         and ($2 = 0 or (lower(last_name), lower(first_name), contact_id) > ($3, $4, $2)) \
         order by lower(last_name), lower(first_name), contact_id limit $5"
    ))
    .bind(company_id)
    .bind(id)
    .bind(last)
    .bind(first)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// Up to `limit` contacts with ids above `after`, in id order (a snapshot's pages).
#[tracing::instrument(skip_all)]
pub async fn list_contacts_after(db: impl PgExecutor<'_>, after: i64, limit: i64) -> sqlx::Result<Vec<ContactRow>> {
    sqlx::query_as(&format!("select {COLUMNS} from contact where contact_id > $1 order by contact_id limit $2"))
        .bind(after)
        .bind(limit)
        .fetch_all(db)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn select_contact(db: impl PgExecutor<'_>, contact_id: i64) -> sqlx::Result<Option<ContactRow>> {
    sqlx::query_as(&format!("select {COLUMNS} from contact where contact_id = $1"))
        .bind(contact_id)
        .fetch_optional(db)
        .await
}

/// The contact, its row locked until the caller's transaction ends.
#[tracing::instrument(skip_all)]
pub async fn select_contact_for_update(db: &mut PgConnection, contact_id: i64) -> sqlx::Result<Option<ContactRow>> {
    sqlx::query_as(&format!("select {COLUMNS} from contact where contact_id = $1 for update"))
        .bind(contact_id)
        .fetch_optional(db)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn insert_contact(
    db: &mut PgConnection,
    company_id: i64,
    fields: &ContactFields,
    user_id: i64,
) -> sqlx::Result<ContactRow> {
    sqlx::query_as(&format!(
        "insert into contact (company_id, first_name, last_name, email, title, office_phone, cell_phone, \
         contact_type, priority, updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning {COLUMNS}"
    ))
    .bind(company_id)
    .bind(&fields.first_name)
    .bind(&fields.last_name)
    .bind(&fields.email)
    .bind(&fields.title)
    .bind(&fields.office_phone)
    .bind(&fields.cell_phone)
    .bind(&fields.contact_type)
    .bind(fields.priority)
    .bind(user_id)
    .fetch_one(db)
    .await
}

/// Writes the fields (the row is locked by the caller's transaction); answers the contact.
#[tracing::instrument(skip_all)]
pub async fn update_contact(
    db: &mut PgConnection,
    contact_id: i64,
    fields: &ContactFields,
    user_id: i64,
) -> sqlx::Result<ContactRow> {
    sqlx::query_as(&format!(
        "update contact set first_name = $1, last_name = $2, email = $3, title = $4, office_phone = $5, \
         cell_phone = $6, contact_type = $7, priority = $8, version = version + 1, updated_at = now(), \
         updated_by = $9 where contact_id = $10 returning {COLUMNS}"
    ))
    .bind(&fields.first_name)
    .bind(&fields.last_name)
    .bind(&fields.email)
    .bind(&fields.title)
    .bind(&fields.office_phone)
    .bind(&fields.cell_phone)
    .bind(&fields.contact_type)
    .bind(fields.priority)
    .bind(user_id)
    .bind(contact_id)
    .fetch_one(db)
    .await
}

/// Removes a contact; answers it as it was.
#[tracing::instrument(skip_all)]
pub async fn delete_contact(db: &mut PgConnection, contact_id: i64) -> sqlx::Result<Option<ContactRow>> {
    sqlx::query_as(&format!("delete from contact where contact_id = $1 returning {COLUMNS}"))
        .bind(contact_id)
        .fetch_optional(db)
        .await
}
