//! Settings of the sourcing service.

use std::net::SocketAddr;

use eris_platform::service::{Listen, ServiceArgs};

/// The sourcing service's settings.
#[derive(Debug, Clone, clap::Parser)]
#[command(
    name = "eris-sourcing",
    about = "Eris sourcing: utilities and rate codes, suppliers and their contacts, rate types and requests for pricing"
)]
pub struct Config {
    /// Address the gRPC server listens on.
    #[arg(long, env = "ERIS_LISTEN", default_value = "127.0.0.1:50054")]
    pub listen: SocketAddr,
    /// The crm service: RFPs name its companies and accounts, which are checked there.
    #[arg(long = "crm-url", env = "ERIS_CRM_URL", default_value = "http://127.0.0.1:50052")]
    pub crm_url: String,
    #[command(flatten)]
    pub service: ServiceArgs,
}

impl Listen for Config {
    fn listen(&self) -> SocketAddr {
        self.listen
    }
}
