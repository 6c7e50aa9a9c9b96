//! The sourcing service: utilities and rate codes, suppliers and their contacts, rate types and requests for pricing.

use std::{future::Future, net::SocketAddr, sync::Arc};

use eris_platform::{
    auth::{AuthLayer, Revocations, TokenVerifier},
    config::{DatabaseArgs, RedisArgs, ShutdownArgs, TokenArgs},
    kv::Kv,
    serve::{GrpcService, serve_grpc},
};
use eris_proto::sourcing::v1::{
    sourcing_service_server::{SourcingService, SourcingServiceServer},
    utility_service_server::UtilityServiceServer,
};
use sqlx::migrate::Migrator;
use tokio::net::TcpListener;
use tonic::service::Routes;

pub mod seed;
#[cfg(feature = "testing")]
pub mod testing;
pub mod utilities;

/// The migrations of the sourcing schema.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The schema this service owns.
pub const SCHEMA: &str = "sourcing";

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
    #[command(flatten)]
    pub database: DatabaseArgs,
    #[command(flatten)]
    pub redis: RedisArgs,
    #[command(flatten)]
    pub token: TokenArgs,
    #[command(flatten)]
    pub shutdown: ShutdownArgs,
}

/// The service's calls that have not yet moved to their own service (suppliers, rate types and
/// requests for pricing arrive with their features).
struct SourcingApi;

#[tonic::async_trait]
impl SourcingService for SourcingApi {}

/// Connects, migrates and serves on `listener` until `shutdown` completes.
pub async fn serve(
    config: Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let pool = eris_platform::db::connect(&config.database, SCHEMA, &MIGRATOR).await?;
    let kv = Kv::connect(&config.redis).await?;
    let verifier = Arc::new(TokenVerifier::from_config(&config.token, Revocations::new(kv)).await?);
    let service = GrpcService {
        names: &["eris.sourcing.v1.SourcingService", "eris.sourcing.v1.UtilityService"],
        routes: Routes::new(SourcingServiceServer::new(SourcingApi))
            .add_service(UtilityServiceServer::new(utilities::UtilityApi { pool })),
        auth: AuthLayer::new(verifier, &[]),
    };
    serve_grpc(listener, service, &config.shutdown, shutdown).await
}
