//! Supplier commission statements (`commission_statement`, its rows and the payments it set) and
//! the suppliers' saved column mappings.

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use eris_platform::db::Db;
use rust_decimal::Decimal;
use sqlx::{PgConnection, PgExecutor};

use crate::domain::{
    statement_file::{Line, Mapping},
    statement_match::{Covering, RowMatch, Slot},
};

/// A stored statement.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StatementRow {
    pub statement_id: i64,
    pub supplier_id: i64,
    pub file_name: String,
    pub row_count: i32,
    pub payment_month: i16,
    pub payment_year: i32,
    pub tolerance_percent: Decimal,
    pub first_month: Option<NaiveDate>,
    pub last_month: Option<NaiveDate>,
    pub matched: i32,
    pub short_over: i32,
    pub unmatched: i32,
    pub duplicate: i32,
    pub linked: i32,
    pub missing: i32,
    pub received_total: Decimal,
    pub applied_total: Decimal,
    pub expected_total: Decimal,
    pub missing_total: Decimal,
    pub imported_at: DateTime<Utc>,
    pub imported_by: i64,
    pub reverted_at: Option<DateTime<Utc>>,
    pub reverted_by: Option<i64>,
}

const STATEMENT_COLUMNS: &str = "statement_id, supplier_id, file_name, row_count, payment_month, payment_year, \
    tolerance_percent, first_month, last_month, matched, short_over, unmatched, duplicate, linked, missing, \
    received_total, applied_total, expected_total, missing_total, imported_at, imported_by, reverted_at, reverted_by";

/// A statement about to be kept.
pub struct NewStatement<'a> {
    pub supplier_id: i64,
    pub file_name: &'a str,
    pub content_hash: &'a [u8],
    pub row_count: i32,
    pub payment_month: i16,
    pub payment_year: i32,
    pub tolerance_percent: Decimal,
    pub first_month: Option<NaiveDate>,
    pub last_month: Option<NaiveDate>,
    pub counts: [i32; 6],
    pub totals: [Decimal; 4],
    pub user_id: i64,
}

/// Keeps a statement; `None` when a standing statement of the supplier has the same content
/// (waiting for one being kept at the same moment to commit or roll back).
#[tracing::instrument(skip_all)]
pub async fn insert_statement(db: &mut PgConnection, new: &NewStatement<'_>) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "insert into commission_statement (supplier_id, file_name, content_hash, row_count, payment_month, \
           payment_year, tolerance_percent, first_month, last_month, matched, short_over, unmatched, duplicate, \
           linked, missing, received_total, applied_total, expected_total, missing_total, imported_by) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) \
         on conflict (supplier_id, content_hash) where reverted_at is null do nothing returning statement_id",
    )
    .bind(new.supplier_id)
    .bind(new.file_name)
    .bind(new.content_hash)
    .bind(new.row_count)
    .bind(new.payment_month)
    .bind(new.payment_year)
    .bind(new.tolerance_percent)
    .bind(new.first_month)
    .bind(new.last_month)
    .bind(new.counts[0])
    .bind(new.counts[1])
    .bind(new.counts[2])
    .bind(new.counts[3])
    .bind(new.counts[4])
    .bind(new.counts[5])
    .bind(new.totals[0])
    .bind(new.totals[1])
    .bind(new.totals[2])
    .bind(new.totals[3])
    .bind(new.user_id)
    .fetch_optional(db)
    .await
}

/// The standing statement of the supplier with this content.
#[tracing::instrument(skip_all)]
pub async fn standing_with_content(
    db: impl PgExecutor<'_>,
    supplier_id: i64,
    content_hash: &[u8],
) -> sqlx::Result<Option<StatementRow>> {
    sqlx::query_as(&format!(
        "select {STATEMENT_COLUMNS} from commission_statement \
         where supplier_id = $1 and content_hash = $2 and reverted_at is null"
    ))
    .bind(supplier_id)
    .bind(content_hash)
    .fetch_optional(db)
    .await
}

/// A statement; `locked` until the transaction ends when asked.
#[tracing::instrument(skip_all)]
pub async fn select_statement(
    db: impl PgExecutor<'_>,
    statement_id: i64,
    locked: bool,
) -> sqlx::Result<Option<StatementRow>> {
    let lock = if locked { " for update" } else { "" };
    sqlx::query_as(&format!("select {STATEMENT_COLUMNS} from commission_statement where statement_id = $1{lock}"))
        .bind(statement_id)
        .fetch_optional(db)
        .await
}

