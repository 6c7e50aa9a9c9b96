//! Realistic generated data: companies with statuses, usage, areas and team roles spread like a
//! brokerage's book, with notes, tasks, call banks, accounts with a year of usage, and contacts. Deterministic for a given seed. Used by
//! `eris-stack --demo` (a small book) and `eris-stack seed` (the benchmark's 100,000 companies).

use chrono::{Datelike, Duration, NaiveDate, Utc};
use eris_platform::config::DatabaseArgs;
use eris_platform::time::BusinessTime;
use eris_proto::crm::v1::PrimaryStatus;
use rand::{Rng, SeedableRng, rngs::StdRng, seq::SliceRandom};
use rust_decimal::Decimal;
use sqlx::{PgPool, Postgres, QueryBuilder};

use crate::domain::company_record::{DR_SECONDARY_OPTIONS, primary_name, secondary_options};

/// How much to generate.
#[derive(Debug, Clone)]
pub struct SeedPlan {
    pub companies: usize,
    pub notes: usize,
    pub tasks: usize,
    pub call_banks: usize,
    /// Accounts spread over the companies, each with 12 months of usage.
    pub accounts: usize,
    /// Accounts of the book's first company on top of those (one large customer).
    pub large_company_accounts: usize,
    pub contacts: usize,
    pub seed: u64,
    /// The users who hold team roles, write notes and get tasks.
    pub user_ids: Vec<i64>,
    /// The utilities prospects name as their areas (and accounts as their utility).
    pub areas: AreaChoices,
    /// The suppliers accounts name.
    pub suppliers: SupplierChoices,
    /// Tasks fall due in business hours of this time zone; entry dates are its dates.
    pub business: BusinessTime,
}

/// The utility ids companies may name as their areas, by commodity (none: no areas).
#[derive(Debug, Clone, Default)]
pub struct AreaChoices {
    pub electric: Vec<i64>,
    pub gas: Vec<i64>,
    pub dr: Vec<i64>,
}

/// The supplier ids accounts may name, by commodity (DR: providers).
#[derive(Debug, Clone, Default)]
pub struct SupplierChoices {
    pub electric: Vec<i64>,
    pub gas: Vec<i64>,
    pub dr: Vec<i64>,
}

impl SeedPlan {
    /// The proportions of a real book: three notes, two tasks, three accounts and two contacts per
    /// company, a call bank per 200, and one customer with many accounts (2,000 in a book of
    /// 100,000).
    pub fn for_companies(
        companies: usize,
        seed: u64,
        user_ids: Vec<i64>,
        areas: AreaChoices,
        suppliers: SupplierChoices,
    ) -> Self {
        Self {
            companies,
            notes: companies * 3,
            tasks: companies * 2,
            call_banks: (companies / 200).max(1),
            accounts: companies * 3,
            large_company_accounts: (companies / 50).min(2000),
            contacts: companies * 2,
            seed,
            user_ids,
            areas,
            suppliers,
            business: BusinessTime::new(chrono_tz::America::New_York),
        }
    }
}

