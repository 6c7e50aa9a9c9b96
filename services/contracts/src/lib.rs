//! The contracts service: contracts, contract files, payments, DR payment history and hedges.

pub mod access;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
mod grpc;

use eris_platform::{
    serve::{GrpcService, serve_grpc},
    service::{Resources, Shutdown},
};
use eris_proto::contracts::v1::contract_service_server::ContractServiceServer;
use sqlx::migrate::Migrator;
use tokio::net::TcpListener;
use tonic::service::Routes;

pub use config::Config;

/// The migrations of the contracts schema.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The schema this service owns.
pub const SCHEMA: &str = "contracts";

/// Connects, migrates and serves on `listener` until `shutdown` completes.
pub async fn serve(config: Config, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    let resources = Resources::connect(&config.service, SCHEMA, &MIGRATOR).await?;
    let service = GrpcService {
        names: &["eris.contracts.v1.ContractService"],
        routes: Routes::new(ContractServiceServer::new(grpc::ContractsApi)),
        auth: resources.auth(&[]),
        dependencies: resources.dependencies(),
    };
    serve_grpc(listener, service, &config.service.shutdown, shutdown).await
}
