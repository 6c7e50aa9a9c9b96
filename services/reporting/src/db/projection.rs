//! Applying events to the read models. Each event carries whole records with their versions, so
//! applying one is "keep the newer version": an event applied late, or again, changes nothing.
//! Records are written in batches, so a rebuild's snapshot of a whole book goes in quickly.

use chrono::NaiveDate;
use eris_platform::{outbox::KindedEvent, vocabulary::Commodity};
use eris_proto::identity::v1::{UserEvent, UserStatus};
use eris_proto::{
    common::v1::Date,
    contracts::v1::{Contract, ContractEvent, ContractEventKind, Payment},
    crm::v1::{AccountEvent, Company, CompanyEvent, CompanyEventKind, Contact, ContactEvent, ContactEventKind},
    sourcing::v1::{DirectoryEvent, DirectoryEventKind, directory_event::Entry},
};
use prost::Message;
use sqlx::{PgConnection, PgExecutor, Postgres, QueryBuilder};

/// Records `event_id` as applied; false when it was already.
pub async fn first_delivery(conn: &mut PgConnection, event_id: &str) -> sqlx::Result<bool> {
    let inserted = sqlx::query("insert into applied_event (event_id) values ($1) on conflict do nothing")
        .bind(event_id)
        .execute(conn)
        .await?;
    Ok(inserted.rows_affected() == 1)
}

/// Where a stream stands after a batch: its last entry, and the watermark (the highest
/// publication number applied with none missing below it).
pub async fn advance(
    conn: &mut PgConnection,
    service: &str,
    entry_id: &str,
    created_ms: i64,
    applied_seq: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into stream_position (service, last_entry_id, last_created_ms, applied_seq) values ($1, $2, $3, $4) \
         on conflict (service) do update set last_entry_id = excluded.last_entry_id, \
           last_created_ms = excluded.last_created_ms, applied_seq = excluded.applied_seq, applied_at = now()",
    )
    .bind(service)
    .bind(entry_id)
    .bind(created_ms)
    .bind(applied_seq)
    .execute(conn)
    .await?;
    Ok(())
}

