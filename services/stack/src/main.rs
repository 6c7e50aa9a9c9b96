//! `eris-stack`: every Eris service and the gateway in one process, each on its own port as when
//! deployed apart. Calls between them are handed straight to the called service's stack instead
//! of crossing loopback TCP (the same gRPC clients and layers; see `eris_platform::local`) unless
//! switched off.

use std::{net::SocketAddr, path::PathBuf};

use anyhow::Context as _;
use clap::{Parser, Subcommand};
use eris_platform::{
    config::{BusinessArgs, DatabaseArgs, RedisArgs, ServiceSecretArgs, ShutdownArgs, TokenArgs},
    service::{ServiceArgs, Shutdown},
};
use tokio::{net::TcpListener, sync::watch, task::JoinSet};

#[derive(Debug, Parser)]
#[command(name = "eris-stack", about = "Every Eris service and the gateway in one process")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve everything (the default).
    Serve(Box<ServeArgs>),
    /// Generate a realistic book of companies with notes, tasks and call banks (for benchmarks).
    Seed(SeedArgs),
}

#[derive(Debug, Clone, clap::Args)]
struct SeedArgs {
    /// How many companies; notes, tasks and call banks follow in a brokerage's proportions.
    #[arg(long, default_value_t = 100_000)]
    companies: usize,
    /// The random seed: the same seed gives the same data.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// The demo users' password (the generated book's team roles go to the demo users).
    #[arg(long, env = "ERIS_DEMO_PASSWORD", default_value = "eris-demo-2026")]
    demo_password: String,
    #[command(flatten)]
    database: DatabaseArgs,
    #[command(flatten)]
    business: BusinessArgs,
}

#[derive(Debug, Clone, clap::Args)]
struct ServeArgs {
    /// Create or refresh the demo users (one per role) before serving. Never in production.
    #[arg(long, env = "ERIS_DEMO", default_value_t = false)]
    demo: bool,
    /// The demo users' password.
    #[arg(long, env = "ERIS_DEMO_PASSWORD", default_value = "eris-demo-2026")]
    demo_password: String,
    /// Address of the gateway (the web app, REST and gRPC-web).
    #[arg(long, env = "ERIS_LISTEN", default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// See the sourcing service's `--rfp-few-companies`.
    #[arg(long, env = "ERIS_RFP_FEW_COMPANIES", default_value_t = 2000)]
    rfp_few_companies: i32,
    /// Address the gateway serves `/metrics` on, apart from the public listener; unset, none.
    #[arg(long, env = "ERIS_METRICS_LISTEN")]
    metrics_listen: Option<SocketAddr>,
    /// Host the gRPC services listen on.
    #[arg(long, env = "ERIS_GRPC_HOST", default_value = "127.0.0.1")]
    grpc_host: String,
    /// Port of identity; crm, contracts, sourcing and reporting take the next four.
    #[arg(long, env = "ERIS_GRPC_BASE_PORT", default_value_t = 50051)]
    grpc_base_port: u16,
    /// Directory of the built web app.
    #[arg(long, env = "ERIS_WEB_DIST", default_value = "web/dist")]
    web_dist: PathBuf,
    #[command(flatten)]
    database: DatabaseArgs,
    #[command(flatten)]
    redis: RedisArgs,
    #[command(flatten)]
    business: BusinessArgs,
    #[command(flatten)]
    auth: eris_identity::config::AuthArgs,
    #[command(flatten)]
    contract_files: eris_contracts::config::FileArgs,
    #[command(flatten)]
    shutdown: ShutdownArgs,
    #[command(flatten)]
    secret: ServiceSecretArgs,
    /// Rebuild the reporting read models from the services once they serve (always with --demo):
    /// data written straight into the schemas, such as the demo's and `seed`'s, reaches the
    /// reports this way.
    #[arg(long, env = "ERIS_REBUILD_REPORTS", default_value_t = false, action = clap::ArgAction::Set)]
    rebuild_reports: bool,
    /// Calls between the services and from the gateway go straight to the called service within
    /// the process (false: over loopback TCP, as between processes; the ports serve TCP callers
    /// either way).
    #[arg(long, env = "ERIS_IN_PROCESS_TRANSPORT", default_value_t = true, action = clap::ArgAction::Set)]
    in_process_transport: bool,
}

