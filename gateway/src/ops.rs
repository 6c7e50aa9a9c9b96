//! Health, readiness and metrics.

use std::{
    collections::BTreeMap,
    sync::Arc,
    time::{Duration, Instant},
};

use axum::{
    Json,
    extract::{MatchedPath, Request, State},
    http::StatusCode,
    middleware::Next,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use tonic_health::pb::{HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient};
use tracing::Instrument;

use crate::{AppState, grpc_web::is_grpc_web};

pub use eris_platform::metrics::prometheus;

/// Liveness: the process answers.
pub async fn healthz() -> &'static str {
    "ok"
}

#[derive(Serialize)]
struct Readiness {
    ready: bool,
    /// Each service's own health.
    services: BTreeMap<&'static str, String>,
    /// PostgreSQL and Redis: SERVING when every service that answered reaches them, UNKNOWN
    /// when none answered.
    dependencies: BTreeMap<&'static str, String>,
}

/// What `/readyz` may leave out, like Kubernetes' own `/readyz?exclude=`.
#[derive(serde::Deserialize, Default)]
pub struct ReadinessQuery {
    /// Dependencies and services, comma-separated, whose loss keeps the gateway ready: `redis`
    /// (the app works without it; only sign-in waits for it) and `reporting` (every other screen
    /// works without the reports, which answer 503 until reporting returns).
    #[serde(default)]
    exclude: Option<String>,
}

impl ReadinessQuery {
    fn excludes(&self, name: &str) -> bool {
        self.exclude.as_deref().is_some_and(|names| names.split(',').any(|excluded| excluded.trim() == name))
    }
}

/// The dependencies each service reports in its health, under these names.
const DEPENDENCIES: [&str; 2] = ["postgres", "redis"];

async fn health_status(channel: eris_platform::local::Channel, service: &str) -> String {
    let mut client = HealthClient::new(channel);
    let request = HealthCheckRequest { service: service.to_owned() };
    match tokio::time::timeout(Duration::from_secs(1), client.check(request)).await {
        Ok(Ok(response)) => ServingStatus::try_from(response.into_inner().status)
            .unwrap_or(ServingStatus::Unknown)
            .as_str_name()
            .to_owned(),
        Ok(Err(_)) | Err(_) => "UNAVAILABLE".to_owned(),
    }
}

/// Readiness: every service answers its health check with SERVING, and reaches PostgreSQL and
/// Redis (each unless excluded); the body says which is not.
pub async fn readyz(
    State(state): State<Arc<AppState>>,
    axum::extract::Query(query): axum::extract::Query<ReadinessQuery>,
) -> Response {
    let checks = state.upstreams.all().iter().map(|upstream| async move {
        let (own, dependencies) = tokio::join!(
            health_status(upstream.channel.clone(), ""),
            futures::future::join_all(DEPENDENCIES.map(|name| health_status(upstream.channel.clone(), name)))
        );
        (upstream.area, own, dependencies)
    });
    let answers = futures::future::join_all(checks).await;
    let services: BTreeMap<_, _> = answers.iter().map(|(area, own, _)| (*area, own.clone())).collect();
    let dependencies: BTreeMap<_, _> = DEPENDENCIES
        .iter()
        .enumerate()
        .map(|(index, name)| {
            // As the services that answered see it; a service that is down says nothing.
            let seen: Vec<&String> =
                answers.iter().map(|(_, _, statuses)| &statuses[index]).filter(|s| *s != "UNAVAILABLE").collect();
            let status = match seen.as_slice() {
                [] => "UNKNOWN",
                seen if seen.iter().all(|status| *status == "SERVING") => "SERVING",
                _ => "NOT_SERVING",
            };
            (*name, status.to_owned())
        })
        .collect();
    let ready = services.iter().chain(&dependencies).all(|(name, status)| status == "SERVING" || query.excludes(name));
    let code = if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (code, Json(Readiness { ready, services, dependencies })).into_response()
}

/// A span per request (continuing the browser's trace) and request count and latency metrics.
pub async fn observe(request: Request, next: Next) -> Response {
    let route = if is_grpc_web(request.headers()) {
        "grpc-web".to_owned()
    } else {
        request.extensions().get::<MatchedPath>().map_or_else(|| "other".to_owned(), |path| path.as_str().to_owned())
    };
    let method = request.method().to_string();
    let span = eris_platform::telemetry::server_span("http", &method, request.uri().path(), request.headers());
    let started = Instant::now();
    let response = next.run(request).instrument(span).await;
    let status = response.status().as_u16().to_string();
    let labels = [("method", method), ("route", route), ("status", status)];
    metrics::counter!("http_requests_total", &labels).increment(1);
    metrics::histogram!("http_request_duration_seconds", &labels).record(started.elapsed().as_secs_f64());
    response
}
