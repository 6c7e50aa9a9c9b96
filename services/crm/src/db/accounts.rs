//! Accounts (`account`), their monthly usage (`usage_month`), capacity histories
//! (`capacity_record`) and the company totals kept from them.

use chrono::{DateTime, NaiveDate, Utc};
use eris_platform::db::Db;
use rust_decimal::Decimal;
use sqlx::{PgConnection, PgExecutor, Postgres, QueryBuilder, query_builder::Separated};

use super::companies::like_escaped;
pub use crate::domain::account_record::AccountFields;
use crate::domain::account_record::account_fields;

/// The editable columns, and the binds of an account's fields in their order, from the field
/// table.
macro_rules! columns {
    ($first:ident: $first_ty:ty => $first_convert:expr $(, $field:ident: $ty:ty => $convert:expr)* $(,)?) => {
        const FIELD_COLUMNS: &str = concat!(stringify!($first) $(, ", ", stringify!($field))*);

        fn bind_fields<'q>(values: &mut Separated<'_, 'q, Postgres, &'static str>, fields: &'q AccountFields) {
            values.push_bind(&fields.$first);
            $(values.push_bind(&fields.$field);)*
        }
    };
}
account_fields!(columns);

/// A stored account with what its usage makes of it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AccountRow {
    pub account_id: i64,
    pub company_id: i64,
    #[sqlx(flatten)]
    pub fields: AccountFields,
    /// The sum of the 12 months: kWh or therms by commodity.
    pub annual_usage: Decimal,
    /// The highest monthly kW (electric).
    pub peak_kw: Option<Decimal>,
    pub usage_updated_at: Option<DateTime<Utc>>,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

fn select() -> String {
    format!(
        "select account_id, company_id, {FIELD_COLUMNS}, annual_usage, peak_kw, usage_updated_at, version, updated_at \
         from account"
    )
}

/// Which of a company's accounts to list.
#[derive(Debug, Clone, Default)]
pub struct AccountQuery {
    pub company_id: i64,
    /// Electric, Gas, or DR (electric accounts enrolled in DR); all when `None`.
    pub filter: Option<&'static str>,
    /// Part of the site name, account number, secondary number, address or city.
    pub text: Option<String>,
}

fn push_account_filter(builder: &mut QueryBuilder<'_, Postgres>, query: &AccountQuery) {
    builder.push(" where company_id = ").push_bind(query.company_id);
    match query.filter {
        Some("DR") => {
            builder.push(" and commodity = 'Electric' and is_dr");
        }
        Some(commodity) => {
            builder.push(" and commodity = ").push_bind(commodity);
        }
        None => {}
    }
    if let Some(text) = &query.text {
        let pattern = format!("%{}%", like_escaped(text));
        builder
            .push(" and (search_text(name) like search_text(")
            .push_bind(pattern.clone())
            .push(") or account_number ilike ")
            .push_bind(pattern.clone())
            .push(" or secondary_account_number ilike ")
            .push_bind(pattern.clone())
            .push(" or address ilike ")
            .push_bind(pattern.clone())
            .push(" or city ilike ")
            .push_bind(pattern)
            .push(")");
    }
}

/// A page of a company's accounts by site name, then id, after `after` (lower name, id).
#[tracing::instrument(skip_all)]
pub async fn list_accounts(
    pool: &Db,
    query: &AccountQuery,
    after: Option<(String, i64)>,
    limit: i64,
) -> sqlx::Result<Vec<AccountRow>> {
    let mut builder = QueryBuilder::new(select());
    push_account_filter(&mut builder, query);
    if let Some((name, id)) = after {
        builder.push(" and (lower(name), account_id) > (").push_bind(name).push(", ").push_bind(id).push(")");
    }
    builder.push(" order by lower(name), account_id limit ").push_bind(limit);
    builder.build_query_as().fetch_all(pool).await
}

/// Count and totals of every account a query matches.
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct AccountTotals {
    pub count: i64,
    pub total_kwh: Decimal,
    pub total_plc: Decimal,
    pub total_therms: Decimal,
}

