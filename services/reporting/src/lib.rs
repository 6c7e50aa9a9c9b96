//! The reporting service: read models fed by the other services' events, and every report and export.

pub mod access;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
mod grpc;
pub mod projector;
pub mod rebuild;
#[cfg(feature = "testing")]
pub mod testing;

use std::sync::Arc;

use eris_platform::{
    serve::{GrpcService, serve_grpc},
    service::{Resources, Shutdown},
    time::BusinessTime,
};
use eris_proto::reporting::v1::report_service_server::ReportServiceServer;
use sqlx::{PgPool, migrate::Migrator};
use tokio::net::TcpListener;
use tonic::service::Routes;

pub use config::Config;

/// The migrations of the reporting schema.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The schema this service owns.
pub const SCHEMA: &str = "reporting";

/// Everything the handlers share.
pub(crate) struct State {
    pool: PgPool,
    /// The brokerage's time zone: "this year" for the reports.
    business: BusinessTime,
}

/// Connects, migrates and serves on `listener` until `shutdown` completes.
pub async fn serve(config: Config, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    let resources = Resources::connect(&config.service, SCHEMA, &MIGRATOR).await?;
    if let Some(address) = config.metrics_listen {
        eris_platform::metrics::serve_in_background(address).await?;
    }
    let _projector = match config.projector {
        true => {
            Some(projector::Projector::new(resources.pool.clone(), projector::redis(&config.service.redis)?).spawn())
        }
        false => None,
    };
    let service = GrpcService {
        names: &["eris.reporting.v1.ReportService"],
        routes: Routes::new(ReportServiceServer::new(grpc::ReportingApi(Arc::new(State {
            pool: resources.pool.clone(),
            business: BusinessTime::new(config.service.business.time_zone),
        })))),
        // The export is opened by its single-use ticket, so a browser can download it by address.
        auth: resources.auth(&["/eris.reporting.v1.ReportService/ExportMarginRows"]),
        dependencies: resources.dependencies(),
    };
    serve_grpc(listener, service, &config.service.shutdown, shutdown).await
}