/// Each source's watermark (0 for a source none was applied from).
pub async fn watermarks(conn: &mut PgConnection) -> sqlx::Result<std::collections::HashMap<String, i64>> {
    let rows: Vec<(String, i64)> =
        sqlx::query_as("select service, applied_seq from stream_position").fetch_all(conn).await?;
    Ok(rows.into_iter().collect())
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

/// Most rows one statement writes (PostgreSQL takes at most 65,535 parameters per statement).
const ROWS_PER_STATEMENT: usize = 2000;

pub async fn apply_company(conn: &mut PgConnection, event: &CompanyEvent) -> sqlx::Result<()> {
    if event.what() == CompanyEventKind::Deleted {
        sqlx::query("delete from company where company_id = $1").bind(event.company_id).execute(conn).await?;
        return Ok(());
    }
    let Some(company) = &event.company else { return Ok(()) };
    upsert_companies(conn, std::slice::from_ref(company)).await
}

/// Keeps each company's newer version.
pub async fn upsert_companies(conn: &mut PgConnection, companies: &[Company]) -> sqlx::Result<()> {
    for rows in companies.chunks(ROWS_PER_STATEMENT) {
        let mut builder = QueryBuilder::<Postgres>::new(
            "insert into company (company_id, name, inside_user_id, closer_user_id, analyst_user_id, affiliate, \
               version, team_user_ids, entry_date, electric_utility_id, gas_utility_id, total_kwh, total_therms) ",
        );
        builder.push_values(rows, |mut row, c| {
            row.push_bind(c.company_id)
                .push_bind(&c.name)
                .push_bind(id(c.inside_user_id))
                .push_bind(id(c.closer_user_id))
                .push_bind(id(c.analyst_user_id))
                .push_bind(&c.affiliate)
                .push_bind(c.version)
                .push_bind(team_user_ids(c))
                .push_bind(day(c.entry_date.as_ref()))
                .push_bind(id(c.electric_area_utility_id))
                .push_bind(id(c.gas_area_utility_id))
                .push_bind(number(&c.total_kwh))
                .push_unseparated("::numeric")
                .push_bind(number(&c.total_therms))
                .push_unseparated("::numeric");
        });
        builder.push(
            " on conflict (company_id) do update set name = excluded.name, inside_user_id = excluded.inside_user_id, \
               closer_user_id = excluded.closer_user_id, analyst_user_id = excluded.analyst_user_id, \
               affiliate = excluded.affiliate, version = excluded.version, team_user_ids = excluded.team_user_ids, \
               entry_date = excluded.entry_date, electric_utility_id = excluded.electric_utility_id, \
               gas_utility_id = excluded.gas_utility_id, total_kwh = excluded.total_kwh, \
               total_therms = excluded.total_therms \
             where company.version < excluded.version",
        );
        builder.build().execute(&mut *conn).await?;
    }
    Ok(())
}

/// A contact's name, e-mail and priority; a deleted one goes.
pub async fn apply_contact(conn: &mut PgConnection, event: &ContactEvent) -> sqlx::Result<()> {
    let Some(contact) = &event.contact else { return Ok(()) };
    if event.what() == ContactEventKind::Deleted {
        sqlx::query("delete from contact where contact_id = $1").bind(contact.contact_id).execute(conn).await?;
        return Ok(());
    }
    upsert_contacts(conn, std::slice::from_ref(contact)).await
}

/// Keeps each contact's newer version.
pub async fn upsert_contacts(conn: &mut PgConnection, contacts: &[Contact]) -> sqlx::Result<()> {
    for rows in contacts.chunks(ROWS_PER_STATEMENT) {
        let mut builder = QueryBuilder::<Postgres>::new(
            "insert into contact (contact_id, company_id, first_name, last_name, email, priority, version) ",
        );
        builder.push_values(rows, |mut row, c| {
            row.push_bind(c.contact_id)
                .push_bind(c.company_id)
                .push_bind(&c.first_name)
                .push_bind(&c.last_name)
                .push_bind(&c.email)
                .push_bind(c.priority)
                .push_bind(c.version);
        });
        builder.push(
            " on conflict (contact_id) do update set company_id = excluded.company_id, \
               first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email, \
               priority = excluded.priority, version = excluded.version \
             where contact.version < excluded.version",
        );
        builder.build().execute(&mut *conn).await?;
    }
    Ok(())
}

/// An account change carries its company's annual usage over every account after the change.
pub async fn apply_account(conn: &mut PgConnection, event: &AccountEvent) -> sqlx::Result<()> {
    sqlx::query("update company set total_kwh = $2::numeric, total_therms = $3::numeric where company_id = $1")
        .bind(event.company_id)
        .bind(number(&event.company_total_kwh))
        .bind(number(&event.company_total_therms))
        .execute(conn)
        .await?;
    Ok(())
}

/// Everyone in the company's team roles, once each.
pub(crate) fn team_user_ids(c: &Company) -> Vec<i64> {
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
    let deleted = event.what() == DirectoryEventKind::Deleted;
    match &event.entry {
        Some(Entry::Supplier(s)) if deleted => {
            sqlx::query("delete from supplier where supplier_id = $1").bind(s.supplier_id).execute(conn).await?;
        }
        Some(Entry::Supplier(s)) => {
            upsert_named(conn, "supplier", s.supplier_id, &s.name, Commodity::name_of_proto(s.commodity), s.version)
                .await?;
        }
        Some(Entry::Utility(u)) if deleted => {
            sqlx::query("delete from utility where utility_id = $1").bind(u.utility_id).execute(conn).await?;
        }
        Some(Entry::Utility(u)) => {
            upsert_named(conn, "utility", u.utility_id, &u.name, Commodity::name_of_proto(u.commodity), u.version)
                .await?;
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

/// A user's name, role and status (never deleted: contracts keep naming former staff).
pub async fn apply_user(conn: &mut PgConnection, event: &UserEvent) -> sqlx::Result<()> {
    let Some(user) = &event.user else { return Ok(()) };
    let role = eris_proto::identity::v1::Role::try_from(user.role).map(eris_platform::auth::role_name).unwrap_or("");
    sqlx::query(
        "insert into app_user (user_id, name, role, active, version) values ($1, $2, $3, $4, $5) \
         on conflict (user_id) do update set name = excluded.name, role = excluded.role, active = excluded.active, \
           version = excluded.version \
         where app_user.version < excluded.version",
    )
    .bind(user.user_id)
    .bind(&user.name)
    .bind(role)
    .bind(user.status == UserStatus::Active as i32)
    .bind(user.version)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn apply_contract(conn: &mut PgConnection, event: &ContractEvent) -> sqlx::Result<()> {
    let Some(contract) = &event.contract else { return Ok(()) };
    match event.what() {
        ContractEventKind::ContractDeleted => {
            sqlx::query("delete from payment where contract_id = $1")
                .bind(contract.contract_id)
                .execute(&mut *conn)
                .await?;
            sqlx::query("delete from contract where contract_id = $1").bind(contract.contract_id).execute(conn).await?;
        }
        ContractEventKind::PaymentDeleted => {
            upsert_contracts(&mut *conn, std::slice::from_ref(contract)).await?;
            let ids: Vec<i64> = event.payments.iter().map(|p| p.payment_id).collect();
            sqlx::query("delete from payment where payment_id = any($1)").bind(ids).execute(conn).await?;
        }
        _ => {
            upsert_contracts(&mut *conn, std::slice::from_ref(contract)).await?;
            upsert_payments(conn, &event.payments).await?;
        }
    }
    Ok(())
}

/// Keeps each contract's newer version, whole in `record` beside the columns reports query.
pub async fn upsert_contracts(conn: &mut PgConnection, contracts: &[Contract]) -> sqlx::Result<()> {
    for rows in contracts.chunks(ROWS_PER_STATEMENT) {
        let mut builder = QueryBuilder::<Postgres>::new(
            "insert into contract (contract_id, company_id, company_name, inside_sales_user_id, closer1_user_id, \
               closer2_user_id, analyst_user_id, support_analyst1_user_id, support_analyst2_user_id, affiliate, \
               commodity, utility_id, state, date_signed, pricing_type, contract_type, supplier_id, start_date, \
               term_months, fee, status, previous_status, annual_volume, term_fee_total, end_date, version, \
               contract_rate, billing_type, tax_exempt, account_count, auto_inactive_on, record) ",
        );
        builder.push_values(rows, |mut row, c| {
            row.push_bind(c.contract_id)
                .push_bind(c.company_id)
                .push_bind(&c.company_name)
                .push_bind(id(c.inside_sales_user_id))
                .push_bind(id(c.closer1_user_id))
                .push_bind(id(c.closer2_user_id))
                .push_bind(id(c.analyst_user_id))
                .push_bind(id(c.support_analyst1_user_id))
                .push_bind(id(c.support_analyst2_user_id))
                .push_bind(&c.affiliate)
                .push_bind(Commodity::name_of_proto(c.commodity))
                .push_bind(id(c.utility_id))
                .push_bind(&c.state)
                .push_bind(day(c.date_signed.as_ref()))
                .push_bind(&c.pricing_type)
                .push_bind(&c.contract_type)
                .push_bind(id(c.supplier_id))
                .push_bind(day(c.start_date.as_ref()))
                .push_bind((c.term_months > 0).then_some(c.term_months))
                .push_bind(number(&c.fee))
                .push_unseparated("::numeric")
                .push_bind(c.status)
                .push_bind(c.previous_status)
                .push_bind(number(&c.annual_volume))
                .push_unseparated("::numeric")
                .push_bind(number(&c.term_fee_total))
                .push_unseparated("::numeric")
                .push_bind(day(c.end_date.as_ref()))
                .push_bind(c.version)
                .push_bind(number(&c.contract_rate))
                .push_unseparated("::numeric")
                .push_bind(&c.billing_type)
                .push_bind(&c.tax_exempt)
                .push_bind(c.account_ids.len() as i32)
                .push_bind(day(c.auto_inactive_date.as_ref()))
                .push_bind(c.encode_to_vec());
        });
        builder.push(
            " on conflict (contract_id) do update set company_id = excluded.company_id, \
               company_name = excluded.company_name, inside_sales_user_id = excluded.inside_sales_user_id, \
               closer1_user_id = excluded.closer1_user_id, closer2_user_id = excluded.closer2_user_id, \
               analyst_user_id = excluded.analyst_user_id, \
               support_analyst1_user_id = excluded.support_analyst1_user_id, \
               support_analyst2_user_id = excluded.support_analyst2_user_id, affiliate = excluded.affiliate, \
               commodity = excluded.commodity, utility_id = excluded.utility_id, state = excluded.state, \
               date_signed = excluded.date_signed, pricing_type = excluded.pricing_type, \
               contract_type = excluded.contract_type, supplier_id = excluded.supplier_id, \
               start_date = excluded.start_date, term_months = excluded.term_months, fee = excluded.fee, \
               status = excluded.status, previous_status = excluded.previous_status, \
               annual_volume = excluded.annual_volume, term_fee_total = excluded.term_fee_total, \
               end_date = excluded.end_date, version = excluded.version, contract_rate = excluded.contract_rate, \
               billing_type = excluded.billing_type, tax_exempt = excluded.tax_exempt, \
               account_count = excluded.account_count, auto_inactive_on = excluded.auto_inactive_on, \
               record = excluded.record \
             where contract.version < excluded.version \
               or (contract.version = excluded.version and contract.record is null)",
        );
        builder.build().execute(&mut *conn).await?;
    }
    Ok(())
}

/// Keeps each payment's newer version.
pub async fn upsert_payments(conn: &mut PgConnection, payments: &[Payment]) -> sqlx::Result<()> {
    for rows in payments.chunks(ROWS_PER_STATEMENT) {
        let mut builder = QueryBuilder::<Postgres>::new(
            "insert into payment (payment_id, contract_id, projected_month, projected_year, revenue_split, \
               projected_usage, projected_payment, payment_month, payment_year, usage_actual, payment_actual, \
               payment_type, version) ",
        );
        builder.push_values(rows, |mut row, p| {
            row.push_bind(p.payment_id)
                .push_bind(p.contract_id)
                .push_bind(p.projected_month)
                .push_bind(p.projected_year)
                .push_bind(number(&p.revenue_split))
                .push_unseparated("::numeric")
                .push_bind(number(&p.projected_usage))
                .push_unseparated("::numeric")
                .push_bind(number(&p.projected_payment))
                .push_unseparated("::numeric")
                .push_bind(p.payment_month)
                .push_bind(p.payment_year)
                .push_bind(number(&p.usage_actual))
                .push_unseparated("::numeric")
                .push_bind(number(&p.payment_actual))
                .push_unseparated("::numeric")
                .push_bind(&p.payment_type)
                .push_bind(p.version);
        });
        builder.push(
            " on conflict (payment_id) do update set contract_id = excluded.contract_id, \
               projected_month = excluded.projected_month, projected_year = excluded.projected_year, \
               revenue_split = excluded.revenue_split, projected_usage = excluded.projected_usage, \
               projected_payment = excluded.projected_payment, payment_month = excluded.payment_month, \
               payment_year = excluded.payment_year, usage_actual = excluded.usage_actual, \
               payment_actual = excluded.payment_actual, payment_type = excluded.payment_type, \
               version = excluded.version \
             where payment.version < excluded.version",
        );
        builder.build().execute(&mut *conn).await?;
    }
    Ok(())
}

/// The team of each company found (user ids in its team roles), for the change feed's Sales rule.
pub async fn teams_of(db: impl PgExecutor<'_>, company_ids: &[i64]) -> sqlx::Result<Vec<(i64, Vec<i64>)>> {
    sqlx::query_as("select company_id, team_user_ids from company where company_id = any($1)")
        .bind(company_ids)
        .fetch_all(db)
        .await
}