#[tracing::instrument(skip_all)]
pub async fn account_totals(pool: &Db, query: &AccountQuery) -> sqlx::Result<AccountTotals> {
    let mut builder = QueryBuilder::new(
        "select count(*) as count, \
         coalesce(sum(annual_usage) filter (where commodity = 'Electric'), 0) as total_kwh, \
         coalesce(sum(plc), 0) as total_plc, \
         coalesce(sum(annual_usage) filter (where commodity = 'Gas'), 0) as total_therms from account",
    );
    push_account_filter(&mut builder, query);
    builder.build_query_as().fetch_one(pool).await
}

/// An account found across companies.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AccountMatchRow {
    #[sqlx(flatten)]
    pub account: AccountRow,
    pub company_name: String,
}

/// Accounts whose number or secondary number starts with `text`, whose site name contains it, or
/// whose utility is one of `utility_ids`; by company name, site name, id, after `after`. Sales
/// (`visible_to`) find only accounts of companies where they hold a team role.
#[tracing::instrument(skip_all)]
pub async fn search_accounts(
    pool: &Db,
    text: &str,
    utility_ids: &[i64],
    visible_to: Option<i64>,
    after: Option<(String, String, i64)>,
    limit: i64,
) -> sqlx::Result<Vec<AccountMatchRow>> {
    let columns: Vec<String> = format!(
        "account_id, company_id, {FIELD_COLUMNS}, annual_usage, peak_kw, usage_updated_at, version, updated_at"
    )
    .split(", ")
    .map(|column| format!("a.{column}"))
    .collect();
    let mut builder = QueryBuilder::new(format!(
        "select {}, c.name as company_name from account a join company c on c.company_id = a.company_id where (",
        columns.join(", ")
    ));
    let prefix = format!("{}%", like_escaped(&text.to_uppercase()));
    builder
        .push("upper(a.account_number) like ")
        .push_bind(prefix.clone())
        .push(" or (a.secondary_account_number <> '' and upper(a.secondary_account_number) like ")
        .push_bind(prefix)
        .push(") or search_text(a.name) like search_text(")
        .push_bind(format!("%{}%", like_escaped(text)))
        .push(") or a.utility_id = any(")
        .push_bind(utility_ids.to_vec())
        .push("))");
    if let Some(user_id) = visible_to {
        builder.push(" and (");
        for (index, column) in super::companies::TEAM_COLUMNS.iter().enumerate() {
            if index > 0 {
                builder.push(" or ");
            }
            builder.push(format!("c.{column} = ")).push_bind(user_id);
        }
        builder.push(")");
    }
    if let Some((company, name, id)) = after {
        builder
            .push(" and (lower(c.name), lower(a.name), a.account_id) > (")
            .push_bind(company)
            .push(", ")
            .push_bind(name)
            .push(", ")
            .push_bind(id)
            .push(")");
    }
    builder.push(" order by lower(c.name), lower(a.name), a.account_id limit ").push_bind(limit);
    builder.build_query_as().fetch_all(pool).await
}

#[tracing::instrument(skip_all)]
pub async fn select_account(db: impl PgExecutor<'_>, account_id: i64) -> sqlx::Result<Option<AccountRow>> {
    sqlx::query_as(&format!("{} where account_id = $1", select())).bind(account_id).fetch_optional(db).await
}

/// The account's company, for access checks before the account itself is locked.
#[tracing::instrument(skip_all)]
pub async fn select_account_company(db: impl PgExecutor<'_>, account_id: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("select company_id from account where account_id = $1").bind(account_id).fetch_optional(db).await
}

/// The account, its row locked until the caller's transaction ends.
#[tracing::instrument(skip_all)]
pub async fn select_account_for_update(db: &mut PgConnection, account_id: i64) -> sqlx::Result<Option<AccountRow>> {
    sqlx::query_as(&format!("{} where account_id = $1 for update", select())).bind(account_id).fetch_optional(db).await
}

