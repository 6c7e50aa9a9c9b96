//! Companies: the `company` table, its History (`company_change`), field edits and outbox.

use eris_platform::db::Db;
use eris_platform::edits::Change;
use std::sync::LazyLock;

use chrono::{DateTime, NaiveDate, Utc};
use eris_platform::edits::Fields;
use rust_decimal::Decimal;
use sqlx::{PgExecutor, Postgres, QueryBuilder};

use crate::domain::company_record::{CompanyOrder, CompanyRecord, FIELDS, TeamAssignment, company_fields};

/// A stored company.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CompanyRow {
    pub company_id: i64,
    #[sqlx(flatten)]
    pub record: CompanyRecord,
    /// Annual kWh over the company's electric accounts (read-only, kept by account changes).
    pub total_kwh: Decimal,
    /// Annual therms over the company's gas accounts.
    pub total_therms: Decimal,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<i64>,
}

/// Every column a `CompanyRow` reads.
pub static COLUMNS: LazyLock<String> = LazyLock::new(|| {
    format!("company_id, {}, total_kwh, total_therms, version, updated_at, updated_by", FIELDS.join(", "))
});

/// Binds every field of a record, in the order of `FIELDS`.
macro_rules! bind_fields {
    ($($field:ident: $ty:ty => $convert:expr),* $(,)?) => {
        /// `field = value, ...` for every field.
        fn push_assignments<'a>(builder: &mut QueryBuilder<'a, Postgres>, record: &'a CompanyRecord) {
            let mut assignments = builder.separated(", ");
            $(
                assignments.push(concat!(stringify!($field), " = "));
                assignments.push_bind_unseparated(&record.$field);
            )*
        }

        /// `value, ...` for every field.
        fn push_values<'a>(builder: &mut QueryBuilder<'a, Postgres>, record: &'a CompanyRecord) {
            let mut values = builder.separated(", ");
            $(values.push_bind(&record.$field);)*
        }
    };
}
company_fields!(bind_fields);

/// The team-role columns: who may see a company and whom the user filters match.
pub const TEAM_COLUMNS: &[&str] = &[
    "inside_user_id",
    "closer_user_id",
    "analyst_user_id",
    "admin_user_id",
    "customer_care_user_id",
    "support_analyst1_user_id",
    "support_analyst2_user_id",
];

/// Which companies a list shows.
#[derive(Debug, Default)]
pub struct CompanyQuery {
    pub name_query: Option<String>,
    pub primary_electric: Vec<String>,
    pub secondary_electric: Vec<String>,
    pub primary_gas: Vec<String>,
    pub secondary_gas: Vec<String>,
    pub min_electric_usage: Option<Decimal>,
    pub max_electric_usage: Option<Decimal>,
    pub min_gas_usage: Option<Decimal>,
    pub max_gas_usage: Option<Decimal>,
    pub electric_areas: Vec<i64>,
    pub gas_areas: Vec<i64>,
    pub dr_areas: Vec<i64>,
    pub electric_end_from: Option<NaiveDate>,
    pub electric_end_to: Option<NaiveDate>,
    pub gas_end_from: Option<NaiveDate>,
    pub gas_end_to: Option<NaiveDate>,
    pub team_user_ids: Vec<i64>,
    /// Companies with an account whose number or secondary number starts with this.
    pub account_number: Option<String>,
    /// Sales: only companies where this user holds a team role.
    pub visible_to: Option<i64>,
}

fn push_team_match(builder: &mut QueryBuilder<'_, Postgres>, user_ids: &[i64]) {
    builder.push(" and (");
    for (index, column) in TEAM_COLUMNS.iter().enumerate() {
        if index > 0 {
            builder.push(" or ");
        }
        builder.push(*column).push(" = any(").push_bind(user_ids.to_vec()).push(")");
    }
    builder.push(")");
}