/// First words of generated names (the benchmark searches parts of them).
pub const FIRST: &[&str] = &[
    "Acme",
    "Summit",
    "Riverside",
    "Northgate",
    "Bluewater",
    "Granite",
    "Evergreen",
    "Harbor",
    "Liberty",
    "Pioneer",
    "Keystone",
    "Maple",
    "Oakridge",
    "Silverline",
    "Sterling",
    "Cedar",
    "Atlas",
    "Beacon",
    "Crescent",
    "Frontier",
    "Lakeshore",
    "Meridian",
    "Redwood",
    "Sunrise",
    "Tri-County",
    "Union",
    "Valley",
    "Westfield",
    "Café",
    "Élan",
];
/// Second words of generated names.
pub const SECOND: &[&str] = &[
    "Foundry",
    "Dairy",
    "Logistics",
    "Cold Storage",
    "Plastics",
    "Medical Center",
    "School District",
    "Hotel",
    "Apartments",
    "Brewing",
    "Bakery",
    "Printing",
    "Textiles",
    "Auto Parts",
    "Grocers",
    "Data Center",
    "Church",
    "Manufacturing",
    "Tool & Die",
    "Farms",
    "Laundry",
    "Fitness",
    "Senior Living",
    "Warehousing",
];
const SUFFIX: &[&str] = &["LLC", "Inc", "Corp", "Co", "Group", "Holdings", ""];
const PLACES: &[(&str, &str)] = &[
    ("Philadelphia", "PA"),
    ("Pittsburgh", "PA"),
    ("Newark", "NJ"),
    ("Trenton", "NJ"),
    ("Baltimore", "MD"),
    ("Columbus", "OH"),
    ("Cleveland", "OH"),
    ("Chicago", "IL"),
    ("Boston", "MA"),
    ("Albany", "NY"),
    ("Hartford", "CT"),
    ("Wilmington", "DE"),
    ("Washington", "DC"),
    ("Houston", "TX"),
    ("Dallas", "TX"),
];
const STREETS: &[&str] = &["Main St", "Market St", "Industrial Pkwy", "Commerce Dr", "Oak Ave", "Route 9", "Harbor Rd"];
const NOTE_TEXTS: &[&str] = &[
    "Left a voicemail for the facilities manager.",
    "Sent pricing for a 24-month fixed product.",
    "Customer asked for a comparison with their current supplier.",
    "Collected the last 12 months of utility bills.",
    "Discussed demand response enrollment for the summer season.",
    "Decision maker is travelling; follow up next week.",
];
const TASK_SUBJECTS: &[&str] = &["Call back", "Send pricing", "Collect bills", "Renewal review", "DR enrollment"];
const TYPES: &[&str] = &["Brokerage", "Demand Response", "Follow Up", "Contract Renewal"];
const NOTE_SERVICES: &[&str] = &["Energy Efficiencies", "DR", "Bill Management", "Brokerage", "All"];
const REP_TYPES: &[&str] = &["Inside", "Admin", "Closer", "Analyst", "Customer Care"];

fn pick_primary(rng: &mut StdRng, none_share: f64) -> PrimaryStatus {
    if rng.gen_bool(none_share) {
        return PrimaryStatus::Unspecified;
    }
    match rng.gen_range(0..100) {
        0..45 => PrimaryStatus::Prospect,
        45..65 => PrimaryStatus::Opportunity,
        65..85 => PrimaryStatus::Customer,
        85..90 => PrimaryStatus::FormerCustomer,
        _ => PrimaryStatus::Dead,
    }
}

fn pick_secondaries(rng: &mut StdRng, options: &[&str]) -> String {
    let count = if options.is_empty() { 0 } else { rng.gen_range(0..=2.min(options.len())) };
    let chosen: Vec<&str> = options.choose_multiple(rng, count).copied().collect();
    chosen.join("|")
}

fn maybe_user(rng: &mut StdRng, users: &[i64], share: f64) -> Option<i64> {
    (!users.is_empty() && rng.gen_bool(share)).then(|| users[rng.gen_range(0..users.len())])
}

/// Usage spread like a book of commercial accounts: mostly small, a long tail of large ones.
fn usage(rng: &mut StdRng, median: f64) -> Decimal {
    let factor: f64 = (rng.gen_range(-1.5f64..2.5)).exp();
    Decimal::from((median * factor).round() as i64)
}

/// Generates the plan into the crm schema (connecting and migrating first).
pub async fn generate(database: &DatabaseArgs, plan: &SeedPlan) -> anyhow::Result<()> {
    let pool = eris_platform::db::connect(database, crate::SCHEMA, &crate::MIGRATOR).await?;
    generate_into(&pool, plan).await?;
    pool.close().await;
    Ok(())
}

