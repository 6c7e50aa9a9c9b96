//! Margin Builder rows (a contract with one of its payments) and its filter choices, from the
//! contracts, payments, companies, suppliers, utilities and users read models.

use chrono::NaiveDate;
use eris_platform::db::Db;
use futures::{Stream, StreamExt};
use sqlx::{PgPool, Postgres, QueryBuilder};

/// The filters, each `None` when it selects everything.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    pub supplier_id: Option<i64>,
    pub projected_month: Option<i32>,
    pub projected_year: Option<i32>,
    /// The first day of the start month.
    pub start_month: Option<NaiveDate>,
    pub company_name: Option<String>,
    pub payment_month: Option<i32>,
    pub payment_year: Option<i32>,
    pub signed_from: Option<NaiveDate>,
    pub signed_to: Option<NaiveDate>,
}

/// Where a page starts or ends: a row's (contract, payment) key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    pub contract_id: i64,
    pub payment_id: i64,
}

/// One row, in the spec's columns.
#[derive(Debug, Clone, Default, PartialEq, sqlx::FromRow)]
pub struct MarginRecord {
    pub contract_id: i64,
    pub payment_id: i64,
    pub company_id: i64,
    pub customer_name: String,
    pub state: String,
    pub commodity: String,
    pub utility: String,
    pub contract_type: String,
    pub inside_sales: String,
    pub closer1: String,
    pub closer2: String,
    pub analyst: String,
    pub support_analyst1: String,
    pub support_analyst2: String,
    pub pricing_type: String,
    pub supplier: String,
    pub date_signed: Option<NaiveDate>,
    pub start_date: Option<NaiveDate>,
    pub fee: String,
    pub projected_month: i32,
    pub projected_year: i32,
    pub revenue_split: String,
    pub projected_usage: String,
    pub projected_payment: String,
    pub payment_month: i32,
    pub usage_actual: String,
    pub payment_actual: String,
    pub payment_year: i32,
    pub payment_type: String,
    pub affiliate: String,
    /// The contract whole (an `eris.contracts.v1.Contract` message), on screen pages only;
    /// `None` in exports and for a contract projected before records were kept.
    #[sqlx(default)]
    pub record: Option<Vec<u8>>,
}

/// A Margin Builder query's start: the spec's columns, then `$extra` columns.
macro_rules! margin_select {
    ($extra:literal) => {
        concat!(
            "select p.contract_id, p.payment_id, c.company_id, c.company_name as customer_name, c.state, \
       c.commodity, coalesce(ut.name, '') as utility, c.contract_type, \
       coalesce(u_in.name, '') as inside_sales, coalesce(u_c1.name, '') as closer1, \
       coalesce(u_c2.name, '') as closer2, coalesce(u_an.name, '') as analyst, \
       coalesce(u_s1.name, '') as support_analyst1, coalesce(u_s2.name, '') as support_analyst2, \
       c.pricing_type, coalesce(s.name, '') as supplier, c.date_signed, c.start_date, \
       coalesce(c.fee::text, '') as fee, p.projected_month, p.projected_year, \
       coalesce(p.revenue_split::text, '') as revenue_split, coalesce(p.projected_usage::text, '') as projected_usage, \
       coalesce(p.projected_payment::text, '') as projected_payment, p.payment_month, \
       coalesce(p.usage_actual::text, '') as usage_actual, coalesce(p.payment_actual::text, '') as payment_actual, \
       p.payment_year, p.payment_type, c.affiliate",
            $extra,
            " from payment p join contract c on c.contract_id = p.contract_id \
     left join utility ut on ut.utility_id = c.utility_id \
     left join supplier s on s.supplier_id = c.supplier_id \
     left join app_user u_in on u_in.user_id = c.inside_sales_user_id \
     left join app_user u_c1 on u_c1.user_id = c.closer1_user_id \
     left join app_user u_c2 on u_c2.user_id = c.closer2_user_id \
     left join app_user u_an on u_an.user_id = c.analyst_user_id \
     left join app_user u_s1 on u_s1.user_id = c.support_analyst1_user_id \
     left join app_user u_s2 on u_s2.user_id = c.support_analyst2_user_id \
     where true"
        )
    };
}