/// Locks the company's row, so changes to its accounts and its totals are made one at a time;
/// false when there is no such company.
#[tracing::instrument(skip_all)]
pub async fn lock_company(db: &mut PgConnection, company_id: i64) -> sqlx::Result<bool> {
    let found = sqlx::query("select 1 from company where company_id = $1 for no key update")
        .bind(company_id)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// Adds accounts to a company; answers their ids in the order given. Large imports are sent in
/// chunks that stay under PostgreSQL's limit of bound values per statement.
#[tracing::instrument(skip_all)]
pub async fn insert_accounts(
    db: &mut PgConnection,
    company_id: i64,
    accounts: &[AccountFields],
    user_id: i64,
) -> sqlx::Result<Vec<i64>> {
    const ROWS_PER_STATEMENT: usize = 2000;
    let mut ids = Vec::with_capacity(accounts.len());
    for chunk in accounts.chunks(ROWS_PER_STATEMENT) {
        let mut builder = QueryBuilder::new(format!("insert into account (company_id, updated_by, {FIELD_COLUMNS}) "));
        builder.push_values(chunk, |mut values, fields| {
            values.push_bind(company_id).push_bind(user_id);
            bind_fields(&mut values, fields);
        });
        builder.push(" returning account_id");
        let chunk_ids: Vec<i64> = builder.build_query_scalar().fetch_all(&mut *db).await?;
        ids.extend(chunk_ids);
    }
    Ok(ids)
}

/// Writes the fields (the row is locked by the caller's transaction); answers the new version.
#[tracing::instrument(skip_all)]
pub async fn update_account(
    db: &mut PgConnection,
    account_id: i64,
    fields: &AccountFields,
    user_id: i64,
) -> sqlx::Result<i64> {
    let mut builder = QueryBuilder::new(format!("update account set ({FIELD_COLUMNS}) = ("));
    bind_fields(&mut builder.separated(", "), fields);
    builder
        .push("), version = version + 1, updated_at = now(), updated_by = ")
        .push_bind(user_id)
        .push(" where account_id = ")
        .push_bind(account_id)
        .push(" returning version");
    builder.build_query_scalar().fetch_one(db).await
}

/// Removes an account with its usage and histories; answers it as it was.
#[tracing::instrument(skip_all)]
pub async fn delete_account(db: &mut PgConnection, account_id: i64) -> sqlx::Result<Option<AccountRow>> {
    let row = select_account(&mut *db, account_id).await?;
    sqlx::query("delete from account where account_id = $1").bind(account_id).execute(db).await?;
    Ok(row)
}

/// One stored month of usage.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct UsageMonthRow {
    pub month: i16,
    pub value: Option<Decimal>,
    pub kw: Option<Decimal>,
    pub entry_date: Option<NaiveDate>,
}

/// The stored months of an account's usage, January first (months never entered are absent).
#[tracing::instrument(skip_all)]
pub async fn list_usage(db: impl PgExecutor<'_>, account_id: i64) -> sqlx::Result<Vec<UsageMonthRow>> {
    sqlx::query_as("select month, value, kw, entry_date from usage_month where account_id = $1 order by month")
        .bind(account_id)
        .fetch_all(db)
        .await
}

/// Accounts of one company among `account_ids`, by site name.
#[tracing::instrument(skip_all)]
pub async fn select_company_accounts(
    db: impl PgExecutor<'_>,
    company_id: i64,
    account_ids: &[i64],
) -> sqlx::Result<Vec<AccountRow>> {
    sqlx::query_as(&format!(
        "{} where company_id = $1 and account_id = any($2) order by lower(name), account_id",
        select()
    ))
    .bind(company_id)
    .bind(account_ids)
    .fetch_all(db)
    .await
}

/// A stored month of one of several accounts.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AccountMonthRow {
    pub account_id: i64,
    #[sqlx(flatten)]
    pub month: UsageMonthRow,
}

