//! Commission payments and DR payment history.

use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::Decimal;
use sqlx::{PgConnection, PgExecutor, Postgres, QueryBuilder};

use super::record_columns;
pub use crate::domain::payment_fields::PaymentValues;
use crate::domain::payment_fields::payment_field_table;

/// A stored payment.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PaymentRow {
    pub payment_id: i64,
    pub contract_id: i64,
    #[sqlx(flatten)]
    pub values: PaymentValues,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

payment_field_table!(record_columns, PaymentValues, "payment_id, contract_id, ", "version, updated_at");

/// A contract's payments, by projected year and month.
#[tracing::instrument(skip_all)]
pub async fn list_payments(db: impl PgExecutor<'_>, contract_id: i64) -> sqlx::Result<Vec<PaymentRow>> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from payment where contract_id = $1 \
         order by projected_year, projected_month, payment_id"
    ))
    .bind(contract_id)
    .fetch_all(db)
    .await
}

/// The payments of these contracts, by contract, then as `list_payments` orders them (a snapshot's
/// page of contracts, in one query).
#[tracing::instrument(skip_all)]
pub async fn list_payments_of_contracts(
    db: impl PgExecutor<'_>,
    contract_ids: &[i64],
) -> sqlx::Result<Vec<PaymentRow>> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from payment where contract_id = any($1) \
         order by contract_id, projected_year, projected_month, payment_id"
    ))
    .bind(contract_ids)
    .fetch_all(db)
    .await
}

/// These payments (those that exist), by id.
#[tracing::instrument(skip_all)]
pub async fn select_payments(db: impl PgExecutor<'_>, payment_ids: &[i64]) -> sqlx::Result<Vec<PaymentRow>> {
    sqlx::query_as(&format!("select {COLUMNS} from payment where payment_id = any($1) order by payment_id"))
        .bind(payment_ids)
        .fetch_all(db)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn select_payment(db: impl PgExecutor<'_>, payment_id: i64) -> sqlx::Result<Option<PaymentRow>> {
    sqlx::query_as(&format!("select {COLUMNS} from payment where payment_id = $1"))
        .bind(payment_id)
        .fetch_optional(db)
        .await
}

/// Adds payments in one statement (in chunks, to stay under the bind limit); answers them.
#[tracing::instrument(skip_all)]
pub async fn insert_payments(
    db: &mut PgConnection,
    contract_id: i64,
    payments: &[PaymentValues],
    user_id: i64,
) -> sqlx::Result<Vec<PaymentRow>> {
    let mut added = Vec::with_capacity(payments.len());
    for chunk in payments.chunks(2000) {
        let mut builder = QueryBuilder::<Postgres>::new(format!("insert into payment (contract_id, {WRITTEN}) "));
        builder.push_values(chunk, |mut row, p| {
            row.push_bind(contract_id);
            push_values(&mut row, p);
            row.push_bind(user_id);
        });
        builder.push(format!(" returning {COLUMNS}"));
        added.extend(builder.build_query_as::<PaymentRow>().fetch_all(&mut *db).await?);
    }
    Ok(added)
}

/// Writes a payment if it is still at `version`; `None` when it is not (or is gone).
#[tracing::instrument(skip_all)]
pub async fn update_payment(
    db: &mut PgConnection,
    payment_id: i64,
    version: i64,
    p: &PaymentValues,
    user_id: i64,
) -> sqlx::Result<Option<PaymentRow>> {
    let mut builder = QueryBuilder::<Postgres>::new(format!("update payment set ({WRITTEN}) = ("));
    let mut list = builder.separated(", ");
    push_values(&mut list, p);
    list.push_bind(user_id);
    builder
        .push("), version = version + 1, updated_at = now() where payment_id = ")
        .push_bind(payment_id)
        .push(" and version = ")
        .push_bind(version)
        .push(format!(" returning {COLUMNS}"));
    builder.build_query_as().fetch_optional(db).await
}

/// Sets projected payments of a contract's payments; answers how many rows were at the version
/// given (0 skips the check).
#[tracing::instrument(skip_all)]
pub async fn set_projected_payments(
    db: &mut PgConnection,
    contract_id: i64,
    updates: &[(i64, Decimal, i64)],
    user_id: i64,
) -> sqlx::Result<u64> {
    let ids: Vec<i64> = updates.iter().map(|u| u.0).collect();
    let amounts: Vec<Decimal> = updates.iter().map(|u| u.1).collect();
    let versions: Vec<i64> = updates.iter().map(|u| u.2).collect();
    let done = sqlx::query(
        "update payment p set projected_payment = u.amount, version = p.version + 1, updated_at = now(), \
         updated_by = $5 from unnest($2::bigint[], $3::numeric[], $4::bigint[]) as u(id, amount, version) \
         where p.payment_id = u.id and p.contract_id = $1 and (u.version = 0 or p.version = u.version)",
    )
    .bind(contract_id)
    .bind(ids)
    .bind(amounts)
    .bind(versions)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}

#[tracing::instrument(skip_all)]
pub async fn delete_payment(db: &mut PgConnection, payment_id: i64) -> sqlx::Result<()> {
    sqlx::query("delete from payment where payment_id = $1").bind(payment_id).execute(db).await?;
    Ok(())
}

/// A stored DR payment.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DrPaymentRow {
    pub dr_payment_id: i64,
    pub contract_id: i64,
    pub amount: Decimal,
    pub paid_on: NaiveDate,
    pub period: String,
}

const DR_COLUMNS: &str = "dr_payment_id, contract_id, amount, paid_on, period";

#[tracing::instrument(skip_all)]
pub async fn list_dr_payments(db: impl PgExecutor<'_>, contract_id: i64) -> sqlx::Result<Vec<DrPaymentRow>> {
    sqlx::query_as(&format!(
        "select {DR_COLUMNS} from dr_payment where contract_id = $1 order by paid_on desc, dr_payment_id desc"
    ))
    .bind(contract_id)
    .fetch_all(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn select_dr_payment(db: impl PgExecutor<'_>, dr_payment_id: i64) -> sqlx::Result<Option<DrPaymentRow>> {
    sqlx::query_as(&format!("select {DR_COLUMNS} from dr_payment where dr_payment_id = $1"))
        .bind(dr_payment_id)
        .fetch_optional(db)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn insert_dr_payment(
    db: &mut PgConnection,
    contract_id: i64,
    amount: Decimal,
    paid_on: NaiveDate,
    period: &str,
    user_id: i64,
) -> sqlx::Result<DrPaymentRow> {
    sqlx::query_as(&format!(
        "insert into dr_payment (contract_id, amount, paid_on, period, created_by) values ($1, $2, $3, $4, $5) \
         returning {DR_COLUMNS}"
    ))
    .bind(contract_id)
    .bind(amount)
    .bind(paid_on)
    .bind(period)
    .bind(user_id)
    .fetch_one(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn delete_dr_payment(db: &mut PgConnection, dr_payment_id: i64) -> sqlx::Result<()> {
    sqlx::query("delete from dr_payment where dr_payment_id = $1").bind(dr_payment_id).execute(db).await?;
    Ok(())
}