/// The rows as exported: the spec's columns.
const SELECT: &str = margin_select!("");
/// The rows as a screen shows them: the spec's columns and the contract whole, so that the screen
/// may show any of its fields.
const SELECT_WITH_RECORD: &str = margin_select!(", c.record");

fn push_filter(builder: &mut QueryBuilder<'_, Postgres>, filter: &Filter) {
    if let Some(supplier_id) = filter.supplier_id {
        builder.push(" and c.supplier_id = ").push_bind(supplier_id);
    }
    if let Some(month) = filter.projected_month {
        builder.push(" and p.projected_month = ").push_bind(month);
    }
    if let Some(year) = filter.projected_year {
        builder.push(" and p.projected_year = ").push_bind(year);
    }
    if let Some(first) = filter.start_month {
        let next = first.checked_add_months(chrono::Months::new(1)).unwrap_or(first);
        builder.push(" and c.start_date >= ").push_bind(first).push(" and c.start_date < ").push_bind(next);
    }
    if let Some(name) = &filter.company_name {
        // Parts of three letters or more are looked up in the name pieces' index first.
        if name.chars().count() >= 3 {
            builder.push(" and c.name_grams @> name_grams(").push_bind(name.clone()).push(")");
        }
        builder.push(" and c.company_name ilike ").push_bind(format!("%{}%", like_escaped(name)));
    }
    if let Some(month) = filter.payment_month {
        builder.push(" and p.payment_month = ").push_bind(month);
    }
    if let Some(year) = filter.payment_year {
        builder.push(" and p.payment_year = ").push_bind(year);
    }
    if let Some(from) = filter.signed_from {
        builder.push(" and c.date_signed >= ").push_bind(from);
    }
    if let Some(to) = filter.signed_to {
        builder.push(" and c.date_signed <= ").push_bind(to);
    }
}

/// `text` with LIKE's wildcards taken literally (the default escape character is `\`).
fn like_escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

/// Up to `limit` rows after `cursor` (or before it, read backward, when `backward`), in key
/// order read that way.
#[tracing::instrument(skip(pool))]
pub async fn page(
    pool: &Db,
    filter: &Filter,
    cursor: Option<Cursor>,
    backward: bool,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<MarginRecord>> {
    let mut builder = QueryBuilder::new(SELECT_WITH_RECORD);
    push_filter(&mut builder, filter);
    if let Some(cursor) = cursor {
        // The bound on the contract too, so that a filter read from a contract index starts at
        // the cursor rather than at the first contract.
        let (contracts, rows) = if backward { ("<=", "<") } else { (">=", ">") };
        builder.push(format!(" and c.contract_id {contracts} ")).push_bind(cursor.contract_id);
        builder.push(format!(" and (p.contract_id, p.payment_id) {rows} ("));
        builder.push_bind(cursor.contract_id).push(", ").push_bind(cursor.payment_id).push(")");
    }
    let order = if backward { "desc" } else { "asc" };
    builder.push(format!(" order by p.contract_id {order}, p.payment_id {order} limit ")).push_bind(limit);
    if offset > 0 {
        builder.push(" offset ").push_bind(offset);
    }
    // Planned with its values each time (an unnamed statement): the best plan differs with the
    // filter's values (a rare name piece or a common one), which a cached generic plan ignores.
    builder.build_query_as().persistent(false).fetch_all(pool).await
}

/// How many rows the filter selects.
#[tracing::instrument(skip(pool))]
pub async fn count(pool: &Db, filter: &Filter) -> sqlx::Result<i64> {
    let mut builder =
        QueryBuilder::new("select count(*) from payment p join contract c on c.contract_id = p.contract_id where true");
    push_filter(&mut builder, filter);
    builder.build_query_scalar().persistent(false).fetch_one(pool).await
}

/// Every row the filter selects, in key order, read from the database as the stream is polled.
pub fn export(pool: PgPool, filter: Filter) -> impl Stream<Item = sqlx::Result<MarginRecord>> + Send {
    async_stream(move |sender| async move {
        let mut builder = QueryBuilder::new(SELECT);
        push_filter(&mut builder, &filter);
        builder.push(" order by p.contract_id, p.payment_id");
        let mut rows = builder.build_query_as::<MarginRecord>().fetch(&pool);
        while let Some(row) = rows.next().await {
            if sender.send(row).await.is_err() {
                break;
            }
        }
    })
}

/// A stream fed by a task that owns what it borrows from, through a small buffer: the task waits
/// while the reader is behind, so memory stays flat.
fn async_stream<T, F, Fut>(produce: F) -> impl Stream<Item = T> + Send
where
    T: Send + 'static,
    F: FnOnce(tokio::sync::mpsc::Sender<T>) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (sender, receiver) = tokio::sync::mpsc::channel(256);
    let task = tokio::spawn(produce(sender));
    let abort = task.abort_handle();
    futures::stream::unfold((receiver, Some(AbortOnDrop(abort))), |(mut receiver, guard)| async move {
        let item = receiver.recv().await?;
        Some((item, (receiver, guard)))
    })
}

