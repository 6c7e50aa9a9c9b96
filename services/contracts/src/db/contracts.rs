//! Contracts and their computed values.

use chrono::{DateTime, NaiveDate, Utc};
use eris_platform::db::Db;
use rust_decimal::Decimal;
use sqlx::{PgConnection, PgExecutor, Postgres, QueryBuilder};

use crate::domain::{
    fields::{ContractFields, contract_field_table},
    vocabulary::INACTIVE,
};

/// A stored contract.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ContractRow {
    pub contract_id: i64,
    pub company_id: i64,
    pub company_name: String,
    #[sqlx(flatten)]
    pub fields: ContractFields,
    pub previous_status: i16,
    pub beta: bool,
    #[sqlx(flatten)]
    pub computed: Computed,
    pub file_key: Option<String>,
    pub file_name: String,
    pub file_type: String,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: i64,
    pub updated_at: DateTime<Utc>,
    /// The day the sweep made it Inactive because its end date had passed.
    pub auto_inactive_on: Option<NaiveDate>,
}

/// The values computed on every save.
#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct Computed {
    pub annual_volume: Decimal,
    pub term_volume: Decimal,
    pub annual_fee_total: Decimal,
    pub term_fee_total: Decimal,
    pub end_date: Option<NaiveDate>,
}

/// The columns of `ContractFields` and `Computed`, and the binds of a row's values in their
/// order, from the field table.
macro_rules! columns {
    ($($field:ident: $kind:ident $(($($arg:expr),*))?, $scope:ident;)*) => {
        const COLUMNS: &str = concat!(
            "contract_id, company_id, company_name, previous_status, beta, file_key, file_name, file_type, ",
            "version, created_at, created_by, updated_at, auto_inactive_on, ",
            $(stringify!($field), ", ",)*
            "annual_volume, term_volume, annual_fee_total, term_fee_total, end_date"
        );

        const WRITTEN: &str = concat!(
            $(stringify!($field), ", ",)*
            "annual_volume, term_volume, annual_fee_total, term_fee_total, end_date"
        );

        fn push_values<'a>(builder: &mut QueryBuilder<'a, Postgres>, f: &'a ContractFields, c: &'a Computed) {
            let mut list = builder.separated(", ");
            $(list.push_bind(&f.$field);)*
            list.push_bind(c.annual_volume)
                .push_bind(c.term_volume)
                .push_bind(c.annual_fee_total)
                .push_bind(c.term_fee_total)
                .push_bind(c.end_date);
        }
    };
}
contract_field_table!(columns);

#[tracing::instrument(skip_all)]
pub async fn insert_contract(
    db: &mut PgConnection,
    company_id: i64,
    company_name: &str,
    fields: &ContractFields,
    computed: &Computed,
    beta: bool,
    user_id: i64,
) -> sqlx::Result<i64> {
    let mut builder = QueryBuilder::new(format!(
        "insert into contract (company_id, company_name, beta, created_by, updated_by, {WRITTEN}) values ("
    ));
    builder
        .push_bind(company_id)
        .push(", ")
        .push_bind(company_name)
        .push(", ")
        .push_bind(beta)
        .push(", ")
        .push_bind(user_id)
        .push(", ")
        .push_bind(user_id)
        .push(", ");
    push_values(&mut builder, fields, computed);
    builder.push(") returning contract_id");
    builder.build_query_scalar().fetch_one(db).await
}

/// Writes every field and computed value, keeps the status before a change of status, and
/// answers the new version.
#[tracing::instrument(skip_all)]
pub async fn update_contract(
    db: &mut PgConnection,
    contract_id: i64,
    company_name: &str,
    fields: &ContractFields,
    computed: &Computed,
    user_id: i64,
) -> sqlx::Result<i64> {
    let mut builder = QueryBuilder::new("update contract set previous_status = case when status <> ");
    builder
        .push_bind(fields.status)
        .push(" then status else previous_status end, company_name = ")
        .push_bind(company_name)
        .push(", version = version + 1, updated_at = now(), updated_by = ")
        .push_bind(user_id)
        .push(format!(", ({WRITTEN}) = ("));
    push_values(&mut builder, fields, computed);
    builder.push(") where contract_id = ").push_bind(contract_id).push(" returning version");
    builder.build_query_scalar().fetch_one(db).await
}

