//! Applying events to the read models. Each event carries whole records with their versions, so
//! applying one is "keep the newer version": an event applied late, or again, changes nothing.

use chrono::NaiveDate;
use eris_proto::{
    common::v1::Date,
    contracts::v1::{Contract, ContractEvent, Payment},
    crm::v1::{Company, CompanyEvent},
    sourcing::v1::{Commodity, DirectoryEvent, directory_event::Entry},
};
use sqlx::PgConnection;

/// Records `event_id` as applied; false when it was already.
pub async fn first_delivery(conn: &mut PgConnection, event_id: &str) -> sqlx::Result<bool> {
    let inserted = sqlx::query("insert into applied_event (event_id) values ($1) on conflict do nothing")
        .bind(event_id)
        .execute(conn)
        .await?;
    Ok(inserted.rows_affected() == 1)
}

/// Where a stream stands after an event.
pub async fn advance(conn: &mut PgConnection, service: &str, entry_id: &str, created_ms: i64) -> sqlx::Result<()> {
    sqlx::query(
        "insert into stream_position (service, last_entry_id, last_created_ms) values ($1, $2, $3) \
         on conflict (service) do update set last_entry_id = excluded.last_entry_id, \
           last_created_ms = excluded.last_created_ms, applied_at = now()",
    )
    .bind(service)
    .bind(entry_id)
    .bind(created_ms)
    .execute(conn)
    .await?;
    Ok(())
}

fn day(date: Option<&Date>) -> Option<NaiveDate> {
    date.and_then(|d| NaiveDate::from_ymd_opt(d.year, d.month as u32, d.day as u32))
}

fn id(value: i64) -> Option<i64> {
    (value > 0).then_some(value)
}

/// Decimal text, or none when blank.
fn number(text: &str) -> Option<&str> {
    let text = text.trim();
    (!text.is_empty()).then_some(text)
}

fn commodity_name(value: i32) -> &'static str {
    match Commodity::try_from(value) {
        Ok(Commodity::Electric) => "Electric",
        Ok(Commodity::Gas) => "Gas",
        Ok(Commodity::Dr) => "DR",
        _ => "",
    }
}

pub async fn apply_company(conn: &mut PgConnection, event: &CompanyEvent) -> sqlx::Result<()> {
    if event.kind == "deleted" {
        sqlx::query("delete from company where company_id = $1").bind(event.company_id).execute(conn).await?;
        return Ok(());
    }
    let Some(company) = &event.company else { return Ok(()) };
    upsert_company(conn, company).await
}

pub async fn upsert_company(conn: &mut PgConnection, c: &Company) -> sqlx::Result<()> {
    sqlx::query(
        "insert into company (company_id, name, inside_user_id, closer_user_id, analyst_user_id, affiliate, version, \
           team_user_ids) \
         values ($1, $2, $3, $4, $5, $6, $7, $8) \
         on conflict (company_id) do update set name = excluded.name, inside_user_id = excluded.inside_user_id, \
           closer_user_id = excluded.closer_user_id, analyst_user_id = excluded.analyst_user_id, \
           affiliate = excluded.affiliate, version = excluded.version, team_user_ids = excluded.team_user_ids \
         where company.version < excluded.version",
    )
    .bind(c.company_id)
    .bind(&c.name)
    .bind(id(c.inside_user_id))
    .bind(id(c.closer_user_id))
    .bind(id(c.analyst_user_id))
    .bind(&c.affiliate)
    .bind(c.version)
    .bind(team_user_ids(c))
    .execute(conn)
    .await?;
    Ok(())
}

