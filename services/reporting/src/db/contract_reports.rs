//! The contract reports (Supplier Outreach, First Months Billing, Auto Inactive Contracts,
//! Welcome E-mails) and the Opportunity Tracker, from the read models.

use chrono::NaiveDate;
use eris_platform::db::Db;
use sqlx::{Postgres, QueryBuilder};

/// A contract report row.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ContractRecord {
    pub contract_id: i64,
    pub company_id: i64,
    pub company_name: String,
    pub closer1: String,
    pub analyst: String,
    pub affiliate: String,
    pub commodity: String,
    pub utility: String,
    pub state: String,
    pub supplier: String,
    pub date_signed: Option<NaiveDate>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub term_months: Option<i32>,
    pub contract_rate: String,
    pub contract_type: String,
    pub billing_type: String,
    pub tax_exempt: String,
    pub account_count: i32,
    pub annual_volume: String,
    pub term_fee_total: String,
    pub status: i32,
    pub previous_status: i32,
    pub auto_inactive_on: Option<NaiveDate>,
    pub contact_first_name: String,
    pub contact_last_name: String,
    pub contact_email: String,
}

/// Which contracts a report lists.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Selection {
    /// Starting from the first day through the second.
    Starting(NaiveDate, NaiveDate),
    /// Made Inactive on the day because their end date had passed.
    AutoInactive(NaiveDate),
    /// Signed from the first day through the second.
    Signed(NaiveDate, NaiveDate),
}

/// Up to `limit` contracts of the selection; the company's first contact by priority (a priority
/// of 0 is unset and comes last).
#[tracing::instrument(skip(pool))]
pub async fn contracts(pool: &Db, selection: Selection, limit: i64) -> sqlx::Result<Vec<ContractRecord>> {
    let mut builder = QueryBuilder::<Postgres>::new(
        "select c.contract_id, c.company_id, coalesce(co.name, c.company_name) as company_name, \
           coalesce(u_c1.name, '') as closer1, coalesce(u_an.name, '') as analyst, c.affiliate, c.commodity, \
           coalesce(ut.name, '') as utility, c.state, coalesce(s.name, '') as supplier, c.date_signed, \
           c.start_date, c.end_date, c.term_months, coalesce(c.contract_rate::text, '') as contract_rate, \
           c.contract_type, c.billing_type, c.tax_exempt, c.account_count, \
           coalesce(c.annual_volume::text, '') as annual_volume, coalesce(c.term_fee_total::text, '') as term_fee_total, \
           c.status, c.previous_status, c.auto_inactive_on, coalesce(pc.first_name, '') as contact_first_name, \
           coalesce(pc.last_name, '') as contact_last_name, coalesce(pc.email, '') as contact_email \
         from contract c left join company co on co.company_id = c.company_id \
         left join app_user u_c1 on u_c1.user_id = c.closer1_user_id \
         left join app_user u_an on u_an.user_id = c.analyst_user_id \
         left join supplier s on s.supplier_id = c.supplier_id \
         left join utility ut on ut.utility_id = c.utility_id \
         left join lateral (select first_name, last_name, email from contact ct where ct.company_id = c.company_id \
           order by ct.priority <= 0, ct.priority, ct.contact_id limit 1) pc on true where ",
    );
    match selection {
        Selection::Starting(from, to) => {
            builder.push("c.start_date between ").push_bind(from).push(" and ").push_bind(to);
            builder.push(" order by c.start_date, company_name, c.contract_id");
        }
        Selection::AutoInactive(on) => {
            builder.push("c.auto_inactive_on = ").push_bind(on);
            builder.push(" order by company_name, c.contract_id");
        }
        Selection::Signed(from, to) => {
            builder.push("c.date_signed between ").push_bind(from).push(" and ").push_bind(to);
            builder.push(" order by c.date_signed, company_name, c.contract_id");
        }
    }
    builder.push(" limit ").push_bind(limit);
    builder.build_query_as().fetch_all(pool).await
}

/// An Opportunity Tracker row.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct OpportunityRecord {
    pub company_id: i64,
    pub company_name: String,
    pub entry_date: Option<NaiveDate>,
    pub inside: String,
    pub closer: String,
    pub analyst: String,
    pub affiliate: String,
    pub utility: String,
    pub annual_kwh: String,
    pub annual_therms: String,
}

/// Up to `limit` companies entered within the range (either end open), latest entered first.
#[tracing::instrument(skip(pool))]
pub async fn opportunities(
    pool: &Db,
    from: Option<NaiveDate>,
    to: Option<NaiveDate>,
    limit: i64,
) -> sqlx::Result<Vec<OpportunityRecord>> {
    let mut builder = QueryBuilder::<Postgres>::new(
        "select co.company_id, co.name as company_name, co.entry_date, coalesce(u_in.name, '') as inside, \
           coalesce(u_cl.name, '') as closer, coalesce(u_an.name, '') as analyst, co.affiliate, \
           coalesce(ue.name, ug.name, '') as utility, coalesce(co.total_kwh::text, '') as annual_kwh, \
           coalesce(co.total_therms::text, '') as annual_therms \
         from company co left join app_user u_in on u_in.user_id = co.inside_user_id \
         left join app_user u_cl on u_cl.user_id = co.closer_user_id \
         left join app_user u_an on u_an.user_id = co.analyst_user_id \
         left join utility ue on ue.utility_id = co.electric_utility_id \
         left join utility ug on ug.utility_id = co.gas_utility_id where true",
    );
    if let Some(from) = from {
        builder.push(" and co.entry_date >= ").push_bind(from);
    }
    if let Some(to) = to {
        builder.push(" and co.entry_date <= ").push_bind(to);
    }
    builder.push(" order by co.entry_date desc nulls last, co.company_id desc limit ").push_bind(limit);
    builder.build_query_as().fetch_all(pool).await
}
