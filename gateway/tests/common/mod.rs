//! The gateway test harness: real sockets, a real identity (and crm) service, the machine's
//! PostgreSQL and Redis.

#![allow(dead_code, reason = "each test binary uses part of the harness")]

use std::{net::SocketAddr, path::PathBuf};

use eris_gateway::config::{Config, UpstreamArgs};
pub use eris_identity::testing::DEMO_PASSWORD;
use eris_platform::{
    config::TokenArgs,
    testing::{TestDatabase, shutdown_args},
};
use prost::Message;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

pub struct TestGateway {
    pub base: String,
    pub http: Client,
    pub database: Option<TestDatabase>,
    /// The internal listener serving `/metrics`.
    pub metrics: String,
    _web: PathBuf,
}

/// A free port nothing listens on: a service that is down.
pub async fn closed_port() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    listener.local_addr().unwrap()
}

pub async fn spawn_identity(database: &TestDatabase) -> SocketAddr {
    eris_identity::testing::spawn(database, |_| {}).await
}

/// The services behind the gateway besides identity; the others are down.
#[derive(Default)]
pub struct Upstreams {
    pub crm: Option<SocketAddr>,
    pub sourcing: Option<SocketAddr>,
    pub contracts: Option<SocketAddr>,
    pub reporting: Option<SocketAddr>,
}

