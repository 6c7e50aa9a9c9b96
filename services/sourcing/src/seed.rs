//! The demo directories: real distribution utilities of the states the demo book's companies are
//! in, real retail suppliers and DR providers that serve them, and common rate types.

use eris_platform::config::DatabaseArgs;
use sqlx::PgPool;

/// (name, state, commodity, zone, RTO)
const DEMO_UTILITIES: &[(&str, &str, &str, &str, &str)] = &[
    ("PECO", "PA", "Electric", "PECO", "PJM"),
    ("PPL Electric Utilities", "PA", "Electric", "PPL", "PJM"),
    ("Duquesne Light", "PA", "Electric", "DUQ", "PJM"),
    ("Met-Ed", "PA", "Electric", "METED", "PJM"),
    ("Penelec", "PA", "Electric", "PENELEC", "PJM"),
    ("West Penn Power", "PA", "Electric", "APS", "PJM"),
    ("ComEd", "IL", "Electric", "COMED", "PJM"),
    ("Ameren Illinois", "IL", "Electric", "AMIL", "MISO"),
    ("BGE", "MD", "Electric", "BGE", "PJM"),
    ("Pepco", "MD", "Electric", "PEPCO", "PJM"),
    ("Delmarva Power", "DE", "Electric", "DPL", "PJM"),
    ("PSE&G", "NJ", "Electric", "PSEG", "PJM"),
    ("JCP&L", "NJ", "Electric", "JCPL", "PJM"),
    ("Atlantic City Electric", "NJ", "Electric", "AECO", "PJM"),
    ("Con Edison", "NY", "Electric", "J", "NYISO"),
    ("National Grid", "NY", "Electric", "A", "NYISO"),
    ("Central Hudson", "NY", "Electric", "G", "NYISO"),
    ("Eversource", "MA", "Electric", "NEMA", "ISO-NE"),
    ("National Grid", "MA", "Electric", "WCMA", "ISO-NE"),
    ("AEP Ohio", "OH", "Electric", "AEP", "PJM"),
    ("Duke Energy Ohio", "OH", "Electric", "DEOK", "PJM"),
    ("AES Ohio", "OH", "Electric", "DAYTON", "PJM"),
    ("Ohio Edison", "OH", "Electric", "ATSI", "PJM"),
    ("Dominion Energy Virginia", "VA", "Electric", "DOM", "PJM"),
    ("Oncor", "TX", "Electric", "North", "ERCOT"),
    ("CenterPoint Energy", "TX", "Electric", "Houston", "ERCOT"),
    ("PECO", "PA", "Gas", "", ""),
    ("Columbia Gas of Pennsylvania", "PA", "Gas", "", ""),
    ("Peoples Gas", "PA", "Gas", "", ""),
    ("UGI Utilities", "PA", "Gas", "", ""),
    ("Nicor Gas", "IL", "Gas", "", ""),
    ("Peoples Gas", "IL", "Gas", "", ""),
    ("BGE", "MD", "Gas", "", ""),
    ("Washington Gas", "MD", "Gas", "", ""),
    ("PSE&G", "NJ", "Gas", "", ""),
    ("South Jersey Gas", "NJ", "Gas", "", ""),
    ("New Jersey Natural Gas", "NJ", "Gas", "", ""),
    ("Columbia Gas of Ohio", "OH", "Gas", "", ""),
    ("Dominion Energy Ohio", "OH", "Gas", "", ""),
    ("Con Edison", "NY", "Gas", "", ""),
    ("PECO", "PA", "DR", "PECO", "PJM"),
    ("PPL Electric Utilities", "PA", "DR", "PPL", "PJM"),
    ("ComEd", "IL", "DR", "COMED", "PJM"),
    ("BGE", "MD", "DR", "BGE", "PJM"),
    ("PSE&G", "NJ", "DR", "PSEG", "PJM"),
    ("Con Edison", "NY", "DR", "J", "NYISO"),
    ("AEP Ohio", "OH", "DR", "AEP", "PJM"),
    ("Oncor", "TX", "DR", "North", "ERCOT"),
];