/// Generates the demo book once: nothing happens when companies exist already.
pub async fn demo(
    database: &DatabaseArgs,
    user_ids: Vec<i64>,
    areas: AreaChoices,
    suppliers: SupplierChoices,
    business: BusinessTime,
) -> anyhow::Result<bool> {
    let pool = eris_platform::db::connect(database, crate::SCHEMA, &crate::MIGRATOR).await?;
    let empty: bool = sqlx::query_scalar("select not exists (select 1 from company)").fetch_one(&pool).await?;
    if empty {
        let plan = SeedPlan { business, ..SeedPlan::for_companies(300, 2026, user_ids, areas, suppliers) };
        generate_into(&pool, &plan).await?;
    }
    pool.close().await;
    Ok(empty)
}

async fn generate_into(pool: &PgPool, plan: &SeedPlan) -> anyhow::Result<()> {
    let mut rng = StdRng::seed_from_u64(plan.seed);
    let users = &plan.user_ids;
    let today = plan.business.today();
    let first_id: i64 =
        sqlx::query_scalar("select coalesce(max(company_id), 0) + 1 from company").fetch_one(pool).await?;
    for chunk_start in (0..plan.companies).step_by(1000) {
        let count = 1000.min(plan.companies - chunk_start);
        let mut builder: QueryBuilder<'_, Postgres> = QueryBuilder::new(
            "insert into company (name, address, city, state, zip, entry_date, primary_electric_status, \
             secondary_electric_statuses, primary_gas_status, secondary_gas_statuses, primary_dr_status, \
             secondary_dr_statuses, electric_contract_end_date, gas_contract_end_date, electric_usage, gas_usage, \
             dr_reduction, electric_area_utility_id, gas_area_utility_id, dr_area_utility_id, inside_user_id, \
             closer_user_id, analyst_user_id, admin_user_id, customer_care_user_id, utilities, w9) ",
        );
        let rows: Vec<_> = (0..count).map(|_| company_values(&mut rng, users, &plan.areas, today)).collect();
        builder.push_values(rows, |mut b, row| {
            b.push_bind(row.name)
                .push_bind(row.address)
                .push_bind(row.city)
                .push_bind(row.state)
                .push_bind(row.zip)
                .push_bind(row.entry_date)
                .push_bind(row.electric.0)
                .push("string_to_array(")
                .push_bind_unseparated(row.electric.1)
                .push_unseparated(", '|')")
                .push_bind(row.gas.0)
                .push("string_to_array(")
                .push_bind_unseparated(row.gas.1)
                .push_unseparated(", '|')")
                .push_bind(row.dr.0)
                .push("string_to_array(")
                .push_bind_unseparated(row.dr.1)
                .push_unseparated(", '|')")
                .push_bind(row.electric_end)
                .push_bind(row.gas_end)
                .push_bind(row.electric_usage)
                .push_bind(row.gas_usage)
                .push_bind(row.dr_reduction)
                .push_bind(row.electric_area)
                .push_bind(row.gas_area)
                .push_bind(row.dr_area)
                .push_bind(row.team[0])
                .push_bind(row.team[1])
                .push_bind(row.team[2])
                .push_bind(row.team[3])
                .push_bind(row.team[4])
                .push_bind(row.utilities)
                .push_bind(row.w9);
        });
        builder.build().execute(pool).await?;
    }
    let last_id = first_id + plan.companies as i64 - 1;
    let company = |rng: &mut StdRng| rng.gen_range(first_id..=last_id);

    for chunk_start in (0..plan.notes).step_by(5000) {
        let count = 5000.min(plan.notes - chunk_start);
        let mut builder: QueryBuilder<'_, Postgres> =
            QueryBuilder::new("insert into note (company_id, user_id, text, service, follow_up_date, created_at) ");
        let rows: Vec<_> = (0..count)
            .map(|_| {
                let days_ago = rng.gen_range(0..720);
                let created = Utc::now() - Duration::days(days_ago) - Duration::minutes(rng.gen_range(0..600));
                let follow = rng.gen_bool(0.3).then(|| today + Duration::days(rng.gen_range(1..60)));
                (
                    company(&mut rng),
                    users.choose(&mut rng).copied().unwrap_or(1),
                    *NOTE_TEXTS.choose(&mut rng).unwrap_or(&""),
                    *NOTE_SERVICES.choose(&mut rng).unwrap_or(&"All"),
                    follow,
                    created,
                )
            })
            .collect();
        builder.push_values(rows, |mut b, (company_id, user_id, text, service, follow, created)| {
            b.push_bind(company_id)
                .push_bind(user_id)
                .push_bind(text)
                .push_bind(service)
                .push_bind(follow)
                .push_bind(created);
        });
        builder.build().execute(pool).await?;
    }

    let first_task: i64 = sqlx::query_scalar("select coalesce(max(task_id), 0) + 1 from task").fetch_one(pool).await?;
    for chunk_start in (0..plan.tasks).step_by(5000) {
        let count = 5000.min(plan.tasks - chunk_start);
        let mut builder: QueryBuilder<'_, Postgres> = QueryBuilder::new(
            "insert into task (type, subject, description, due_at, status, company_id, author_user_id) ",
        );
        let rows: Vec<_> = (0..count)
            .map(|_| {
                // Due on a weekday between 08:00 and 17:45 business time, on the quarter hour.
                let mut day = today + Duration::days(rng.gen_range(-90..60));
                while matches!(day.weekday(), chrono::Weekday::Sat | chrono::Weekday::Sun) {
                    day += Duration::days(1);
                }
                let minutes = 8 * 60 + 15 * rng.gen_range(0..40);
                let local = day.and_time(chrono::NaiveTime::MIN) + Duration::minutes(minutes);
                let due = plan.business.instant(local);
                let status = if due < Utc::now() && rng.gen_bool(0.8) { "Closed" } else { "Open" };
                (
                    *TYPES.choose(&mut rng).unwrap_or(&"Follow Up"),
                    *TASK_SUBJECTS.choose(&mut rng).unwrap_or(&"Call back"),
                    due,
                    status,
                    company(&mut rng),
                    users.choose(&mut rng).copied().unwrap_or(1),
                )
            })
            .collect();
        builder.push_values(rows, |mut b, (task_type, subject, due, status, company_id, author)| {
            b.push_bind(task_type)
                .push_bind(subject)
                .push_bind("")
                .push_bind(due)
                .push_bind(status)
                .push_bind(company_id)
                .push_bind(author);
        });
        builder.build().execute(pool).await?;
    }
    if !users.is_empty() && plan.tasks > 0 {
        // Each task goes to one or two users, derived from its id so reruns agree.
        sqlx::query(
            "insert into task_assignee (task_id, user_id) \
             select t.task_id, ($2::bigint[])[1 + (t.task_id % cardinality($2::bigint[]))] from task t where t.task_id >= $1 \
             union select t.task_id, ($2::bigint[])[1 + ((t.task_id / 7) % cardinality($2::bigint[]))] from task t \
             where t.task_id >= $1 and t.task_id % 5 = 0 on conflict do nothing",
        )
        .bind(first_task)
        .bind(users)
        .execute(pool)
        .await?;
    }

    for index in 0..plan.call_banks {
        let due = today + Duration::days(rng.gen_range(-10..45));
        let assignee = users.choose(&mut rng).copied().unwrap_or(1);
        let call_bank_id: i64 = sqlx::query_scalar(
            "insert into call_bank (name, service_type, assignee_user_id, rep_type, due_date) values ($1, $2, $3, $4, $5) \
             returning call_bank_id",
        )
        .bind(format!("{} list {}", TYPES[index % TYPES.len()], index + 1))
        .bind(TYPES[index % TYPES.len()])
        .bind(assignee)
        .bind(*REP_TYPES.choose(&mut rng).unwrap_or(&"Inside"))
        .bind(due)
        .fetch_one(pool)
        .await?;
        let members: Vec<i64> = (0..rng.gen_range(5..40)).map(|_| company(&mut rng)).collect();
        let closed_share = rng.gen_range(0.0..1.0);
        sqlx::query(
            "insert into call_bank_company (call_bank_id, company_id, status) \
             select $1, id, case when random() < $3 then 'Closed' else 'Open' end from unnest($2::bigint[]) as id \
             on conflict do nothing",
        )
        .bind(call_bank_id)
        .bind(&members)
        .bind(closed_share)
        .execute(pool)
        .await?;
    }
    generate_accounts(pool, plan, &mut rng, first_id..=last_id, today).await?;
    generate_contacts(pool, plan, &mut rng, first_id..=last_id).await?;
    // Fresh statistics and visibility for the planner, as autovacuum would give a live database.
    sqlx::query("vacuum analyze").execute(pool).await?;
    Ok(())
}

