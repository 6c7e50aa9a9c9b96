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
    /// A Sales user seeing at most this many companies has RFP lists filtered by those ids in
    /// SQL; one seeing more has pages read in order and filtered by crm a batch at a time.
    #[arg(long, env = "ERIS_RFP_FEW_COMPANIES", default_value_t = 2000)]
    pub rfp_few_companies: i32,
    #[command(flatten)]
    pub service: ServiceArgs,
}

impl Listen for Config {
    fn listen(&self) -> SocketAddr {
        self.listen
    }
}
