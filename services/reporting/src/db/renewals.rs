//! Contracts coming up for renewal, from the contracts, companies, suppliers, utilities and users
//! read models.

use chrono::NaiveDate;
use sqlx::{PgPool, Postgres, QueryBuilder};

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
pub async fn renewals(pool: &PgPool, query: &RenewalQuery) -> sqlx::Result<Vec<RenewalRecord>> {
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

/// Active contracts naming `user_id` as a closer or the analyst that end from `today` through
/// `until`, the soonest first; of the companies the reader may open when `limited_to` is set.
#[tracing::instrument(skip(pool))]
pub async fn alerts(
    pool: &PgPool,
    user_id: i64,
    limited_to: Option<i64>,
    today: NaiveDate,
    until: NaiveDate,
) -> sqlx::Result<Vec<AlertRecord>> {
    let mut builder = QueryBuilder::<Postgres>::new(
        "select c.contract_id, c.company_id, coalesce(co.name, c.company_name) as company_name, c.commodity, \
           coalesce(s.name, '') as supplier, c.end_date \
         from contract c left join company co on co.company_id = c.company_id \
         left join supplier s on s.supplier_id = c.supplier_id \
         where c.status = 0 and c.end_date between ",
    );
    builder.push_bind(today).push(" and ").push_bind(until).push(" and ");
    builder.push_bind(user_id).push(" in (c.closer1_user_id, c.closer2_user_id, c.analyst_user_id)");
    super::push_open_companies(&mut builder, "c.company_id", limited_to);
    builder.push(" order by c.end_date, c.contract_id");
    builder.build_query_as().fetch_all(pool).await
}
