//! Requests for pricing and the prices suppliers return.

use chrono::{DateTime, NaiveDate, Utc};
use eris_platform::db::Db;
use rust_decimal::Decimal;
use sqlx::{PgConnection, PgExecutor, Postgres, QueryBuilder};

use super::{Columns, columns};
pub use crate::domain::rfp_record::RfpFields;
use crate::domain::rfp_record::rfp_fields;

rfp_fields!(columns);

/// A stored RFP.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RfpRow {
    pub rfp_id: i64,
    pub company_id: i64,
    pub company_name: String,
    #[sqlx(flatten)]
    pub fields: RfpFields,
    pub owner_user_id: i64,
    pub outcome: String,
    pub won_quote_id: Option<i64>,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

/// Every column of a stored RFP.
fn rfp_columns() -> String {
    format!(
        "rfp_id, company_id, company_name, {}, owner_user_id, outcome, won_quote_id, version, updated_at",
        RfpFields::COLUMNS
    )
}

/// Which RFPs to list.
#[derive(Debug, Clone, Default)]
pub struct RfpQuery {
    /// One company's; every company's when `None`.
    pub company_id: Option<i64>,
    /// Only these companies' (a Sales caller's); no limit when `None`.
    pub visible_companies: Option<Vec<i64>>,
    /// Only those this user made.
    pub owner_user_id: Option<i64>,
    /// Part of the Len, address, city or company name.
    pub text: Option<String>,
    /// Suppliers whose name matches `text`: an RFP asking one of them matches too.
    pub text_supplier_ids: Vec<i64>,
}

use eris_platform::db::like_escaped;

fn push_filter(builder: &mut QueryBuilder<'_, Postgres>, query: &RfpQuery) {
    builder.push(" where true");
    if let Some(company_id) = query.company_id {
        builder.push(" and company_id = ").push_bind(company_id);
    }
    if let Some(companies) = &query.visible_companies {
        builder.push(" and company_id = any(").push_bind(companies.clone()).push(")");
    }
    if let Some(owner) = query.owner_user_id {
        builder.push(" and owner_user_id = ").push_bind(owner);
    }
    if let Some(text) = &query.text {
        let pattern = format!("%{}%", like_escaped(text));
        builder
            .push(" and (len ilike ")
            .push_bind(pattern.clone())
            .push(" or address ilike ")
            .push_bind(pattern.clone())
            .push(" or city ilike ")
            .push_bind(pattern.clone())
            .push(" or company_name ilike ")
            .push_bind(pattern)
            .push(" or supplier_ids && ")
            .push_bind(query.text_supplier_ids.clone())
            .push(")");
    }
}

/// A page of RFPs, latest return date first, after `after` (return date, id).
#[tracing::instrument(skip_all)]
pub async fn list_rfps(
    pool: &Db,
    query: &RfpQuery,
    after: Option<(NaiveDate, i64)>,
    limit: i64,
) -> sqlx::Result<Vec<RfpRow>> {
    let mut builder = QueryBuilder::new(format!("select {} from rfp", rfp_columns()));
    push_filter(&mut builder, query);
    if let Some((date, id)) = after {
        builder.push(" and (return_date, rfp_id) < (").push_bind(date).push(", ").push_bind(id).push(")");
    }
    builder.push(" order by return_date desc, rfp_id desc limit ").push_bind(limit);
    builder.build_query_as().fetch_all(pool).await
}

/// One user's RFPs returning between two dates, by return date and time.
#[tracing::instrument(skip_all)]
pub async fn list_user_rfps(
    pool: &Db,
    owner_user_id: i64,
    from: NaiveDate,
    to: NaiveDate,
) -> sqlx::Result<Vec<RfpRow>> {
    sqlx::query_as(&format!(
        "select {} from rfp where owner_user_id = $1 and return_date between $2 and $3 \
         order by return_date, return_time, rfp_id limit 5000",
        rfp_columns()
    ))
    .bind(owner_user_id)
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await
}

/// The same for a month calendar: the first `per_day` RFPs of each return date, by return time
/// then id, with how many each date holds. One scan picks and counts; only the RFPs picked are
/// then read whole.
#[tracing::instrument(skip_all)]
pub async fn list_user_rfps_per_day(
    pool: &Db,
    owner_user_id: i64,
    from: NaiveDate,
    to: NaiveDate,
    per_day: i64,
) -> sqlx::Result<(Vec<RfpRow>, eris_platform::values::DayCounts)> {
    let picked: Vec<(i64, NaiveDate, i64)> = sqlx::query_as(
        "select rfp_id, return_date, day_count from (select rfp_id, return_date, \
           row_number() over (partition by return_date order by return_time, rfp_id) as day_rank, \
           count(*) over (partition by return_date) as day_count \
         from rfp where owner_user_id = $1 and return_date between $2 and $3) ranked where day_rank <= $4",
    )
    .bind(owner_user_id)
    .bind(from)
    .bind(to)
    .bind(per_day)
    .fetch_all(pool)
    .await?;
    let ids: Vec<i64> = picked.iter().map(|(id, _, _)| *id).collect();
    let rows = sqlx::query_as(&format!(
        "select {} from rfp where rfp_id = any($1) order by return_date, return_time, rfp_id",
        rfp_columns()
    ))
    .bind(ids)
    .fetch_all(pool)
    .await?;
    let mut counts: eris_platform::values::DayCounts = picked.into_iter().map(|(_, day, count)| (day, count)).collect();
    counts.sort_unstable();
    counts.dedup();
    Ok((rows, counts))
}