/// The companies where `user_id` holds a team role: all of them, or at most `limit`.
///
/// All of them come from one index-only scan per team column (each index carries the company's
/// id), joined without repeats: a Sales user's tens of thousands of companies are read from the
/// indexes, not the rows. That join reads every scan to its end before it answers, so a limited
/// ask (often "are there more than a few?") tests the rows instead, which stops at the limit.
#[tracing::instrument(skip_all)]
pub async fn team_company_ids(pool: &Db, user_id: i64, limit: Option<i64>) -> sqlx::Result<Vec<i64>> {
    static ALL: LazyLock<String> = LazyLock::new(|| {
        let arms: Vec<String> =
            TEAM_COLUMNS.iter().map(|column| format!("select company_id from company where {column} = $1")).collect();
        arms.join(" union ")
    });
    let Some(limit) = limit else {
        return sqlx::query_scalar(&ALL).bind(user_id).fetch_all(pool).await;
    };
    let mut builder = QueryBuilder::new("select company_id from company where true");
    push_team_match(&mut builder, &[user_id]);
    builder.push(" limit ").push_bind(limit);
    builder.build_query_scalar().fetch_all(pool).await
}

/// Those of `company_ids` that exist.
#[tracing::instrument(skip_all)]
pub async fn existing_companies(pool: &Db, company_ids: &[i64]) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("select company_id from company where company_id = any($1)")
        .bind(company_ids)
        .fetch_all(pool)
        .await
}

/// Those of `company_ids` where `user_id` holds a team role.
#[tracing::instrument(skip_all)]
pub async fn team_companies_among(pool: &Db, user_id: i64, company_ids: &[i64]) -> sqlx::Result<Vec<i64>> {
    let mut builder = QueryBuilder::new("select company_id from company where company_id = any(");
    builder.push_bind(company_ids.to_vec()).push(")");
    push_team_match(&mut builder, &[user_id]);
    builder.build_query_scalar().fetch_all(pool).await
}

pub use eris_platform::db::like_escaped;

fn like_pattern(query: &str) -> String {
    format!("%{}%", like_escaped(query))
}

fn push_filter(builder: &mut QueryBuilder<'_, Postgres>, query: &CompanyQuery) {
    builder.push(" where true");
    if let Some(name) = &query.name_query {
        builder.push(" and name_search like search_text(").push_bind(like_pattern(name)).push(")");
    }
    let any_text = |builder: &mut QueryBuilder<'_, Postgres>, column: &str, values: &[String]| {
        if !values.is_empty() {
            builder.push(format!(" and {column} = any(")).push_bind(values.to_vec()).push(")");
        }
    };
    any_text(builder, "primary_electric_status", &query.primary_electric);
    any_text(builder, "primary_gas_status", &query.primary_gas);
    if !query.secondary_electric.is_empty() {
        builder.push(" and secondary_electric_statuses && ").push_bind(query.secondary_electric.clone());
    }
    if !query.secondary_gas.is_empty() {
        builder.push(" and secondary_gas_statuses && ").push_bind(query.secondary_gas.clone());
    }
    for (column, op, value) in [
        ("electric_usage", ">=", query.min_electric_usage),
        ("electric_usage", "<=", query.max_electric_usage),
        ("gas_usage", ">=", query.min_gas_usage),
        ("gas_usage", "<=", query.max_gas_usage),
    ] {
        if let Some(value) = value {
            builder.push(format!(" and {column} {op} ")).push_bind(value);
        }
    }
    for (column, ids) in [
        ("electric_area_utility_id", &query.electric_areas),
        ("gas_area_utility_id", &query.gas_areas),
        ("dr_area_utility_id", &query.dr_areas),
    ] {
        if !ids.is_empty() {
            builder.push(format!(" and {column} = any(")).push_bind(ids.clone()).push(")");
        }
    }
    for (column, op, value) in [
        ("electric_contract_end_date", ">=", query.electric_end_from),
        ("electric_contract_end_date", "<=", query.electric_end_to),
        ("gas_contract_end_date", ">=", query.gas_end_from),
        ("gas_contract_end_date", "<=", query.gas_end_to),
    ] {
        if let Some(value) = value {
            builder.push(format!(" and {column} {op} ")).push_bind(value);
        }
    }
    if let Some(number) = &query.account_number {
        let prefix = format!("{}%", like_escaped(&number.to_uppercase()));
        builder
            .push(" and company_id in (select a.company_id from account a where upper(a.account_number) like ")
            .push_bind(prefix.clone())
            .push(" or (a.secondary_account_number <> '' and upper(a.secondary_account_number) like ")
            .push_bind(prefix)
            .push("))");
    }
    // A Sales user filtering by their own name is already limited to it just below.
    let own_only = query.visible_to.is_some() && query.team_user_ids.iter().all(|id| Some(*id) == query.visible_to);
    if !query.team_user_ids.is_empty() && !own_only {
        push_team_match(builder, &query.team_user_ids);
    }
    if let Some(user_id) = query.visible_to {
        push_team_match(builder, &[user_id]);
    }
}

