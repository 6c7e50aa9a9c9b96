//! Contracts coming up for renewal, from the contracts, companies, suppliers, utilities and users
//! read models.

use chrono::NaiveDate;
use eris_platform::db::Db;
use sqlx::{Postgres, QueryBuilder};

/// The status of a contract that is no longer in force (spec 2: 3 Inactive).
pub const INACTIVE: i32 = eris_proto::contracts::v1::ContractStatus::Inactive as i32;

/// A Renewal Tracking row.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct RenewalRecord {
    pub contract_id: i64,
    pub company_id: i64,
    pub company_name: String,
    pub company_closer: String,
    pub company_analyst: String,
    pub affiliate: String,
    pub supplier: String,
    pub commodity: String,
    pub utility: String,
    pub end_date: NaiveDate,
    pub annual_volume: String,
    pub term_fee_total: String,
    pub contract_type: String,
}

/// What Renewal Tracking selects.
#[derive(Debug, Clone, Default)]
pub struct RenewalQuery {
    pub today: NaiveDate,
    pub until: Option<NaiveDate>,
    pub closer_user_id: Option<i64>,
    pub analyst_user_id: Option<i64>,
    /// Only companies naming this user in a team role (a Sales caller).
    pub limited_to: Option<i64>,
    pub limit: i64,
}

/// Contracts in force ending from `today` (through `until`), the soonest first.
#[tracing::instrument(skip(pool))]
pub async fn renewals(pool: &Db, query: &RenewalQuery) -> sqlx::Result<Vec<RenewalRecord>> {
    let mut builder = QueryBuilder::<Postgres>::new(
        "select c.contract_id, c.company_id, coalesce(co.name, c.company_name) as company_name, \
           coalesce(u_cl.name, '') as company_closer, coalesce(u_an.name, '') as company_analyst, \
           coalesce(nullif(co.affiliate, ''), c.affiliate) as affiliate, coalesce(s.name, '') as supplier, \
           c.commodity, coalesce(ut.name, '') as utility, c.end_date, \
           coalesce(c.annual_volume::text, '') as annual_volume, coalesce(c.term_fee_total::text, '') as term_fee_total, \
           c.contract_type \
         from contract c left join company co on co.company_id = c.company_id \
         left join app_user u_cl on u_cl.user_id = co.closer_user_id \
         left join app_user u_an on u_an.user_id = co.analyst_user_id \
         left join supplier s on s.supplier_id = c.supplier_id \
         left join utility ut on ut.utility_id = c.utility_id \
         where c.status <> ",
    );
    builder.push_bind(INACTIVE).push(" and c.end_date >= ").push_bind(query.today);
    if let Some(until) = query.until {
        builder.push(" and c.end_date <= ").push_bind(until);
    }
    if let Some(closer) = query.closer_user_id {
        builder.push(" and co.closer_user_id = ").push_bind(closer);
    }
    if let Some(analyst) = query.analyst_user_id {
        builder.push(" and co.analyst_user_id = ").push_bind(analyst);
    }
    super::push_open_companies(&mut builder, "c.company_id", query.limited_to);
    builder.push(" order by c.end_date, c.contract_id limit ").push_bind(query.limit);
    builder.build_query_as().fetch_all(pool).await
}

/// A renewal alert's contract.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AlertRecord {
    pub contract_id: i64,
    pub company_id: i64,
    pub company_name: String,
    pub commodity: String,
    pub supplier: String,
    pub end_date: NaiveDate,
}

/// Alert windows (days) with how many alerts each holds, narrowest first.
pub type WindowCounts = Vec<(i64, i64)>;

/// Whose alerts: active contracts naming `user_id` as a closer or the analyst that end from
/// `today` through `until`, of the companies the reader may open when `limited_to` is set.
#[derive(Debug, Clone, Copy)]
pub struct AlertQuery {
    pub user_id: i64,
    pub limited_to: Option<i64>,
    pub today: NaiveDate,
    pub until: NaiveDate,
}

const ALERT_COLUMNS: &str = "select c.contract_id, c.company_id, coalesce(co.name, c.company_name) as company_name, \
       c.commodity, coalesce(s.name, '') as supplier, c.end_date \
     from contract c left join company co on co.company_id = c.company_id \
     left join supplier s on s.supplier_id = c.supplier_id";

/// ` where ...`: the contracts of a query's alerts.
fn push_alert_filter(builder: &mut QueryBuilder<'_, Postgres>, query: AlertQuery) {
    builder.push(" where c.status = 0 and c.end_date between ").push_bind(query.today);
    builder.push(" and ").push_bind(query.until).push(" and ");
    builder.push_bind(query.user_id).push(" in (c.closer1_user_id, c.closer2_user_id, c.analyst_user_id)");
    super::push_open_companies(builder, "c.company_id", query.limited_to);
}

/// The alerts' contracts, the soonest ending first.
#[tracing::instrument(skip(pool))]
pub async fn alerts(pool: &Db, query: AlertQuery) -> sqlx::Result<Vec<AlertRecord>> {
    let mut builder = QueryBuilder::<Postgres>::new(ALERT_COLUMNS);
    push_alert_filter(&mut builder, query);
    builder.push(" order by c.end_date, c.contract_id");
    builder.build_query_as().fetch_all(pool).await
}

/// The first `per_window` alerts of each window (`windows`: its last day counted from `today`,
/// narrowest first), the soonest ending first, with how many each window holds: the windows are
/// counted and picked on contract ids and end dates alone, and only the alerts picked are read
/// with their company's and supplier's names.
#[tracing::instrument(skip(pool))]
pub async fn first_alerts(
    pool: &Db,
    query: AlertQuery,
    windows: &[i64],
    per_window: i64,
) -> sqlx::Result<(Vec<AlertRecord>, WindowCounts)> {
    let mut picked = QueryBuilder::<Postgres>::new(
        "select contract_id, window_days, window_count from (select c.contract_id, w.window_days, \
           row_number() over (partition by w.window_days order by c.end_date, c.contract_id) as window_rank, \
           count(*) over (partition by w.window_days) as window_count \
         from contract c cross join lateral (select case",
    );
    for window in windows {
        picked.push(" when c.end_date - ").push_bind(query.today).push(" <= ").push_bind(*window as i32);
        picked.push(" then ").push_bind(*window);
    }
    picked.push(" end as window_days) w");
    push_alert_filter(&mut picked, query);
    picked.push(") ranked where window_rank <= ").push_bind(per_window);
    let picked: Vec<(i64, i64, i64)> = picked.build_query_as().fetch_all(pool).await?;

    let ids: Vec<i64> = picked.iter().map(|(id, _, _)| *id).collect();
    let records =
        sqlx::query_as(&format!("{ALERT_COLUMNS} where c.contract_id = any($1) order by c.end_date, c.contract_id"))
            .bind(ids)
            .fetch_all(pool)
            .await?;
    let mut counts: WindowCounts = picked.into_iter().map(|(_, window, count)| (window, count)).collect();
    counts.sort_unstable();
    counts.dedup();
    Ok((records, counts))
}