pub async fn spawn_gateway(identity: SocketAddr, upstreams: Upstreams, database: Option<TestDatabase>) -> TestGateway {
    let web = std::env::temp_dir().join(format!("eris-web-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><title>Eris</title>").unwrap();
    std::fs::write(web.join("assets/app.js"), "console.log('eris')").unwrap();
    // What the build writes beside a file it compressed ahead of time (marked, not compressed).
    std::fs::write(web.join("assets/app.js.br"), "app.js as brotli").unwrap();
    std::fs::write(web.join("assets/app.js.gz"), "app.js as gzip").unwrap();
    let down = closed_port().await;
    // The metrics port is one found free a moment ago: another test may take it first, and the
    // gateway then stops at start. Another pair of ports is tried until it answers.
    for _ in 0..5 {
        let metrics = closed_port().await;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let config = Config {
            listen: address,
            upstreams: UpstreamArgs {
                crm_url: format!("http://{}", upstreams.crm.unwrap_or(down)),
                contracts_url: format!("http://{}", upstreams.contracts.unwrap_or(down)),
                sourcing_url: format!("http://{}", upstreams.sourcing.unwrap_or(down)),
                reporting_url: format!("http://{}", upstreams.reporting.unwrap_or(down)),
                timeout_seconds: 10,
            },
            web_dist: web.clone(),
            trust_forwarded_for: false,
            metrics_listen: Some(metrics),
            proxy_secret: None,
            hsts: false,
            token: TokenArgs { identity_url: format!("http://{identity}"), jwt_public_key: None },
            business: eris_platform::config::BusinessArgs::default(),
            shutdown: shutdown_args(),
        };
        let serving = tokio::spawn(eris_gateway::serve(config, listener, Box::pin(std::future::pending())));
        let base = format!("http://{address}");
        let http = Client::new();
        for _ in 0..200 {
            if serving.is_finished() {
                break;
            }
            if http.get(format!("{base}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
                return TestGateway { base, http, database, metrics: format!("http://{metrics}/metrics"), _web: web };
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }
    panic!("the gateway did not start");
}

/// A gateway in front of identity, with every other service down.
pub async fn spawn_app() -> TestGateway {
    let database = TestDatabase::new().await;
    let identity = spawn_identity(&database).await;
    spawn_gateway(identity, Upstreams::default(), Some(database)).await
}

/// A gateway in front of identity, crm and sourcing.
pub async fn spawn_app_with_crm() -> TestGateway {
    spawn_business_app(false).await
}

/// A gateway in front of identity, crm, sourcing, contracts and reporting, whose beta users are
/// the Management and Customer Care demo users.
pub async fn spawn_app_with_contracts() -> TestGateway {
    spawn_business_app(true).await
}

async fn spawn_business_app(with_contracts: bool) -> TestGateway {
    let database = TestDatabase::new().await;
    let identity = spawn_identity(&database).await;
    let identity_url = format!("http://{identity}");
    // crm checks accounts' directories with sourcing, and sourcing RFPs' accounts with crm.
    let sourcing_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let sourcing_url = format!("http://{}", sourcing_listener.local_addr().unwrap());
    let crm = eris_crm::testing::spawn_with_sourcing(&database, identity_url.clone(), sourcing_url.clone()).await;
    let sourcing = eris_sourcing::testing::spawn_on(
        sourcing_listener,
        &database,
        identity_url.clone(),
        format!("http://{crm}"),
        2000,
    );
    if !with_contracts {
        let upstreams = Upstreams { crm: Some(crm), sourcing: Some(sourcing), ..Default::default() };
        return spawn_gateway(identity, upstreams, Some(database)).await;
    }
    // The beta users are known once the gateway signs them in; until the service starts, calls
    // to its bound port wait in the listen queue.
    let contracts_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let contracts = contracts_listener.local_addr().unwrap();
    let reporting_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let reporting = eris_reporting::testing::spawn_on(
        reporting_listener,
        &database,
        identity_url.clone(),
        format!("http://{contracts}"),
        0,
    );
    let upstreams =
        Upstreams { crm: Some(crm), sourcing: Some(sourcing), contracts: Some(contracts), reporting: Some(reporting) };
    let app = spawn_gateway(identity, upstreams, Some(database)).await;
    let management = app.login("management@eris.test", DEMO_PASSWORD).await.json::<Value>().await.unwrap();
    let care = app.login("care@eris.test", DEMO_PASSWORD).await.json::<Value>().await.unwrap();
    let beta = [&management, &care].map(|login| login["user"]["UserId"].as_i64().unwrap()).to_vec();
    let crm_url = format!("http://{crm}");
    let database = app.database.as_ref().unwrap();
    eris_contracts::testing::spawn_on(contracts_listener, database, identity_url, crm_url, sourcing_url, beta);
    app
}

impl TestGateway {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn login(&self, username: &str, password: &str) -> reqwest::Response {
        self.http
            .post(self.url("/api/user/login"))
            .json(&json!({"username": username, "password": password}))
            .send()
            .await
            .unwrap()
    }

    pub async fn token(&self, username: &str) -> String {
        let body: Value = self.login(username, DEMO_PASSWORD).await.json().await.unwrap();
        body["id_token"].as_str().unwrap().to_owned()
    }

    pub async fn get(&self, path: &str, token: &str) -> reqwest::Response {
        self.http.get(self.url(path)).header("authorization", token).send().await.unwrap()
    }

    pub async fn send(&self, method: reqwest::Method, path: &str, token: &str, body: Value) -> reqwest::Response {
        self.http.request(method, self.url(path)).header("authorization", token).json(&body).send().await.unwrap()
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> reqwest::Response {
        self.send(reqwest::Method::POST, path, token, body).await
    }

    pub async fn users(&self, token: &str) -> Vec<Value> {
        self.get("/api/user/getAllUsers", token).await.json().await.unwrap()
    }

    pub async fn user_by_email(&self, token: &str, email: &str) -> Value {
        self.users(token).await.into_iter().find(|u| u["Email"] == email).unwrap()
    }

    /// A gRPC-web call: the status code, its message and the response message bytes.
    pub async fn grpc_web(&self, path: &str, token: Option<&str>, message: &impl Message) -> (String, String, Vec<u8>) {
        let payload = message.encode_to_vec();
        let mut body = vec![0u8];
        body.extend_from_slice(&(payload.len() as u32).to_be_bytes());
        body.extend_from_slice(&payload);
        let mut request = self
            .http
            .post(self.url(path))
            .header("content-type", "application/grpc-web+proto")
            .header("x-grpc-web", "1");
        if let Some(token) = token {
            request = request.header("authorization", format!("Bearer {token}"));
        }
        let response = request.body(body).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let header = |name: &str| response.headers().get(name).map(|v| v.to_str().unwrap().to_owned());
        let (mut status, mut status_message) = (header("grpc-status"), header("grpc-message"));
        let bytes = response.bytes().await.unwrap();
        let (mut data, mut rest) = (Vec::new(), &bytes[..]);
        while rest.len() >= 5 {
            let flag = rest[0];
            let length = u32::from_be_bytes(rest[1..5].try_into().unwrap()) as usize;
            let frame = &rest[5..5 + length];
            if flag & 0x80 == 0 {
                data = frame.to_vec();
            } else {
                for line in String::from_utf8_lossy(frame).split("\r\n") {
                    if let Some((key, value)) = line.split_once(':') {
                        match key.trim() {
                            "grpc-status" => status = Some(value.trim().to_owned()),
                            "grpc-message" => status_message = Some(value.trim().to_owned()),
                            _ => {}
                        }
                    }
                }
            }
            rest = &rest[5 + length..];
        }
        let decoded = status_message.map(|m| m.replace("%20", " ").replace("%2E", ".")).unwrap_or_default();
        (status.unwrap_or_default(), decoded, data)
    }
}