/// Everyone in the company's team roles, once each.
fn team_user_ids(c: &Company) -> Vec<i64> {
    let mut ids: Vec<i64> = [
        c.inside_user_id,
        c.closer_user_id,
        c.analyst_user_id,
        c.admin_user_id,
        c.customer_care_user_id,
        c.support_analyst1_user_id,
        c.support_analyst2_user_id,
    ]
    .into_iter()
    .filter(|id| *id > 0)
    .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

pub async fn apply_directory(conn: &mut PgConnection, event: &DirectoryEvent) -> sqlx::Result<()> {
    let deleted = event.kind == "deleted";
    match &event.entry {
        Some(Entry::Supplier(s)) if deleted => {
            sqlx::query("delete from supplier where supplier_id = $1").bind(s.supplier_id).execute(conn).await?;
        }
        Some(Entry::Supplier(s)) => {
            upsert_named(conn, "supplier", s.supplier_id, &s.name, commodity_name(s.commodity), s.version).await?;
        }
        Some(Entry::Utility(u)) if deleted => {
            sqlx::query("delete from utility where utility_id = $1").bind(u.utility_id).execute(conn).await?;
        }
        Some(Entry::Utility(u)) => {
            upsert_named(conn, "utility", u.utility_id, &u.name, commodity_name(u.commodity), u.version).await?;
        }
        _ => {}
    }
    Ok(())
}

/// A supplier or a utility (`table` is one of the two).
pub async fn upsert_named(
    conn: &mut PgConnection,
    table: &'static str,
    id: i64,
    name: &str,
    commodity: &str,
    version: i64,
) -> sqlx::Result<()> {
    sqlx::query(&format!(
        "insert into {table} ({table}_id, name, commodity, version) values ($1, $2, $3, $4) \
         on conflict ({table}_id) do update set name = excluded.name, commodity = excluded.commodity, \
           version = excluded.version \
         where {table}.version < excluded.version"
    ))
    .bind(id)
    .bind(name)
    .bind(commodity)
    .bind(version)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn apply_contract(conn: &mut PgConnection, event: &ContractEvent) -> sqlx::Result<()> {
    let Some(contract) = &event.contract else { return Ok(()) };
    match event.kind.as_str() {
        "contract deleted" => {
            sqlx::query("delete from payment where contract_id = $1")
                .bind(contract.contract_id)
                .execute(&mut *conn)
                .await?;
            sqlx::query("delete from contract where contract_id = $1").bind(contract.contract_id).execute(conn).await?;
        }
        "payment deleted" => {
            upsert_contract(&mut *conn, contract).await?;
            let ids: Vec<i64> = event.payments.iter().map(|p| p.payment_id).collect();
            sqlx::query("delete from payment where payment_id = any($1)").bind(ids).execute(conn).await?;
        }
        _ => {
            upsert_contract(&mut *conn, contract).await?;
            for payment in &event.payments {
                upsert_payment(&mut *conn, payment).await?;
            }
        }
    }
    Ok(())
}

pub async fn upsert_contract(conn: &mut PgConnection, c: &Contract) -> sqlx::Result<()> {
    sqlx::query(
        "insert into contract (contract_id, company_id, company_name, inside_sales_user_id, closer1_user_id, \
           closer2_user_id, analyst_user_id, support_analyst1_user_id, support_analyst2_user_id, affiliate, \
           commodity, utility_id, state, date_signed, pricing_type, contract_type, supplier_id, start_date, \
           term_months, fee, status, previous_status, annual_volume, term_fee_total, end_date, version) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, \
           $20::numeric, $21, $22, $23::numeric, $24::numeric, $25, $26) \
         on conflict (contract_id) do update set company_id = excluded.company_id, \
           company_name = excluded.company_name, inside_sales_user_id = excluded.inside_sales_user_id, \
           closer1_user_id = excluded.closer1_user_id, closer2_user_id = excluded.closer2_user_id, \
           analyst_user_id = excluded.analyst_user_id, support_analyst1_user_id = excluded.support_analyst1_user_id, \
           support_analyst2_user_id = excluded.support_analyst2_user_id, affiliate = excluded.affiliate, \
           commodity = excluded.commodity, utility_id = excluded.utility_id, state = excluded.state, \
           date_signed = excluded.date_signed, pricing_type = excluded.pricing_type, \
           contract_type = excluded.contract_type, supplier_id = excluded.supplier_id, \
           start_date = excluded.start_date, term_months = excluded.term_months, fee = excluded.fee, \
           status = excluded.status, previous_status = excluded.previous_status, \
           annual_volume = excluded.annual_volume, term_fee_total = excluded.term_fee_total, \
           end_date = excluded.end_date, version = excluded.version \
         where contract.version < excluded.version",
    )
    .bind(c.contract_id)
    .bind(c.company_id)
    .bind(&c.company_name)
    .bind(id(c.inside_sales_user_id))
    .bind(id(c.closer1_user_id))
    .bind(id(c.closer2_user_id))
    .bind(id(c.analyst_user_id))
    .bind(id(c.support_analyst1_user_id))
    .bind(id(c.support_analyst2_user_id))
    .bind(&c.affiliate)
    .bind(commodity_name(c.commodity))
    .bind(id(c.utility_id))
    .bind(&c.state)
    .bind(day(c.date_signed.as_ref()))
    .bind(&c.pricing_type)
    .bind(&c.contract_type)
    .bind(id(c.supplier_id))
    .bind(day(c.start_date.as_ref()))
    .bind((c.term_months > 0).then_some(c.term_months))
    .bind(number(&c.fee))
    .bind(c.status)
    .bind(c.previous_status)
    .bind(number(&c.annual_volume))
    .bind(number(&c.term_fee_total))
    .bind(day(c.end_date.as_ref()))
    .bind(c.version)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn upsert_payment(conn: &mut PgConnection, p: &Payment) -> sqlx::Result<()> {
    sqlx::query(
        "insert into payment (payment_id, contract_id, projected_month, projected_year, revenue_split, \
           projected_usage, projected_payment, payment_month, payment_year, usage_actual, payment_actual, \
           payment_type, version) \
         values ($1, $2, $3, $4, $5::numeric, $6::numeric, $7::numeric, $8, $9, $10::numeric, $11::numeric, $12, $13) \
         on conflict (payment_id) do update set contract_id = excluded.contract_id, \
           projected_month = excluded.projected_month, projected_year = excluded.projected_year, \
           revenue_split = excluded.revenue_split, projected_usage = excluded.projected_usage, \
           projected_payment = excluded.projected_payment, payment_month = excluded.payment_month, \
           payment_year = excluded.payment_year, usage_actual = excluded.usage_actual, \
           payment_actual = excluded.payment_actual, payment_type = excluded.payment_type, \
           version = excluded.version \
         where payment.version < excluded.version",
    )
    .bind(p.payment_id)
    .bind(p.contract_id)
    .bind(p.projected_month)
    .bind(p.projected_year)
    .bind(number(&p.revenue_split))
    .bind(number(&p.projected_usage))
    .bind(number(&p.projected_payment))
    .bind(p.payment_month)
    .bind(p.payment_year)
    .bind(number(&p.usage_actual))
    .bind(number(&p.payment_actual))
    .bind(&p.payment_type)
    .bind(p.version)
    .execute(conn)
    .await?;
    Ok(())
}
