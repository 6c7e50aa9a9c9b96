//! Hedges of Hedge contracts.

use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::Decimal;
use sqlx::{PgConnection, PgExecutor};

/// A stored hedge.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct HedgeRow {
    pub hedge_id: i64,
    pub contract_id: i64,
    #[sqlx(flatten)]
    pub values: HedgeValues,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: i64,
    pub updated_at: DateTime<Utc>,
    pub updated_by: i64,
}

/// A hedge's values.
#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct HedgeValues {
    pub block_type: String,
    pub signed_date: Option<NaiveDate>,
    pub start_month: Option<NaiveDate>,
    pub term_months: i32,
    pub rate: Option<Decimal>,
    pub fee: Option<Decimal>,
}

const COLUMNS: &str = "hedge_id, contract_id, block_type, signed_date, start_month, term_months, rate, fee, \
    version, created_at, created_by, updated_at, updated_by";

#[tracing::instrument(skip_all)]
pub async fn list_hedges(db: impl PgExecutor<'_>, contract_id: i64) -> sqlx::Result<Vec<HedgeRow>> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from hedge where contract_id = $1 order by start_month nulls last, hedge_id"
    ))
    .bind(contract_id)
    .fetch_all(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn select_hedge(db: impl PgExecutor<'_>, hedge_id: i64) -> sqlx::Result<Option<HedgeRow>> {
    sqlx::query_as(&format!("select {COLUMNS} from hedge where hedge_id = $1")).bind(hedge_id).fetch_optional(db).await
}

#[tracing::instrument(skip_all)]
pub async fn insert_hedge(
    db: &mut PgConnection,
    contract_id: i64,
    h: &HedgeValues,
    user_id: i64,
) -> sqlx::Result<HedgeRow> {
    sqlx::query_as(&format!(
        "insert into hedge (contract_id, block_type, signed_date, start_month, term_months, rate, fee, created_by, \
         updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning {COLUMNS}"
    ))
    .bind(contract_id)
    .bind(&h.block_type)
    .bind(h.signed_date)
    .bind(h.start_month)
    .bind(h.term_months)
    .bind(h.rate)
    .bind(h.fee)
    .bind(user_id)
    .fetch_one(db)
    .await
}

/// Writes a hedge if it is still at `version`; `None` when it is not (or is gone).
#[tracing::instrument(skip_all)]
pub async fn update_hedge(
    db: &mut PgConnection,
    hedge_id: i64,
    version: i64,
    h: &HedgeValues,
    user_id: i64,
) -> sqlx::Result<Option<HedgeRow>> {
    sqlx::query_as(&format!(
        "update hedge set block_type = $3, signed_date = $4, start_month = $5, term_months = $6, rate = $7, \
         fee = $8, version = version + 1, updated_at = now(), updated_by = $9 \
         where hedge_id = $1 and version = $2 returning {COLUMNS}"
    ))
    .bind(hedge_id)
    .bind(version)
    .bind(&h.block_type)
    .bind(h.signed_date)
    .bind(h.start_month)
    .bind(h.term_months)
    .bind(h.rate)
    .bind(h.fee)
    .bind(user_id)
    .fetch_optional(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn delete_hedge(db: &mut PgConnection, hedge_id: i64) -> sqlx::Result<()> {
    sqlx::query("delete from hedge where hedge_id = $1").bind(hedge_id).execute(db).await?;
    Ok(())
}
