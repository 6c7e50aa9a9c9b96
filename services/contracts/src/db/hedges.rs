//! Hedges of Hedge contracts.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgExecutor, Postgres, QueryBuilder};

use super::record_columns;
pub use crate::domain::hedge_fields::HedgeValues;
use crate::domain::hedge_fields::hedge_field_table;

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

hedge_field_table!(
    record_columns,
    HedgeValues,
    "hedge_id, contract_id, ",
    "version, created_at, created_by, updated_at, updated_by"
);

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
    let mut builder =
        QueryBuilder::<Postgres>::new(format!("insert into hedge (contract_id, created_by, {WRITTEN}) values ("));
    let mut list = builder.separated(", ");
    list.push_bind(contract_id).push_bind(user_id);
    push_values(&mut list, h);
    list.push_bind(user_id);
    builder.push(format!(") returning {COLUMNS}"));
    builder.build_query_as().fetch_one(db).await
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
    let mut builder = QueryBuilder::<Postgres>::new(format!("update hedge set ({WRITTEN}) = ("));
    let mut list = builder.separated(", ");
    push_values(&mut list, h);
    list.push_bind(user_id);
    builder
        .push("), version = version + 1, updated_at = now() where hedge_id = ")
        .push_bind(hedge_id)
        .push(" and version = ")
        .push_bind(version)
        .push(format!(" returning {COLUMNS}"));
    builder.build_query_as().fetch_optional(db).await
}

#[tracing::instrument(skip_all)]
pub async fn delete_hedge(db: &mut PgConnection, hedge_id: i64) -> sqlx::Result<()> {
    sqlx::query("delete from hedge where hedge_id = $1").bind(hedge_id).execute(db).await?;
    Ok(())
}