#[global_allocator]
static ALLOCATOR: eris_platform::service::Allocator = eris_platform::service::Allocator;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    eris_platform::config::load_secret_files()?;
    let cli = Cli::parse();
    let _telemetry = eris_platform::telemetry::init("eris-stack")?;
    match cli.command {
        Some(Command::Serve(args)) => serve(*args).await,
        Some(Command::Seed(args)) => seed(args).await,
        None => serve(cli.serve).await,
    }
}

/// Rebuilds the reporting read models once the services answer (their listeners are bound, so a
/// snapshot call waits until each serves).
async fn rebuild_reports(database: &DatabaseArgs, sources: &eris_reporting::sources::Sources) -> anyhow::Result<()> {
    let pool = eris_platform::db::connect(database, eris_reporting::SCHEMA, &eris_reporting::MIGRATOR).await?;
    let mut last_error = None;
    for _ in 0..30 {
        let started = std::time::Instant::now();
        match eris_reporting::rebuild::rebuild(&pool, sources).await {
            Ok(counts) => {
                let counts: Vec<String> = counts.iter().map(|(service, count)| format!("{service} {count}")).collect();
                let seconds = started.elapsed().as_secs_f64();
                println!("Reports rebuilt from the services in {seconds:.1} s: {}.", counts.join(", "));
                return Ok(());
            }
            Err(error) => last_error = Some(error),
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
    Err(last_error.unwrap_or_else(|| anyhow::anyhow!("no attempt")))
}

async fn bind(address: String) -> anyhow::Result<TcpListener> {
    TcpListener::bind(&address).await.with_context(|| format!("binding {address}"))
}

async fn serve(args: ServeArgs) -> anyhow::Result<()> {
    eris_platform::local::set_enabled(args.in_process_transport);
    let address = |offset: u16| format!("{}:{}", args.grpc_host, args.grpc_base_port + offset);
    let url = |offset: u16| format!("http://{}", address(offset));
    let listeners = [
        bind(address(0)).await?,
        bind(address(1)).await?,
        bind(address(2)).await?,
        bind(address(3)).await?,
        bind(address(4)).await?,
    ];
    let gateway_listener = bind(args.listen.to_string()).await?;

    let mut beta_user_ids = args.auth.contracts_beta_user_ids.clone();
    if args.demo {
        let users = eris_identity::seed::demo_users(&args.database, &args.demo_password).await?;
        if beta_user_ids.is_empty() {
            // The demo's Management and Admin users try the beta contract screens.
            beta_user_ids = users
                .iter()
                .filter(|u| matches!(u.fields.role.as_str(), "Management" | "Admin"))
                .map(|u| u.user_id)
                .collect();
        }
        println!("Demo users (password: {}):", args.demo_password);
        for user in &users {
            println!("  {:<24} {}", user.fields.email, user.fields.role);
        }
        let (areas, suppliers) = demo_directories(&args.database).await?;
        let business = eris_platform::time::BusinessTime::new(args.business.time_zone);
        let user_ids = users.iter().map(|u| u.user_id).collect();
        let rfp_suppliers = suppliers.clone();
        if eris_crm::seed::demo(&args.database, user_ids, areas, suppliers, business).await? {
            generate_rfps(&args.database, 150, rfp_owners(&users), rfp_suppliers.clone(), business.today()).await?;
            generate_contracts(&args.database, 150, &users, rfp_suppliers, business.today()).await?;
            println!("Demo companies, notes, tasks, call banks, accounts, contacts, RFPs and contracts created.");
        }
    }

    let (stop, stopped) = watch::channel(false);
    let until_stopped = || -> Shutdown {
        let mut stopped = stopped.clone();
        Box::pin(async move {
            let _ = stopped.wait_for(|stop| *stop).await;
        })
    };
    let token = TokenArgs { identity_url: url(0), jwt_public_key: None };
    // Every service of the stack shares one service secret: made for this run unless set.
    let mut secret = args.secret.clone();
    if secret.service_secret.is_none() {
        secret.service_secret = Some(uuid::Uuid::new_v4().simple().to_string().as_str().into());
    }
    let [identity, crm, contracts, sourcing, reporting] = listeners;
    let listen = |listener: &TcpListener| listener.local_addr().expect("bound");
    let service = ServiceArgs {
        database: args.database.clone(),
        redis: args.redis.clone(),
        token: token.clone(),
        business: args.business.clone(),
        shutdown: args.shutdown.clone(),
        secret: secret.clone(),
        // The stack's gateway serves every service's metrics.
        metrics: Default::default(),
    };

    let mut tasks = JoinSet::new();
    let mut auth = args.auth.clone();
    auth.contracts_beta_user_ids.clone_from(&beta_user_ids);
    if auth.trusted_proxies.is_empty() {
        // The stack's own gateway reaches identity over loopback and names the client; a secret
        // made for this run proves it is the gateway, not another local caller.
        auth.trusted_proxies =
            vec!["127.0.0.1".parse().map_err(anyhow::Error::msg)?, "::1".parse().map_err(anyhow::Error::msg)?];
        if auth.proxy_secret.is_none() {
            auth.proxy_secret = Some(uuid::Uuid::new_v4().simple().to_string().as_str().into());
        }
    }
    let proxy_secret = auth.proxy_secret.clone();
    let identity_config = eris_identity::Config {
        listen: listen(&identity),
        database: args.database.clone(),
        redis: args.redis.clone(),
        business: args.business.clone(),
        auth,
        shutdown: args.shutdown.clone(),
        secret,
        metrics: Default::default(),
    };
    tasks.spawn(named("identity", eris_identity::serve(identity_config, identity, until_stopped())));
    let crm_config = eris_crm::Config { listen: listen(&crm), sourcing_url: url(3), service: service.clone() };
    tasks.spawn(named("crm", eris_crm::serve(crm_config, crm, until_stopped())));
    let contracts_config = eris_contracts::Config {
        listen: listen(&contracts),
        crm_url: url(1),
        sourcing_url: url(3),
        contracts_beta_user_ids: beta_user_ids,
        files: args.contract_files.clone(),
        service: service.clone(),
    };
    tasks.spawn(named("contracts", eris_contracts::serve(contracts_config, contracts, until_stopped())));
    let sourcing_config = eris_sourcing::Config {
        listen: listen(&sourcing),
        crm_url: url(1),
        rfp_few_companies: args.rfp_few_companies,
        service: service.clone(),
    };
    tasks.spawn(named("sourcing", eris_sourcing::serve(sourcing_config, sourcing, until_stopped())));
    let sources = eris_reporting::sources::SourceArgs {
        identity_url: url(0),
        crm_url: url(1),
        contracts_url: url(2),
        sourcing_url: url(3),
    };
    if args.demo || args.rebuild_reports {
        let sources = sources.sources(&service.secret)?;
        let database = args.database.clone();
        tokio::spawn(async move {
            if let Err(error) = rebuild_reports(&database, &sources).await {
                tracing::error!(%error, "the reporting read models were not rebuilt");
            }
        });
    }
    let reporting_config = eris_reporting::Config {
        listen: listen(&reporting),
        projector: true,
        reconcile_seconds: eris_reporting::config::RECONCILE_SECONDS,
        service,
        sources,
    };
    tasks.spawn(named("reporting", eris_reporting::serve(reporting_config, reporting, until_stopped())));
    let gateway_config = eris_gateway::Config {
        listen: args.listen,
        upstreams: eris_gateway::config::UpstreamArgs {
            crm_url: url(1),
            contracts_url: url(2),
            sourcing_url: url(3),
            reporting_url: url(4),
            timeout_seconds: 30,
        },
        web_dist: args.web_dist.clone(),
        trust_forwarded_for: false,
        metrics_listen: args.metrics_listen,
        proxy_secret,
        hsts: false,
        token,
        business: args.business.clone(),
        shutdown: args.shutdown.clone(),
    };
    tasks.spawn(named("gateway", eris_gateway::serve(gateway_config, gateway_listener, until_stopped())));
    println!("Eris is serving at http://{}", args.listen);

    let signal = tokio::spawn(async move {
        eris_platform::serve::shutdown_signal().await;
        tracing::info!("shutting down");
    });
    let mut failure = None;
    tokio::select! {
        _ = signal => {}
        Some(result) = tasks.join_next() => failure = Some(result),
    }
    let _ = stop.send(true);
    let mut outcome = match failure {
        Some(Ok(Err(error))) => Err(error),
        Some(Err(join)) => Err(join.into()),
        _ => Ok(()),
    };
    while let Some(result) = tasks.join_next().await {
        if let (Ok(Err(error)), Ok(())) = (result, &outcome) {
            outcome = Err(error);
        }
    }
    outcome
}

async fn seed(args: SeedArgs) -> anyhow::Result<()> {
    let users = eris_identity::seed::demo_users(&args.database, &args.demo_password).await?;
    let (areas, suppliers) = demo_directories(&args.database).await?;
    let user_ids: Vec<i64> = users.iter().map(|u| u.user_id).collect();
    let owners = rfp_owners(&users);
    let rfp_suppliers = suppliers.clone();
    let plan = eris_crm::seed::SeedPlan {
        business: eris_platform::time::BusinessTime::new(args.business.time_zone),
        ..eris_crm::seed::SeedPlan::for_companies(args.companies, args.seed, user_ids, areas, suppliers)
    };
    let started = std::time::Instant::now();
    eris_crm::seed::generate(&args.database, &plan).await?;
    let rfps = args.companies / 2;
    generate_rfps(&args.database, rfps, owners, rfp_suppliers.clone(), plan.business.today()).await?;
    let contracts = args.companies * 3 / 2;
    generate_contracts(&args.database, contracts, &users, rfp_suppliers, plan.business.today()).await?;
    println!(
        "Generated {} companies, {} notes, {} tasks, {} call banks, {} accounts (one company with {} more), {} \
         contacts, {rfps} RFPs and {contracts} contracts with {} payments in {:.1} s.",
        plan.companies,
        plan.notes,
        plan.tasks,
        plan.call_banks,
        plan.accounts,
        plan.large_company_accounts,
        plan.contacts,
        contracts * 10,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Who makes generated RFPs: the demo users who may (every role but Sales).
fn rfp_owners(users: &[eris_identity::db::users::UserRow]) -> Vec<i64> {
    users.iter().filter(|u| u.fields.role != "Sales").map(|u| u.user_id).collect()
}

/// RFPs over the generated companies' accounts.
async fn generate_rfps(
    database: &eris_platform::config::DatabaseArgs,
    rfps: usize,
    owner_user_ids: Vec<i64>,
    suppliers: eris_crm::seed::SupplierChoices,
    today: chrono::NaiveDate,
) -> anyhow::Result<()> {
    let targets = eris_crm::seed::rfp_targets(database, rfps as i64).await?;
    let plan = eris_sourcing::seed::RfpPlan {
        rfps: rfps as i64,
        targets: targets.into_iter().map(|t| (t.company_id, t.company_name, t.commodity, t.account_ids)).collect(),
        owner_user_ids,
        suppliers: eris_sourcing::seed::DemoSuppliers {
            electric: suppliers.electric,
            gas: suppliers.gas,
            dr: suppliers.dr,
        },
        today,
    };
    eris_sourcing::seed::generate_rfps(database, &plan).await
}

/// Contracts with ten payments each over the generated companies' accounts, their teams drawn
/// from the demo users who hold team roles.
async fn generate_contracts(
    database: &eris_platform::config::DatabaseArgs,
    contracts: usize,
    users: &[eris_identity::db::users::UserRow],
    suppliers: eris_crm::seed::SupplierChoices,
    today: chrono::NaiveDate,
) -> anyhow::Result<()> {
    let targets = eris_crm::seed::rfp_targets(database, contracts as i64).await?;
    let utilities = eris_sourcing::seed::demo_utilities(database).await?;
    let plan = eris_contracts::seed::ContractPlan {
        contracts: contracts as i64,
        payments_per_contract: 10,
        targets: targets.into_iter().map(|t| (t.company_id, t.company_name, t.commodity, t.account_ids)).collect(),
        team_user_ids: users.iter().map(|u| u.user_id).collect(),
        electric_suppliers: suppliers.electric,
        gas_suppliers: suppliers.gas,
        electric_utilities: utilities.electric,
        gas_utilities: utilities.gas,
        today,
    };
    eris_contracts::seed::generate_contracts(database, &plan).await
}

/// The demo utilities, suppliers and rate types (added when missing), as the areas, utilities and
/// suppliers generated companies and accounts may name.
async fn demo_directories(
    database: &eris_platform::config::DatabaseArgs,
) -> anyhow::Result<(eris_crm::seed::AreaChoices, eris_crm::seed::SupplierChoices)> {
    let utilities = eris_sourcing::seed::demo_utilities(database).await?;
    let suppliers = eris_sourcing::seed::demo_suppliers(database).await?;
    Ok((
        eris_crm::seed::AreaChoices { electric: utilities.electric, gas: utilities.gas, dr: utilities.dr },
        eris_crm::seed::SupplierChoices { electric: suppliers.electric, gas: suppliers.gas, dr: suppliers.dr },
    ))
}

async fn named(name: &'static str, service: impl Future<Output = anyhow::Result<()>>) -> anyhow::Result<()> {
    service.await.with_context(|| format!("the {name} service stopped"))
}