/// The stored months of several accounts' usage, by account, January first.
#[tracing::instrument(skip_all)]
pub async fn list_usage_of(db: impl PgExecutor<'_>, account_ids: &[i64]) -> sqlx::Result<Vec<AccountMonthRow>> {
    sqlx::query_as(
        "select account_id, month, value, kw, entry_date from usage_month where account_id = any($1) \
         order by account_id, month",
    )
    .bind(account_ids)
    .fetch_all(db)
    .await
}

/// Writes the given months and recomputes the account's annual usage and peak kW from all 12
/// (the account's row is locked by the caller's transaction); answers the account.
#[tracing::instrument(skip_all)]
pub async fn save_usage(db: &mut PgConnection, account_id: i64, months: &[UsageMonthRow]) -> sqlx::Result<AccountRow> {
    let numbers: Vec<i16> = months.iter().map(|m| m.month).collect();
    let values: Vec<Option<Decimal>> = months.iter().map(|m| m.value).collect();
    let kws: Vec<Option<Decimal>> = months.iter().map(|m| m.kw).collect();
    let dates: Vec<Option<NaiveDate>> = months.iter().map(|m| m.entry_date).collect();
    sqlx::query(
        "insert into usage_month (account_id, month, value, kw, entry_date) \
         select $1, * from unnest($2::smallint[], $3::numeric[], $4::numeric[], $5::date[]) \
         on conflict (account_id, month) do update set value = excluded.value, kw = excluded.kw, \
         entry_date = excluded.entry_date",
    )
    .bind(account_id)
    .bind(numbers)
    .bind(values)
    .bind(kws)
    .bind(dates)
    .execute(&mut *db)
    .await?;
    sqlx::query_as(&format!(
        "update account set annual_usage = coalesce(u.total, 0), peak_kw = u.peak, usage_updated_at = now() \
         from (select sum(value) as total, max(kw) as peak from usage_month where account_id = $1) u \
         where account_id = $1 returning account_id, company_id, {FIELD_COLUMNS}, annual_usage, peak_kw, \
         usage_updated_at, version, updated_at"
    ))
    .bind(account_id)
    .fetch_one(db)
    .await
}

/// Adds `delta` to the company's kWh or therms total (its row is locked by the caller's
/// transaction, so the total stays the sum of its accounts); answers (total kWh, total therms).
#[tracing::instrument(skip_all)]
pub async fn add_to_company_totals(
    db: &mut PgConnection,
    company_id: i64,
    commodity: &str,
    delta: Decimal,
) -> sqlx::Result<(Decimal, Decimal)> {
    sqlx::query_as(
        "update company set \
         total_kwh = total_kwh + case when $2 = 'Electric' then $3 else 0 end, \
         total_therms = total_therms + case when $2 = 'Gas' then $3 else 0 end \
         where company_id = $1 returning total_kwh, total_therms",
    )
    .bind(company_id)
    .bind(commodity)
    .bind(delta)
    .fetch_one(db)
    .await
}

/// Recomputes a company's totals from its accounts (its row is locked by the caller's
/// transaction); answers (total kWh, total therms).
#[tracing::instrument(skip_all)]
pub async fn refresh_company_totals(db: &mut PgConnection, company_id: i64) -> sqlx::Result<(Decimal, Decimal)> {
    sqlx::query_as(
        "update company set \
         total_kwh = (select coalesce(sum(annual_usage), 0) from account where company_id = $1 and commodity = 'Electric'), \
         total_therms = (select coalesce(sum(annual_usage), 0) from account where company_id = $1 and commodity = 'Gas') \
         where company_id = $1 returning total_kwh, total_therms",
    )
    .bind(company_id)
    .fetch_one(db)
    .await
}

/// A stored capacity record.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CapacityRow {
    pub capacity_record_id: i64,
    pub account_id: i64,
    pub kind: String,
    pub value: Decimal,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
}