/// Stops the producing task when the reader goes away (a cancelled download).
struct AbortOnDrop(tokio::task::AbortHandle);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Keeps an export ticket until it is used or expires (expired ones are cleared on the way).
pub async fn insert_ticket(
    pool: &Db,
    ticket: &str,
    caller: &eris_platform::auth::Caller,
    filter: &[u8],
    expires_at: chrono::DateTime<chrono::Utc>,
) -> sqlx::Result<()> {
    sqlx::query("delete from export_ticket where expires_at < now()").execute(pool).await?;
    sqlx::query("insert into export_ticket (ticket, user_id, role, filter, expires_at) values ($1, $2, $3, $4, $5)")
        .bind(ticket)
        .bind(caller.user_id)
        .bind(eris_platform::auth::role_name(caller.role))
        .bind(filter)
        .bind(expires_at)
        .execute(pool)
        .await?;
    Ok(())
}

/// Uses up a ticket: its filter, when it exists and has not expired.
pub async fn take_ticket(pool: &Db, ticket: &str) -> sqlx::Result<Option<Vec<u8>>> {
    sqlx::query_scalar("delete from export_ticket where ticket = $1 and expires_at >= now() returning filter")
        .bind(ticket)
        .fetch_optional(pool)
        .await
}

/// One contract's payments as rows, in projected order.
#[tracing::instrument(skip(pool))]
pub async fn contract_payments(pool: &Db, contract_id: i64) -> sqlx::Result<Vec<MarginRecord>> {
    let mut builder = QueryBuilder::new(SELECT_WITH_RECORD);
    builder.push(" and p.contract_id = ").push_bind(contract_id);
    builder.push(" order by p.projected_year, p.projected_month, p.payment_id");
    builder.build_query_as().fetch_all(pool).await
}

/// Whether the contract is in the read models.
pub async fn contract_exists(pool: &Db, contract_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("select exists (select 1 from contract where contract_id = $1)")
        .bind(contract_id)
        .fetch_one(pool)
        .await
}

/// Every supplier: (id, name, commodity), by name.
pub async fn suppliers(pool: &Db) -> sqlx::Result<Vec<(i64, String, String)>> {
    sqlx::query_as("select supplier_id, name, commodity from supplier order by lower(name), supplier_id")
        .fetch_all(pool)
        .await
}

/// The distinct non-zero values of a payment year column, latest first, by skipping through its
/// index rather than reading every payment.
pub async fn payment_years(pool: &Db, column: PaymentYear) -> sqlx::Result<Vec<i32>> {
    let column = match column {
        PaymentYear::Projected => "projected_year",
        PaymentYear::Received => "payment_year",
    };
    sqlx::query_scalar(&format!(
        "with recursive year as ( \
           select max({column}) as value from payment \
           union all \
           select (select max({column}) from payment where {column} < year.value and {column} > 0) \
           from year where year.value is not null) \
         select value from year where value is not null and value > 0"
    ))
    .fetch_all(pool)
    .await
}

/// Which year of a payment.
#[derive(Debug, Clone, Copy)]
pub enum PaymentYear {
    Projected,
    Received,
}

/// The first days of the months in which a contract starts, latest first (an index skip scan).
pub async fn start_months(pool: &Db) -> sqlx::Result<Vec<NaiveDate>> {
    sqlx::query_scalar(
        "with recursive month as ( \
           select date_trunc('month', max(start_date))::date as first from contract \
           union all \
           select (select date_trunc('month', max(start_date))::date from contract where start_date < month.first) \
           from month where month.first is not null) \
         select first from month where first is not null",
    )
    .fetch_all(pool)
    .await
}
