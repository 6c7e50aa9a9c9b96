//! The sourcing service: utilities and rate codes, suppliers and their contacts, rate types and
//! requests for pricing.

pub mod access;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
mod events;
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
use eris_proto::sourcing::v1::{
    rate_type_service_server::RateTypeServiceServer, rfp_service_server::RfpServiceServer,
    sourcing_service_server::SourcingServiceServer, supplier_service_server::SupplierServiceServer,
    utility_service_server::UtilityServiceServer,
};
use sqlx::migrate::Migrator;
use tokio::net::TcpListener;
use tonic::service::Routes;

pub use config::Config;

/// The migrations of the sourcing schema.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The schema this service owns.
pub const SCHEMA: &str = "sourcing";

/// Everything the handlers share.
pub(crate) struct State {
    pool: Db,
    /// The crm service, asked on the caller's behalf about the companies and accounts RFPs name.
    crm: eris_platform::local::Channel,
    /// The brokerage's time zone: an RFP's default return date is today there.
    business: BusinessTime,
    /// See `Config::rfp_few_companies`.
    rfp_few_companies: i32,
}

/// Connects, migrates and serves on `listener` until `shutdown` completes.
pub async fn serve(config: Config, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    let resources = Resources::connect(&config.service, SCHEMA, &MIGRATOR).await?;
    eris_platform::metrics::serve_if_asked(&config.service.metrics).await?;
    // Publishes the outbox to this service's event stream while the service runs.
    let _relay = eris_platform::relay::Relay::new(resources.pool.pool().clone(), resources.kv.clone(), SCHEMA).spawn();
    let state = Arc::new(State {
        pool: resources.pool.clone(),
        crm: eris_platform::local::channel_to(&config.crm_url)?,
        business: BusinessTime::new(config.service.business.time_zone),
        rfp_few_companies: config.rfp_few_companies,
    });
    let service = GrpcService {
        names: &[
            "eris.sourcing.v1.SourcingService",
            "eris.sourcing.v1.UtilityService",
            "eris.sourcing.v1.SupplierService",
            "eris.sourcing.v1.RateTypeService",
            "eris.sourcing.v1.RfpService",
            eris_platform::snapshot::SERVICE_NAME,
        ],
        routes: Routes::new(SourcingServiceServer::new(grpc::SourcingApi))
            .add_service(UtilityServiceServer::new(grpc::UtilityApi(state.clone())))
            .add_service(SupplierServiceServer::new(grpc::SupplierApi(state.clone())))
            .add_service(RateTypeServiceServer::new(grpc::RateTypeApi(state.clone())))
            .add_service(RfpServiceServer::new(grpc::RfpApi(state)))
            .add_service(Snapshots::server(resources.pool.pool().clone(), grpc::snapshot::PARTS)),
        auth: resources.auth(&[]),
        dependencies: resources.dependencies(),
    };
    serve_grpc(listener, service, &config.service.shutdown, shutdown).await
}
