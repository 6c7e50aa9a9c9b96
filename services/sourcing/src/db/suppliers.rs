//! Suppliers and their contacts.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgExecutor, PgPool};

use super::{Columns, columns};
pub use crate::domain::supplier_record::SupplierFields;
use crate::domain::supplier_record::supplier_fields;

supplier_fields!(columns);

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
    pool: &PgPool,
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

/// A supplier contact's editable fields.
#[derive(Debug, Clone, PartialEq, Eq, Default, sqlx::FromRow)]
pub struct SupplierContactFields {
    pub name: String,
    pub contact_type: String,
    pub commodity: String,
    pub email: String,
    pub support: String,
    pub pricing_desk: String,
    pub office_phone: String,
    pub cell_phone: String,
}

const SELECT_CONTACT: &str = "select supplier_contact_id, supplier_id, name, contact_type, commodity, email, \
    support, pricing_desk, office_phone, cell_phone, version, updated_at from supplier_contact";

/// A supplier's contacts by name (tens at most; the limit only bounds the work).
#[tracing::instrument(skip_all)]
pub async fn list_contacts(pool: &PgPool, supplier_id: i64) -> sqlx::Result<Vec<SupplierContactRow>> {
    sqlx::query_as(&format!(
        "{SELECT_CONTACT} where supplier_id = $1 order by lower(name), supplier_contact_id limit 1000"
    ))
    .bind(supplier_id)
    .fetch_all(pool)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn select_contact(db: impl PgExecutor<'_>, contact_id: i64) -> sqlx::Result<Option<SupplierContactRow>> {
    sqlx::query_as(&format!("{SELECT_CONTACT} where supplier_contact_id = $1"))
        .bind(contact_id)
        .fetch_optional(db)
        .await
}

/// The contact, its row locked until the caller's transaction ends.
#[tracing::instrument(skip_all)]
pub async fn select_contact_for_update(
    db: &mut PgConnection,
    contact_id: i64,
) -> sqlx::Result<Option<SupplierContactRow>> {
    sqlx::query_as(&format!("{SELECT_CONTACT} where supplier_contact_id = $1 for update"))
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
    sqlx::query_scalar(
        "insert into supplier_contact (supplier_id, name, contact_type, commodity, email, support, pricing_desk, \
         office_phone, cell_phone, updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         returning supplier_contact_id",
    )
    .bind(supplier_id)
    .bind(&fields.name)
    .bind(&fields.contact_type)
    .bind(&fields.commodity)
    .bind(&fields.email)
    .bind(&fields.support)
    .bind(&fields.pricing_desk)
    .bind(&fields.office_phone)
    .bind(&fields.cell_phone)
    .bind(user_id)
    .fetch_one(db)
    .await
}

/// Writes the fields (the row is locked by the caller's transaction); answers the new version.
#[tracing::instrument(skip_all)]
pub async fn update_contact(
    db: &mut PgConnection,
    contact_id: i64,
    fields: &SupplierContactFields,
    user_id: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "update supplier_contact set name = $1, contact_type = $2, commodity = $3, email = $4, support = $5, \
         pricing_desk = $6, office_phone = $7, cell_phone = $8, version = version + 1, updated_at = now(), \
         updated_by = $9 where supplier_contact_id = $10 returning version",
    )
    .bind(&fields.name)
    .bind(&fields.contact_type)
    .bind(&fields.commodity)
    .bind(&fields.email)
    .bind(&fields.support)
    .bind(&fields.pricing_desk)
    .bind(&fields.office_phone)
    .bind(&fields.cell_phone)
    .bind(user_id)
    .bind(contact_id)
    .fetch_one(db)
    .await
}

/// Removes a contact; answers it as it was.
#[tracing::instrument(skip_all)]
pub async fn delete_contact(db: &mut PgConnection, contact_id: i64) -> sqlx::Result<Option<SupplierContactRow>> {
    sqlx::query_as(
        "delete from supplier_contact where supplier_contact_id = $1 returning supplier_contact_id, supplier_id, \
         name, contact_type, commodity, email, support, pricing_desk, office_phone, cell_phone, version, updated_at",
    )
    .bind(contact_id)
    .fetch_optional(db)
    .await
}
