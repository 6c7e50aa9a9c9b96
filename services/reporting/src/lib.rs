//! The reporting service: read models fed by the other services' events, and every report and export.

pub mod access;
pub mod changes;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod events;
mod grpc;
pub mod projector;
pub mod rebuild;
pub mod reconcile;
pub mod sources;
#[cfg(feature = "testing")]
pub mod testing;

use std::sync::Arc;

use eris_platform::db::Db;
use eris_platform::{
    serve::{GrpcService, serve_grpc},
    service::{Resources, Shutdown},
    time::BusinessTime,
};
use eris_proto::reporting::v1::{
    change_feed_service_server::ChangeFeedServiceServer, report_service_server::ReportServiceServer,
};
use futures::FutureExt;
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
    pool: Db,
    /// The brokerage's time zone: "this year" for the reports.
    business: BusinessTime,
}

/// Connects, migrates and serves on `listener` until `shutdown` completes.
pub async fn serve(config: Config, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    let resources = Resources::connect(&config.service, SCHEMA, &MIGRATOR).await?;
    let projector = match config.projector {
        true => {
            let projector =
                projector::Projector::new(resources.pool.pool().clone(), projector::redis(&config.service.redis)?);
            Some(match reconciler(&config, resources.pool.pool())? {
                Some(reconciler) => projector.with_reconciler(reconciler),
                None => projector,
            })
        }
        false => None,
    };
    let health = projector.as_ref().map(projector::Projector::health);
    eris_platform::metrics::serve_if_asked_with(&config.service.metrics, readiness(health)).await?;
    let _projector = projector.map(projector::Projector::spawn);
    // Open change streams end as soon as the service starts stopping.
    let (stopping, stopped) = tokio::sync::watch::channel(false);
    let shutdown = async move {
        shutdown.await;
        let _ = stopping.send(true);
    }
    .boxed();
    let hub = changes::ChangeHub::spawn(resources.pool.pool().clone(), changes::redis(&config.service.redis)?, stopped);
    let service = GrpcService {
        names: &["eris.reporting.v1.ReportService", "eris.reporting.v1.ChangeFeedService"],
        routes: Routes::new(ReportServiceServer::new(grpc::ReportingApi(Arc::new(State {
            pool: resources.pool.clone(),
            business: BusinessTime::new(config.service.business.time_zone),
        }))))
        .add_service(ChangeFeedServiceServer::new(grpc::ChangeFeedApi(hub))),
        // The export is opened by its single-use ticket, so a browser can download it by address.
        auth: resources.auth(&["/eris.reporting.v1.ReportService/ExportMarginRows"]),
        dependencies: resources.dependencies(),
    };
    serve_grpc(listener, service, &config.service.shutdown, shutdown).await
}

/// The comparison with the contracts service, unless it is turned off or no service secret opens
/// the contracts service's digests.
fn reconciler(config: &Config, pool: &PgPool) -> anyhow::Result<Option<reconcile::Reconciler>> {
    if config.reconcile_seconds == 0 {
        return Ok(None);
    }
    let Some(secret) = config.service.secret.service_secret.clone() else {
        tracing::warn!("ERIS_SERVICE_SECRET is not set: the read models are not compared with the contracts service");
        return Ok(None);
    };
    let contracts = eris_platform::local::channel_to(&config.sources.contracts_url)?;
    let every = std::time::Duration::from_secs(config.reconcile_seconds);
    Ok(Some(reconcile::Reconciler::new(pool.clone(), contracts, secret, every)))
}

/// `/readyz` beside `/metrics`: always 200 while the process runs (reports are answered from what
/// the read models hold), with `"status": "degraded"` and the reasons while the projector is
/// behind (a stream waits for missing events, or the projector failed lately).
fn readiness(health: Option<Arc<projector::Health>>) -> axum::Router {
    axum::Router::new().route(
        "/readyz",
        axum::routing::get(move || {
            let reasons = health.as_ref().map(|health| health.reasons()).unwrap_or_default();
            let status = if reasons.is_empty() { "ready" } else { "degraded" };
            async move { axum::Json(serde_json::json!({ "status": status, "reasons": reasons })) }
        }),
    )
}
