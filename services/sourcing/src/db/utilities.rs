//! Utilities and their rate codes.

use chrono::{DateTime, Utc};
use eris_platform::db::Db;
use sqlx::{PgConnection, PgExecutor};

use super::{Columns, columns};
pub use crate::domain::utility_record::UtilityFields;
use crate::domain::utility_record::utility_fields;

utility_fields!(columns);

/// The unique constraint on (name, state, commodity).
pub const UTILITY_NAME_KEY: &str = "utility_name_state_commodity_key";

/// A stored utility.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UtilityRow {
    pub utility_id: i64,
    #[sqlx(flatten)]
    pub fields: UtilityFields,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

/// A stored rate code.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct RateCodeRow {
    pub matrix: String,
    pub tariff: String,
    pub description: String,
}

fn select() -> String {
    format!("select utility_id, {}, version, updated_at from utility", UtilityFields::COLUMNS)
}

/// Every utility of `commodity` (all when `None`), by name, then state. A reference list (a few
/// hundred utilities nationwide); the limit only bounds the work.
#[tracing::instrument(skip_all)]
pub async fn list_utilities(pool: &Db, commodity: Option<&str>) -> sqlx::Result<Vec<UtilityRow>> {
    sqlx::query_as(&format!(
        "{} where $1::text is null or commodity = $1 order by lower(name), state, commodity, utility_id limit 10000",
        select()
    ))
    .bind(commodity)
    .fetch_all(pool)
    .await
}

/// Up to `limit` utilities with ids above `after`, in id order (a snapshot's pages).
#[tracing::instrument(skip_all)]
pub async fn list_utilities_after(db: impl PgExecutor<'_>, after: i64, limit: i64) -> sqlx::Result<Vec<UtilityRow>> {
    sqlx::query_as(&format!("{} where utility_id > $1 order by utility_id limit $2", select()))
        .bind(after)
        .bind(limit)
        .fetch_all(db)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn select_utility(db: impl PgExecutor<'_>, utility_id: i64) -> sqlx::Result<Option<UtilityRow>> {
    sqlx::query_as(&format!("{} where utility_id = $1", select())).bind(utility_id).fetch_optional(db).await
}

/// The utility, its row locked until the caller's transaction ends.
#[tracing::instrument(skip_all)]
pub async fn select_utility_for_update(db: &mut PgConnection, utility_id: i64) -> sqlx::Result<Option<UtilityRow>> {
    sqlx::query_as(&format!("{} where utility_id = $1 for update", select())).bind(utility_id).fetch_optional(db).await
}

#[tracing::instrument(skip_all)]
pub async fn insert_utility(db: &mut PgConnection, fields: &UtilityFields, user_id: i64) -> sqlx::Result<i64> {
    super::insert_fields(db, "utility", &[], fields, user_id, "utility_id").await
}

/// Writes the fields (the row is locked by the caller's transaction); answers the new version.
#[tracing::instrument(skip_all)]
pub async fn update_utility(
    db: &mut PgConnection,
    utility_id: i64,
    fields: &UtilityFields,
    user_id: i64,
) -> sqlx::Result<i64> {
    super::update_fields(db, "utility", ("utility_id", utility_id), fields, user_id).await
}

/// A utility's rate codes in the order they were saved (hundreds at most).
#[tracing::instrument(skip_all)]
pub async fn list_rate_codes(db: impl PgExecutor<'_>, utility_id: i64) -> sqlx::Result<Vec<RateCodeRow>> {
    sqlx::query_as(
        "select matrix, tariff, description from rate_code where utility_id = $1 order by position limit 10000",
    )
    .bind(utility_id)
    .fetch_all(db)
    .await
}

/// Replaces a utility's rate codes (the utility's row is locked by the caller's transaction).
#[tracing::instrument(skip_all)]
pub async fn replace_rate_codes(db: &mut PgConnection, utility_id: i64, codes: &[RateCodeRow]) -> sqlx::Result<()> {
    sqlx::query("delete from rate_code where utility_id = $1").bind(utility_id).execute(&mut *db).await?;
    let matrices: Vec<&str> = codes.iter().map(|code| code.matrix.as_str()).collect();
    let tariffs: Vec<&str> = codes.iter().map(|code| code.tariff.as_str()).collect();
    let descriptions: Vec<&str> = codes.iter().map(|code| code.description.as_str()).collect();
    sqlx::query(
        "insert into rate_code (utility_id, position, matrix, tariff, description) \
         select $1, ordinality - 1, matrix, tariff, description \
         from unnest($2::text[], $3::text[], $4::text[]) with ordinality as code (matrix, tariff, description)",
    )
    .bind(utility_id)
    .bind(matrices)
    .bind(tariffs)
    .bind(descriptions)
    .execute(db)
    .await?;
    Ok(())
}
