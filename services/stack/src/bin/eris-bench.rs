//! `eris-bench`: load against a running gateway on this machine, reporting throughput and
//! latency percentiles, and writing them into docs/benchmarks.md.
//!
//! Scenarios: sign-in (REST login: argon2id verification dominates) and a token-checked round
//! trip (REST `getActiveUsers`: the gateway verifies the token, identity verifies it again and
//! reads the users).

use std::{
    path::PathBuf,
    sync::Arc,
    time::{Duration, Instant},
};

use anyhow::Context as _;
use clap::Parser;
use serde_json::{Value, json};

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
        run(
            "token-checked round trip (`GET /api/user/getActiveUsers`)",
            args.round_trip_connections,
            duration,
            move |client| {
                let (url, token) = (url.clone(), token.clone());
                async move {
                    match client.get(url).header("authorization", token).send().await {
                        Ok(response) if response.status().is_success() => response.bytes().await.is_ok(),
                        _ => false,
                    }
                }
            },
        )
        .await
    };

    let table = [
        "| scenario | connections | requests | errors | req/s | p50 ms | p95 ms | p99 ms |".to_owned(),
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |".to_owned(),
        sign_in.row(),
        round_trip.row(),
    ]
    .join("\n");
    println!("{table}");
    let section = format!(
        "<!-- bench:identity:start -->\nMeasured {} on this machine ({} cores), {} s per scenario, release build, \
         gateway and services in one `eris-stack` process, loopback.\n\n{table}\n<!-- bench:identity:end -->",
        chrono_like_now(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        args.seconds,
    );
    write_section(&args.output, &section)?;
    Ok(())
}

fn chrono_like_now() -> String {
    let output = std::process::Command::new("date").arg("-u").arg("+%Y-%m-%d %H:%M UTC").output();
    output.ok().and_then(|o| String::from_utf8(o.stdout).ok()).map(|s| s.trim().to_owned()).unwrap_or_default()
}

/// Replaces the marked section of the results file (or appends it).
fn write_section(path: &PathBuf, section: &str) -> anyhow::Result<()> {
    let current = std::fs::read_to_string(path).unwrap_or_default();
    let (start, end) = ("<!-- bench:identity:start -->", "<!-- bench:identity:end -->");
    let updated = match (current.find(start), current.find(end)) {
        (Some(from), Some(to)) => format!("{}{section}{}", &current[..from], &current[to + end.len()..]),
        _ => format!("{current}\n{section}\n"),
    };
    std::fs::write(path, updated)?;
    Ok(())
}
