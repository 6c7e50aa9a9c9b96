//! Company contacts (`contact`).

use chrono::{DateTime, Utc};
use eris_platform::db::Db;
use sqlx::{PgConnection, PgExecutor, Postgres, QueryBuilder, query_builder::Separated};

pub use crate::domain::contact_record::ContactFields;
use crate::domain::contact_record::contact_fields;

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

/// The columns, and the binds of a contact's fields in their order, from the field table.
macro_rules! columns {
    ($first:ident: $first_ty:ty => $first_convert:expr $(, $field:ident: $ty:ty => $convert:expr)* $(,)?) => {
        const FIELD_COLUMNS: &str = concat!(stringify!($first) $(, ", ", stringify!($field))*);

        const COLUMNS: &str = concat!(
            "contact_id, company_id, ", stringify!($first), $(", ", stringify!($field),)* ", version, updated_at"
        );

        fn bind_fields<'q>(values: &mut Separated<'_, 'q, Postgres, &'static str>, fields: &'q ContactFields) {
            values.push_bind(&fields.$first);
            $(values.push_bind(&fields.$field);)*
        }
    };
}
contact_fields!(columns);

/// A page of a company's contacts by last name, first name, id, after `after`.
#[tracing::instrument(skip_all)]
pub async fn list_contacts(
    pool: &Db,
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
    let mut builder = QueryBuilder::<Postgres>::new(format!(
        "insert into contact (company_id, updated_by, {FIELD_COLUMNS}) values ("
    ));
    let mut values = builder.separated(", ");
    values.push_bind(company_id).push_bind(user_id);
    bind_fields(&mut values, fields);
    builder.push(format!(") returning {COLUMNS}"));
    builder.build_query_as().fetch_one(db).await
}

/// Writes the fields (the row is locked by the caller's transaction); answers the contact.
#[tracing::instrument(skip_all)]
pub async fn update_contact(
    db: &mut PgConnection,
    contact_id: i64,
    fields: &ContactFields,
    user_id: i64,
) -> sqlx::Result<ContactRow> {
    let mut builder = QueryBuilder::<Postgres>::new(format!("update contact set ({FIELD_COLUMNS}) = ("));
    bind_fields(&mut builder.separated(", "), fields);
    builder
        .push("), version = version + 1, updated_at = now(), updated_by = ")
        .push_bind(user_id)
        .push(" where contact_id = ")
        .push_bind(contact_id)
        .push(format!(" returning {COLUMNS}"));
    builder.build_query_as().fetch_one(db).await
}

/// Removes a contact; answers it as it was.
#[tracing::instrument(skip_all)]
pub async fn delete_contact(db: &mut PgConnection, contact_id: i64) -> sqlx::Result<Option<ContactRow>> {
    sqlx::query_as(&format!("delete from contact where contact_id = $1 returning {COLUMNS}"))
        .bind(contact_id)
        .fetch_optional(db)
        .await
}