/// Statements, latest first: of one supplier (0 for all), with rows of one month (for all when
/// none); at most `limit`.
#[tracing::instrument(skip_all)]
pub async fn list_statements(
    db: impl PgExecutor<'_>,
    supplier_id: i64,
    month: Option<NaiveDate>,
    limit: i64,
) -> sqlx::Result<Vec<StatementRow>> {
    sqlx::query_as(&format!(
        "select {STATEMENT_COLUMNS} from commission_statement s \
         where ($1 = 0 or supplier_id = $1) \
           and ($2::date is null or exists (select 1 from commission_statement_row r \
                where r.statement_id = s.statement_id and r.month = $2)) \
         order by statement_id desc limit $3"
    ))
    .bind(supplier_id)
    .bind(month)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// A stored row of a statement.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredRow {
    pub row_number: i32,
    pub account_number: String,
    pub period_start: NaiveDate,
    pub period_end: Option<NaiveDate>,
    pub usage: Option<Decimal>,
    pub amount: Decimal,
    pub fee: Option<Decimal>,
    pub commodity: String,
    pub customer_name: String,
    pub bucket: i16,
    pub contract_id: Option<i64>,
    pub payment_id: Option<i64>,
    pub company_id: Option<i64>,
    pub company_name: String,
    pub month: NaiveDate,
    pub expected: Option<Decimal>,
    pub received: Option<Decimal>,
    pub note: String,
    pub suggestions: sqlx::types::Json<Vec<crate::domain::statement_match::Suggestion>>,
}

impl StoredRow {
    pub fn line(&self) -> Line {
        Line {
            account_number: self.account_number.clone(),
            period_start: self.period_start,
            period_end: self.period_end,
            usage: self.usage,
            amount: self.amount,
            fee: self.fee,
            commodity: self.commodity.clone(),
            customer_name: self.customer_name.clone(),
        }
    }
}

const ROW_COLUMNS: &str = "row_number, account_number, period_start, period_end, usage, amount, fee, commodity, \
    customer_name, bucket, contract_id, payment_id, company_id, company_name, month, expected, received, note, \
    suggestions";

