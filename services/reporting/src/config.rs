//! Settings of the reporting service.

use std::net::SocketAddr;

use eris_platform::service::{Listen, ServiceArgs};

/// The reporting service's settings.
#[derive(Debug, Clone, clap::Parser)]
#[command(
    name = "eris-reporting",
    about = "Eris reporting: read models fed by the other services' events, and every report and export"
)]
pub struct Config {
    /// Address the gRPC server listens on.
    #[arg(long, env = "ERIS_LISTEN", default_value = "127.0.0.1:50055")]
    pub listen: SocketAddr,
    #[command(flatten)]
    pub service: ServiceArgs,
}

impl Listen for Config {
    fn listen(&self) -> SocketAddr {
        self.listen
    }
}
