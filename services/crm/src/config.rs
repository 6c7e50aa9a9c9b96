//! Settings of the crm service.

use std::net::SocketAddr;

use eris_platform::service::{Listen, ServiceArgs};

/// The crm service's settings.
#[derive(Debug, Clone, clap::Parser)]
#[command(
    name = "eris-crm",
    about = "Eris crm: companies, affiliates, notes, tasks, call banks, accounts and contacts"
)]
pub struct Config {
    /// Address the gRPC server listens on.
    #[arg(long, env = "ERIS_LISTEN", default_value = "127.0.0.1:50052")]
    pub listen: SocketAddr,
    /// The sourcing service: accounts name its utilities and suppliers, which are checked there.
    #[arg(long = "sourcing-url", env = "ERIS_SOURCING_URL", default_value = "http://127.0.0.1:50054")]
    pub sourcing_url: String,
    #[command(flatten)]
    pub service: ServiceArgs,
}

impl Listen for Config {
    fn listen(&self) -> SocketAddr {
        self.listen
    }
}
