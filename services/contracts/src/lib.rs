//! The contracts service: contracts, contract files, payments, DR payment history and hedges.

use std::{future::Future, net::SocketAddr, sync::Arc};

use eris_platform::{
    auth::{AuthLayer, Revocations, TokenVerifier},
    config::{DatabaseArgs, RedisArgs, ShutdownArgs, TokenArgs},
    kv::Kv,
    serve::{GrpcService, serve_grpc},
};
use eris_proto::contracts::v1::contract_service_server::{ContractService, ContractServiceServer};
use sqlx::{PgPool, migrate::Migrator};
use tokio::net::TcpListener;
use tonic::service::Routes;

/// The migrations of the contracts schema.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The schema this service owns.
pub const SCHEMA: &str = "contracts";

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
    pub database: DatabaseArgs,
    #[command(flatten)]
    pub redis: RedisArgs,
    #[command(flatten)]
    pub token: TokenArgs,
    #[command(flatten)]
    pub shutdown: ShutdownArgs,
}

/// The gRPC API of the service.
struct ContractsApi {
    #[allow(dead_code, reason = "the pool serves the calls this service gains")]
    pool: PgPool,
}

#[tonic::async_trait]
impl ContractService for ContractsApi {}

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
        names: &["eris.contracts.v1.ContractService"],
        routes: Routes::new(ContractServiceServer::new(ContractsApi { pool })),
        auth: AuthLayer::new(verifier, &[]),
    };
    serve_grpc(listener, service, &config.shutdown, shutdown).await
}
