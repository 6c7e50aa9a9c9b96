//! `eris-bench`: load against a running gateway on this machine, reporting throughput and
//! latency percentiles, and writing them into docs/benchmarks.md.
//!
//! Scenarios: sign-in (REST login: argon2id verification dominates), a token-checked round trip
//! (REST `getActiveUsers`), and on a seeded book (`eris-stack seed`): company searches with a
//! 3-letter name part and random drawer filters (gRPC-web `ListCompanies`, as the web app calls
//! it) and `getLeadById`, latency and throughput, beside `pgbench -S` on the same machine; and the
//! accounts of the book's largest customer (2,000 accounts), usage saves, and a 5,000-row import;
//! RFPs; contracts, payments and the `/Contracts` page; and the reports: Margin Builder pages
//! (first, last, from a random place), its whole export with the serving process's memory, a year
//! of revenue by supplier, and how long a payment change takes to reach a report under steady
//! writes.

use std::{
    path::PathBuf,
    sync::Arc,
    time::{Duration, Instant},
};

use anyhow::Context as _;
use clap::Parser;
use eris_proto::{
    common::v1::Date,
    contracts::v1::{
        BookFilter, ContractScope, ImportStatementRequest, ImportStatementResponse, ListBookContractsRequest,
        ListBookContractsResponse, ListContractsRequest, ListContractsResponse, ListPaymentsRequest,
        ListPaymentsResponse, PastePaymentsRequest, PastePaymentsResponse, Payment, RevertStatementRequest,
        RevertStatementResponse, StatementBucket, StatementLine, StatementLines, UpdatePaymentRequest,
        UpdatePaymentResponse, import_statement_request,
    },
    crm::v1::{
        CompanyFilter, ListAccountsRequest, ListAccountsResponse, ListCompaniesRequest, ListCompaniesResponse,
        PrimaryStatus,
    },
    reporting::v1::{
        ListContractMarginPaymentsRequest, ListContractMarginPaymentsResponse, ListMarginOptionsRequest,
        ListMarginOptionsResponse, ListMarginRowsRequest, ListMarginRowsResponse, MarginFilter, PageDirection,
    },
    sourcing::v1::{Commodity, ListRfpsRequest, ListRfpsResponse},
};
use prost::Message;
use rand::{Rng, SeedableRng, rngs::StdRng, seq::SliceRandom};
use serde_json::{Value, json};

mod plain;

#[derive(Debug, Parser)]
#[command(name = "eris-bench", about = "Benchmarks a running Eris gateway")]
struct Args {
    /// The gateway to load (loopback only).
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    base_url: String,
    /// A demo user to sign in as.
    #[arg(long, default_value = "management@eris.test")]
    username: String,
    /// Its password.
    #[arg(long, env = "ERIS_DEMO_PASSWORD", default_value = "eris-demo-2026")]
    password: String,
    /// Seconds each scenario runs.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Concurrent connections for the sign-in scenario.
    #[arg(long, default_value_t = 4)]
    sign_in_connections: usize,
    /// Concurrent connections for the round-trip scenario.
    #[arg(long, default_value_t = 32)]
    round_trip_connections: usize,
    /// Where to write the results (a section between markers is replaced).
    #[arg(long, default_value = "docs/benchmarks.md")]
    output: PathBuf,
    /// Also run the company scenarios (needs a book made by `eris-stack seed`).
    #[arg(long)]
    crm: bool,
    /// The Sales user whose own companies the scoped search sees.
    /// The seeded book's large customer (`eris-stack seed` gives the first company 2,000 accounts).
    #[arg(long, default_value_t = 1)]
    large_company: i64,
    #[arg(long, default_value = "sales@eris.test")]
    sales_username: String,
    /// Transactions per second `pgbench -S` reached on this machine, to report the ratio.
    #[arg(long)]
    pgbench_tps: Option<f64>,
    /// The serving process (eris-stack), whose resident memory is sampled during the export.
    #[arg(long)]
    stack_pid: Option<u32>,
    /// Run only the report scenarios (on a book already seeded and rebuilt).
    #[arg(long)]
    reports_only: bool,
    /// Run only the hostile-bodies scenario.
    #[arg(long)]
    hostile_only: bool,
    /// Run only the supplier statement scenario (on a book already seeded).
    #[arg(long)]
    statements_only: bool,
    /// Run only the company scenarios (search and `getLeadById`; on a book already seeded).
    #[arg(long)]
    crm_only: bool,
    /// Run only the contract scenarios (on a book already seeded).
    #[arg(long)]
    contracts_only: bool,
    /// A user of a low role that may still write contracts, who sends the hostile bodies.
    #[arg(long, default_value = "care@eris.test")]
    hostile_username: String,
    /// The stack's database: the reports are also measured while the bench rebuilds the read
    /// models from the services (none: not measured).
    #[arg(long)]
    rebuild_database_url: Option<String>,
    /// The stack's first gRPC port (identity; crm, contracts and sourcing follow), for the rebuild.
    #[arg(long, default_value_t = 50051)]
    grpc_base_port: u16,
    /// The stack's service secret, for the rebuild's snapshot calls.
    #[arg(long, env = "ERIS_SERVICE_SECRET")]
    service_secret: Option<String>,
}

struct Outcome {
    name: &'static str,
    connections: usize,
    requests: usize,
    errors: usize,
    elapsed: Duration,
    latencies: Vec<Duration>,
}

impl Outcome {
    fn percentile(&self, p: f64) -> f64 {
        if self.latencies.is_empty() {
            return f64::NAN;
        }
        let index = ((self.latencies.len() as f64 - 1.0) * p).round() as usize;
        self.latencies[index].as_secs_f64() * 1000.0
    }

    fn row(&self) -> String {
        format!(
            "| {} | {} | {} | {} | {:.0} | {:.2} | {:.2} | {:.2} |",
            self.name,
            self.connections,
            self.requests,
            self.errors,
            self.requests as f64 / self.elapsed.as_secs_f64(),
            self.percentile(0.50),
            self.percentile(0.95),
            self.percentile(0.99),
        )
    }
}