/// The demo utilities' ids by commodity.
#[derive(Debug, Clone, Default)]
pub struct DemoUtilities {
    pub electric: Vec<i64>,
    pub gas: Vec<i64>,
    pub dr: Vec<i64>,
}

/// Adds the demo utilities that are missing (connecting and migrating first) and returns the ids
/// of every utility by commodity.
pub async fn demo_utilities(database: &DatabaseArgs) -> anyhow::Result<DemoUtilities> {
    let pool = eris_platform::db::connect(database, crate::SCHEMA, &crate::MIGRATOR).await?;
    let utilities = add_demo_utilities(&pool).await;
    pool.close().await;
    utilities
}

async fn add_demo_utilities(pool: &PgPool) -> anyhow::Result<DemoUtilities> {
    for (name, state, commodity, zone, rto) in DEMO_UTILITIES {
        sqlx::query(
            "insert into utility (name, state, commodity, zone, rto) values ($1, $2, $3, $4, $5) \
             on conflict (name, state, commodity) do nothing",
        )
        .bind(name)
        .bind(state)
        .bind(commodity)
        .bind(zone)
        .bind(rto)
        .execute(pool)
        .await?;
    }
    let ids = |commodity: &'static str| {
        sqlx::query_scalar("select utility_id from utility where commodity = $1 order by utility_id")
            .bind(commodity)
            .fetch_all(pool)
    };
    Ok(DemoUtilities { electric: ids("Electric").await?, gas: ids("Gas").await?, dr: ids("DR").await? })
}

/// (name, commodity): retail suppliers active in the demo states, and DR curtailment providers.
const DEMO_SUPPLIERS: &[(&str, &str)] = &[
    ("Constellation NewEnergy", "Electric"),
    ("Direct Energy Business", "Electric"),
    ("ENGIE Resources", "Electric"),
    ("NRG Business Solutions", "Electric"),
    ("Calpine Energy Solutions", "Electric"),
    ("AEP Energy", "Electric"),
    ("IGS Energy", "Electric"),
    ("Champion Energy Services", "Electric"),
    ("Shell Energy Solutions", "Electric"),
    ("Dynegy Energy Services", "Electric"),
    ("Constellation NewEnergy", "Gas"),
    ("Direct Energy Business", "Gas"),
    ("IGS Energy", "Gas"),
    ("UGI Energy Services", "Gas"),
    ("WGL Energy Services", "Gas"),
    ("Tiger Natural Gas", "Gas"),
    ("South Jersey Energy", "Gas"),
    ("Spark Energy", "Gas"),
    ("CPower", "DR"),
    ("Enel X", "DR"),
    ("Voltus", "DR"),
    ("Enersponse", "DR"),
    ("Centrica Business Solutions", "DR"),
];

/// Rate types contracts commonly carry.
const DEMO_RATE_TYPES: &[&str] = &["Fixed", "Index", "Block and Index", "Fixed with Pass-Through", "Heat Rate"];

/// The demo suppliers' ids by commodity (archived ones left out).
#[derive(Debug, Clone, Default)]
pub struct DemoSuppliers {
    pub electric: Vec<i64>,
    pub gas: Vec<i64>,
    pub dr: Vec<i64>,
}

/// Adds the demo suppliers and rate types that are missing (connecting and migrating first) and
/// returns the ids of every live supplier by commodity.
pub async fn demo_suppliers(database: &DatabaseArgs) -> anyhow::Result<DemoSuppliers> {
    let pool = eris_platform::db::connect(database, crate::SCHEMA, &crate::MIGRATOR).await?;
    let suppliers = add_demo_suppliers(&pool).await;
    pool.close().await;
    suppliers
}