/// How a page of companies is found; `PageFrom::for_total` chooses from the number of matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageFrom {
    /// Walk the name index in order until the page is full: quick while matches are common.
    NameIndex,
    /// Gather every match (the trigram and filter indexes pick them), then sort: quick while they
    /// are few, however they fall in name order.
    Matches,
}

impl PageFrom {
    /// Up to this many matches gathering them costs about what counting them did. Beyond it matches
    /// are at least 1 in 20 at 100,000 companies, so a name walk fills a page within a few thousand
    /// names, where gathering would sort tens of thousands.
    pub const MATCHES_LIMIT: i64 = 5_000;

    pub fn for_total(total: i64) -> Self {
        if total <= Self::MATCHES_LIMIT { PageFrom::Matches } else { PageFrom::NameIndex }
    }
}

/// Where the previous page ended: its last row's value of the order's field (`None` for an empty
/// one, which sorts last) and id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub value: Option<String>,
    pub company_id: i64,
}

impl Position {
    /// A row's position in an order.
    pub fn of(row: &CompanyRow, order: CompanyOrder) -> Self {
        let text = row.record.field_values().into_iter().find(|(field, _)| *field == order.field).map(|(_, v)| v);
        let value = text.filter(|text| !text.is_empty() || !is_nullable(order.field));
        Self { value, company_id: row.company_id }
    }
}

/// Text columns are never null (empty is a value); dates, amounts and statuses may be.
fn is_nullable(field: &str) -> bool {
    !matches!(field, "name" | "city" | "state" | "zip")
}

/// The SQL type a position's text is read as, to compare with the column.
fn cast(field: &str) -> &'static str {
    match field {
        "entry_date" | "electric_contract_end_date" | "gas_contract_end_date" | "dr_contract_end_date" => "::date",
        "electric_usage" | "gas_usage" | "dr_reduction" => "::numeric",
        _ => "::text",
    }
}

/// One page of companies in `order`, after `after`.
///
/// By name, the page's ids come first from the name index or from the matches alone (see
/// [`PageFrom`]); then only those rows are read. Other orders sort the matches. Searches run as
/// unnamed statements so each is planned for its own values (see `count_companies`).
#[tracing::instrument(skip_all)]
pub async fn list_companies(
    pool: &Db,
    query: &CompanyQuery,
    order: CompanyOrder,
    after: Option<Position>,
    limit: i64,
    from: PageFrom,
) -> sqlx::Result<Vec<CompanyRow>> {
    if !order.is_by_name() {
        return list_companies_in_order(pool, query, order, after, limit).await;
    }
    // Matches: `offset 0` keeps the planner from walking the name index for the outer order and limit.
    let (source, source_end) = match from {
        PageFrom::NameIndex => ("company", ""),
        PageFrom::Matches => ("(select company_id, name from company", " offset 0) matches"),
    };
    let mut builder = QueryBuilder::new(format!(
        "select {} from company where company_id in (select company_id from {source}",
        *COLUMNS
    ));
    push_filter(&mut builder, query);
    push_after_name(&mut builder, &after);
    builder.push(source_end);
    builder.push(" order by name, company_id limit ").push_bind(limit).push(") order by name, company_id");
    builder.build_query_as().persistent(false).fetch_all(pool).await
}

