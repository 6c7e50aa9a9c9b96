//! Settings of the crm service.

use std::net::SocketAddr;

use eris_platform::service::{Listen, ServiceArgs};

/// The crm service's settings.
#[derive(Debug, Clone, clap::Parser)]
#[command(name = "eris-crm", about = "Eris crm: companies, affiliates, notes, tasks and call banks")]
pub struct Config {
    /// Address the gRPC server listens on.
    #[arg(long, env = "ERIS_LISTEN", default_value = "127.0.0.1:50052")]
    pub listen: SocketAddr,
    #[command(flatten)]
    pub service: ServiceArgs,
}

impl Listen for Config {
    fn listen(&self) -> SocketAddr {
        self.listen
    }
}
