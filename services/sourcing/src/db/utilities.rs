//! Utilities.

use sqlx::PgPool;

/// A stored utility.
#[derive(Debug, sqlx::FromRow)]
pub struct UtilityRow {
    pub utility_id: i64,
    pub name: String,
    pub state: String,
    pub commodity: String,
    pub zone: String,
    pub rto: String,
}

/// Every utility of `commodity` (all when `None`), by name, then state. A reference list (a few
/// hundred utilities nationwide); the limit only bounds the work.
#[tracing::instrument(skip_all)]
pub async fn list_utilities(pool: &PgPool, commodity: Option<&str>) -> sqlx::Result<Vec<UtilityRow>> {
    sqlx::query_as(
        "select utility_id, name, state, commodity, zone, rto from utility \
         where $1::text is null or commodity = $1 order by lower(name), state, commodity, utility_id limit 10000",
    )
    .bind(commodity)
    .fetch_all(pool)
    .await
}