#[tracing::instrument(skip_all)]
pub async fn list_rows(db: impl PgExecutor<'_>, statement_id: i64) -> sqlx::Result<Vec<StoredRow>> {
    sqlx::query_as(&format!(
        "select {ROW_COLUMNS} from commission_statement_row where statement_id = $1 order by row_number"
    ))
    .bind(statement_id)
    .fetch_all(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn lock_row(db: &mut PgConnection, statement_id: i64, row_number: i32) -> sqlx::Result<Option<StoredRow>> {
    sqlx::query_as(&format!(
        "select {ROW_COLUMNS} from commission_statement_row where statement_id = $1 and row_number = $2 for update"
    ))
    .bind(statement_id)
    .bind(row_number)
    .fetch_optional(db)
    .await
}

/// Keeps the rows of a statement (in chunks of 5,000, one statement each).
#[tracing::instrument(skip_all)]
pub async fn insert_rows(db: &mut PgConnection, statement_id: i64, rows: &[RowMatch]) -> sqlx::Result<()> {
    for chunk in rows.chunks(5000) {
        let column = |pick: fn(&RowMatch) -> Option<Decimal>| chunk.iter().map(pick).collect::<Vec<_>>();
        let suggestions: Vec<serde_json::Value> =
            chunk.iter().map(|r| serde_json::to_value(&r.suggestions).unwrap_or_default()).collect();
        sqlx::query(
            "insert into commission_statement_row (statement_id, row_number, account_number, period_start, \
               period_end, usage, amount, fee, commodity, customer_name, bucket, contract_id, payment_id, company_id, \
               company_name, month, expected, received, note, suggestions) \
             select $1, * from unnest($2::int[], $3::text[], $4::date[], $5::date[], $6::numeric[], $7::numeric[], \
               $8::numeric[], $9::text[], $10::text[], $11::smallint[], $12::bigint[], $13::bigint[], $14::bigint[], \
               $15::text[], $16::date[], $17::numeric[], $18::numeric[], $19::text[], $20::jsonb[])",
        )
        .bind(statement_id)
        .bind(chunk.iter().map(|r| r.row_number).collect::<Vec<_>>())
        .bind(chunk.iter().map(|r| r.line.account_number.clone()).collect::<Vec<_>>())
        .bind(chunk.iter().map(|r| r.line.period_start).collect::<Vec<_>>())
        .bind(chunk.iter().map(|r| r.line.period_end).collect::<Vec<_>>())
        .bind(column(|r| r.line.usage))
        .bind(column(|r| Some(r.line.amount)))
        .bind(column(|r| r.line.fee))
        .bind(chunk.iter().map(|r| r.line.commodity.clone()).collect::<Vec<_>>())
        .bind(chunk.iter().map(|r| r.line.customer_name.clone()).collect::<Vec<_>>())
        .bind(chunk.iter().map(|r| r.bucket as i16).collect::<Vec<_>>())
        .bind(chunk.iter().map(|r| r.contract_id).collect::<Vec<_>>())
        .bind(chunk.iter().map(|r| r.payment_id).collect::<Vec<_>>())
        .bind(chunk.iter().map(|r| r.company_id).collect::<Vec<_>>())
        .bind(chunk.iter().map(|r| r.company_name.clone()).collect::<Vec<_>>())
        .bind(chunk.iter().map(|r| r.month).collect::<Vec<_>>())
        .bind(column(|r| r.expected))
        .bind(column(|r| r.received))
        .bind(chunk.iter().map(|r| r.note.clone()).collect::<Vec<_>>())
        .bind(suggestions)
        .execute(&mut *db)
        .await?;
    }
    Ok(())
}

/// Writes a row's match after a link by hand.
#[tracing::instrument(skip_all)]
pub async fn update_row(db: &mut PgConnection, statement_id: i64, row: &RowMatch) -> sqlx::Result<()> {
    sqlx::query(
        "update commission_statement_row set bucket = $3, contract_id = $4, payment_id = $5, company_id = $6, \
           company_name = $7, month = $8, expected = $9, received = $10, note = $11 \
         where statement_id = $1 and row_number = $2",
    )
    .bind(statement_id)
    .bind(row.row_number)
    .bind(row.bucket as i16)
    .bind(row.contract_id)
    .bind(row.payment_id)
    .bind(row.company_id)
    .bind(&row.company_name)
    .bind(row.month)
    .bind(row.expected)
    .bind(row.received)
    .bind(&row.note)
    .execute(db)
    .await?;
    Ok(())
}

/// Moves a row from Unmatched to Linked in the statement's counts and totals.
#[tracing::instrument(skip_all)]
pub async fn count_link(
    db: &mut PgConnection,
    statement_id: i64,
    amount: Decimal,
    expected: Decimal,
) -> sqlx::Result<()> {
    sqlx::query(
        "update commission_statement set unmatched = unmatched - 1, linked = linked + 1, \
           applied_total = applied_total + $2, expected_total = expected_total + $3 where statement_id = $1",
    )
    .bind(statement_id)
    .bind(amount)
    .bind(expected)
    .execute(db)
    .await?;
    Ok(())
}

#[tracing::instrument(skip_all)]
pub async fn mark_reverted(db: &mut PgConnection, statement_id: i64, user_id: i64) -> sqlx::Result<()> {
    sqlx::query("update commission_statement set reverted_at = now(), reverted_by = $2 where statement_id = $1")
        .bind(statement_id)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// The supplier's contracts covering any of these accounts.
#[tracing::instrument(skip_all)]
pub async fn contracts_covering(
    db: impl PgExecutor<'_>,
    supplier_id: i64,
    account_ids: &[i64],
) -> sqlx::Result<Vec<Covering>> {
    sqlx::query_as(
        "select contract_id, company_id, company_name, commodity, start_date, end_date, account_ids from contract \
         where supplier_id = $1 and account_ids && $2::bigint[]",
    )
    .bind(supplier_id)
    .bind(account_ids)
    .fetch_all(db)
    .await
}

/// A contract of each of these companies with the supplier (the latest signed): (company,
/// contract).
#[tracing::instrument(skip_all)]
pub async fn company_contracts(
    db: impl PgExecutor<'_>,
    supplier_id: i64,
    company_ids: &[i64],
) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as(
        "select distinct on (company_id) company_id, contract_id from contract \
         where supplier_id = $1 and company_id = any($2) order by company_id, sort_date desc, contract_id desc",
    )
    .bind(supplier_id)
    .bind(company_ids)
    .fetch_all(db)
    .await
}

const SLOT_SELECT: &str = "select p.payment_id, p.contract_id, c.company_id, c.company_name, \
      make_date(p.projected_year, p.projected_month, 1) as month, p.projected_payment, p.usage_actual, \
      p.payment_actual, p.payment_month, p.payment_year, p.version, \
      (select max(sp.statement_id) from commission_statement_payment sp join commission_statement s \
         using (statement_id) where sp.payment_id = p.payment_id and s.reverted_at is null) as held_by \
    from payment p join contract c using (contract_id)";

/// The supplier's payments of these months.
#[tracing::instrument(skip_all)]
pub async fn supplier_slots(
    db: impl PgExecutor<'_>,
    supplier_id: i64,
    months: &[NaiveDate],
) -> sqlx::Result<Vec<Slot>> {
    sqlx::query_as(&format!(
        "{SLOT_SELECT} where c.supplier_id = $1 and make_date(p.projected_year, p.projected_month, 1) = any($2) \
         order by p.payment_id"
    ))
    .bind(supplier_id)
    .bind(months)
    .fetch_all(db)
    .await
}

/// These payments as the matching reads them, locked until the transaction ends.
#[tracing::instrument(skip_all)]
pub async fn lock_slots(db: &mut PgConnection, payment_ids: &[i64]) -> sqlx::Result<Vec<Slot>> {
    sqlx::query_as(&format!("{SLOT_SELECT} where p.payment_id = any($1) order by p.payment_id for update of p"))
        .bind(payment_ids)
        .fetch_all(db)
        .await
}

/// A contract's payment of a month (the first by id), as the matching reads it.
#[tracing::instrument(skip_all)]
pub async fn contract_slot(db: &mut PgConnection, contract_id: i64, month: NaiveDate) -> sqlx::Result<Option<Slot>> {
    sqlx::query_as(&format!(
        "{SLOT_SELECT} where p.contract_id = $1 and make_date(p.projected_year, p.projected_month, 1) = $2 \
         order by p.payment_id limit 1 for update of p"
    ))
    .bind(contract_id)
    .bind(month)
    .fetch_optional(db)
    .await
}

/// What a statement writes into one payment.
pub struct Written {
    pub payment_id: i64,
    pub usage_actual: Option<Decimal>,
    pub payment_actual: Option<Decimal>,
    pub payment_month: Option<i16>,
    pub payment_year: Option<i32>,
}

/// Writes the actuals of payments, each a new version; answers (payment, new version).
#[tracing::instrument(skip_all)]
pub async fn write_actuals(db: &mut PgConnection, written: &[Written], user_id: i64) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as(
        "update payment p set usage_actual = w.usage, payment_actual = w.amount, payment_month = w.month, \
           payment_year = w.year, version = p.version + 1, updated_at = now(), updated_by = $6 \
         from unnest($1::bigint[], $2::numeric[], $3::numeric[], $4::smallint[], $5::int[]) \
           as w(id, usage, amount, month, year) \
         where p.payment_id = w.id returning p.payment_id, p.version",
    )
    .bind(written.iter().map(|w| w.payment_id).collect::<Vec<_>>())
    .bind(written.iter().map(|w| w.usage_actual).collect::<Vec<_>>())
    .bind(written.iter().map(|w| w.payment_actual).collect::<Vec<_>>())
    .bind(written.iter().map(|w| w.payment_month).collect::<Vec<_>>())
    .bind(written.iter().map(|w| w.payment_year).collect::<Vec<_>>())
    .bind(user_id)
    .fetch_all(db)
    .await
}

/// What a statement changed in a payment, for its revert.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Held {
    pub payment_id: i64,
    pub contract_id: i64,
    pub created: bool,
    pub before_usage_actual: Option<Decimal>,
    pub before_payment_actual: Option<Decimal>,
    pub before_payment_month: Option<i16>,
    pub before_payment_year: Option<i32>,
    pub written_version: i64,
}

