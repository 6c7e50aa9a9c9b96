//! Rate types.

use eris_platform::db::Db;
use sqlx::PgConnection;

/// The unique index that keeps rate type names distinct whatever their case.
pub const RATE_TYPE_NAME_KEY: &str = "rate_type_name_key";

/// Every rate type's name, by name (tens; the limit only bounds the work).
#[tracing::instrument(skip_all)]
pub async fn list_rate_types(pool: &Db) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("select name from rate_type order by lower(name) limit 10000").fetch_all(pool).await
}

#[tracing::instrument(skip_all)]
pub async fn insert_rate_type(db: &mut PgConnection, name: &str, user_id: i64) -> sqlx::Result<String> {
    sqlx::query_scalar("insert into rate_type (name, created_by) values ($1, $2) returning name")
        .bind(name)
        .bind(user_id)
        .fetch_one(db)
        .await
}

/// Removes a rate type by name, whatever its case; answers the stored name.
#[tracing::instrument(skip_all)]
pub async fn delete_rate_type(db: &mut PgConnection, name: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("delete from rate_type where lower(name) = lower($1) returning name")
        .bind(name)
        .fetch_optional(db)
        .await
}
