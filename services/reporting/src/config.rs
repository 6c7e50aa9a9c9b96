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
    /// Also run the projector, which feeds the read models from the other services' events
    /// (one at a time holds the lease, however many processes run it). Replicas that only
    /// answer reports set it to false.
    #[arg(long, env = "ERIS_REPORTING_PROJECTOR", default_value_t = true, action = clap::ArgAction::Set)]
    pub projector: bool,
    /// Seconds between comparisons of the read models with the contracts service (by the
    /// projector holding the lease, which mends what differs); 0: none. Needs the service secret.
    #[arg(long, env = "ERIS_RECONCILE_SECONDS", default_value_t = RECONCILE_SECONDS)]
    pub reconcile_seconds: u64,
    #[command(flatten)]
    pub service: ServiceArgs,
    #[command(flatten)]
    pub sources: crate::sources::SourceArgs,
}

/// How often the read models are compared with the contracts service, by default.
pub const RECONCILE_SECONDS: u64 = 300;

impl Listen for Config {
    fn listen(&self) -> SocketAddr {
        self.listen
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_settings_parse() {
        super::Config::command().debug_assert();
        crate::rebuild::RebuildConfig::command().debug_assert();
    }
}