#[tracing::instrument(skip_all)]
pub async fn insert_held(db: &mut PgConnection, statement_id: i64, held: &[Held]) -> sqlx::Result<()> {
    for chunk in held.chunks(10_000) {
        sqlx::query(
            "insert into commission_statement_payment (statement_id, payment_id, contract_id, created, \
               before_usage_actual, before_payment_actual, before_payment_month, before_payment_year, written_version) \
             select $1, * from unnest($2::bigint[], $3::bigint[], $4::bool[], $5::numeric[], $6::numeric[], \
               $7::smallint[], $8::int[], $9::bigint[])",
        )
        .bind(statement_id)
        .bind(chunk.iter().map(|h| h.payment_id).collect::<Vec<_>>())
        .bind(chunk.iter().map(|h| h.contract_id).collect::<Vec<_>>())
        .bind(chunk.iter().map(|h| h.created).collect::<Vec<_>>())
        .bind(chunk.iter().map(|h| h.before_usage_actual).collect::<Vec<_>>())
        .bind(chunk.iter().map(|h| h.before_payment_actual).collect::<Vec<_>>())
        .bind(chunk.iter().map(|h| h.before_payment_month).collect::<Vec<_>>())
        .bind(chunk.iter().map(|h| h.before_payment_year).collect::<Vec<_>>())
        .bind(chunk.iter().map(|h| h.written_version).collect::<Vec<_>>())
        .execute(&mut *db)
        .await?;
    }
    Ok(())
}

