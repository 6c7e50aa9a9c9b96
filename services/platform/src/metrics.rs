//! Prometheus metrics: one recorder per process (the stack runs every service in one), rendered
//! by `/metrics` on an internal listener.

use std::{net::SocketAddr, sync::OnceLock};

use axum::{Router, response::IntoResponse, routing::get};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

/// The process-wide Prometheus recorder, installed on first use.
pub fn prometheus() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets(&[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0])
                .expect("valid buckets")
                .build_recorder();
            let handle = recorder.handle();
            // Another recorder (a test harness, say) may be installed already; keep rendering ours.
            let _ = metrics::set_global_recorder(recorder);
            handle
        })
        .clone()
}

/// Prometheus text exposition.
pub async fn render(prometheus: PrometheusHandle) -> impl IntoResponse {
    ([(http::header::CONTENT_TYPE, "text/plain; version=0.0.4")], prometheus.render())
}

/// `/metrics` alone, for an internal listener.
pub fn app() -> Router {
    let prometheus = prometheus();
    Router::new().route("/metrics", get(move || render(prometheus.clone())))
}

/// Serves [`app`] on `address` in the background (for a process without the gateway).
pub async fn serve_in_background(address: SocketAddr) -> anyhow::Result<()> {
    serve_in_background_with(address, Router::new()).await
}

/// Serves [`app`] on the service's metrics listener, when it has one.
pub async fn serve_if_asked(args: &crate::config::MetricsArgs) -> anyhow::Result<()> {
    serve_if_asked_with(args, Router::new()).await
}

/// Serves [`app`] and `more` on the service's metrics listener, when it has one.
pub async fn serve_if_asked_with(args: &crate::config::MetricsArgs, more: Router) -> anyhow::Result<()> {
    match args.metrics_listen {
        Some(address) => serve_in_background_with(address, more).await,
        None => Ok(()),
    }
}

/// Serves [`app`] and `more` (a service's own readiness, say) on `address` in the background.
pub async fn serve_in_background_with(address: SocketAddr, more: Router) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(address).await?;
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, app().merge(more)).await {
            tracing::error!(%error, "the metrics listener stopped");
        }
    });
    Ok(())
}