/// A page by name with its matches counted up to `cap`, in one statement.
///
/// The matches are gathered once, in any order, up to `cap`: their number is the total. Up to
/// [`PageFrom::MATCHES_LIMIT`] of them, the page is sorted out of those gathered; beyond it, the page
/// comes from a walk of the name index (see [`PageFrom`]). The branch not taken is not run (each is
/// gated on the count), and one statement is planned and sent instead of a count and a page read,
/// which read the same matches twice.
#[tracing::instrument(skip_all)]
pub async fn list_companies_counted(
    pool: &Db,
    query: &CompanyQuery,
    after: Option<Position>,
    limit: i64,
    cap: i64,
) -> sqlx::Result<(i64, Vec<CompanyRow>)> {
    #[derive(sqlx::FromRow)]
    struct Counted {
        matches: i64,
        #[sqlx(flatten)]
        row: CompanyRow,
    }
    let gathered = PageFrom::MATCHES_LIMIT;
    let mut builder = QueryBuilder::new("with counted as materialized (select company_id, name from company");
    push_filter(&mut builder, query);
    builder.push(" limit ").push_bind(cap).push("), total as (select count(*) as matches from counted), page as (");
    builder.push(format!("(select company_id, name from counted where (select matches from total) <= {gathered}"));
    push_after_name(&mut builder, &after);
    builder
        .push(" order by name, company_id limit ")
        .push_bind(limit)
        .push(") union all (select company_id, name from company");
    push_filter(&mut builder, query);
    push_after_name(&mut builder, &after);
    builder.push(format!(" and (select matches from total) > {gathered} order by name, company_id limit "));
    builder.push_bind(limit).push("))");
    builder.push(format!(
        " select (select matches from total) as matches, {} from company where company_id in (select company_id from page) order by name, company_id",
        *COLUMNS
    ));
    let counted: Vec<Counted> = builder.build_query_as().persistent(false).fetch_all(pool).await?;
    let Some(matches) = counted.first().map(|c| c.matches) else {
        // No row to carry the total: no match at all, or none after the position.
        let total = if after.is_some() { count_companies(pool, query, Some(cap)).await? } else { 0 };
        return Ok((total, Vec::new()));
    };
    Ok((matches, counted.into_iter().map(|c| c.row).collect()))
}

/// Narrows a query by name to the rows after `after`.
fn push_after_name(builder: &mut QueryBuilder<'_, Postgres>, after: &Option<Position>) {
    if let Some(Position { value, company_id }) = after {
        builder
            .push(" and (name, company_id) > (")
            .push_bind(value.clone().unwrap_or_default())
            .push(", ")
            .push_bind(*company_id)
            .push(")");
    }
}

async fn list_companies_in_order(
    pool: &Db,
    query: &CompanyQuery,
    order: CompanyOrder,
    after: Option<Position>,
    limit: i64,
) -> sqlx::Result<Vec<CompanyRow>> {
    // `order.field` is one of `CompanyOrder::SORTABLE`, never the caller's text.
    let (column, cast) = (order.field, cast(order.field));
    let (beyond, direction) = if order.descending { ("<", "desc") } else { (">", "asc") };
    let mut builder = QueryBuilder::new(format!("select {} from company", *COLUMNS));
    push_filter(&mut builder, query);
    match after {
        Some(Position { value: Some(value), company_id }) => {
            builder
                .push(format!(" and ({column} {beyond} "))
                .push_bind(value.clone())
                .push(format!("{cast} or ({column} = "));
            builder.push_bind(value).push(format!("{cast} and company_id {beyond} ")).push_bind(company_id);
            builder.push(format!(") or {column} is null)"));
        }
        Some(Position { value: None, company_id }) => {
            builder.push(format!(" and {column} is null and company_id {beyond} ")).push_bind(company_id);
        }
        None => {}
    }
    builder.push(format!(" order by {column} {direction} nulls last, company_id {direction} limit ")).push_bind(limit);
    builder.build_query_as().persistent(false).fetch_all(pool).await
}

/// Counts the matches, or only up to `cap` when the exact number is not wanted. Planned for its own
/// values every time: a cached generic plan guessed that any name part matches 0.5% of companies and
/// ran `search_text` on the pattern for every row, so a count of a common part ("ing": a third of
/// the book) took 110 ms instead of 18.
#[tracing::instrument(skip_all)]
pub async fn count_companies(pool: &Db, query: &CompanyQuery, cap: Option<i64>) -> sqlx::Result<i64> {
    let mut builder = QueryBuilder::new("select count(*) from (select 1 from company");
    push_filter(&mut builder, query);
    if let Some(cap) = cap {
        builder.push(" limit ").push_bind(cap);
    }
    builder.push(") matches");
    builder.build_query_scalar().persistent(false).fetch_one(pool).await
}

/// One company, if it exists and (for Sales) the user holds a team role on it.
#[tracing::instrument(skip_all)]
pub async fn select_company(
    pool: impl PgExecutor<'_>,
    company_id: i64,
    visible_to: Option<i64>,
) -> sqlx::Result<Option<CompanyRow>> {
    let mut builder = QueryBuilder::new(format!("select {} from company", *COLUMNS));
    push_filter(&mut builder, &CompanyQuery { visible_to, ..Default::default() });
    builder.push(" and company_id = ").push_bind(company_id);
    builder.build_query_as().fetch_optional(pool).await
}