#[tracing::instrument(skip_all)]
pub async fn list_held(db: &mut PgConnection, statement_id: i64) -> sqlx::Result<Vec<Held>> {
    sqlx::query_as(
        "select payment_id, contract_id, created, before_usage_actual, before_payment_actual, before_payment_month, \
           before_payment_year, written_version from commission_statement_payment where statement_id = $1 \
         order by payment_id",
    )
    .bind(statement_id)
    .fetch_all(db)
    .await
}

/// (payment, version) of these payments as they are, locked until the transaction ends.
#[tracing::instrument(skip_all)]
pub async fn lock_versions(db: &mut PgConnection, payment_ids: &[i64]) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as("select payment_id, version from payment where payment_id = any($1) order by payment_id for update")
        .bind(payment_ids)
        .fetch_all(db)
        .await
}

/// Payment history: the old value of each field a statement changed.
#[tracing::instrument(skip_all)]
pub async fn insert_payment_edits(
    db: &mut PgConnection,
    edits: &[(i64, i64, &'static str, String)],
    user_id: i64,
) -> sqlx::Result<()> {
    for chunk in edits.chunks(20_000) {
        sqlx::query(
            "insert into field_edit (resource, record_id, version, user_id, field, old_value) \
             select 'payment', id, version, $1, field, old \
             from unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[]) as e(id, version, field, old)",
        )
        .bind(user_id)
        .bind(chunk.iter().map(|e| e.0).collect::<Vec<_>>())
        .bind(chunk.iter().map(|e| e.1).collect::<Vec<_>>())
        .bind(chunk.iter().map(|e| e.2).collect::<Vec<_>>())
        .bind(chunk.iter().map(|e| e.3.clone()).collect::<Vec<_>>())
        .execute(&mut *db)
        .await?;
    }
    Ok(())
}

#[tracing::instrument(skip_all)]
pub async fn saved_mapping(db: impl PgExecutor<'_>, supplier_id: i64) -> sqlx::Result<Option<Mapping>> {
    let found: Option<sqlx::types::Json<Mapping>> =
        sqlx::query_scalar("select mapping from statement_mapping where supplier_id = $1")
            .bind(supplier_id)
            .fetch_optional(db)
            .await?;
    Ok(found.map(|json| json.0))
}

#[tracing::instrument(skip_all)]
pub async fn save_mapping(
    db: &mut PgConnection,
    supplier_id: i64,
    mapping: &Mapping,
    user_id: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into statement_mapping (supplier_id, mapping, updated_by) values ($1, $2, $3) \
         on conflict (supplier_id) do update set mapping = excluded.mapping, updated_at = now(), \
           updated_by = excluded.updated_by",
    )
    .bind(supplier_id)
    .bind(sqlx::types::Json(mapping))
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(())
}

/// One supplier's projected month, summed.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ChaseRow {
    pub supplier_id: i64,
    pub month: NaiveDate,
    pub expected: Decimal,
    pub received: Decimal,
    pub short: Decimal,
    pub missing_count: i64,
    pub missing_amount: Decimal,
    pub statements: i64,
}