#[tracing::instrument(skip_all)]
pub async fn select_rfp(db: impl PgExecutor<'_>, rfp_id: i64) -> sqlx::Result<Option<RfpRow>> {
    sqlx::query_as(&format!("select {} from rfp where rfp_id = $1", rfp_columns()))
        .bind(rfp_id)
        .fetch_optional(db)
        .await
}

/// The RFP, its row locked until the caller's transaction ends.
#[tracing::instrument(skip_all)]
pub async fn select_rfp_for_update(db: &mut PgConnection, rfp_id: i64) -> sqlx::Result<Option<RfpRow>> {
    sqlx::query_as(&format!("select {} from rfp where rfp_id = $1 for update", rfp_columns()))
        .bind(rfp_id)
        .fetch_optional(db)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn insert_rfp(
    db: &mut PgConnection,
    company_id: i64,
    company_name: &str,
    fields: &RfpFields,
    user_id: i64,
) -> sqlx::Result<i64> {
    let mut builder = QueryBuilder::new(format!(
        "insert into rfp (company_id, company_name, owner_user_id, updated_by, {}) values (",
        RfpFields::COLUMNS
    ));
    let mut values = builder.separated(", ");
    values.push_bind(company_id).push_bind(company_name).push_bind(user_id).push_bind(user_id);
    fields.bind(&mut values);
    builder.push(") returning rfp_id");
    builder.build_query_scalar().fetch_one(db).await
}

/// Writes the fields and the company's current name (the row is locked by the caller's
/// transaction); answers the new version.
#[tracing::instrument(skip_all)]
pub async fn update_rfp(
    db: &mut PgConnection,
    rfp_id: i64,
    company_name: &str,
    fields: &RfpFields,
    user_id: i64,
) -> sqlx::Result<i64> {
    let mut builder = QueryBuilder::new(format!("update rfp set ({}) = row(", RfpFields::COLUMNS));
    fields.bind(&mut builder.separated(", "));
    builder.push("), company_name = ").push_bind(company_name);
    builder.push(", version = version + 1, updated_at = now(), updated_by = ").push_bind(user_id);
    builder.push(" where rfp_id = ").push_bind(rfp_id).push(" returning version");
    builder.build_query_scalar().fetch_one(db).await
}

/// Sets where the RFP stands; answers the new version.
#[tracing::instrument(skip_all)]
pub async fn set_outcome(
    db: &mut PgConnection,
    rfp_id: i64,
    outcome: &str,
    won_quote_id: Option<i64>,
    user_id: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "update rfp set outcome = $1, won_quote_id = $2, version = version + 1, updated_at = now(), \
         updated_by = $3 where rfp_id = $4 returning version",
    )
    .bind(outcome)
    .bind(won_quote_id)
    .bind(user_id)
    .bind(rfp_id)
    .fetch_one(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn delete_rfp(db: &mut PgConnection, rfp_id: i64) -> sqlx::Result<()> {
    sqlx::query("delete from rfp where rfp_id = $1").bind(rfp_id).execute(db).await?;
    Ok(())
}

/// A price a supplier returned.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct QuoteRow {
    pub quote_id: i64,
    pub rfp_id: i64,
    pub supplier_id: i64,
    pub term_months: i32,
    pub product: String,
    pub rate: Decimal,
    pub fee: Option<Decimal>,
    pub notes: String,
    pub received_at: DateTime<Utc>,
}

/// A new quote's values.
#[derive(Debug, Clone)]
pub struct NewQuote {
    pub supplier_id: i64,
    pub term_months: i32,
    pub product: String,
    pub rate: Decimal,
    pub fee: Option<Decimal>,
    pub notes: String,
    pub received_at: DateTime<Utc>,
}

const QUOTE_COLUMNS: &str = "quote_id, rfp_id, supplier_id, term_months, product, rate, fee, notes, received_at";

/// An RFP's quotes by term, then rate (hundreds at most; the limit only bounds the work).
#[tracing::instrument(skip_all)]
pub async fn list_quotes(db: impl PgExecutor<'_>, rfp_id: i64) -> sqlx::Result<Vec<QuoteRow>> {
    sqlx::query_as(&format!(
        "select {QUOTE_COLUMNS} from rfp_quote where rfp_id = $1 order by term_months, rate, quote_id limit 5000"
    ))
    .bind(rfp_id)
    .fetch_all(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn select_quote(db: impl PgExecutor<'_>, quote_id: i64) -> sqlx::Result<Option<QuoteRow>> {
    sqlx::query_as(&format!("select {QUOTE_COLUMNS} from rfp_quote where quote_id = $1"))
        .bind(quote_id)
        .fetch_optional(db)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn insert_quote(db: &mut PgConnection, rfp_id: i64, quote: &NewQuote, user_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "insert into rfp_quote (rfp_id, supplier_id, term_months, product, rate, fee, notes, received_at, \
         created_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning quote_id",
    )
    .bind(rfp_id)
    .bind(quote.supplier_id)
    .bind(quote.term_months)
    .bind(&quote.product)
    .bind(quote.rate)
    .bind(quote.fee)
    .bind(&quote.notes)
    .bind(quote.received_at)
    .bind(user_id)
    .fetch_one(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn delete_quote(db: &mut PgConnection, quote_id: i64) -> sqlx::Result<()> {
    sqlx::query("delete from rfp_quote where quote_id = $1").bind(quote_id).execute(db).await?;
    Ok(())
}
