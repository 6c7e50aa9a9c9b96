//! The reporting service: read models fed by the other services' events, and every report and export.

use std::{future::Future, net::SocketAddr, sync::Arc};

use eris_platform::{
    auth::{AuthLayer, Revocations, TokenVerifier},
    config::{DatabaseArgs, RedisArgs, ShutdownArgs, TokenArgs},
    kv::Kv,
    serve::{GrpcService, serve_grpc},
};
use eris_proto::reporting::v1::report_service_server::{ReportService, ReportServiceServer};
use sqlx::{PgPool, migrate::Migrator};
use tokio::net::TcpListener;
use tonic::service::Routes;

/// The migrations of the reporting schema.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The schema this service owns.
pub const SCHEMA: &str = "reporting";

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
    pub database: DatabaseArgs,
    #[command(flatten)]
    pub redis: RedisArgs,
    #[command(flatten)]
    pub token: TokenArgs,
    #[command(flatten)]
    pub shutdown: ShutdownArgs,
}

/// The gRPC API of the service.
struct ReportingApi {
    #[allow(dead_code, reason = "the pool serves the calls this service gains")]
    pool: PgPool,
}

#[tonic::async_trait]
impl ReportService for ReportingApi {}

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
        names: &["eris.reporting.v1.ReportService"],
        routes: Routes::new(ReportServiceServer::new(ReportingApi { pool })),
        auth: AuthLayer::new(verifier, &[]),
    };
    serve_grpc(listener, service, &config.shutdown, shutdown).await
}
