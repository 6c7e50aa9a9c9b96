use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::Decimal;
use sqlx::{PgExecutor, PgPool, Postgres, QueryBuilder};

use crate::domain::CompanyRecord;

/// A stored company.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CompanyRow {
    pub company_id: i64,
    #[sqlx(flatten)]
    pub record: CompanyRecord,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<i64>,
}

pub const COLUMNS: &str = "company_id, name, address, city, state, zip, entry_date, \
    primary_electric_status, secondary_electric_statuses, primary_gas_status, secondary_gas_statuses, \
    primary_dr_status, secondary_dr_statuses, electric_contract_end_date, gas_contract_end_date, \
    dr_contract_end_date, electric_usage, gas_usage, dr_reduction, electric_area_utility_id, \
    gas_area_utility_id, dr_area_utility_id, utilities, bill_management, community_solar, \
    energy_efficiency, w9, inside_user_id, closer_user_id, analyst_user_id, admin_user_id, \
    customer_care_user_id, support_analyst1_user_id, support_analyst2_user_id, affiliate, version, \
    updated_at, updated_by";

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

/// Escapes LIKE wildcards so a search for "50%" means the text "50%".
fn like_pattern(query: &str) -> String {
    let escaped = query.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
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
    const MATCHES_LIMIT: i64 = 5_000;

    pub fn for_total(total: i64) -> Self {
        if total <= Self::MATCHES_LIMIT { PageFrom::Matches } else { PageFrom::NameIndex }
    }
}

/// One page of companies by name, after the (name, id) of the previous page's last row.
///
/// Searches run as unnamed statements so each is planned for its own values (see `count_companies`).
#[tracing::instrument(skip_all)]
pub async fn list_companies(
    pool: &PgPool,
    query: &CompanyQuery,
    after: Option<(String, i64)>,
    limit: i64,
    from: PageFrom,
) -> sqlx::Result<Vec<CompanyRow>> {
    // The page's ids first, from the name index or the matches alone; then only those rows.
    // Matches: `offset 0` keeps the planner from walking the name index for the outer order and limit.
    let (source, source_end) = match from {
        PageFrom::NameIndex => ("company", ""),
        PageFrom::Matches => ("(select company_id, name from company", " offset 0) matches"),
    };
    let mut builder = QueryBuilder::new(format!(
        "select {COLUMNS} from company where company_id in (select company_id from {source}"
    ));
    push_filter(&mut builder, query);
    if let Some((name, id)) = after {
        builder.push(" and (name, company_id) > (").push_bind(name).push(", ").push_bind(id).push(")");
    }
    builder.push(source_end);
    builder.push(" order by name, company_id limit ").push_bind(limit).push(") order by name, company_id");
    builder.build_query_as().persistent(false).fetch_all(pool).await
}

/// Counts the matches. Planned for its own values every time: a cached generic plan guessed that any
/// name part matches 0.5% of companies and ran `search_text` on the pattern for every row, so a count
/// of a common part ("ing": a third of the book) took 110 ms instead of 18.
#[tracing::instrument(skip_all)]
pub async fn count_companies(pool: &PgPool, query: &CompanyQuery) -> sqlx::Result<i64> {
    let mut builder = QueryBuilder::new("select count(*) from company");
    push_filter(&mut builder, query);
    builder.build_query_scalar().persistent(false).fetch_one(pool).await
}

/// One company, if it exists and (for Sales) the user holds a team role on it.
#[tracing::instrument(skip_all)]
pub async fn select_company(
    pool: impl PgExecutor<'_>,
    company_id: i64,
    visible_to: Option<i64>,
) -> sqlx::Result<Option<CompanyRow>> {
    let mut builder = QueryBuilder::new(format!("select {COLUMNS} from company"));
    push_filter(&mut builder, &CompanyQuery { visible_to, ..Default::default() });
    builder.push(" and company_id = ").push_bind(company_id);
    builder.build_query_as().fetch_optional(pool).await
}

#[tracing::instrument(skip_all)]
pub async fn select_company_for_update(db: impl PgExecutor<'_>, company_id: i64) -> sqlx::Result<Option<CompanyRow>> {
    sqlx::query_as(&format!("select {COLUMNS} from company where company_id = $1 for update"))
        .bind(company_id)
        .fetch_optional(db)
        .await
}

fn bind_record<'q>(
    query: sqlx::query::QueryAs<'q, Postgres, CompanyRow, sqlx::postgres::PgArguments>,
    r: &'q CompanyRecord,
) -> sqlx::query::QueryAs<'q, Postgres, CompanyRow, sqlx::postgres::PgArguments> {
    query
        .bind(&r.name)
        .bind(&r.address)
        .bind(&r.city)
        .bind(&r.state)
        .bind(&r.zip)
        .bind(r.entry_date)
        .bind(&r.primary_electric_status)
        .bind(&r.secondary_electric_statuses)
        .bind(&r.primary_gas_status)
        .bind(&r.secondary_gas_statuses)
        .bind(&r.primary_dr_status)
        .bind(&r.secondary_dr_statuses)
        .bind(r.electric_contract_end_date)
        .bind(r.gas_contract_end_date)
        .bind(r.dr_contract_end_date)
        .bind(r.electric_usage)
        .bind(r.gas_usage)
        .bind(r.dr_reduction)
        .bind(r.electric_area_utility_id)
        .bind(r.gas_area_utility_id)
        .bind(r.dr_area_utility_id)
        .bind(r.utilities)
        .bind(r.bill_management)
        .bind(r.community_solar)
        .bind(r.energy_efficiency)
        .bind(r.w9)
        .bind(r.inside_user_id)
        .bind(r.closer_user_id)
        .bind(r.analyst_user_id)
        .bind(r.admin_user_id)
        .bind(r.customer_care_user_id)
        .bind(r.support_analyst1_user_id)
        .bind(r.support_analyst2_user_id)
        .bind(&r.affiliate)
}