/// Runs `call` from `connections` workers until `duration` passes.
async fn run<F, Fut>(name: &'static str, connections: usize, duration: Duration, call: F) -> Outcome
where
    F: Fn(reqwest::Client) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = bool> + Send,
{
    let call = Arc::new(call);
    let started = Instant::now();
    let deadline = started + duration;
    let workers: Vec<_> = (0..connections)
        .map(|_| {
            let call = call.clone();
            tokio::spawn(async move {
                let client = reqwest::Client::builder().pool_max_idle_per_host(1).build().expect("client");
                let (mut latencies, mut errors) = (Vec::new(), 0);
                while Instant::now() < deadline {
                    let begun = Instant::now();
                    if call(client.clone()).await {
                        latencies.push(begun.elapsed());
                    } else {
                        errors += 1;
                    }
                }
                (latencies, errors)
            })
        })
        .collect();
    gather(name, connections, started, workers).await
}

/// The workers' latencies and errors, as one outcome since `started`.
async fn gather(
    name: &'static str,
    connections: usize,
    started: Instant,
    workers: Vec<tokio::task::JoinHandle<(Vec<Duration>, usize)>>,
) -> Outcome {
    let mut outcome =
        Outcome { name, connections, requests: 0, errors: 0, elapsed: Duration::ZERO, latencies: Vec::new() };
    for worker in workers {
        let (latencies, errors) = worker.await.expect("worker");
        outcome.requests += latencies.len();
        outcome.errors += errors;
        outcome.latencies.extend(latencies);
    }
    outcome.elapsed = started.elapsed();
    outcome.latencies.sort();
    outcome
}

/// GETs the paths `next_path` gives from `connections` workers, each on one plain kept-alive
/// connection (see [`plain`]), until `duration` passes. A failed connection counts as an error
/// and is opened again.
async fn run_plain<F>(
    name: &'static str,
    connections: usize,
    duration: Duration,
    base_url: &str,
    authorization: &str,
    next_path: F,
) -> anyhow::Result<Outcome>
where
    F: Fn() -> String + Send + Sync + 'static,
{
    let address: std::net::SocketAddr = base_url
        .strip_prefix("http://")
        .context("the plain client speaks http:// only")?
        .trim_end_matches('/')
        .parse()
        .context("the plain client needs the gateway's address as ip:port")?;
    let next_path = Arc::new(next_path);
    let started = Instant::now();
    let deadline = started + duration;
    let workers: Vec<_> = (0..connections)
        .map(|_| {
            let (next_path, authorization) = (next_path.clone(), authorization.to_owned());
            tokio::spawn(async move {
                let (mut latencies, mut errors) = (Vec::new(), 0);
                let mut connection = None;
                while Instant::now() < deadline {
                    let begun = Instant::now();
                    let status = async {
                        let open = match connection.as_mut() {
                            Some(open) => open,
                            None => connection.insert(plain::Connection::open(address, &authorization).await?),
                        };
                        open.get(&next_path()).await
                    }
                    .await;
                    match status {
                        Ok(200..=299) => latencies.push(begun.elapsed()),
                        Ok(_) => errors += 1,
                        Err(_) => {
                            errors += 1;
                            connection = None;
                        }
                    }
                }
                (latencies, errors)
            })
        })
        .collect();
    Ok(gather(name, connections, started, workers).await)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let host = reqwest::Url::parse(&args.base_url)?.host_str().unwrap_or_default().to_owned();
    anyhow::ensure!(
        host == "localhost" || host.starts_with("127.") || host == "[::1]",
        "eris-bench loads only servers on this machine"
    );
    let duration = Duration::from_secs(args.seconds);
    let login_url = format!("{}/api/user/login", args.base_url);
    let credentials = json!({"username": args.username, "password": args.password});
    let login: Value = reqwest::Client::new()
        .post(&login_url)
        .json(&credentials)
        .send()
        .await
        .context("is the gateway running?")?
        .error_for_status()?
        .json()
        .await?;
    let token = login["id_token"].as_str().context("no token in the login answer")?.to_owned();
    if args.reports_only {
        return reports_section(&args, &token).await;
    }
    if args.hostile_only {
        return hostile_section(&args, &token).await;
    }
    if args.statements_only {
        return statement_section(&args, &token).await;
    }
    if args.crm_only || args.contracts_only {
        let (sales_token, sales_id) = sign_in_as(&args, &args.sales_username).await?;
        if args.crm_only {
            return crm_section(&args, &token, &sales_token, sales_id).await;
        }
        return contracts_section(&args, &token, &sales_token).await;
    }

    let sign_in = {
        let (url, body) = (login_url.clone(), credentials.clone());
        run("sign-in (`POST /api/user/login`)", args.sign_in_connections, duration, move |client| {
            let (url, body) = (url.clone(), body.clone());
            async move { client.post(url).json(&body).send().await.is_ok_and(|r| r.status().is_success()) }
        })
        .await
    };
    let round_trip = {
        let url = format!("{}/api/user/getActiveUsers", args.base_url);
        let token = token.clone();
        run(
            "token-checked round trip (`GET /api/user/getActiveUsers`)",
            args.round_trip_connections,
            duration,
            move |client| {
                let (url, token) = (url.clone(), token.clone());
                async move { get_ok(&client, url, token).await }
            },
        )
        .await
    };

    let identity_table = table(&[&sign_in, &round_trip]);
    println!("{identity_table}");
    let section = format!("{}\n\n{identity_table}", preamble(args.seconds));
    write_section(&args.output, "identity", &section)?;

    if args.crm {
        let (sales_token, sales_id) = sign_in_as(&args, &args.sales_username).await?;
        crm_section(&args, &token, &sales_token, sales_id).await?;
        let accounts = accounts_scenarios(&args, &token).await?;
        println!("{accounts}");
        write_section(&args.output, "accounts", &format!("{}\n\n{accounts}", preamble(args.seconds)))?;

        let rfps = rfp_scenarios(&args, &token, &sales_token).await?;
        println!("{rfps}");
        write_section(&args.output, "rfps", &format!("{}\n\n{rfps}", preamble(args.seconds)))?;

        contracts_section(&args, &token, &sales_token).await?;

        reports_section(&args, &token).await?;
        hostile_section(&args, &token).await?;

        statement_section(&args, &token).await?;
    }
    Ok(())
}

/// Signs a demo user in: their token and user id.
async fn sign_in_as(args: &Args, username: &str) -> anyhow::Result<(String, i64)> {
    let login: Value = reqwest::Client::new()
        .post(format!("{}/api/user/login", args.base_url))
        .json(&json!({"username": username, "password": args.password}))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let token = login["id_token"].as_str().context("no token")?.to_owned();
    Ok((token, login["user"]["UserId"].as_i64().context("no user id")?))
}

async fn contracts_section(args: &Args, token: &str, sales_token: &str) -> anyhow::Result<()> {
    let contracts = contract_scenarios(args, token, sales_token).await?;
    println!("{contracts}");
    write_section(&args.output, "contracts", &format!("{}\n\n{contracts}", preamble(args.seconds)))
}

/// Company searches and `getLeadById`, with the ratio to `pgbench -S` when given.
async fn crm_section(args: &Args, token: &str, sales_token: &str, sales_id: i64) -> anyhow::Result<()> {
    // The book's size, counted to the end (the drawer's count stops at 5,000): `getLeadById` draws
    // its ids from all of it.
    let client = reqwest::Client::new();
    let total = list_companies(&client, &args.base_url, token, CompanyFilter::default(), 0).await?;
    anyhow::ensure!(total >= 1000, "seed a book first: eris-stack seed --companies 100000");
    let utilities: Vec<serde_json::Value> = client
        .get(format!("{}/api/getUtilities", args.base_url))
        .header("authorization", token)
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let electric_areas: Arc<Vec<i64>> = Arc::new(
        utilities.iter().filter(|u| u["Commodity"] == "Electric").filter_map(|u| u["UtilityId"].as_i64()).collect(),
    );
    let crm = crm_scenarios(args, token.to_owned(), sales_token.to_owned(), sales_id, total, electric_areas).await?;
    let mut crm_table = table(&crm.iter().collect::<Vec<_>>());
    if let Some(pgbench) = args.pgbench_tps {
        let lead_tps = crm[3].requests as f64 / crm[3].elapsed.as_secs_f64();
        crm_table.push_str(&format!(
            "\n\n`pgbench -S` (select-only, 32 clients) on the same machine: {pgbench:.0} tps. \
             `getLeadById` through the gateway with 32 connections of the plain client: {lead_tps:.0} req/s, a ratio of {:.3} \
             ({:.1}% of raw PostgreSQL point reads).",
            lead_tps / pgbench,
            100.0 * lead_tps / pgbench
        ));
    }
    println!("{crm_table}");
    let section = format!("{}, on {total} companies\n\n{crm_table}", preamble(args.seconds));
    write_section(&args.output, "crm", &section)
}

async fn statement_section(args: &Args, token: &str) -> anyhow::Result<()> {
    let statement = statement_scenario(args, token).await?;
    println!("{statement}");
    write_section(&args.output, "statements", &format!("{}\n\n{statement}", preamble(args.seconds)))
}

/// Hostile bodies from a low role while the light calls are measured: each hostile request must
/// be answered within a second and `/healthz` keep its p99 under 100 ms meanwhile.
async fn hostile_section(args: &Args, token: &str) -> anyhow::Result<()> {
    let text = hostile_scenario(args, token).await?;
    println!("{text}");
    write_section(&args.output, "hostile", &format!("{}\n\n{text}", preamble(args.seconds)))
}

/// One hostile request: its name and how to send it.
type Hostile = (&'static str, Arc<dyn Fn(&reqwest::Client) -> reqwest::RequestBuilder + Send + Sync>);

async fn hostile_scenario(args: &Args, token: &str) -> anyhow::Result<String> {
    let duration = Duration::from_secs(args.seconds);
    let client = reqwest::Client::new();
    let (care, _) = sign_in_as(args, &args.hostile_username).await?;
    let request = ListBookContractsRequest { page_size: 1, ..Default::default() };
    let book: ListBookContractsResponse =
        grpc_web(&client, &args.base_url, token, "eris.contracts.v1.ContractService/ListBookContracts", &request)
            .await?;
    let contract = book.contracts.first().context("seed a book with contracts first")?;
    let (lead_id, contract_id) = (contract.company_id, contract.contract_id);
    let base = args.base_url.clone();
    let ids: Vec<i64> = (1..=60_000).collect();
    let many_ids = Arc::new(json!({"LeadId": lead_id, "Commodity": "Electric", "Accounts": ids}));
    let junk_rows: Arc<Vec<String>> = Arc::new((0..5_000).map(|_| "x\tx\tx\tx\tx\tx\tx\tx\tx\tx".to_owned()).collect());
    let hostile: Vec<Hostile> = vec![
        ("a contract naming 60,000 accounts", {
            let (base, care, body) = (base.clone(), care.clone(), many_ids.clone());
            Arc::new(move |c: &reqwest::Client| c.post(format!("{base}/api/contracts")).bearer_auth(&care).json(&*body))
        }),
        ("5,000 pasted rows that do not parse", {
            let (base, care, rows) = (base.clone(), care.clone(), junk_rows.clone());
            Arc::new(move |c: &reqwest::Client| {
                let body = json!({"datum": &*rows, "contractId": contract_id});
                c.post(format!("{base}/api/addPastedPayment")).bearer_auth(&care).json(&body)
            })
        }),
        ("a 3 MB body", {
            let (base, care) = (base.clone(), care.clone());
            Arc::new(move |c: &reqwest::Client| {
                c.post(format!("{base}/api/newLead"))
                    .bearer_auth(&care)
                    .header("content-type", "application/json")
                    .body(vec![b' '; 3 << 20])
            })
        }),
        ("a 1 MB header", {
            let (base, care) = (base.clone(), care.clone());
            Arc::new(move |c: &reqwest::Client| {
                c.get(format!("{base}/api/getLeadById/{lead_id}"))
                    .bearer_auth(&care)
                    .header("x-pad", "p".repeat(1 << 20))
            })
        }),
        ("a 20 KB address", {
            let (base, care) = (base.clone(), care.clone());
            Arc::new(move |c: &reqwest::Client| {
                c.get(format!("{base}/api/getLeadById/{lead_id}?pad={}", "p".repeat(20_000))).bearer_auth(&care)
            })
        }),
    ];
    let hostile = Arc::new(hostile);
    let deadline = Instant::now() + duration;
    // Two senders, each cycling through the bodies; every answer must be a refusal (4xx).
    let senders: Vec<_> = (0..2)
        .map(|worker| {
            let hostile = hostile.clone();
            tokio::spawn(async move {
                // A new connection for each: a server may close one whose body it refused unread.
                let client = reqwest::Client::builder().pool_max_idle_per_host(0).build().expect("client");
                let mut seen: Vec<(&'static str, Duration, bool)> = Vec::new();
                let mut next = worker;
                while Instant::now() < deadline {
                    let (name, make) = &hostile[next % hostile.len()];
                    next += 1;
                    let begun = Instant::now();
                    // Refused: a 4xx, or the connection cut while the client was still sending
                    // a body past the limit (the server answers 413 without reading the rest).
                    let refused = match make(&client).send().await {
                        Ok(response) => response.status().is_client_error(),
                        Err(error) => error.is_request() || error.is_body(),
                    };
                    seen.push((name, begun.elapsed(), refused));
                }
                seen
            })
        })
        .collect();
    let healthz = {
        let url = format!("{base}/healthz");
        run("`GET /healthz` during the hostile bodies", 1, duration, move |client| {
            let url = url.clone();
            async move { client.get(url).send().await.is_ok_and(|r| r.status().is_success()) }
        })
    };
    let lead = {
        let (url, token) = (format!("{base}/api/getLeadById/{lead_id}"), token.to_owned());
        run("`GET /api/getLeadById/{id}` during the hostile bodies", 4, duration, move |client| {
            let (url, token) = (url.clone(), token.clone());
            async move { get_ok(&client, url, token).await }
        })
    };
    let (healthz, lead) = tokio::join!(healthz, lead);
    let mut rows = Vec::new();
    for sender in senders {
        rows.extend(sender.await?);
    }
    let mut text = String::from(
        "| hostile request (as Customer Care) | sent | refused (4xx, or cut while sending) | slowest ms |\n| --- | --- | --- | --- |",
    );
    for (name, _) in hostile.iter() {
        let mine: Vec<_> = rows.iter().filter(|(n, _, _)| n == name).collect();
        let slowest = mine.iter().map(|(_, took, _)| *took).max().unwrap_or_default();
        let refused = mine.iter().filter(|(_, _, refused)| *refused).count();
        text.push_str(&format!("\n| {name} | {} | {refused} | {:.0} |", mine.len(), slowest.as_secs_f64() * 1000.0));
    }
    let slowest = rows.iter().map(|(_, took, _)| *took).max().unwrap_or_default();
    let all_refused = rows.iter().all(|(_, _, refused)| *refused);
    text.push_str(&format!("\n\n{}", table(&[&healthz, &lead])));
    text.push_str(&format!(
        "\n\nTargets: every hostile request answered in < 1 s (slowest {:.0} ms{}), `/healthz` p99 < 100 ms \
         (p99 {:.1} ms): {}.",
        slowest.as_secs_f64() * 1000.0,
        if all_refused { ", every one refused" } else { ", SOME NOT REFUSED" },
        healthz.percentile(0.99),
        if slowest < Duration::from_secs(1) && healthz.percentile(0.99) < 100.0 && all_refused {
            "met"
        } else {
            "NOT MET"
        }
    ));
    Ok(text)
}

/// Measures the reports and writes their section, with `pgbench -S` of the same run beside them.
async fn reports_section(args: &Args, token: &str) -> anyhow::Result<()> {
    let mut reports = report_scenarios(args, token).await?;
    if let Some(pgbench) = args.pgbench_tps {
        reports.push_str(&format!("\n\n`pgbench -S` (select-only, 32 clients) in the same run: {pgbench:.0} tps."));
    }
    println!("{reports}");
    write_section(&args.output, "reports", &format!("{}\n\n{reports}", preamble(args.seconds)))
}

const MARGIN_ROWS: &str = "eris.reporting.v1.ReportService/ListMarginRows";

/// Any mix of Margin Builder's filters from its choices (company name apart: it is measured on
/// its own).
fn random_margin_filter(rng: &mut StdRng, options: &ListMarginOptionsResponse) -> MarginFilter {
    let mut filter = MarginFilter::default();
    match rng.gen_range(0..10) {
        0..=2 => {}
        3..=5 => filter.supplier_id = options.suppliers.choose(rng).map_or(0, |s| s.supplier_id),
        6 | 7 => filter.projected_year = options.projected_years.choose(rng).copied().unwrap_or_default(),
        8 => {
            filter.projected_year = options.projected_years.choose(rng).copied().unwrap_or_default();
            filter.projected_month = rng.gen_range(1..=12);
        }
        _ => filter.payment_year = options.payment_years.choose(rng).copied().unwrap_or_default(),
    }
    filter
}

/// The serving process's resident memory in MB.
fn resident_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Margin Builder pages, its export, a year of revenue, and change-to-report latency.
async fn report_scenarios(args: &Args, token: &str) -> anyhow::Result<String> {
    let duration = Duration::from_secs(args.seconds);
    let client = reqwest::Client::new();
    let options: ListMarginOptionsResponse = grpc_web(
        &client,
        &args.base_url,
        token,
        "eris.reporting.v1.ReportService/ListMarginOptions",
        &ListMarginOptionsRequest {},
    )
    .await?;
    anyhow::ensure!(!options.projected_years.is_empty(), "the reporting read models are empty: rebuild them first");
    let options = Arc::new(options);
    let page = |label: &'static str, seed: u64, backward: bool, random_place: bool| {
        let (base, token, options) = (args.base_url.clone(), token.to_owned(), options.clone());
        let rng = Arc::new(std::sync::Mutex::new(StdRng::seed_from_u64(seed)));
        run(label, 1, duration, move |client| {
            let (base, token) = (base.clone(), token.clone());
            let (filter, cursor) = {
                let mut rng = rng.lock().expect("rng");
                let filter = random_margin_filter(&mut rng, &options);
                let cursor = if random_place { format!("{}.0", rng.gen_range(1..150_000)) } else { String::new() };
                (filter, cursor)
            };
            let direction = if backward { PageDirection::Backward } else { PageDirection::Forward };
            async move {
                let request = ListMarginRowsRequest {
                    filter: Some(filter),
                    page_size: 10,
                    cursor,
                    direction: direction.into(),
                    ..Default::default()
                };
                grpc_web::<ListMarginRowsResponse>(&client, &base, &token, MARGIN_ROWS, &request).await.is_ok()
            }
        })
    };
    let first = page("Margin Builder first page of 10, random filters", 51, false, false).await;
    let last = page("Margin Builder last page of 10 (read backward), the same filters", 51, true, false).await;
    let middle = page("Margin Builder a page from a random place in the book, random filters", 53, false, true).await;
    let names = {
        let (base, token) = (args.base_url.clone(), token.to_owned());
        let rng = Arc::new(std::sync::Mutex::new(StdRng::seed_from_u64(55)));
        run("Margin Builder first page, a 3-letter company name part", 1, duration, move |client| {
            let (base, token) = (base.clone(), token.clone());
            let part: String = {
                let mut rng = rng.lock().expect("rng");
                (0..3).map(|_| rng.gen_range(b'a'..=b'z') as char).collect()
            };
            async move {
                let filter = MarginFilter { company_name: part, ..Default::default() };
                let request = ListMarginRowsRequest { filter: Some(filter), page_size: 10, ..Default::default() };
                grpc_web::<ListMarginRowsResponse>(&client, &base, &token, MARGIN_ROWS, &request).await.is_ok()
            }
        })
        .await
    };
    let revenue = {
        let (base, token, years) = (args.base_url.clone(), token.to_owned(), options.projected_years.clone());
        let rng = Arc::new(std::sync::Mutex::new(StdRng::seed_from_u64(57)));
        run("a year of Forecast Revenue By Supplier (REST), random years", 1, duration, move |client| {
            let year = *years.choose(&mut *rng.lock().expect("rng")).expect("a year");
            let url = format!("{base}/api/reports/revenueBySupplier?year={year}");
            let token = token.clone();
            async move { get_ok(&client, url, token).await }
        })
        .await
    };

    // The whole export, streamed through the gateway, with the serving process's memory sampled.
    let ticket: Value = client
        .post(format!("{}/api/reports/marginBuilderExport", args.base_url))
        .header("authorization", token)
        .json(&json!({"filters": {}}))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let url = format!("{}{}", args.base_url, ticket["url"].as_str().context("no url")?);
    let before = args.stack_pid.and_then(resident_mb);
    let started = Instant::now();
    let mut response = client.get(url).send().await?.error_for_status()?;
    let (mut bytes, mut lines) = (0usize, 0usize);
    let mut peak = 0.0f64;
    while let Some(chunk) = response.chunk().await? {
        bytes += chunk.len();
        lines += chunk.iter().filter(|b| **b == b'\n').count();
        if let Some(pid) = args.stack_pid {
            peak = peak.max(resident_mb(pid).unwrap_or(0.0));
        }
    }
    let export_seconds = started.elapsed().as_secs_f64();

    let visible = write_to_visible(args, token, &options).await?;
    let during_rebuild = match &args.rebuild_database_url {
        Some(url) => Some(during_a_rebuild(args, token, url, options.clone()).await?),
        None => None,
    };
    let mut outcomes = vec![&first, &last, &middle, &names, &revenue];
    if let Some((outcome, _)) = &during_rebuild {
        outcomes.push(outcome);
    }
    let mut text = table(&outcomes);
    text.push_str(&format!(
        "\n\nLast page p95 / first page p95: {:.2}. The whole export (`MarginBuilder.csv`, {} rows, {:.0} MB) \
         streamed in {export_seconds:.1} s",
        last.percentile(0.95) / first.percentile(0.95),
        lines.saturating_sub(1),
        bytes as f64 / 1_048_576.0,
    ));
    match before {
        Some(before) => text.push_str(&format!(
            "; the serving process (gateway and every service) held {before:.0} MB before and at most {peak:.0} MB \
             during it."
        )),
        None => text.push('.'),
    }
    text.push_str(&format!("\n\n{visible}"));
    if let Some((_, rebuilt)) = during_rebuild {
        text.push_str(&format!("\n\n{rebuilt}"));
    }
    Ok(text)
}

/// Margin Builder pages and years of revenue, one after another, for as long as a rebuild of
/// every read model runs: what Management sees while an operator rebuilds.
async fn during_a_rebuild(
    args: &Args,
    token: &str,
    database_url: &str,
    options: Arc<ListMarginOptionsResponse>,
) -> anyhow::Result<(Outcome, String)> {
    let secret = args.service_secret.clone().context("the rebuild needs the stack's ERIS_SERVICE_SECRET")?;
    let database = eris_platform::config::DatabaseArgs { database_url: database_url.into(), max_connections: 5 };
    let pool = eris_platform::db::connect(&database, eris_reporting::SCHEMA, &eris_reporting::MIGRATOR).await?;
    let url = |offset: u16| format!("http://127.0.0.1:{}", args.grpc_base_port + offset);
    let sources = eris_reporting::sources::SourceArgs {
        identity_url: url(0),
        crm_url: url(1),
        contracts_url: url(2),
        sourcing_url: url(3),
    }
    .sources(&eris_platform::config::ServiceSecretArgs { service_secret: Some(secret.as_str().into()) })?;
    let started = Instant::now();
    let rebuild = tokio::spawn(async move { eris_reporting::rebuild::rebuild(&pool, &sources).await });
    let client = reqwest::Client::new();
    let mut rng = StdRng::seed_from_u64(59);
    let (mut latencies, mut errors) = (Vec::new(), 0);
    while !rebuild.is_finished() {
        let asked = Instant::now();
        let answered = if latencies.len() % 2 == 0 {
            let filter = random_margin_filter(&mut rng, &options);
            let request = ListMarginRowsRequest { filter: Some(filter), page_size: 10, ..Default::default() };
            grpc_web::<ListMarginRowsResponse>(&client, &args.base_url, token, MARGIN_ROWS, &request).await.is_ok()
        } else {
            let year = options.projected_years.choose(&mut rng).copied().unwrap_or(2026);
            let url = format!("{}/api/reports/revenueBySupplier?year={year}", args.base_url);
            get_ok(&client, url, token.to_owned()).await
        };
        latencies.push(asked.elapsed());
        if !answered {
            errors += 1;
        }
    }
    let counts = rebuild.await??;
    let elapsed = started.elapsed();
    latencies.sort();
    let outcome = Outcome {
        name: "during a rebuild of every read model: Margin Builder pages and years of revenue in turn",
        connections: 1,
        requests: latencies.len(),
        errors,
        elapsed,
        latencies,
    };
    let records: u64 = counts.iter().map(|(_, count)| count).sum();
    let text = format!(
        "The rebuild (every read model from the services' snapshots, {records} records) took {:.0} s; the reports \
         answered {} requests meanwhile, {errors} failed.",
        elapsed.as_secs_f64(),
        outcome.requests
    );
    Ok((outcome, text))
}

async fn update_payment(
    client: reqwest::Client,
    base: String,
    token: String,
    payment: Payment,
) -> anyhow::Result<UpdatePaymentResponse> {
    let request = UpdatePaymentRequest { payment: Some(payment) };
    grpc_web(&client, &base, &token, "eris.contracts.v1.PaymentService/UpdatePayment", &request).await
}

/// How long a payment change takes to show in Margin Builder, while another task keeps changing
/// payments (about 20 a second): p50 and p95 over 60 changes.
async fn write_to_visible(args: &Args, token: &str, options: &ListMarginOptionsResponse) -> anyhow::Result<String> {
    let client = reqwest::Client::new();
    let year = options.projected_years.last().copied().unwrap_or(2024);
    let filter = MarginFilter { projected_year: year, ..Default::default() };
    let request = ListMarginRowsRequest { filter: Some(filter), page_size: 50, ..Default::default() };
    let rows: ListMarginRowsResponse = grpc_web(&client, &args.base_url, token, MARGIN_ROWS, &request).await?;
    let contracts: Vec<i64> =
        rows.rows.iter().map(|r| r.contract_id).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    anyhow::ensure!(contracts.len() >= 2, "too few contracts to change payments of");
    let (load_contract, measured) = (contracts[0], &contracts[1..]);
    let payments_of = |contract_id: i64| {
        let (client, base, token) = (client.clone(), args.base_url.clone(), token.to_owned());
        async move {
            let request = ListPaymentsRequest { contract_id };
            let method = "eris.contracts.v1.PaymentService/ListPayments";
            grpc_web::<ListPaymentsResponse>(&client, &base, &token, method, &request).await
        }
    };
    let update = |payment: Payment| update_payment(client.clone(), args.base_url.clone(), token.to_owned(), payment);
    // The steady load: one payment of another contract changed again and again.
    let load = {
        let mut payment = payments_of(load_contract).await?.payments.into_iter().next().context("no payment")?;
        let (client, base, token) = (client.clone(), args.base_url.clone(), token.to_owned());
        tokio::spawn(async move {
            let mut amount = 1;
            loop {
                payment.projected_payment = format!("{amount}.00");
                if let Ok(answer) = update_payment(client.clone(), base.clone(), token.clone(), payment.clone()).await
                    && let Some(saved) = answer.payment
                {
                    payment = saved;
                }
                amount += 1;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
    };
    let (mut latencies, mut saves) = (Vec::new(), Vec::new());
    for index in 0..60 {
        let contract_id = measured[index % measured.len()];
        let mut payment = payments_of(contract_id).await?.payments.into_iter().next().context("no payment")?;
        let value = format!("{}.{:02}", 7000 + index, index);
        payment.projected_payment = value.clone();
        let asked = Instant::now();
        update(payment).await?;
        saves.push(asked.elapsed());
        // From the save's answer (the change committed) to the report showing it.
        let started = Instant::now();
        loop {
            let request = ListContractMarginPaymentsRequest { contract_id };
            let method = "eris.reporting.v1.ReportService/ListContractMarginPayments";
            let rows: ListContractMarginPaymentsResponse =
                grpc_web(&client, &args.base_url, token, method, &request).await?;
            if rows.rows.iter().any(|r| r.projected_payment == value) {
                break;
            }
            anyhow::ensure!(started.elapsed() < Duration::from_secs(30), "a change did not reach the report");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        latencies.push(started.elapsed());
    }
    load.abort();
    latencies.sort();
    saves.sort();
    let at =
        |values: &[Duration], p: f64| values[((values.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1000.0;
    Ok(format!(
        "A payment change (`UpdatePayment`) visible in Margin Builder (`ListContractMarginPayments`, polled every \
         10 ms), while another payment changes about 20 times a second: from the save's answer p50 {:.0} ms, p95 \
         {:.0} ms over {} changes (the save itself p50 {:.0} ms, p95 {:.0} ms).",
        at(&latencies, 0.5),
        at(&latencies, 0.95),
        latencies.len(),
        at(&saves, 0.5),
        at(&saves, 0.95),
    ))
}

/// The largest customer's accounts (the REST list and the accounts tab's first page), usage saves
/// of random accounts, and a 5,000-row import (checked, then imported) timed three times.
async fn accounts_scenarios(args: &Args, token: &str) -> anyhow::Result<String> {
    let duration = Duration::from_secs(args.seconds);
    let client = reqwest::Client::new();
    let large = args.large_company;
    let first_page: ListAccountsResponse = grpc_web(
        &client,
        &args.base_url,
        token,
        "eris.crm.v1.AccountService/ListAccounts",
        &ListAccountsRequest { company_id: large, page_size: 500, ..Default::default() },
    )
    .await?;
    anyhow::ensure!(first_page.total_size >= 1000, "company {large} is not the seeded large customer");
    let accounts_total = first_page.total_size;
    let rest_list = {
        let (url, token) = (format!("{}/api/getAccountsByLeadId/{large}", args.base_url), token.to_owned());
        run("`GET /api/getAccountsByLeadId/{id}`, the customer with 2,000 accounts", 1, duration, move |client| {
            let (url, token) = (url.clone(), token.clone());
            async move { get_ok(&client, url, token).await }
        })
        .await
    };
    let tab_page = {
        let (base, token) = (args.base_url.clone(), token.to_owned());
        run("accounts tab: gRPC-web `ListAccounts`, first 500 of them with totals", 1, duration, move |client| {
            let (base, token) = (base.clone(), token.clone());
            async move {
                let request = ListAccountsRequest { company_id: large, page_size: 500, ..Default::default() };
                let method = "eris.crm.v1.AccountService/ListAccounts";
                grpc_web::<ListAccountsResponse>(&client, &base, &token, method, &request).await.is_ok()
            }
        })
        .await
    };
    // Accounts of 200 random companies (their commodity decides whether kW is sent).
    let mut sample: Vec<(i64, bool)> = Vec::new();
    let mut rng = StdRng::seed_from_u64(17);
    for _ in 0..200 {
        let url = format!("{}/api/getAccountsByLeadId/{}", args.base_url, rng.gen_range(2..=50_000));
        let accounts: Vec<Value> = client.get(url).header("authorization", token).send().await?.json().await?;
        sample.extend(accounts.iter().filter_map(|a| Some((a["AccountId"].as_i64()?, a["Commodity"] == "Electric"))));
    }
    anyhow::ensure!(!sample.is_empty(), "the book has no accounts");
    let sample = Arc::new(sample);
    let usage = {
        let (url, token) = (format!("{}/api/updateUsage", args.base_url), token.to_owned());
        let rng = Arc::new(std::sync::Mutex::new(StdRng::seed_from_u64(13)));
        run("`POST /api/updateUsage`, 12 months of a random account", 1, duration, move |client| {
            let (url, token) = (url.clone(), token.clone());
            let ((account_id, electric), base) = {
                let mut rng = rng.lock().expect("rng");
                (*sample.choose(&mut *rng).expect("an account"), rng.gen_range(1_000..90_000))
            };
            let months: Vec<Value> = (1..=12)
                .map(|m| {
                    let kw = if electric { json!(50 + m) } else { Value::Null };
                    json!({"Name": m, "val1": base + m * 100, "val2": kw})
                })
                .collect();
            async move {
                let body = json!({"allUsage": months, "accountId": account_id});
                client
                    .post(url)
                    .header("authorization", token)
                    .json(&body)
                    .send()
                    .await
                    .is_ok_and(|r| r.status().is_success())
            }
        })
        .await
    };
    let mut imports = Vec::new();
    for round in 0..3 {
        let rows: Vec<Value> = (0..5000)
            .map(|i| {
                json!({"Site Name": format!("Import {round}-{i}"), "Account #": format!("IMP{round}{i:06}"),
                       "Utility": "PECO", "State": "PA", "Commodity": "Electric", "Rate Class": "GS",
                       "Address": format!("{i} Main St, Unit 2"), "City": "Philadelphia", "Zip": "19103",
                       "PLC": "1,250.5", "NSPL": "900", "Zone": "PECO"})
            })
            .collect();
        let url = format!("{}/api/importAccounts/{}", args.base_url, large + 1 + round);
        let started = Instant::now();
        let checked: Value = client
            .post(&url)
            .header("authorization", token)
            .json(&json!({"myData": rows, "validateOnly": true}))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        let checked_in = started.elapsed();
        let imported: Value = client
            .post(&url)
            .header("authorization", token)
            .json(&json!({"myData": rows}))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        anyhow::ensure!(checked["Problems"].as_array().is_some_and(Vec::is_empty), "the import found problems");
        anyhow::ensure!(imported["Imported"] == 5000, "the import added {}", imported["Imported"]);
        imports.push((checked_in, started.elapsed()));
    }
    let mut text = table(&[&rest_list, &tab_page, &usage]);
    text.push_str(&format!("\n\nThe customer has {accounts_total} accounts. A 5,000-row CSV import (`POST /api/importAccounts`), checked then imported:\n"));
    for (index, (checked, total)) in imports.iter().enumerate() {
        text.push_str(&format!(
            "\n- run {}: checked in {:.2} s, checked and imported in {:.2} s",
            index + 1,
            checked.as_secs_f64(),
            total.as_secs_f64()
        ));
    }
    Ok(text)
}

/// A company's RFPs (random companies that have some), the RFP page's first page for Management
/// and for a Sales user, and the spreadsheet of a 50-account RFP.
async fn rfp_scenarios(args: &Args, token: &str, sales_token: &str) -> anyhow::Result<String> {
    let duration = Duration::from_secs(args.seconds);
    let client = reqwest::Client::new();
    let method = "eris.sourcing.v1.RfpService/ListRfps";
    let first: ListRfpsResponse =
        grpc_web(&client, &args.base_url, token, method, &ListRfpsRequest { page_size: 500, ..Default::default() })
            .await?;
    let mut companies: Vec<i64> = first.rfps.iter().map(|r| r.company_id).collect();
    companies.sort_unstable();
    companies.dedup();
    anyhow::ensure!(!companies.is_empty(), "seed a book with RFPs first");
    let large = ListRfpsRequest { company_id: args.large_company, page_size: 50, ..Default::default() };
    let large: ListRfpsResponse = grpc_web(&client, &args.base_url, token, method, &large).await?;
    let wide = large.rfps.iter().max_by_key(|r| r.account_ids.len()).context("the large customer has no RFP")?;
    let (wide_id, wide_accounts) = (wide.rfp_id, wide.account_ids.len());

    let companies = Arc::new(companies);
    let company_rfps = {
        let (base, token) = (args.base_url.clone(), token.to_owned());
        let rng = Arc::new(std::sync::Mutex::new(StdRng::seed_from_u64(23)));
        run("a company's RFPs tab: gRPC-web `ListRfps` of a random company", 1, duration, move |client| {
            let (base, token) = (base.clone(), token.clone());
            let company_id = *companies.choose(&mut *rng.lock().expect("rng")).expect("a company");
            async move {
                let request = ListRfpsRequest { company_id, page_size: 50, ..Default::default() };
                grpc_web::<ListRfpsResponse>(&client, &base, &token, method, &request).await.is_ok()
            }
        })
        .await
    };
    let page = |label: &'static str, token: String| {
        let base = args.base_url.clone();
        run(label, 1, duration, move |client| {
            let (base, token) = (base.clone(), token.clone());
            async move {
                let request = ListRfpsRequest { page_size: 50, ..Default::default() };
                grpc_web::<ListRfpsResponse>(&client, &base, &token, method, &request).await.is_ok()
            }
        })
    };
    let all_page = page("`/RFP` first page of 50, Management (every RFP)", token.to_owned()).await;
    let sales_page = page("the same as a Sales user (their companies' RFPs)", sales_token.to_owned()).await;
    let sheet = {
        let (url, token) = (format!("{}/api/rfps/{wide_id}/xlsx", args.base_url), token.to_owned());
        run("`GET /api/rfps/{id}/xlsx`, the spreadsheet of a 50-account RFP", 1, duration, move |client| {
            let (url, token) = (url.clone(), token.clone());
            async move { get_ok(&client, url, token).await }
        })
        .await
    };
    let mut text = table(&[&company_rfps, &all_page, &sales_page, &sheet]);
    text.push_str(&format!("\n\nThe spreadsheet's RFP prices {wide_accounts} accounts with 12 months of usage each."));
    Ok(text)
}

/// A company's contracts and a contract's payments (random ones of the book), the `/Contracts`
/// page's first page under random filters for Management and for a Sales user, and a 1,000-row
/// payment paste timed three times.
async fn contract_scenarios(args: &Args, token: &str, sales_token: &str) -> anyhow::Result<String> {
    let duration = Duration::from_secs(args.seconds);
    let client = reqwest::Client::new();
    let book = "eris.contracts.v1.ContractService/ListBookContracts";
    // A sample of the book: three pages of 1,000 contracts, latest signed first.
    let (mut sample, mut page_token, mut book_total) = (Vec::new(), String::new(), 0);
    for _ in 0..3 {
        let request =
            ListBookContractsRequest { page_size: 1000, page_token: page_token.clone(), ..Default::default() };
        let page: ListBookContractsResponse = grpc_web(&client, &args.base_url, token, book, &request).await?;
        book_total = book_total.max(page.total_count);
        sample.extend(page.contracts);
        page_token = page.next_page_token;
        if page_token.is_empty() {
            break;
        }
    }
    anyhow::ensure!(book_total >= 10_000, "seed a book with contracts first: eris-stack seed --companies 100000");
    let companies: Arc<Vec<i64>> = Arc::new(sample.iter().map(|c| c.company_id).collect());
    let contracts: Arc<Vec<i64>> = Arc::new(sample.iter().map(|c| c.contract_id).collect());
    let mut team: Vec<i64> =
        sample.iter().flat_map(|c| [c.closer1_user_id, c.analyst_user_id]).filter(|id| *id > 0).collect();
    team.sort_unstable();
    team.dedup();
    let team = Arc::new(team);

    let company_contracts = {
        let (base, token) = (args.base_url.clone(), token.to_owned());
        let rng = Arc::new(std::sync::Mutex::new(StdRng::seed_from_u64(29)));
        run("a company's contracts tab: gRPC-web `ListContracts` of a random company", 1, duration, move |client| {
            let (base, token) = (base.clone(), token.clone());
            let company_id = *companies.choose(&mut *rng.lock().expect("rng")).expect("a company");
            async move {
                let request = ListContractsRequest { company_id, include_inactive: true, ..Default::default() };
                let method = "eris.contracts.v1.ContractService/ListContracts";
                grpc_web::<ListContractsResponse>(&client, &base, &token, method, &request).await.is_ok()
            }
        })
        .await
    };
    let payments = {
        let (base, token, contracts) = (args.base_url.clone(), token.to_owned(), contracts.clone());
        let rng = Arc::new(std::sync::Mutex::new(StdRng::seed_from_u64(31)));
        run(
            "a contract's payments: gRPC-web `ListPayments` of a random contract, with totals",
            1,
            duration,
            move |client| {
                let (base, token) = (base.clone(), token.clone());
                let contract_id = *contracts.choose(&mut *rng.lock().expect("rng")).expect("a contract");
                async move {
                    let request = ListPaymentsRequest { contract_id };
                    let method = "eris.contracts.v1.PaymentService/ListPayments";
                    grpc_web::<ListPaymentsResponse>(&client, &base, &token, method, &request).await.is_ok()
                }
            },
        )
        .await
    };
    let book_page = |label: &'static str, seed: u64, token: String, all: bool| {
        let (base, team) = (args.base_url.clone(), team.clone());
        let rng = Arc::new(std::sync::Mutex::new(StdRng::seed_from_u64(seed)));
        run(label, 1, duration, move |client| {
            let (base, token) = (base.clone(), token.clone());
            let filter = random_book_filter(&mut rng.lock().expect("rng"), &team, all);
            async move {
                let request = ListBookContractsRequest { filter: Some(filter), page_size: 100, ..Default::default() };
                grpc_web::<ListBookContractsResponse>(&client, &base, &token, book, &request).await.is_ok()
            }
        })
    };
    let all_page =
        book_page("`/Contracts` first page of 100 with totals, random filters, Management", 37, token.to_owned(), true)
            .await;
    let sales_page = book_page(
        "the same as a Sales user (contracts naming them, commodity filter)",
        41,
        sales_token.to_owned(),
        false,
    )
    .await;

    let targets: Vec<i64> = sample
        .iter()
        .filter(|c| {
            c.commodity != Commodity::Dr as i32
                && c.status != eris_proto::contracts::v1::ContractStatus::Inactive as i32
        })
        .map(|c| c.contract_id)
        .take(3)
        .collect();
    anyhow::ensure!(targets.len() == 3, "the sample has no contracts to paste payments into");
    let mut pastes = Vec::new();
    for contract_id in targets {
        let text: String = (0..1000)
            .map(|i| {
                let (month, year) = (1 + i % 12, 2027 + i / 12);
                format!(
                    "{month}\t{year}\t50\t{}\t\t{month}\t{year}\t{}\t{}.25\tResidual\n",
                    10_000 + i,
                    9_900 + i,
                    40 + i % 9
                )
            })
            .collect();
        let request = PastePaymentsRequest { contract_id, text, ..Default::default() };
        let started = Instant::now();
        let method = "eris.contracts.v1.PaymentService/PastePayments";
        let pasted: PastePaymentsResponse = grpc_web(&client, &args.base_url, token, method, &request).await?;
        anyhow::ensure!(pasted.payments.len() == 1000, "the paste added {} payments", pasted.payments.len());
        pastes.push(started.elapsed());
    }
    let mut text = table(&[&company_contracts, &payments, &all_page, &sales_page]);
    text.push_str(&format!(
        "\n\nThe book holds {book_total} contracts. A 1,000-row payment paste (`PastePayments`, fee basis), \
         parsed, checked and saved in one transaction: {}.",
        pastes.iter().map(|d| format!("{:.2} s", d.as_secs_f64())).collect::<Vec<_>>().join(", ")
    ));
    Ok(text)
}

/// Any mix of the `/Contracts` page's filters: commodity, and for Management (`all`) a team member,
/// scope and a signed range (a Sales user always sees the contracts naming them).
fn random_book_filter(rng: &mut StdRng, team: &[i64], all: bool) -> BookFilter {
    let mut filter = BookFilter::default();
    if rng.gen_bool(0.5) {
        let commodities = [Commodity::Electric, Commodity::Gas, Commodity::Dr];
        filter.commodity = (*commodities.choose(rng).expect("a commodity")).into();
    }
    if !all {
        return filter;
    }
    if rng.gen_bool(0.4) {
        filter.user_id = team.choose(rng).copied().unwrap_or_default();
    }
    let scopes = [ContractScope::Unspecified, ContractScope::ActiveOnly, ContractScope::FutureOnly];
    filter.scope = (*scopes.choose(rng).expect("a scope")).into();
    if rng.gen_bool(0.3) {
        let year = rng.gen_range(2022..2027);
        filter.date_signed_from = Some(Date { year, month: rng.gen_range(1..=6), day: 1 });
        filter.date_signed_to = Some(Date { year, month: 12, day: 31 });
    }
    filter
}

fn preamble(seconds: u64) -> String {
    format!(
        "Measured {} on this machine ({} cores), {seconds} s per scenario, release build, gateway and services \
         in one `eris-stack` process, loopback",
        chrono_like_now(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
    )
}

fn table(outcomes: &[&Outcome]) -> String {
    let mut lines = vec![
        "| scenario | connections | requests | errors | req/s | p50 ms | p95 ms | p99 ms |".to_owned(),
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |".to_owned(),
    ];
    lines.extend(outcomes.iter().map(|o| o.row()));
    lines.join("\n")
}

/// One gRPC-web call, as the web app makes it; answers the response message.
async fn grpc_web<Response: Message + Default>(
    client: &reqwest::Client,
    base_url: &str,
    token: &str,
    method: &str,
    request: &impl Message,
) -> anyhow::Result<Response> {
    let payload = request.encode_to_vec();
    let mut body = Vec::with_capacity(payload.len() + 5);
    body.push(0);
    body.extend_from_slice(&(payload.len() as u32).to_be_bytes());
    body.extend_from_slice(&payload);
    let response = client
        .post(format!("{base_url}/{method}"))
        .header("content-type", "application/grpc-web+proto")
        .header("x-grpc-web", "1")
        .header("authorization", format!("Bearer {token}"))
        .body(body)
        .send()
        .await?;
    if let Some(status) = response.headers().get("grpc-status").filter(|s| s.as_bytes() != b"0") {
        anyhow::bail!("grpc-status {status:?}");
    }
    let bytes = response.bytes().await?;
    anyhow::ensure!(bytes.len() >= 5 && bytes[0] == 0, "no message in the answer");
    let length = u32::from_be_bytes(bytes[1..5].try_into()?) as usize;
    let message = Response::decode(&bytes[5..5 + length])?;
    anyhow::ensure!(bytes[5 + length..].windows(13).any(|w| w == b"grpc-status:0"), "the call failed");
    Ok(message)
}

/// How far the web app's search drawer counts its matches (`SEARCH_COUNT_LIMIT` in the web app).
const SEARCH_COUNT_LIMIT: i32 = 5_000;

/// One `ListCompanies` call, as the web app's search drawer makes it with `SEARCH_COUNT_LIMIT`
/// (0 counts every match); answers the total.
async fn list_companies(
    client: &reqwest::Client,
    base_url: &str,
    token: &str,
    filter: CompanyFilter,
    total_size_limit: i32,
) -> anyhow::Result<i64> {
    let request = ListCompaniesRequest {
        page_size: 50,
        filter: Some(filter),
        include_total_size: true,
        total_size_limit,
        ..Default::default()
    };
    let method = "eris.crm.v1.CompanyService/ListCompanies";
    let response: ListCompaniesResponse = grpc_web(client, base_url, token, method, &request).await?;
    Ok(response.total_size)
}

/// A 3-letter part of a generated name and any mix of the drawer's other filters.
fn random_filter(rng: &mut StdRng, electric_areas: &[i64]) -> CompanyFilter {
    let words: Vec<&str> = eris_crm::seed::FIRST.iter().chain(eris_crm::seed::SECOND).copied().collect();
    let word: Vec<char> =
        words[rng.gen_range(0..words.len())].to_lowercase().chars().filter(|c| c.is_alphabetic()).collect();
    let start = rng.gen_range(0..word.len().saturating_sub(2).max(1));
    let name_query: String = word.iter().skip(start).take(3).collect();
    let mut filter = CompanyFilter { name_query, ..Default::default() };
    let statuses = [PrimaryStatus::Prospect, PrimaryStatus::Opportunity, PrimaryStatus::Customer, PrimaryStatus::Dead];
    if rng.gen_bool(0.5) {
        filter.primary_electric_statuses = statuses.iter().filter(|_| rng.gen_bool(0.5)).map(|s| (*s).into()).collect();
    }
    if rng.gen_bool(0.25) {
        filter.primary_gas_statuses = statuses.iter().filter(|_| rng.gen_bool(0.5)).map(|s| (*s).into()).collect();
    }
    if rng.gen_bool(0.2) {
        filter.secondary_electric_statuses = vec!["New".into(), "Pricing Sent".into()];
    }
    if rng.gen_bool(0.3) {
        filter.min_electric_usage = rng.gen_range(50_000..500_000).to_string();
    }
    if rng.gen_bool(0.2) {
        filter.max_electric_usage = rng.gen_range(500_000..5_000_000).to_string();
    }
    if rng.gen_bool(0.2) {
        filter.min_gas_usage = rng.gen_range(1_000..20_000).to_string();
    }
    if rng.gen_bool(0.2) {
        filter.electric_area_utility_ids = electric_areas.choose_multiple(rng, 3).copied().collect();
    }
    if rng.gen_bool(0.25) {
        let year = rng.gen_range(2026..2029);
        filter.electric_contract_end_from = Some(Date { year, month: 1, day: 1 });
        filter.electric_contract_end_to = Some(Date { year, month: 12, day: 31 });
    }
    filter
}

/// `getLeadById`'s rows, loaded through the plain client.
const LEAD: &str = "`GET /api/getLeadById/{id}`, random ids";

async fn crm_scenarios(
    args: &Args,
    token: String,
    sales_token: String,
    sales_id: i64,
    total: i64,
    electric_areas: Arc<Vec<i64>>,
) -> anyhow::Result<Vec<Outcome>> {
    let duration = Duration::from_secs(args.seconds);
    let searches =
        |seed: u64, duration: Duration, name: &'static str, connections: usize, token: String, team: Option<i64>| {
            let (base, electric_areas) = (args.base_url.clone(), electric_areas.clone());
            let rng = Arc::new(std::sync::Mutex::new(StdRng::seed_from_u64(seed)));
            run(name, connections, duration, move |client| {
                let (base, token) = (base.clone(), token.clone());
                let mut filter = random_filter(&mut rng.lock().expect("rng"), &electric_areas);
                if let Some(user_id) = team {
                    filter.team_user_ids = vec![user_id];
                }
                async move { list_companies(&client, &base, &token, filter, SEARCH_COUNT_LIMIT).await.is_ok() }
            })
        };
    let lead_path = || {
        let rng = std::sync::Mutex::new(StdRng::seed_from_u64(11));
        move || format!("/api/getLeadById/{}", rng.lock().expect("rng").gen_range(1..=total))
    };
    let lead = |name: &'static str, connections: usize| {
        run_plain(name, connections, duration, &args.base_url, &token, lead_path())
    };
    let lead_through_reqwest = |name: &'static str, connections: usize| {
        let (base, token, path) = (args.base_url.clone(), token.clone(), Arc::new(lead_path()));
        run(name, connections, duration, move |client| {
            let (url, token) = (format!("{base}{}", path()), token.clone());
            async move { get_ok(&client, url, token).await }
        })
    };
    let search = |name, connections, token, team| searches(7, duration, name, connections, token, team);
    // A freshly generated book is still on disk and in the write-ahead log: other searches first
    // bring it into memory, so the figures are those of a database that is in use.
    searches(3, Duration::from_secs(5), "warm-up", 2, token.clone(), None).await;
    let all = "company search: 3-letter name part + random drawer filters, Management (all companies)";
    let own = "the same as a Sales user (own companies only)";
    Ok(vec![
        search(all, 1, token.clone(), None).await,
        search(own, 1, sales_token.clone(), Some(sales_id)).await,
        lead(LEAD, 1).await?,
        lead(LEAD, 32).await?,
        search(all, 4, token.clone(), None).await,
        search(own, 4, sales_token, Some(sales_id)).await,
        lead_through_reqwest("the same, loaded through reqwest (a heavier client on the same cores)", 32).await,
    ])
}

fn chrono_like_now() -> String {
    let output = std::process::Command::new("date").arg("-u").arg("+%Y-%m-%d %H:%M UTC").output();
    output.ok().and_then(|o| String::from_utf8(o.stdout).ok()).map(|s| s.trim().to_owned()).unwrap_or_default()
}

/// Whether a GET with the token answers a success whose body arrives whole.
async fn get_ok(client: &reqwest::Client, url: String, token: String) -> bool {
    match client.get(url).header("authorization", token).send().await {
        Ok(response) if response.status().is_success() => response.bytes().await.is_ok(),
        _ => false,
    }
}

/// Replaces the marked section of the results file (or appends it).
fn write_section(path: &PathBuf, name: &str, body: &str) -> anyhow::Result<()> {
    let current = std::fs::read_to_string(path).unwrap_or_default();
    let (start, end) = (format!("<!-- bench:{name}:start -->"), format!("<!-- bench:{name}:end -->"));
    let section = format!("{start}\n{body}\n{end}");
    let updated = match (current.find(&start), current.find(&end)) {
        (Some(from), Some(to)) => format!("{}{section}{}", &current[..from], &current[to + end.len()..]),
        _ => format!("{current}\n{section}\n"),
    };
    std::fs::write(path, updated)?;
    Ok(())
}

/// Rows in the benchmark's supplier statement.
const STATEMENT_ROWS: usize = 20_000;

/// A supplier's 20,000-row commission statement from the benchmark book: previewed, applied, its
/// payments awaited in Margin Builder's read model, and reverted; with the serving process's
/// memory before and after. A row per account of each unpaid payment (the payment's amount split
/// among its accounts), and rows of accounts no contract covers up to 20,000.
async fn statement_scenario(args: &Args, token: &str) -> anyhow::Result<String> {
    let Some(url) = &args.rebuild_database_url else {
        return Ok("The statement scenario needs --rebuild-database-url.".to_owned());
    };
    let pool = sqlx::PgPool::connect(url).await?;
    // The supplier with the most unpaid projected payments, and 20,000 of them as its rows.
    let supplier_id: i64 = sqlx::query_scalar(
        "select c.supplier_id from contracts.payment p join contracts.contract c using (contract_id) \
         where c.supplier_id is not null and p.payment_actual is null group by 1 order by count(*) desc limit 1",
    )
    .fetch_one(&pool)
    .await?;
    let rows: Vec<(String, chrono::NaiveDate, rust_decimal::Decimal, i64)> = sqlx::query_as(
        "select distinct on (a.account_id, p.projected_year, p.projected_month) a.account_number, \
           make_date(p.projected_year, p.projected_month, 1), \
           round(coalesce(p.projected_payment, 0) / cardinality(c.account_ids), 2), p.payment_id \
         from contracts.payment p join contracts.contract c using (contract_id) \
           cross join unnest(c.account_ids) as covered(account_id) join crm.account a using (account_id) \
         where c.supplier_id = $1 and p.payment_actual is null \
         order by a.account_id, p.projected_year, p.projected_month, p.payment_id limit $2",
    )
    .bind(supplier_id)
    .bind(STATEMENT_ROWS as i64)
    .fetch_all(&pool)
    .await?;
    anyhow::ensure!(rows.len() >= 5000, "the book has too few unpaid payments of one supplier ({})", rows.len());
    let month = rows[0].1;
    let period =
        Some(Date { year: chrono::Datelike::year(&month), month: chrono::Datelike::month(&month) as i32, day: 1 });
    let mut lines: Vec<StatementLine> = rows
        .iter()
        .enumerate()
        .map(|(i, (number, month, expected, _))| StatementLine {
            account_number: number.clone(),
            period_start: Some(Date {
                year: chrono::Datelike::year(month),
                month: chrono::Datelike::month(month) as i32,
                day: 1,
            }),
            usage: "1000".into(),
            // Every tenth row short by a fifth.
            amount: if i % 10 == 0 {
                (expected * rust_decimal::Decimal::new(8, 1)).round_dp(2).to_string()
            } else {
                expected.to_string()
            },
            ..Default::default()
        })
        .collect();
    // Accounts the brokerage does not hold, with a customer name to look for.
    lines.extend((lines.len()..STATEMENT_ROWS).map(|i| StatementLine {
        account_number: format!("BENCH-UNKNOWN-{i:06}"),
        period_start: period,
        usage: "1000".into(),
        amount: "12.50".into(),
        customer_name: format!("Bench Customer {i}"),
        ..Default::default()
    }));
    let applied_payments: std::collections::BTreeSet<i64> = rows.iter().map(|row| row.3).collect();
    let request = |validate_only: bool| ImportStatementRequest {
        supplier_id,
        file_name: "bench.csv".into(),
        source: Some(import_statement_request::Source::Lines(StatementLines { lines: lines.clone() })),
        validate_only,
        ..Default::default()
    };
    let client = reqwest::Client::new();
    let method = "eris.contracts.v1.CommissionStatementService/ImportStatement";
    let memory_before = args.stack_pid.and_then(resident_mb);
    let started = Instant::now();
    let preview: ImportStatementResponse = grpc_web(&client, &args.base_url, token, method, &request(true)).await?;
    let preview_seconds = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let applied: ImportStatementResponse = grpc_web(&client, &args.base_url, token, method, &request(false)).await?;
    let apply_seconds = started.elapsed().as_secs_f64();
    let memory_after = args.stack_pid.and_then(resident_mb);
    let statement = applied.statement.context("no statement")?;
    // The applied payments, awaited in Margin Builder's read model: the first, and all.
    let paid: Vec<i64> = applied
        .rows
        .iter()
        .filter(|r| r.bucket == StatementBucket::Matched as i32 || r.bucket == StatementBucket::ShortOver as i32)
        .map(|r| r.payment_id)
        .filter(|id| applied_payments.contains(id))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let started = Instant::now();
    let (mut first_visible, mut all_visible) = (None, None);
    while !paid.is_empty() && started.elapsed() < Duration::from_secs(60) {
        let shown: i64 = sqlx::query_scalar(
            "select count(*) from reporting.payment where payment_id = any($1) and payment_actual is not null",
        )
        .bind(&paid)
        .fetch_one(&pool)
        .await?;
        if shown > 0 && first_visible.is_none() {
            first_visible = Some(started.elapsed());
        }
        if shown as usize == paid.len() {
            all_visible = Some(started.elapsed());
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let revert = "eris.contracts.v1.CommissionStatementService/RevertStatement";
    let started = Instant::now();
    let _: RevertStatementResponse = grpc_web(
        &client,
        &args.base_url,
        token,
        revert,
        &RevertStatementRequest { statement_id: statement.statement_id },
    )
    .await?;
    let revert_seconds = started.elapsed().as_secs_f64();
    let preview_counts = preview.statement.context("no preview")?;
    let mut text = format!(
        "A {}-row supplier statement (`ImportStatement` over gRPC-web, rows posted): preview {preview_seconds:.2} s \
         (target <= 5 s), apply {apply_seconds:.2} s (target <= 10 s), revert {revert_seconds:.2} s. Buckets: {} \
         matched, {} short/over, {} unmatched, {} duplicate, {} missing.",
        lines.len(),
        preview_counts.matched,
        preview_counts.short_over,
        preview_counts.unmatched,
        preview_counts.duplicate,
        preview_counts.missing,
    );
    match (first_visible, all_visible) {
        (Some(first), Some(all)) => text.push_str(&format!(
            " Of the {} payments paid, the first reached Margin Builder's read model {:.0} ms after the apply \
             answered and the last {:.0} ms after (target <= 1 s).",
            paid.len(),
            first.as_secs_f64() * 1000.0,
            all.as_secs_f64() * 1000.0
        )),
        _ => text.push_str(&format!(
            " Not all of the {} payments paid reached Margin Builder's read model within 60 s (target <= 1 s).",
            paid.len()
        )),
    }
    if let (Some(before), Some(after)) = (memory_before, memory_after) {
        text.push_str(&format!(
            " The serving process held {before:.0} MB before and {after:.0} MB after ({:+.0} MB; target < 100 MB).",
            after - before
        ));
    }
    Ok(text)
}