/// One history of an account, newest start first (hundreds at most; the limit bounds the work).
#[tracing::instrument(skip_all)]
pub async fn list_capacity(pool: &Db, account_id: i64, kind: &str) -> sqlx::Result<Vec<CapacityRow>> {
    sqlx::query_as(
        "select capacity_record_id, account_id, kind, value, start_date, end_date from capacity_record \
         where account_id = $1 and kind = $2 order by start_date desc, capacity_record_id desc limit 5000",
    )
    .bind(account_id)
    .bind(kind)
    .fetch_all(pool)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn insert_capacity(
    db: &mut PgConnection,
    account_id: i64,
    kind: &str,
    value: Decimal,
    (start_date, end_date): (NaiveDate, NaiveDate),
    user_id: i64,
) -> sqlx::Result<CapacityRow> {
    sqlx::query_as(
        "insert into capacity_record (account_id, kind, value, start_date, end_date, created_by) \
         values ($1, $2, $3, $4, $5, $6) \
         returning capacity_record_id, account_id, kind, value, start_date, end_date",
    )
    .bind(account_id)
    .bind(kind)
    .bind(value)
    .bind(start_date)
    .bind(end_date)
    .bind(user_id)
    .fetch_one(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn select_capacity(db: impl PgExecutor<'_>, record_id: i64) -> sqlx::Result<Option<CapacityRow>> {
    sqlx::query_as(
        "select capacity_record_id, account_id, kind, value, start_date, end_date from capacity_record \
         where capacity_record_id = $1",
    )
    .bind(record_id)
    .fetch_optional(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn delete_capacity(db: &mut PgConnection, record_id: i64) -> sqlx::Result<()> {
    sqlx::query("delete from capacity_record where capacity_record_id = $1").bind(record_id).execute(db).await?;
    Ok(())
}

/// The accounts with these ids, in id order.
#[tracing::instrument(skip_all)]
pub async fn select_accounts(db: impl PgExecutor<'_>, ids: &[i64]) -> sqlx::Result<Vec<AccountRow>> {
    sqlx::query_as(&format!("{} where account_id = any($1) order by account_id", select()))
        .bind(ids)
        .fetch_all(db)
        .await
}

/// An account found by its number's key or its id, with its company.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AccountRefRow {
    pub account_id: i64,
    pub company_id: i64,
    pub company_name: String,
    pub account_number: String,
    pub secondary_account_number: String,
    pub number_key: String,
    pub secondary_number_key: String,
}

/// Accounts whose number or second number has one of `keys` (see `account_number_key`), or
/// whose id is one of `ids`.
#[tracing::instrument(skip_all)]
pub async fn lookup_accounts(pool: &Db, keys: &[String], ids: &[i64]) -> sqlx::Result<Vec<AccountRefRow>> {
    sqlx::query_as(
        "select a.account_id, a.company_id, c.name as company_name, a.account_number, \
         a.secondary_account_number, coalesce(account_number_key(a.account_number), '') as number_key, \
         case when a.secondary_account_number = '' then '' \
         else coalesce(account_number_key(a.secondary_account_number), '') end as secondary_number_key \
         from account a join company c on c.company_id = a.company_id \
         where a.account_id in ( \
             select account_id from account where account_number_key(account_number) = any($1) \
             union select account_id from account where secondary_account_number <> '' \
                 and account_number_key(secondary_account_number) = any($1) \
             union select unnest($2::bigint[])) \
         order by a.account_id",
    )
    .bind(keys)
    .bind(ids)
    .fetch_all(pool)
    .await
}

/// Up to three companies for each name, whose folded name contains it, best (closest in
/// length) first: (name asked, company id, company name).
#[tracing::instrument(skip_all)]
pub async fn companies_named_like(pool: &Db, names: &[String]) -> sqlx::Result<Vec<(String, i64, String)>> {
    let patterns: Vec<String> = names.iter().map(|name| format!("%{}%", like_escaped(name))).collect();
    sqlx::query_as(
        "select asked.name, found.company_id, found.name from unnest($1::text[], $2::text[]) as asked(name, pattern) \
         cross join lateral (select company_id, c.name from company c \
             where c.name_search like search_text(asked.pattern) \
             order by abs(length(c.name) - length(asked.name)), c.company_id limit 3) found",
    )
    .bind(names)
    .bind(patterns)
    .fetch_all(pool)
    .await
}
