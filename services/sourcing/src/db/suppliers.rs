//! Suppliers and their contacts.

use chrono::{DateTime, Utc};
use eris_platform::db::Db;
use sqlx::{PgConnection, PgExecutor};

use super::{Columns, columns};
pub use crate::domain::supplier_record::{SupplierContactFields, SupplierFields};
use crate::domain::supplier_record::{supplier_contact_fields, supplier_fields};

supplier_fields!(columns);
supplier_contact_fields!(columns);

/// The unique index that keeps one live supplier per name and commodity.
pub const SUPPLIER_NAME_KEY: &str = "supplier_name_key";

/// A stored supplier.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SupplierRow {
    pub supplier_id: i64,
    #[sqlx(flatten)]
    pub fields: SupplierFields,
    pub archived: bool,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

fn select_supplier_sql() -> String {
    format!(
        "select supplier_id, {}, archived_at is not null as archived, version, updated_at from supplier",
        SupplierFields::COLUMNS
    )
}

/// Suppliers of `commodity` (all when `None`) by name, archived ones only when asked. A reference
/// list (hundreds); the limit only bounds the work.
#[tracing::instrument(skip_all)]
pub async fn list_suppliers(
    pool: &Db,
    commodity: Option<&str>,
    include_archived: bool,
) -> sqlx::Result<Vec<SupplierRow>> {
    sqlx::query_as(&format!(
        "{} where ($1::text is null or commodity = $1) and ($2 or archived_at is null) \
         order by lower(name), commodity, supplier_id limit 10000",
        select_supplier_sql()
    ))
    .bind(commodity)
    .bind(include_archived)
    .fetch_all(pool)
    .await
}

/// Up to `limit` suppliers, archived ones too, with ids above `after`, in id order (a snapshot's
/// pages).
#[tracing::instrument(skip_all)]
pub async fn list_suppliers_after(db: impl PgExecutor<'_>, after: i64, limit: i64) -> sqlx::Result<Vec<SupplierRow>> {
    sqlx::query_as(&format!("{} where supplier_id > $1 order by supplier_id limit $2", select_supplier_sql()))
        .bind(after)
        .bind(limit)
        .fetch_all(db)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn select_supplier(db: impl PgExecutor<'_>, supplier_id: i64) -> sqlx::Result<Option<SupplierRow>> {
    sqlx::query_as(&format!("{} where supplier_id = $1", select_supplier_sql()))
        .bind(supplier_id)
        .fetch_optional(db)
        .await
}

/// The supplier, its row locked until the caller's transaction ends.
#[tracing::instrument(skip_all)]
pub async fn select_supplier_for_update(db: &mut PgConnection, supplier_id: i64) -> sqlx::Result<Option<SupplierRow>> {
    sqlx::query_as(&format!("{} where supplier_id = $1 for update", select_supplier_sql()))
        .bind(supplier_id)
        .fetch_optional(db)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn insert_supplier(db: &mut PgConnection, fields: &SupplierFields, user_id: i64) -> sqlx::Result<i64> {
    super::insert_fields(db, "supplier", &[], fields, user_id, "supplier_id").await
}

/// Writes the fields (the row is locked by the caller's transaction); answers the new version.
#[tracing::instrument(skip_all)]
pub async fn update_supplier(
    db: &mut PgConnection,
    supplier_id: i64,
    fields: &SupplierFields,
    user_id: i64,
) -> sqlx::Result<i64> {
    super::update_fields(db, "supplier", ("supplier_id", supplier_id), fields, user_id).await
}

/// Archives a live supplier; false when it was archived already.
#[tracing::instrument(skip_all)]
pub async fn archive_supplier(db: &mut PgConnection, supplier_id: i64, user_id: i64) -> sqlx::Result<bool> {
    let archived = sqlx::query(
        "update supplier set archived_at = now(), version = version + 1, updated_at = now(), updated_by = $1 \
         where supplier_id = $2 and archived_at is null",
    )
    .bind(user_id)
    .bind(supplier_id)
    .execute(db)
    .await?;
    Ok(archived.rows_affected() == 1)
}

/// A stored supplier contact.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SupplierContactRow {
    pub supplier_contact_id: i64,
    pub supplier_id: i64,
    #[sqlx(flatten)]
    pub fields: SupplierContactFields,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

fn contact_columns() -> String {
    format!("supplier_contact_id, supplier_id, {}, version, updated_at", SupplierContactFields::COLUMNS)
}

/// The contacts `rest` (a where clause, an order) selects.
fn select_contacts(rest: &str) -> String {
    format!("select {} from supplier_contact {rest}", contact_columns())
}

/// A supplier's contacts by name (tens at most; the limit only bounds the work).
#[tracing::instrument(skip_all)]
pub async fn list_contacts(pool: &Db, supplier_id: i64) -> sqlx::Result<Vec<SupplierContactRow>> {
    sqlx::query_as(&select_contacts("where supplier_id = $1 order by lower(name), supplier_contact_id limit 1000"))
        .bind(supplier_id)
        .fetch_all(pool)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn select_contact(db: impl PgExecutor<'_>, contact_id: i64) -> sqlx::Result<Option<SupplierContactRow>> {
    sqlx::query_as(&select_contacts("where supplier_contact_id = $1")).bind(contact_id).fetch_optional(db).await
}

/// The contact, its row locked until the caller's transaction ends.
#[tracing::instrument(skip_all)]
pub async fn select_contact_for_update(
    db: &mut PgConnection,
    contact_id: i64,
) -> sqlx::Result<Option<SupplierContactRow>> {
    sqlx::query_as(&select_contacts("where supplier_contact_id = $1 for update"))
        .bind(contact_id)
        .fetch_optional(db)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn insert_contact(
    db: &mut PgConnection,
    supplier_id: i64,
    fields: &SupplierContactFields,
    user_id: i64,
) -> sqlx::Result<i64> {
    let owner = [("supplier_id", supplier_id)];
    super::insert_fields(db, "supplier_contact", &owner, fields, user_id, "supplier_contact_id").await
}

/// Writes the fields (the row is locked by the caller's transaction); answers the new version.
#[tracing::instrument(skip_all)]
pub async fn update_contact(
    db: &mut PgConnection,
    contact_id: i64,
    fields: &SupplierContactFields,
    user_id: i64,
) -> sqlx::Result<i64> {
    super::update_fields(db, "supplier_contact", ("supplier_contact_id", contact_id), fields, user_id).await
}

/// Removes a contact; answers it as it was.
#[tracing::instrument(skip_all)]
pub async fn delete_contact(db: &mut PgConnection, contact_id: i64) -> sqlx::Result<Option<SupplierContactRow>> {
    sqlx::query_as(&format!(
        "delete from supplier_contact where supplier_contact_id = $1 returning {}",
        contact_columns()
    ))
    .bind(contact_id)
    .fetch_optional(db)
    .await
}
