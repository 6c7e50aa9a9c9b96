//! Settings of the contracts service.

use std::net::SocketAddr;

use eris_platform::service::{Listen, ServiceArgs};

/// The contracts service's settings.
#[derive(Debug, Clone, clap::Parser)]
#[command(
    name = "eris-contracts",
    about = "Eris contracts: contracts, contract files, payments, DR payment history and hedges"
)]
pub struct Config {
    /// Address the gRPC server listens on.
    #[arg(long, env = "ERIS_LISTEN", default_value = "127.0.0.1:50053")]
    pub listen: SocketAddr,
    #[command(flatten)]
    pub service: ServiceArgs,
}

impl Listen for Config {
    fn listen(&self) -> SocketAddr {
        self.listen
    }
}