/// Up to `limit` contracts with ids above `after`, in id order (a snapshot's pages).
#[tracing::instrument(skip_all)]
pub async fn list_contracts_after(db: impl PgExecutor<'_>, after: i64, limit: i64) -> sqlx::Result<Vec<ContractRow>> {
    sqlx::query_as(&format!("select {COLUMNS} from contract where contract_id > $1 order by contract_id limit $2"))
        .bind(after)
        .bind(limit)
        .fetch_all(db)
        .await
}

/// These contracts (those that exist), in id order.
#[tracing::instrument(skip_all)]
pub async fn list_contracts_by_ids(db: impl PgExecutor<'_>, ids: &[i64]) -> sqlx::Result<Vec<ContractRow>> {
    sqlx::query_as(&format!("select {COLUMNS} from contract where contract_id = any($1) order by contract_id"))
        .bind(ids)
        .fetch_all(db)
        .await
}

/// Up to `limit` digests of contracts with ids above `after`, in id order (see
/// `eris_platform::snapshot::contract_digest_sql`).
#[tracing::instrument(skip_all)]
pub async fn list_digests_after(db: impl PgExecutor<'_>, after: i64, limit: i64) -> sqlx::Result<Vec<(i64, String)>> {
    let digest = eris_platform::snapshot::contract_digest_sql("c", "p");
    sqlx::query_as(&format!(
        "select c.contract_id, {digest} \
         from (select contract_id from contract where contract_id > $1 order by contract_id limit $2) page \
         join contract c on c.contract_id = page.contract_id \
         left join payment p on p.contract_id = c.contract_id \
         group by c.contract_id order by c.contract_id"
    ))
    .bind(after)
    .bind(limit)
    .fetch_all(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn select_contract(db: impl PgExecutor<'_>, contract_id: i64) -> sqlx::Result<Option<ContractRow>> {
    sqlx::query_as(&format!("select {COLUMNS} from contract where contract_id = $1"))
        .bind(contract_id)
        .fetch_optional(db)
        .await
}

/// The contract, its row locked until the caller's transaction ends.
#[tracing::instrument(skip_all)]
pub async fn select_contract_for_update(db: &mut PgConnection, contract_id: i64) -> sqlx::Result<Option<ContractRow>> {
    sqlx::query_as(&format!("select {COLUMNS} from contract where contract_id = $1 for update"))
        .bind(contract_id)
        .fetch_optional(db)
        .await
}

/// These contracts, locked until the transaction ends, in id order (so two callers locking
/// overlapping sets never wait on each other in a circle).
#[tracing::instrument(skip_all)]
pub async fn select_contracts_for_update(
    db: &mut PgConnection,
    contract_ids: &[i64],
) -> sqlx::Result<Vec<ContractRow>> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from contract where contract_id = any($1) order by contract_id for update"
    ))
    .bind(contract_ids)
    .fetch_all(db)
    .await
}

/// Makes Inactive up to `limit` contracts that ended before `today` and were never made so by
/// this sweep, keeping each one's status in previous_status; answers them as they are now.
#[tracing::instrument(skip_all)]
pub async fn inactivate_ended(db: &mut PgConnection, today: NaiveDate, limit: i64) -> sqlx::Result<Vec<ContractRow>> {
    sqlx::query_as(&format!(
        "update contract set previous_status = status, status = {INACTIVE}, auto_inactive_on = $1, \
           version = version + 1, updated_at = now() \
         where contract_id in (select contract_id from contract \
           where end_date < $1 and status <> {INACTIVE} and auto_inactive_on is null \
           order by end_date, contract_id limit $2 for update skip locked) \
         returning {COLUMNS}"
    ))
    .bind(today)
    .bind(limit)
    .fetch_all(db)
    .await
}

