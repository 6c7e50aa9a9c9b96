//! Commission reconciliation: a year's projected payments against those received, from the
//! payments, contracts and suppliers read models.

use eris_platform::db::Db;
use rust_decimal::Decimal;

/// What is reconciled: a projected year, one supplier or all, and the first month not yet due
/// (year, month): a projected month before it with nothing received is missing.
#[derive(Debug, Clone, Copy)]
pub struct Scope {
    pub year: i32,
    pub supplier_id: Option<i64>,
    pub due_before: (i32, i32),
}

/// One supplier's sums.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct SupplierSums {
    pub supplier_id: i64,
    pub name: Option<String>,
    pub projected: Decimal,
    pub actual: Decimal,
    pub missing_months: i64,
    pub missing_amount: Decimal,
}

/// $2 and $3: the first month not yet due.
const MISSING: &str = "(p.payment_actual is null and (p.projected_year, p.projected_month) < ($2, $3))";

/// $1 the year, $4 the supplier or null for all.
const FROM: &str = "from payment p join contract c on c.contract_id = p.contract_id \
     left join supplier s on s.supplier_id = c.supplier_id \
     where p.projected_year = $1 and p.projected_month between 1 and 12 \
       and ($4::bigint is null or c.supplier_id = $4)";

/// The year's sums per supplier, the largest projected first.
#[tracing::instrument(skip(pool))]
pub async fn supplier_sums(pool: &Db, scope: Scope) -> sqlx::Result<Vec<SupplierSums>> {
    sqlx::query_as(&format!(
        "select coalesce(c.supplier_id, 0) as supplier_id, s.name, \
           coalesce(sum(p.projected_payment), 0) as projected, coalesce(sum(p.payment_actual), 0) as actual, \
           count(*) filter (where {MISSING}) as missing_months, \
           coalesce(sum(p.projected_payment) filter (where {MISSING}), 0) as missing_amount \
         {FROM} group by 1, 2 order by projected desc, supplier_id"
    ))
    .bind(scope.year)
    .bind(scope.due_before.0)
    .bind(scope.due_before.1)
    .bind(scope.supplier_id)
    .fetch_all(pool)
    .await
}

/// A contract month that differs from its projection.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct MonthRecord {
    pub contract_id: i64,
    pub payment_id: i64,
    pub company_id: i64,
    pub company_name: String,
    pub supplier: String,
    pub month: i32,
    pub projected_usage: Option<Decimal>,
    pub usage_actual: Option<Decimal>,
    pub projected_payment: Option<Decimal>,
    pub payment_actual: Option<Decimal>,
    pub missing: bool,
}

/// Up to `limit` contract months that differ: missing ones first, then the largest differences.
#[tracing::instrument(skip(pool))]
pub async fn differing_months(pool: &Db, scope: Scope, limit: i64) -> sqlx::Result<Vec<MonthRecord>> {
    sqlx::query_as(&format!(
        "select p.contract_id, p.payment_id, c.company_id, c.company_name, coalesce(s.name, '') as supplier, \
           p.projected_month as month, p.projected_usage, p.usage_actual, p.projected_payment, p.payment_actual, \
           {MISSING} as missing \
         {FROM} and ({MISSING} or (p.payment_actual is not null \
           and p.payment_actual <> coalesce(p.projected_payment, 0))) \
         order by missing desc, abs(coalesce(p.payment_actual, 0) - coalesce(p.projected_payment, 0)) desc, \
           p.contract_id, p.payment_id limit $5"
    ))
    .bind(scope.year)
    .bind(scope.due_before.0)
    .bind(scope.due_before.1)
    .bind(scope.supplier_id)
    .bind(limit)
    .fetch_all(pool)
    .await
}
