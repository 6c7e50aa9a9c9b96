//! Settings of the reporting service.

use std::net::SocketAddr;

use eris_platform::{
    config::ServiceSecretArgs,
    service::{Listen, ServiceArgs},
};
use tonic::transport::{Channel, Endpoint};

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
    pub sources: SourceArgs,
}

/// How often the read models are compared with the contracts service, by default.
pub const RECONCILE_SECONDS: u64 = 300;

/// The services a rebuild reads its snapshots from.
#[derive(Debug, Clone, clap::Args)]
pub struct SourceArgs {
    /// The identity service (users).
    #[arg(
        id = "identity_source_url",
        long = "identity-source-url",
        env = "ERIS_IDENTITY_URL",
        default_value = "http://127.0.0.1:50051"
    )]
    pub identity_url: String,
    /// The crm service (companies).
    #[arg(long = "crm-url", env = "ERIS_CRM_URL", default_value = "http://127.0.0.1:50052")]
    pub crm_url: String,
    /// The contracts service (contracts and payments).
    #[arg(long = "contracts-url", env = "ERIS_CONTRACTS_URL", default_value = "http://127.0.0.1:50053")]
    pub contracts_url: String,
    /// The sourcing service (suppliers and utilities).
    #[arg(long = "sourcing-url", env = "ERIS_SOURCING_URL", default_value = "http://127.0.0.1:50054")]
    pub sourcing_url: String,
}

impl Default for SourceArgs {
    /// Each service at its default address.
    fn default() -> Self {
        Self {
            identity_url: "http://127.0.0.1:50051".into(),
            crm_url: "http://127.0.0.1:50052".into(),
            contracts_url: "http://127.0.0.1:50053".into(),
            sourcing_url: "http://127.0.0.1:50054".into(),
        }
    }
}

impl SourceArgs {
    /// Lazily connected channels to each source, with the secret that opens snapshots; an error
    /// when no secret is set.
    pub fn sources(&self, secret: &ServiceSecretArgs) -> anyhow::Result<crate::rebuild::Sources> {
        let secret = secret.service_secret.clone().ok_or_else(|| anyhow::anyhow!("ERIS_SERVICE_SECRET is not set"))?;
        let channel =
            |url: &str| -> anyhow::Result<Channel> { Ok(Endpoint::from_shared(url.to_owned())?.connect_lazy()) };
        Ok(crate::rebuild::Sources {
            channels: vec![
                ("identity", channel(&self.identity_url)?),
                ("crm", channel(&self.crm_url)?),
                ("contracts", channel(&self.contracts_url)?),
                ("sourcing", channel(&self.sourcing_url)?),
            ],
            secret,
        })
    }
}

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
