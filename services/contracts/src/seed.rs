//! Generated contracts and payments for benchmarks and the demo: contracts over companies'
//! accounts, signed over the last five years, with ten monthly payments each.

use chrono::NaiveDate;
use eris_platform::config::DatabaseArgs;

use crate::domain::vocabulary::INACTIVE;

/// What to generate.
#[derive(Debug, Clone, Default)]
pub struct ContractPlan {
    pub contracts: i64,
    /// Payments per contract.
    pub payments_per_contract: i64,
    /// (company id, company name, commodity of its accounts, account ids), used in turn.
    pub targets: Vec<(i64, String, String, Vec<i64>)>,
    /// Users named in team roles, in turn.
    pub team_user_ids: Vec<i64>,
    /// Supplier and utility ids by commodity (Electric, Gas).
    pub electric_suppliers: Vec<i64>,
    pub gas_suppliers: Vec<i64>,
    pub electric_utilities: Vec<i64>,
    pub gas_utilities: Vec<i64>,
    pub today: NaiveDate,
}

/// Adds the plan's contracts and payments (connecting and migrating first).
pub async fn generate_contracts(database: &DatabaseArgs, plan: &ContractPlan) -> anyhow::Result<()> {
    let usable = !plan.targets.is_empty()
        && !plan.team_user_ids.is_empty()
        && !plan.electric_suppliers.is_empty()
        && !plan.gas_suppliers.is_empty()
        && !plan.electric_utilities.is_empty()
        && !plan.gas_utilities.is_empty();
    if plan.contracts == 0 || !usable {
        return Ok(());
    }
    let pool = eris_platform::db::connect(database, crate::SCHEMA, &crate::MIGRATOR).await?;
    let ids: Vec<i64> = plan.targets.iter().map(|t| t.0).collect();
    let names: Vec<&str> = plan.targets.iter().map(|t| t.1.as_str()).collect();
    let commodities: Vec<&str> = plan.targets.iter().map(|t| t.2.as_str()).collect();
    let accounts: Vec<String> = plan
        .targets
        .iter()
        .map(|t| format!("{{{}}}", t.3.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")))
        .collect();
    // Every 7th Electric target is a DR contract; volumes, terms and fees vary with the row.
    sqlx::query(
        "with t as (select row_number() over () - 1 as n, * from unnest($2::bigint[], $3::text[], $4::text[], \
           $5::text[]) as x (company_id, name, commodity, accounts)), \
         g as (select g, t.*, case when t.commodity = 'Electric' and g % 7 = 0 then 'DR' else t.commodity end as kind, \
           (array[12, 24, 36, 18, 6])[1 + g % 5] as term, (20000 + (g * 7919) % 880000)::numeric as volume, \
           ($11::date - (g * 37 % 1826))::date as signed \
           from generate_series(0, ($1::bigint - 1)::int) as g join t on t.n = g % $10) \
         insert into contract (company_id, company_name, inside_sales_user_id, closer1_user_id, analyst_user_id, \
           commodity, utility_id, state, date_signed, pricing_type, contract_type, supplier_id, start_date, \
           term_months, contract_rate, fee, billing_type, revenue_split, account_ids, status, annual_volume, \
           term_volume, annual_fee_total, term_fee_total, end_date, created_by, updated_by, signed_through, \
           capacity_percentage) \
         select company_id, name, \
           case when kind = 'DR' then null else ($6::bigint[])[1 + g % cardinality($6::bigint[])] end, \
           case when kind = 'DR' then null else ($6::bigint[])[1 + (g / 3) % cardinality($6::bigint[])] end, \
           case when kind = 'DR' then null else ($6::bigint[])[1 + (g / 7) % cardinality($6::bigint[])] end, \
           kind, \
           case when commodity = 'Gas' then ($9::bigint[])[1 + g % cardinality($9::bigint[])] \
             else ($8::bigint[])[1 + g % cardinality($8::bigint[])] end, \
           'PA', signed, (array['BOX', 'Custom', 'Matrix'])[1 + g % 3], \
           (array['New', 'Renewal', 'Hedge', 'B&E', 'Regained'])[1 + g % 5], \
           case when kind = 'DR' then null when commodity = 'Gas' then ($12::bigint[])[1 + g % cardinality($12::bigint[])] \
             else ($7::bigint[])[1 + g % cardinality($7::bigint[])] end, \
           date_trunc('month', signed + 45)::date, term, 0.05 + (g % 40) * 0.001, \
           case when kind = 'DR' then null else 0.001 * (1 + g % 8) end, \
           (array['Dual', 'Utility Consolidated', 'Supplier Consolidated'])[1 + g % 3], 50 + (g % 3) * 25, \
           accounts::bigint[], case when g % 11 = 0 then 3 when g % 13 = 0 then 1 else 0 end, \
           volume, volume * term / 12, \
           case when kind = 'DR' then 0 else round(volume * 0.001 * (1 + g % 8), 2) end, \
           case when kind = 'DR' then 0 else round(volume * term / 12 * 0.001 * (1 + g % 8), 2) end, \
           (date_trunc('month', signed + 45) + make_interval(months => term) - interval '1 day')::date, \
           ($6::bigint[])[1], ($6::bigint[])[1], \
           case when kind = 'DR' then 'JMI' else '' end, case when kind = 'DR' then 80 end \
         from g",
    )
    .bind(plan.contracts)
    .bind(&ids)
    .bind(&names)
    .bind(&commodities)
    .bind(&accounts)
    .bind(&plan.team_user_ids)
    .bind(&plan.electric_suppliers)
    .bind(&plan.electric_utilities)
    .bind(&plan.gas_utilities)
    .bind(plan.targets.len() as i64)
    .bind(plan.today)
    .bind(&plan.gas_suppliers)
    .execute(&pool)
    .await?;
    // Payments: the first months of each contract's term, projected at its fee; the months
    // already past are paid.
    sqlx::query(
        "insert into payment (contract_id, projected_month, projected_year, revenue_split, projected_usage, \
           projected_payment, payment_month, payment_year, usage_actual, payment_actual, payment_type, updated_by) \
         select c.contract_id, extract(month from m)::smallint, extract(year from m)::int, c.revenue_split, \
           round(c.annual_volume / 12, 4), round(c.annual_volume / 12 * c.revenue_split / 100 * coalesce(c.fee, 0), 2), \
           case when m < $2 then extract(month from m + interval '2 months')::smallint end, \
           case when m < $2 then extract(year from m + interval '2 months')::int end, \
           case when m < $2 then round(c.annual_volume / 12 * 0.97, 4) end, \
           case when m < $2 then round(c.annual_volume / 12 * 0.97 * c.revenue_split / 100 * coalesce(c.fee, 0), 2) end, \
           case when i = 0 then 'Upfront' else 'Residual' end, c.created_by \
         from contract c, generate_series(0, $1::int - 1) as i, \
           lateral (select (c.start_date + make_interval(months => i))::date as m) as month \
         where c.company_id = any($3::bigint[])",
    )
    .bind(plan.payments_per_contract)
    .bind(plan.today)
    .bind(&ids)
    .execute(&pool)
    .await?;
    // Contracts already ended are Inactive, made so the day after their end as the sweep would
    // have, so a service starting on the book has no backlog of sweep events to publish.
    sqlx::query(&format!(
        "update contract set previous_status = status, status = {INACTIVE}, auto_inactive_on = end_date + 1 \
         where end_date < $1 and status <> {INACTIVE} and company_id = any($2::bigint[])"
    ))
    .bind(plan.today)
    .bind(&ids)
    .execute(&pool)
    .await?;
    // Every table the book wrote, the team rows its updates rewrote too: left unvacuumed they
    // held as many dead rows as live ones and no statistics, so a Sales user's book read both.
    for table in ["contract", "contract_team", "payment"] {
        sqlx::query(&format!("vacuum analyze {table}")).execute(&pool).await?;
    }
    pool.close().await;
    Ok(())
}