#[tracing::instrument(skip_all)]
pub async fn delete_contract(db: &mut PgConnection, contract_id: i64) -> sqlx::Result<()> {
    sqlx::query("delete from contract where contract_id = $1").bind(contract_id).execute(db).await?;
    Ok(())
}

/// Names the contract's file (or none).
/// Marks an upload address's nonce used; false when it already was. Uses older than a day are
/// forgotten on the way (addresses live 10 minutes).
#[tracing::instrument(skip_all)]
pub async fn use_upload_nonce(db: &mut PgConnection, nonce: &str) -> sqlx::Result<bool> {
    sqlx::query("delete from upload_used where used_at < now() - interval '1 day'").execute(&mut *db).await?;
    let done = sqlx::query("insert into upload_used (nonce) values ($1) on conflict do nothing")
        .bind(nonce)
        .execute(&mut *db)
        .await?;
    Ok(done.rows_affected() == 1)
}

#[tracing::instrument(skip_all)]
pub async fn set_file(
    db: &mut PgConnection,
    contract_id: i64,
    file: Option<(&str, &str, &str)>,
    user_id: i64,
) -> sqlx::Result<()> {
    let (key, name, kind) = file.unwrap_or_default();
    sqlx::query(
        "update contract set file_key = nullif($2, ''), file_name = $3, file_type = $4, version = version + 1, \
         updated_at = now(), updated_by = $5 where contract_id = $1",
    )
    .bind(contract_id)
    .bind(key)
    .bind(name)
    .bind(kind)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(())
}

/// A page position: (sort date, id) of the last row shown.
pub type After = Option<(NaiveDate, i64)>;

/// Which contracts of one company to list.
#[derive(Debug, Clone, Default)]
pub struct CompanyQuery {
    pub company_id: i64,
    pub include_inactive: bool,
    /// Part of a text field; with the ids of suppliers and utilities whose names match.
    pub text: Option<String>,
    pub text_supplier_ids: Vec<i64>,
    pub text_utility_ids: Vec<i64>,
    /// Status indexes whose name matches the text.
    pub text_statuses: Vec<i16>,
}

use eris_platform::db::like_escaped;

/// A page of a company's contracts, latest signed first.
#[tracing::instrument(skip_all)]
pub async fn list_company_contracts(
    pool: &Db,
    query: &CompanyQuery,
    after: After,
    limit: i64,
) -> sqlx::Result<Vec<ContractRow>> {
    let mut builder = QueryBuilder::new(format!("select {COLUMNS} from contract where company_id = "));
    builder.push_bind(query.company_id);
    if !query.include_inactive {
        builder.push(format!(" and status <> {INACTIVE}"));
    }
    if let Some(text) = &query.text {
        let pattern = format!("%{}%", like_escaped(text));
        builder
            .push(" and (commodity ilike ")
            .push_bind(pattern.clone())
            .push(" or contract_type ilike ")
            .push_bind(pattern.clone())
            .push(" or pricing_type ilike ")
            .push_bind(pattern.clone())
            .push(" or rate_type ilike ")
            .push_bind(pattern.clone())
            .push(" or notes ilike ")
            .push_bind(pattern)
            .push(" or supplier_id = any(")
            .push_bind(query.text_supplier_ids.clone())
            .push(") or utility_id = any(")
            .push_bind(query.text_utility_ids.clone())
            .push(") or status = any(")
            .push_bind(query.text_statuses.clone())
            .push("))");
    }
    if let Some((date, id)) = after {
        builder.push(" and (sort_date, contract_id) < (").push_bind(date).push(", ").push_bind(id).push(")");
    }
    builder.push(" order by sort_date desc, contract_id desc limit ").push_bind(limit);
    builder.build_query_as().fetch_all(pool).await
}

