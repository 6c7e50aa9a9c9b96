//! Revenue by supplier and month, from the payments and contracts read models.

use eris_platform::db::Db;
use rust_decimal::Decimal;
use sqlx::QueryBuilder;

/// One supplier's revenue in one month: (supplier id or 0, its name if known, month, amount).
pub type MonthRevenue = (i64, Option<String>, i32, Decimal);

/// The columns a basis reads: projected payments by projected month, or payments received by the
/// month received.
fn columns(actual: bool) -> (&'static str, &'static str, &'static str) {
    if actual {
        ("payment_year", "payment_month", "payment_actual")
    } else {
        ("projected_year", "projected_month", "projected_payment")
    }
}

/// A year by supplier and month: from the kept sums (`revenue_cell`) for the whole book, from the
/// payments for a caller limited to some companies.
#[tracing::instrument(skip(pool))]
pub async fn revenue_by_supplier(
    pool: &Db,
    year: i32,
    actual: bool,
    limited_to: Option<i64>,
) -> sqlx::Result<Vec<MonthRevenue>> {
    if limited_to.is_none() {
        return sqlx::query_as(
            "select r.supplier_id, s.name, r.month, r.amount from revenue_cell r \
             left join supplier s on s.supplier_id = r.supplier_id \
             where r.basis = $1 and r.year = $2 and r.amount <> 0",
        )
        .bind(if actual { 2i16 } else { 1 })
        .bind(year)
        .fetch_all(pool)
        .await;
    }
    let (year_column, month_column, amount_column) = columns(actual);
    let mut builder = QueryBuilder::new(format!(
        "select coalesce(c.supplier_id, 0), s.name, p.{month_column}, sum(p.{amount_column}) \
         from payment p join contract c on c.contract_id = p.contract_id \
         left join supplier s on s.supplier_id = c.supplier_id \
         where p.{amount_column} is not null and p.{month_column} between 1 and 12 and p.{year_column} = "
    ));
    builder.push_bind(year);
    super::push_open_companies(&mut builder, "c.company_id", limited_to);
    builder.push(" group by 1, 2, 3");
    builder.build_query_as().fetch_all(pool).await
}

/// The years with a projected or received payment on the contracts the caller may see.
#[tracing::instrument(skip(pool))]
pub async fn revenue_years(pool: &Db, limited_to: Option<i64>) -> sqlx::Result<Vec<i32>> {
    if limited_to.is_none() {
        return sqlx::query_scalar("select distinct year from revenue_cell where amount <> 0").fetch_all(pool).await;
    }
    let mut builder = QueryBuilder::new(
        "select distinct year from payment p join contract c on c.contract_id = p.contract_id, \
           unnest(array[p.projected_year, nullif(p.payment_year, 0)]) as year where year is not null",
    );
    super::push_open_companies(&mut builder, "c.company_id", limited_to);
    builder.build_query_scalar().fetch_all(pool).await
}