/// Per supplier and projected month of `year` before `due_before` (the first month not yet
/// due): expected, received, short and missing.
#[tracing::instrument(skip_all)]
pub async fn chase(pool: &Db, year: i32, supplier_id: i64, due_before: NaiveDate) -> sqlx::Result<Vec<ChaseRow>> {
    sqlx::query_as(
        "with months as ( \
           select c.supplier_id, make_date(p.projected_year, p.projected_month, 1) as month, \
             sum(coalesce(p.projected_payment, 0)) as expected, sum(coalesce(p.payment_actual, 0)) as received, \
             coalesce(sum(greatest(coalesce(p.projected_payment, 0) - p.payment_actual, 0)) \
               filter (where p.payment_actual is not null), 0) as short, \
             count(*) filter (where p.payment_actual is null and p.projected_payment > 0) as missing_count, \
             coalesce(sum(p.projected_payment) filter (where p.payment_actual is null and p.projected_payment > 0), 0) \
               as missing_amount \
           from payment p join contract c using (contract_id) \
           where p.projected_year = $1 and c.supplier_id is not null and ($2 = 0 or c.supplier_id = $2) \
             and make_date(p.projected_year, p.projected_month, 1) < $3 \
           group by 1, 2) \
         select m.*, (select count(distinct r.statement_id) from commission_statement_row r \
             join commission_statement s using (statement_id) \
             where s.supplier_id = m.supplier_id and r.month = m.month and s.reverted_at is null) as statements \
         from months m order by m.supplier_id, m.month",
    )
    .bind(year)
    .bind(supplier_id)
    .bind(due_before)
    .fetch_all(pool)
    .await
}

/// A payment of a supplier's month that is short, over or missing.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ExceptionRow {
    pub contract_id: i64,
    pub company_name: String,
    pub account_ids: Vec<i64>,
    pub payment_id: i64,
    pub expected: Option<Decimal>,
    pub received: Option<Decimal>,
}

/// The payments of the supplier's month that differ from their projection or are missing.
#[tracing::instrument(skip_all)]
pub async fn exceptions(pool: &Db, supplier_id: i64, month: NaiveDate) -> sqlx::Result<Vec<ExceptionRow>> {
    sqlx::query_as(
        "select c.contract_id, c.company_name, c.account_ids, p.payment_id, p.projected_payment as expected, \
           p.payment_actual as received \
         from payment p join contract c using (contract_id) \
         where c.supplier_id = $1 and make_date(p.projected_year, p.projected_month, 1) = $2 \
           and ((p.payment_actual is null and p.projected_payment > 0) \
             or p.payment_actual is distinct from p.projected_payment and p.payment_actual is not null) \
         order by c.company_name, c.contract_id, p.payment_id",
    )
    .bind(supplier_id)
    .bind(month)
    .fetch_all(pool)
    .await
}

/// (statements standing with rows still Unmatched, payments due in the twelve months before
/// `due_before` with nothing received, their projected payments).
#[tracing::instrument(skip_all)]
pub async fn summary(pool: &Db, due_before: NaiveDate) -> sqlx::Result<(i64, i64, Decimal)> {
    sqlx::query_as(
        "select (select count(*) from commission_statement where reverted_at is null and unmatched > 0), \
           count(*), coalesce(sum(p.projected_payment), 0) \
         from payment p join contract c using (contract_id) \
         where c.supplier_id is not null and p.payment_actual is null and p.projected_payment > 0 \
           and (p.projected_year, p.projected_month) < ($1, $2) \
           and (p.projected_year, p.projected_month) >= ($1 - 1, $2)",
    )
    .bind(due_before.year())
    .bind(due_before.month() as i16)
    .fetch_one(pool)
    .await
}

/// Deletes payments a statement made (a revert).
#[tracing::instrument(skip_all)]
pub async fn delete_payments(db: &mut PgConnection, payment_ids: &[i64]) -> sqlx::Result<()> {
    sqlx::query("delete from payment where payment_id = any($1)").bind(payment_ids).execute(db).await?;
    Ok(())
}