struct GeneratedCompany {
    name: String,
    address: String,
    city: &'static str,
    state: &'static str,
    zip: String,
    entry_date: NaiveDate,
    electric: (Option<&'static str>, String),
    gas: (Option<&'static str>, String),
    dr: (Option<&'static str>, String),
    electric_end: Option<NaiveDate>,
    gas_end: Option<NaiveDate>,
    electric_usage: Option<Decimal>,
    gas_usage: Option<Decimal>,
    dr_reduction: Option<Decimal>,
    electric_area: Option<i64>,
    gas_area: Option<i64>,
    dr_area: Option<i64>,
    team: [Option<i64>; 5],
    utilities: bool,
    w9: bool,
}

/// Most prospects have their area set; it stays as it was when they move on, so others keep some.
fn area(rng: &mut StdRng, status: PrimaryStatus, choices: &[i64]) -> Option<i64> {
    let chance = if status == PrimaryStatus::Prospect { 0.6 } else { 0.3 };
    if status == PrimaryStatus::Unspecified || !rng.gen_bool(chance) {
        return None;
    }
    choices.choose(rng).copied()
}

fn company_values(rng: &mut StdRng, users: &[i64], areas: &AreaChoices, today: NaiveDate) -> GeneratedCompany {
    let suffix = SUFFIX.choose(rng).copied().unwrap_or("");
    let name = format!("{} {} {suffix}", FIRST.choose(rng).unwrap_or(&"Acme"), SECOND.choose(rng).unwrap_or(&"Co"));
    let (city, state) = *PLACES.choose(rng).unwrap_or(&("Philadelphia", "PA"));
    let electric = pick_primary(rng, 0.05);
    let gas = pick_primary(rng, 0.4);
    let dr = pick_primary(rng, 0.7);
    let end = |rng: &mut StdRng, status: PrimaryStatus| {
        matches!(status, PrimaryStatus::Customer | PrimaryStatus::Opportunity | PrimaryStatus::FormerCustomer)
            .then(|| today + Duration::days(rng.gen_range(-180..1100)))
    };
    GeneratedCompany {
        name: name.trim().to_owned(),
        address: format!("{} {}", rng.gen_range(1..9999), STREETS.choose(rng).unwrap_or(&"Main St")),
        city,
        state,
        zip: format!("{:05}", rng.gen_range(1000..99_999)),
        entry_date: today - Duration::days(rng.gen_range(0..3650)),
        electric: (primary_name(electric), pick_secondaries(rng, secondary_options(electric))),
        gas: (primary_name(gas), pick_secondaries(rng, secondary_options(gas))),
        dr: (
            primary_name(dr),
            if dr == PrimaryStatus::Unspecified { String::new() } else { pick_secondaries(rng, DR_SECONDARY_OPTIONS) },
        ),
        electric_end: end(rng, electric),
        gas_end: end(rng, gas),
        electric_usage: (electric != PrimaryStatus::Unspecified).then(|| usage(rng, 400_000.0)),
        gas_usage: (gas != PrimaryStatus::Unspecified).then(|| usage(rng, 20_000.0)),
        dr_reduction: (dr != PrimaryStatus::Unspecified).then(|| usage(rng, 150.0)),
        electric_area: area(rng, electric, &areas.electric),
        gas_area: area(rng, gas, &areas.gas),
        dr_area: area(rng, dr, &areas.dr),
        team: [
            maybe_user(rng, users, 0.8),
            maybe_user(rng, users, 0.7),
            maybe_user(rng, users, 0.5),
            maybe_user(rng, users, 0.3),
            maybe_user(rng, users, 0.2),
        ],
        utilities: rng.gen_bool(0.3),
        w9: rng.gen_bool(0.4),
    }
}

const SITE_NAMES: &[&str] =
    &["Main Plant", "Warehouse", "Office", "Building A", "Building B", "Cold Storage", "Annex", "Parking Lights"];
const RATE_CLASSES: &[&str] = &["GS", "GS-Small", "GL", "LP", "HT", "Commercial"];
/// Share of a year's use in each month, electric (summer peak) and gas (winter peak); each sums
/// to 1.
const ELECTRIC_MONTHS: [f64; 12] = [0.08, 0.075, 0.078, 0.076, 0.082, 0.092, 0.1, 0.1, 0.088, 0.079, 0.075, 0.075];
const GAS_MONTHS: [f64; 12] = [0.17, 0.15, 0.12, 0.08, 0.04, 0.025, 0.02, 0.02, 0.03, 0.06, 0.12, 0.165];

/// One generated account: (company, name, number, utility, supplier, commodity, rate class, city,
/// state, plc, dr (status, provider, summer kW), annual use, peak kW).
struct GeneratedAccount {
    company_id: i64,
    name: String,
    number: String,
    utility: Option<i64>,
    supplier: Option<i64>,
    commodity: &'static str,
    rate_class: &'static str,
    city: &'static str,
    state: &'static str,
    plc: Option<Decimal>,
    dr: Option<(&'static str, Option<i64>, Decimal)>,
    annual: Decimal,
    peak_kw: Option<Decimal>,
}

fn account_values(rng: &mut StdRng, plan: &SeedPlan, company_id: i64, index: usize) -> GeneratedAccount {
    let electric = rng.gen_bool(0.7);
    let (city, state) = *PLACES.choose(rng).unwrap_or(&("Philadelphia", "PA"));
    let (utilities, suppliers) = if electric {
        (&plan.areas.electric, &plan.suppliers.electric)
    } else {
        (&plan.areas.gas, &plan.suppliers.gas)
    };
    let annual = if electric { usage(rng, 300_000.0) } else { usage(rng, 15_000.0) };
    // A load factor between 0.3 and 0.8 gives the peak kW of an electric account.
    let peak_kw = electric.then(|| {
        let load_factor = rng.gen_range(0.3..0.8);
        Decimal::from_f64_retain((annual.to_string().parse::<f64>().unwrap_or(0.0) / (load_factor * 8760.0)).round())
            .unwrap_or_default()
    });
    let dr = (electric && rng.gen_bool(0.1)).then(|| {
        let status = if rng.gen_bool(0.7) { "Registered" } else { "Unregistered" };
        (status, plan.suppliers.dr.choose(rng).copied(), Decimal::from(rng.gen_range(20..500)))
    });
    GeneratedAccount {
        company_id,
        name: format!("{} {}", SITE_NAMES.choose(rng).unwrap_or(&"Site"), index % 100 + 1),
        number: format!("{:010}", rng.gen_range(0..10_000_000_000_i64)),
        utility: utilities.choose(rng).copied(),
        supplier: rng.gen_bool(0.8).then(|| suppliers.choose(rng).copied()).flatten(),
        commodity: if electric { "Electric" } else { "Gas" },
        rate_class: RATE_CLASSES.choose(rng).unwrap_or(&"GS"),
        city,
        state,
        plc: peak_kw.map(|kw| (kw * Decimal::new(9, 1)).round_dp(1)),
        dr,
        annual,
        peak_kw,
    }
}

/// Accounts spread over the companies (the first company gets the large customer's many), a year
/// of usage each derived from their annual use, and the companies' totals.
async fn generate_accounts(
    pool: &PgPool,
    plan: &SeedPlan,
    rng: &mut StdRng,
    companies: std::ops::RangeInclusive<i64>,
    today: NaiveDate,
) -> anyhow::Result<()> {
    if plan.accounts == 0 && plan.large_company_accounts == 0 {
        return Ok(());
    }
    let first_account: i64 =
        sqlx::query_scalar("select coalesce(max(account_id), 0) + 1 from account").fetch_one(pool).await?;
    let total = plan.accounts + plan.large_company_accounts;
    for chunk_start in (0..total).step_by(2000) {
        let count = 2000.min(total - chunk_start);
        let rows: Vec<GeneratedAccount> = (chunk_start..chunk_start + count)
            .map(|index| {
                let company_id = if index < plan.large_company_accounts {
                    *companies.start()
                } else {
                    rng.gen_range(companies.clone())
                };
                account_values(rng, plan, company_id, index)
            })
            .collect();
        let mut builder: QueryBuilder<'_, Postgres> = QueryBuilder::new(
            "insert into account (company_id, name, account_number, utility_id, supplier_id, commodity, rate_class, \
             city, state, plc, is_dr, dr_status, dr_provider_supplier_id, summer_registered_kw, annual_usage, peak_kw) ",
        );
        builder.push_values(rows, |mut b, row| {
            b.push_bind(row.company_id)
                .push_bind(row.name)
                .push_bind(row.number)
                .push_bind(row.utility)
                .push_bind(row.supplier)
                .push_bind(row.commodity)
                .push_bind(row.rate_class)
                .push_bind(row.city)
                .push_bind(row.state)
                .push_bind(row.plc)
                .push_bind(row.dr.is_some())
                .push_bind(row.dr.map(|dr| dr.0))
                .push_bind(row.dr.and_then(|dr| dr.1))
                .push_bind(row.dr.map(|dr| dr.2))
                .push_bind(row.annual)
                .push_bind(row.peak_kw);
        });
        builder.build().execute(pool).await?;
    }
    // Twelve months from each account's annual use and peak, entered over the past year; then
    // the annual figures from the months, as a usage save would leave them.
    let electric: Vec<f64> = ELECTRIC_MONTHS.to_vec();
    let gas: Vec<f64> = GAS_MONTHS.to_vec();
    sqlx::query(
        "insert into usage_month (account_id, month, value, kw, entry_date) \
         select a.account_id, m.month, round(a.annual_usage * (case when a.commodity = 'Gas' then m.gas else m.electric end)::numeric, 2), \
         case when a.commodity = 'Electric' then round(a.peak_kw * (0.7 + 0.3 * m.electric / 0.1)::numeric, 1) end, \
         $2::date - ((12 - m.month) * 30)::int \
         from account a cross join unnest($3::float8[], $4::float8[]) with ordinality as m (electric, gas, month) \
         where a.account_id >= $1",
    )
    .bind(first_account)
    .bind(today)
    .bind(electric)
    .bind(gas)
    .execute(pool)
    .await?;
    sqlx::query(
        "update account a set annual_usage = u.total, peak_kw = u.peak, usage_updated_at = now() \
         from (select account_id, sum(value) as total, max(kw) as peak from usage_month where account_id >= $1 \
               group by account_id) u where a.account_id = u.account_id",
    )
    .bind(first_account)
    .execute(pool)
    .await?;
    sqlx::query(
        "update company c set total_kwh = t.kwh, total_therms = t.therms \
         from (select company_id, coalesce(sum(annual_usage) filter (where commodity = 'Electric'), 0) as kwh, \
               coalesce(sum(annual_usage) filter (where commodity = 'Gas'), 0) as therms \
               from account group by company_id) t \
         where c.company_id = t.company_id and c.company_id between $1 and $2",
    )
    .bind(companies.start())
    .bind(companies.end())
    .execute(pool)
    .await?;
    Ok(())
}

const FIRST_NAMES: &[&str] = &["Ann", "Luis", "Priya", "Tom", "Grace", "Omar", "Kate", "Wei", "Sam", "Rosa", "José"];
const LAST_NAMES: &[&str] =
    &["Lee", "Garcia", "Patel", "Murphy", "Chen", "Okafor", "Novak", "Schmidt", "Rossi", "Kim", "Müller"];
const TITLES: &[&str] = &["Facilities Manager", "CFO", "Owner", "Plant Manager", "Controller", "Energy Manager"];
const CONTACT_TYPES: &[&str] = &["Brokerage", "Demand Response", "Bill Management", "DR – Primary", "All", "Other"];

async fn generate_contacts(
    pool: &PgPool,
    plan: &SeedPlan,
    rng: &mut StdRng,
    companies: std::ops::RangeInclusive<i64>,
) -> anyhow::Result<()> {
    for chunk_start in (0..plan.contacts).step_by(5000) {
        let count = 5000.min(plan.contacts - chunk_start);
        let rows: Vec<_> = (0..count)
            .map(|_| {
                let first = *FIRST_NAMES.choose(rng).unwrap_or(&"Ann");
                let last = *LAST_NAMES.choose(rng).unwrap_or(&"Lee");
                let email = format!("{}.{}@example.com", first.to_lowercase(), last.to_lowercase());
                let phone = format!("215-555-{:04}", rng.gen_range(0..10_000));
                let priority = rng.gen_bool(0.7).then(|| rng.gen_range(1_i16..=15));
                let title = *TITLES.choose(rng).unwrap_or(&"Owner");
                let contact_type = *CONTACT_TYPES.choose(rng).unwrap_or(&"All");
                (rng.gen_range(companies.clone()), first, last, email, title, phone, contact_type, priority)
            })
            .collect();
        let mut builder: QueryBuilder<'_, Postgres> = QueryBuilder::new(
            "insert into contact (company_id, first_name, last_name, email, title, office_phone, contact_type, priority) ",
        );
        builder.push_values(rows, |mut b, (company_id, first, last, email, title, phone, contact_type, priority)| {
            b.push_bind(company_id)
                .push_bind(first)
                .push_bind(last)
                .push_bind(email)
                .push_bind(title)
                .push_bind(phone)
                .push_bind(contact_type)
                .push_bind(priority);
        });
        builder.build().execute(pool).await?;
    }
    Ok(())
}

/// A company and some of its accounts of one commodity: what a generated RFP prices.
#[derive(Debug, Clone)]
pub struct RfpTarget {
    pub company_id: i64,
    pub company_name: String,
    pub commodity: String,
    pub account_ids: Vec<i64>,
}

/// Up to `count` (company, commodity) pairs with accounts, spread over the book in a fixed
/// order, each with up to five of its accounts (the large customer with fifty).
pub async fn rfp_targets(database: &DatabaseArgs, count: i64) -> anyhow::Result<Vec<RfpTarget>> {
    let pool = eris_platform::db::connect(database, crate::SCHEMA, &crate::MIGRATOR).await?;
    let rows: Vec<(i64, String, String, Vec<i64>)> = sqlx::query_as(
        "select c.company_id, c.name, a.commodity, \
         (array_agg(a.account_id order by a.account_id))[1:case when c.company_id = 1 then 50 else 5 end] \
         from company c join account a on a.company_id = c.company_id \
         group by c.company_id, c.name, a.commodity \
         order by c.company_id = 1 desc, md5(c.company_id::text || a.commodity) limit $1",
    )
    .bind(count)
    .fetch_all(&pool)
    .await?;
    pool.close().await;
    Ok(rows
        .into_iter()
        .map(|(company_id, company_name, commodity, account_ids)| RfpTarget {
            company_id,
            company_name,
            commodity,
            account_ids,
        })
        .collect())
}
