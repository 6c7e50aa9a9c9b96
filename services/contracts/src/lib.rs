//! The contracts service: contracts, contract files, payments, DR payment history and hedges.

pub mod access;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
mod events;
pub mod files;
mod grpc;
mod peers;
mod proto;
pub mod seed;
#[cfg(feature = "testing")]
pub mod testing;

use std::sync::Arc;

use eris_platform::db::Db;
use eris_platform::{
    serve::{GrpcService, serve_grpc},
    service::{Resources, Shutdown},
    snapshot::Snapshots,
    time::BusinessTime,
};
use eris_proto::contracts::v1::{
    commission_statement_service_server::CommissionStatementServiceServer,
    contract_service_server::ContractServiceServer, hedge_service_server::HedgeServiceServer,
    payment_service_server::PaymentServiceServer,
};
use sqlx::migrate::Migrator;
use tokio::net::TcpListener;
use tonic::service::Routes;

pub use config::Config;

/// The migrations of the contracts schema.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The schema this service owns.
pub const SCHEMA: &str = "contracts";

/// The largest message a call carries: a 25 MB contract file and its envelope.
pub const MAX_MESSAGE_BYTES: usize = 26 * 1024 * 1024;
/// The largest statement call: a 32 MB statement file and its envelope, or its answer.
pub const MAX_STATEMENT_BYTES: usize = 33 * 1024 * 1024;

/// Everything the handlers share.
pub(crate) struct State {
    pool: Db,
    /// The crm service, asked on the caller's behalf about companies and accounts.
    crm: eris_platform::local::Channel,
    /// The sourcing service, asked about utilities and suppliers.
    sourcing: eris_platform::local::Channel,
    /// Users of the beta contract screens.
    beta_user_ids: Vec<i64>,
    files: files::Files,
    /// Downloads running at once, per user and overall.
    downloads: Arc<files::DownloadLimits>,
    /// The brokerage's time zone: "today" for the Contracts page's filters.
    business: BusinessTime,
}

/// Connects, migrates and serves on `listener` until `shutdown` completes.
pub async fn serve(config: Config, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    let resources = Resources::connect(&config.service, SCHEMA, &MIGRATOR).await?;
    eris_platform::metrics::serve_if_asked(&config.service.metrics).await?;
    // Publishes the outbox to this service's event stream while the service runs.
    let _relay = eris_platform::relay::Relay::new(resources.pool.pool().clone(), resources.kv.clone(), SCHEMA).spawn();
    // Makes contracts whose end date has passed Inactive.
    let _sweep =
        domain::lifecycle::spawn(resources.pool.pool().clone(), BusinessTime::new(config.service.business.time_zone));
    let state = Arc::new(State {
        pool: resources.pool.clone(),
        crm: eris_platform::local::channel_to(&config.crm_url)?,
        sourcing: eris_platform::local::channel_to(&config.sourcing_url)?,
        beta_user_ids: config.contracts_beta_user_ids.clone(),
        files: files::Files::from_args(&config.files)?,
        downloads: files::DownloadLimits::new(files::DOWNLOADS_PER_USER, files::DOWNLOADS_OVERALL),
        business: BusinessTime::new(config.service.business.time_zone),
    });
    let contracts = ContractServiceServer::new(grpc::ContractApi(state.clone()))
        .max_decoding_message_size(MAX_MESSAGE_BYTES)
        .max_encoding_message_size(MAX_MESSAGE_BYTES);
    let service = GrpcService {
        names: &[
            "eris.contracts.v1.ContractService",
            "eris.contracts.v1.PaymentService",
            "eris.contracts.v1.HedgeService",
            "eris.contracts.v1.CommissionStatementService",
            eris_platform::snapshot::SERVICE_NAME,
        ],
        routes: Routes::new(contracts)
            .add_service(PaymentServiceServer::new(grpc::PaymentApi(state.clone())))
            .add_service(HedgeServiceServer::new(grpc::HedgeApi(state.clone())))
            .add_service(
                CommissionStatementServiceServer::new(grpc::StatementApi(state))
                    .max_decoding_message_size(MAX_STATEMENT_BYTES)
                    .max_encoding_message_size(MAX_STATEMENT_BYTES),
            )
            .add_service(Snapshots::server_with_records(
                resources.pool.pool().clone(),
                grpc::snapshot::PARTS,
                grpc::snapshot::RECORDS,
            )),
        auth: resources.auth(&[]),
        dependencies: resources.dependencies(),
    };
    serve_grpc(listener, service, &config.service.shutdown, shutdown).await
}