/// Which of these companies the user holds a team role on.
#[tracing::instrument(skip_all)]
pub async fn select_visible_ids(
    pool: impl PgExecutor<'_>,
    company_ids: &[i64],
    user_id: i64,
) -> sqlx::Result<Vec<i64>> {
    let mut builder = QueryBuilder::new("select company_id from company where company_id = any(");
    builder.push_bind(company_ids.to_vec()).push(")");
    push_team_match(&mut builder, &[user_id]);
    builder.build_query_scalar().fetch_all(pool).await
}

/// SQL that holds when the company aliased `alias` is visible to the user bound at `param`
/// (a nullable bigint parameter; null means every company).
pub fn visible_condition(alias: &str, param: &str) -> String {
    let matches: Vec<String> = TEAM_COLUMNS.iter().map(|column| format!("{alias}.{column} = {param}")).collect();
    format!("({param}::bigint is null or {})", matches.join(" or "))
}

#[tracing::instrument(skip_all)]
pub async fn select_company_for_update(db: impl PgExecutor<'_>, company_id: i64) -> sqlx::Result<Option<CompanyRow>> {
    sqlx::query_as(&format!("select {} from company where company_id = $1 for update", *COLUMNS))
        .bind(company_id)
        .fetch_optional(db)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn insert_company(db: impl PgExecutor<'_>, record: &CompanyRecord, user_id: i64) -> sqlx::Result<CompanyRow> {
    let mut builder = QueryBuilder::new(format!("insert into company ({}, updated_by) values (", FIELDS.join(", ")));
    push_values(&mut builder, record);
    builder.push(", ").push_bind(user_id).push(") returning ").push(&*COLUMNS);
    builder.build_query_as().fetch_one(db).await
}

/// Writes the whole record (its row is locked by the caller's transaction) as the next version.
#[tracing::instrument(skip_all)]
pub async fn update_company(
    db: impl PgExecutor<'_>,
    company_id: i64,
    record: &CompanyRecord,
    user_id: i64,
) -> sqlx::Result<CompanyRow> {
    let mut builder = QueryBuilder::new("update company set ");
    push_assignments(&mut builder, record);
    builder.push(", version = version + 1, updated_at = now(), updated_by = ").push_bind(user_id);
    builder.push(" where company_id = ").push_bind(company_id).push(" returning ").push(&*COLUMNS);
    builder.build_query_as().fetch_one(db).await
}

/// Sets team roles on the companies where they differ, as one statement, and answers the changed
/// rows as they are now.
#[tracing::instrument(skip_all)]
pub async fn assign_team_roles(
    db: impl PgExecutor<'_>,
    company_ids: &[i64],
    assignments: &[TeamAssignment],
    user_id: i64,
) -> sqlx::Result<Vec<CompanyRow>> {
    // Each `field` is one of the domain's team-role fields, never the caller's text.
    let mut builder = QueryBuilder::new("update company set ");
    for assignment in assignments {
        builder.push(format!("{} = ", assignment.field)).push_bind(assignment.user_id).push(", ");
    }
    builder.push("version = version + 1, updated_at = now(), updated_by = ").push_bind(user_id);
    builder.push(" where company_id = any(").push_bind(company_ids.to_vec()).push(") and (false");
    for assignment in assignments {
        builder.push(format!(" or {} is distinct from ", assignment.field)).push_bind(assignment.user_id);
    }
    builder.push(") returning ").push(&*COLUMNS);
    builder.build_query_as().fetch_all(db).await
}

#[tracing::instrument(skip_all)]
pub async fn delete_company(db: impl PgExecutor<'_>, company_id: i64) -> sqlx::Result<bool> {
    let result = sqlx::query("delete from company where company_id = $1").bind(company_id).execute(db).await?;
    Ok(result.rows_affected() == 1)
}

/// Up to `limit` companies with ids above `after`, in id order (a snapshot's pages).
#[tracing::instrument(skip_all)]
pub async fn list_companies_after(db: impl PgExecutor<'_>, after: i64, limit: i64) -> sqlx::Result<Vec<CompanyRow>> {
    sqlx::query_as(&format!("select {} from company where company_id > $1 order by company_id limit $2", *COLUMNS))
        .bind(after)
        .bind(limit)
        .fetch_all(db)
        .await
}

/// The companies of a mass update, locked in id order (so concurrent updates cannot deadlock).
#[tracing::instrument(skip_all)]
pub async fn select_companies_for_update(
    db: impl PgExecutor<'_>,
    company_ids: &[i64],
) -> sqlx::Result<Vec<CompanyRow>> {
    sqlx::query_as(&format!(
        "select {} from company where company_id = any($1) order by company_id for update",
        *COLUMNS
    ))
    .bind(company_ids)
    .fetch_all(db)
    .await
}

/// A saved change, for the History panel.
#[derive(Debug, sqlx::FromRow)]
pub struct ChangeRow {
    pub company_change_id: i64,
    pub kind: String,
    pub user_id: i64,
    pub changed_at: DateTime<Utc>,
    pub fields: sqlx::types::Json<Vec<Change>>,
}

/// History entries, one per company: (company, its changed fields as (field, old, new)).
#[tracing::instrument(skip_all)]
pub async fn insert_changes(
    db: impl PgExecutor<'_>,
    kind: &str,
    user_id: i64,
    changes: &[(i64, &[Change])],
) -> sqlx::Result<()> {
    let ids: Vec<i64> = changes.iter().map(|(id, _)| *id).collect();
    let fields: Vec<sqlx::types::Json<&[Change]>> =
        changes.iter().map(|(_, fields)| sqlx::types::Json(*fields)).collect();
    sqlx::query(
        "insert into company_change (company_id, kind, user_id, fields) \
         select company_id, $1, $2, fields from unnest($3::bigint[], $4::jsonb[]) as change (company_id, fields)",
    )
    .bind(kind)
    .bind(user_id)
    .bind(ids)
    .bind(fields)
    .execute(db)
    .await?;
    Ok(())
}

/// Field edits of many companies at once: (company, version made, changed fields).
#[tracing::instrument(skip_all)]
pub async fn insert_field_edits(
    db: impl PgExecutor<'_>,
    resource: &str,
    user_id: i64,
    edits: &[(i64, i64, &[Change])],
) -> sqlx::Result<()> {
    let mut ids = Vec::new();
    let mut versions = Vec::new();
    let mut fields = Vec::new();
    let mut olds = Vec::new();
    for (company_id, version, changes) in edits {
        for (field, old, _) in *changes {
            ids.push(*company_id);
            versions.push(*version);
            fields.push(field.as_str());
            olds.push(old.as_str());
        }
    }
    sqlx::query(
        "insert into field_edit (resource, record_id, version, user_id, field, old_value) \
         select $1, record_id, version, $2, field, old_value \
         from unnest($3::bigint[], $4::bigint[], $5::text[], $6::text[]) as edit (record_id, version, field, old_value)",
    )
    .bind(resource)
    .bind(user_id)
    .bind(ids)
    .bind(versions)
    .bind(fields)
    .bind(olds)
    .execute(db)
    .await?;
    Ok(())
}

#[tracing::instrument(skip_all)]
pub async fn list_changes(pool: &Db, company_id: i64, before: Option<i64>, limit: i64) -> sqlx::Result<Vec<ChangeRow>> {
    sqlx::query_as(
        "select company_change_id, kind, user_id, changed_at, fields from company_change \
         where company_id = $1 and company_change_id < coalesce($2, 9223372036854775807) \
         order by company_change_id desc limit $3",
    )
    .bind(company_id)
    .bind(before)
    .bind(limit)
    .fetch_all(pool)
    .await
}

pub const AFFILIATE_NAME_KEY: &str = "affiliate_name_key";

#[tracing::instrument(skip_all)]
pub async fn list_affiliates(pool: &Db) -> sqlx::Result<Vec<String>> {
    // A reference list (tens of names); the limit only bounds the work.
    sqlx::query_scalar("select name from affiliate order by lower(name) limit 10000").fetch_all(pool).await
}

#[tracing::instrument(skip_all)]
pub async fn insert_affiliate(pool: &Db, name: &str, user_id: i64) -> sqlx::Result<String> {
    sqlx::query_scalar("insert into affiliate (name, created_by) values ($1, $2) returning name")
        .bind(name)
        .bind(user_id)
        .fetch_one(pool)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn affiliate_exists(pool: &Db, name: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar("select exists (select 1 from affiliate where lower(name) = lower($1))")
        .bind(name)
        .fetch_one(pool)
        .await
}