const RECORD_COLUMNS: &str = "name, address, city, state, zip, entry_date, \
    primary_electric_status, secondary_electric_statuses, primary_gas_status, secondary_gas_statuses, \
    primary_dr_status, secondary_dr_statuses, electric_contract_end_date, gas_contract_end_date, \
    dr_contract_end_date, electric_usage, gas_usage, dr_reduction, electric_area_utility_id, \
    gas_area_utility_id, dr_area_utility_id, utilities, bill_management, community_solar, \
    energy_efficiency, w9, inside_user_id, closer_user_id, analyst_user_id, admin_user_id, \
    customer_care_user_id, support_analyst1_user_id, support_analyst2_user_id, affiliate";

#[tracing::instrument(skip_all)]
pub async fn insert_company(db: impl PgExecutor<'_>, record: &CompanyRecord, user_id: i64) -> sqlx::Result<CompanyRow> {
    let placeholders: Vec<String> = (1..=34).map(|i| format!("${i}")).collect();
    let sql = format!(
        "insert into company ({RECORD_COLUMNS}, updated_by) values ({}, $35) returning {COLUMNS}",
        placeholders.join(", ")
    );
    bind_record(sqlx::query_as(&sql), record).bind(user_id).fetch_one(db).await
}

/// Writes the whole record if the version is still `version`.
#[tracing::instrument(skip_all)]
pub async fn update_company(
    db: impl PgExecutor<'_>,
    company_id: i64,
    version: i64,
    record: &CompanyRecord,
    user_id: i64,
) -> sqlx::Result<Option<CompanyRow>> {
    let sets: Vec<String> =
        RECORD_COLUMNS.split(',').map(str::trim).enumerate().map(|(i, c)| format!("{c} = ${}", i + 1)).collect();
    let sql = format!(
        "update company set {}, version = version + 1, updated_at = now(), updated_by = $35 \
         where company_id = $36 and version = $37 returning {COLUMNS}",
        sets.join(", ")
    );
    bind_record(sqlx::query_as(&sql), record).bind(user_id).bind(company_id).bind(version).fetch_optional(db).await
}

#[tracing::instrument(skip_all)]
pub async fn delete_company(db: impl PgExecutor<'_>, company_id: i64) -> sqlx::Result<bool> {
    let result = sqlx::query("delete from company where company_id = $1").bind(company_id).execute(db).await?;
    Ok(result.rows_affected() == 1)
}

/// The companies of a mass update, locked in id order (so concurrent updates cannot deadlock).
#[tracing::instrument(skip_all)]
pub async fn select_companies_for_update(
    db: impl PgExecutor<'_>,
    company_ids: &[i64],
) -> sqlx::Result<Vec<CompanyRow>> {
    sqlx::query_as(&format!("select {COLUMNS} from company where company_id = any($1) order by company_id for update"))
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
    pub fields: sqlx::types::Json<Vec<(String, String, String)>>,
}

#[tracing::instrument(skip_all)]
pub async fn insert_change(
    db: impl PgExecutor<'_>,
    company_id: i64,
    kind: &str,
    user_id: i64,
    fields: &[(String, String, String)],
) -> sqlx::Result<()> {
    sqlx::query("insert into company_change (company_id, kind, user_id, fields) values ($1, $2, $3, $4)")
        .bind(company_id)
        .bind(kind)
        .bind(user_id)
        .bind(sqlx::types::Json(fields))
        .execute(db)
        .await?;
    Ok(())
}

#[tracing::instrument(skip_all)]
pub async fn list_changes(
    pool: &PgPool,
    company_id: i64,
    before: Option<i64>,
    limit: i64,
) -> sqlx::Result<Vec<ChangeRow>> {
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

#[tracing::instrument(skip_all)]
pub async fn insert_outbox(
    db: impl PgExecutor<'_>,
    event_type: &str,
    aggregate_id: i64,
    payload: &[u8],
) -> sqlx::Result<()> {
    sqlx::query("insert into outbox (event_type, aggregate_id, payload) values ($1, $2, $3)")
        .bind(event_type)
        .bind(aggregate_id)
        .bind(payload)
        .execute(db)
        .await?;
    Ok(())
}

pub const AFFILIATE_NAME_KEY: &str = "affiliate_name_key";

#[tracing::instrument(skip_all)]
pub async fn list_affiliates(pool: &PgPool) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("select name from affiliate order by lower(name)").fetch_all(pool).await
}

#[tracing::instrument(skip_all)]
pub async fn insert_affiliate(pool: &PgPool, name: &str, user_id: i64) -> sqlx::Result<String> {
    sqlx::query_scalar("insert into affiliate (name, created_by) values ($1, $2) returning name")
        .bind(name)
        .bind(user_id)
        .fetch_one(pool)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn affiliate_exists(pool: &PgPool, name: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar("select exists (select 1 from affiliate where lower(name) = lower($1))")
        .bind(name)
        .fetch_one(pool)
        .await
}