async fn add_demo_suppliers(pool: &PgPool) -> anyhow::Result<DemoSuppliers> {
    for (name, commodity) in DEMO_SUPPLIERS {
        sqlx::query(
            "insert into supplier (name, commodity, broker_agreement_status) values ($1, $2, 'Signed') \
             on conflict (lower(name), commodity) where archived_at is null do nothing",
        )
        .bind(name)
        .bind(commodity)
        .execute(pool)
        .await?;
    }
    for name in DEMO_RATE_TYPES {
        sqlx::query("insert into rate_type (name) values ($1) on conflict (lower(name)) do nothing")
            .bind(name)
            .execute(pool)
            .await?;
    }
    let ids = |commodity: &'static str| {
        sqlx::query_scalar(
            "select supplier_id from supplier where commodity = $1 and archived_at is null order by supplier_id",
        )
        .bind(commodity)
        .fetch_all(pool)
    };
    Ok(DemoSuppliers { electric: ids("Electric").await?, gas: ids("Gas").await?, dr: ids("DR").await? })
}

/// What generated RFPs price and who makes them.
#[derive(Debug, Clone)]
pub struct RfpPlan {
    pub rfps: i64,
    /// (company id, company name, commodity, account ids) to price, used in turn.
    pub targets: Vec<(i64, String, String, Vec<i64>)>,
    pub owner_user_ids: Vec<i64>,
    pub suppliers: DemoSuppliers,
    /// Return dates fall within four months either side of this day.
    pub today: chrono::NaiveDate,
}

/// Adds `plan.rfps` RFPs over the targets: two or three suppliers of the commodity, common terms
/// and products, return dates around today on the hour or half hour, a few Won or Lost.
pub async fn generate_rfps(database: &DatabaseArgs, plan: &RfpPlan) -> anyhow::Result<()> {
    if plan.targets.is_empty() || plan.rfps == 0 {
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
    sqlx::query(
        "insert into rfp (company_id, company_name, len, address, city, state, zip, commodity, start_date, \
         return_date, return_time, supplier_ids, terms, products, fee, account_ids, owner_user_id, outcome) \
         select t.company_id, t.name, t.name || ' LLC', (100 + g % 900) || ' Main St', 'Springfield', 'PA', '19064', \
         t.commodity, date_trunc('month', $9::date + ((g % 12) * 30 + 60))::date, \
         $9::date + (g * 7919 % 241 - 120), make_time(8 + g % 9, (g % 2) * 30, 0), \
         case when t.commodity = 'Electric' \
           then array[($6::bigint[])[1 + g % cardinality($6::bigint[])], \
                      ($6::bigint[])[1 + (g / 3) % cardinality($6::bigint[])]] \
           else array[($7::bigint[])[1 + g % cardinality($7::bigint[])], \
                      ($7::bigint[])[1 + (g / 3) % cardinality($7::bigint[])]] end, \
         case g % 4 when 0 then array[12, 24, 36] when 1 then array[6, 12, 18] when 2 then array[24, 36, 48] \
           else array[12, 24] end, \
         case when g % 3 = 0 then array['Fixed', 'Index'] else array['Fixed'] end, \
         0.001 * (1 + g % 8), t.accounts::bigint[], ($8::bigint[])[1 + g % cardinality($8::bigint[])], \
         case when g % 10 = 0 then 'Lost' else 'Open' end \
         from generate_series(0, ($1::bigint - 1)::int) as g \
         join (select row_number() over () - 1 as n, * from unnest($2::bigint[], $3::text[], $4::text[], $5::text[]) \
               as x (company_id, name, commodity, accounts)) t on t.n = g % $10",
    )
    .bind(plan.rfps)
    .bind(&ids)
    .bind(&names)
    .bind(&commodities)
    .bind(&accounts)
    .bind(&plan.suppliers.electric)
    .bind(&plan.suppliers.gas)
    .bind(&plan.owner_user_ids)
    .bind(plan.today)
    .bind(plan.targets.len() as i64)
    .execute(&pool)
    .await?;
    // Supplier lists of two: drop the repeat when both picks were the same supplier.
    sqlx::query(
        "update rfp set supplier_ids = array(select distinct unnest(supplier_ids)) \
         where cardinality(supplier_ids) <> cardinality(array(select distinct unnest(supplier_ids)))",
    )
    .execute(&pool)
    .await?;
    sqlx::query("vacuum analyze rfp").execute(&pool).await?;
    pool.close().await;
    Ok(())
}