/// Which contracts of the book to list.
#[derive(Debug, Clone, Default)]
pub struct BookQuery {
    pub commodity: Option<String>,
    /// Contracts naming this user in a team role.
    pub user_id: Option<i64>,
    /// Only contracts of these companies (the reader's open companies), when limited.
    pub company_ids: Option<Vec<i64>>,
    pub active_only: bool,
    pub future_only: bool,
    pub signed_from: Option<NaiveDate>,
    pub signed_to: Option<NaiveDate>,
    /// "Today" for the active and future filters.
    pub today: NaiveDate,
}

/// The book query's conditions, on `contract` or, for one user's contracts, `contract_team`
/// (which has the same columns for them, the company's included). Signed dates are compared through `sort_date` so the
/// ordered indexes serve the range.
fn push_book_filter(builder: &mut QueryBuilder<'_, Postgres>, query: &BookQuery) {
    builder.push(" where true");
    if let Some(user_id) = query.user_id {
        builder.push(" and user_id = ").push_bind(user_id);
    }
    if let Some(company_ids) = &query.company_ids {
        // Hashed once per statement when the list is planned as a value (see `planned_once`).
        builder.push(" and company_id = any(").push_bind(company_ids.clone()).push(")");
    }
    if let Some(commodity) = &query.commodity {
        builder.push(" and commodity = ").push_bind(commodity.clone());
    }
    if query.active_only {
        builder
            .push(format!(" and status <> {INACTIVE} and (end_date is null or end_date >= "))
            .push_bind(query.today)
            .push(")");
    }
    if query.future_only {
        builder.push(" and start_date > ").push_bind(query.today);
    }
    if let Some(from) = query.signed_from {
        builder.push(" and sort_date >= ").push_bind(from);
    }
    if let Some(to) = query.signed_to {
        // Contracts not yet signed sort as 0001-01-01 and match no signed range.
        builder.push(" and sort_date <= ").push_bind(to).push(" and sort_date > date '0001-01-01'");
    }
}

/// The table the book query reads: one user's rows of `contract_team`, or every contract.
fn book_table(query: &BookQuery) -> &'static str {
    if query.user_id.is_some() { "contract_team" } else { "contract" }
}

/// A page of the book, latest signed first.
#[tracing::instrument(skip_all)]
pub async fn list_book_contracts(
    pool: &Db,
    query: &BookQuery,
    after: After,
    limit: i64,
) -> sqlx::Result<Vec<ContractRow>> {
    let mut builder = QueryBuilder::new(format!(
        "select {COLUMNS} from contract where contract_id in (select contract_id from {}",
        book_table(query)
    ));
    push_book_filter(&mut builder, query);
    if let Some((date, id)) = after {
        builder.push(" and (sort_date, contract_id) < (").push_bind(date).push(", ").push_bind(id).push(")");
    }
    builder.push(" order by sort_date desc, contract_id desc limit ").push_bind(limit);
    builder.push(") order by sort_date desc, contract_id desc");
    builder.build_query_as().persistent(planned_once(query)).fetch_all(pool).await
}

/// Whether a book statement may keep a plan made once for any values. Not with a list of
/// companies (a Sales reader's, up to tens of thousands): a generic plan cannot see the list, so
/// PostgreSQL guesses ten and compares each row with every company in turn (620 ms for 41,000
/// companies); planned for the list itself, it hashes the list once (8 ms).
fn planned_once(query: &BookQuery) -> bool {
    query.company_ids.is_none()
}

/// How many contracts the book query matches, and their annual volume together.
#[tracing::instrument(skip_all)]
pub async fn book_totals(pool: &Db, query: &BookQuery) -> sqlx::Result<(i64, Decimal)> {
    let mut builder =
        QueryBuilder::new(format!("select count(*), coalesce(sum(annual_volume), 0) from {}", book_table(query)));
    push_book_filter(&mut builder, query);
    builder.build_query_as().persistent(planned_once(query)).fetch_one(pool).await
}
