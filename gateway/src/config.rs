//! Settings of the gateway.

use std::{net::SocketAddr, path::PathBuf};

use eris_platform::{
    config::{BusinessArgs, ShutdownArgs, TokenArgs},
    service::Listen,
};

/// The gateway's settings.
#[derive(Debug, Clone, clap::Parser)]
#[command(name = "eris-gateway", about = "Eris gateway: REST, gRPC-web, the web app, health and metrics")]
pub struct Config {
    /// Address the HTTP server listens on.
    #[arg(long, env = "ERIS_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    #[command(flatten)]
    pub upstreams: UpstreamArgs,
    /// Directory of the built web app, served with history-mode fallback to index.html.
    #[arg(long, env = "ERIS_WEB_DIST", default_value = "web/dist")]
    pub web_dist: PathBuf,
    /// Take the client address from X-Forwarded-For (only behind a proxy that sets it).
    #[arg(long, env = "ERIS_TRUST_FORWARDED_FOR", default_value_t = false)]
    pub trust_forwarded_for: bool,
    /// Shared with identity: sent with every service call so identity believes the client address
    /// this gateway forwards (identity trusts no forwarded address without it when it has one).
    #[arg(long, env = "ERIS_PROXY_SECRET")]
    pub proxy_secret: Option<eris_platform::config::Secret>,
    /// Address `/metrics` is served on, apart from the public listener (e.g. 0.0.0.0:9464 inside
    /// a cluster); unset, metrics are not served.
    #[arg(long, env = "ERIS_METRICS_LISTEN")]
    pub metrics_listen: Option<SocketAddr>,
    /// Send Strict-Transport-Security: set when clients reach the gateway over HTTPS (through a
    /// TLS-terminating proxy).
    #[arg(long, env = "ERIS_HSTS", default_value_t = false)]
    pub hsts: bool,
    #[command(flatten)]
    pub token: TokenArgs,
    #[command(flatten)]
    pub business: BusinessArgs,
    #[command(flatten)]
    pub shutdown: ShutdownArgs,
}

impl Listen for Config {
    fn listen(&self) -> SocketAddr {
        self.listen
    }
}

/// Where each service is. The identity address comes from `TokenArgs::identity_url`.
#[derive(Debug, Clone, clap::Args)]
pub struct UpstreamArgs {
    /// The crm service.
    #[arg(long, env = "ERIS_CRM_URL", default_value = "http://127.0.0.1:50052")]
    pub crm_url: String,
    /// The contracts service.
    #[arg(long, env = "ERIS_CONTRACTS_URL", default_value = "http://127.0.0.1:50053")]
    pub contracts_url: String,
    /// The sourcing service.
    #[arg(long, env = "ERIS_SOURCING_URL", default_value = "http://127.0.0.1:50054")]
    pub sourcing_url: String,
    /// The reporting service.
    #[arg(long, env = "ERIS_REPORTING_URL", default_value = "http://127.0.0.1:50055")]
    pub reporting_url: String,
    /// Most seconds a call to a service may take.
    #[arg(long, env = "ERIS_UPSTREAM_TIMEOUT_SECONDS", default_value_t = 30)]
    pub timeout_seconds: u64,
}
