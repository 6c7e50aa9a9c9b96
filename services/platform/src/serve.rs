//! Serving a gRPC service the way every Eris service does: token checks, a span per call that
//! continues the caller's trace, gRPC health and reflection, and a graceful stop.

use std::{
    future::Future,
    task::{Context, Poll},
    time::Duration,
};

use futures::future::BoxFuture;
use tokio::net::TcpListener;
use tonic::{
    service::Routes,
    transport::{Server, server::TcpIncoming},
};
use tonic_health::{ServingStatus, server::HealthReporter};
use tower::{Layer, Service, ServiceBuilder};
use tracing::Instrument;

use crate::{auth::AuthLayer, config::ShutdownArgs, local::LocalService, telemetry};

/// What a service hands over to be served.
pub struct GrpcService {
    /// The fully qualified names of its gRPC services, for health.
    pub names: &'static [&'static str],
    /// Its routes (generated servers added to a `Routes`).
    pub routes: Routes,
    /// Its token checks.
    pub auth: AuthLayer,
    /// What it needs to work, reported by its health.
    pub dependencies: Dependencies,
}

/// What a service needs to work. Its health reports each under its own name ("postgres",
/// "redis"), checked every second; the service as a whole ("") is SERVING while PostgreSQL
/// answers, because without Redis it still works (throttled sign-in aside).
#[derive(Clone)]
pub struct Dependencies {
    pub pool: sqlx::PgPool,
    pub kv: crate::kv::Kv,
}

/// How often dependencies are checked.
const DEPENDENCY_CHECK_INTERVAL: Duration = Duration::from_secs(1);

impl Dependencies {
    async fn postgres_answers(&self) -> bool {
        let ping = sqlx::query("select 1").execute(&self.pool);
        matches!(tokio::time::timeout(Duration::from_secs(1), ping).await, Ok(Ok(_)))
    }

    /// Keeps the health statuses of the dependencies (and the service's) current until dropped.
    async fn watch(
        self,
        health: HealthReporter,
        names: &'static [&'static str],
        stopping: tokio::sync::watch::Receiver<bool>,
    ) {
        let mut interval = tokio::time::interval(DEPENDENCY_CHECK_INTERVAL);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            interval.tick().await;
            // Stopped, or the server is gone (its sender dropped).
            if *stopping.borrow() || stopping.has_changed().is_err() {
                return;
            }
            let (postgres, redis) = tokio::join!(self.postgres_answers(), self.kv.ping());
            let status = |up: bool| if up { ServingStatus::Serving } else { ServingStatus::NotServing };
            health.set_service_status("postgres", status(postgres)).await;
            health.set_service_status("redis", status(redis)).await;
            if !*stopping.borrow() {
                set_status(&health, names, status(postgres)).await;
            }
        }
    }
}

/// Serves until `shutdown` completes: health turns NOT_SERVING, the grace period passes, the
/// listener closes and calls in flight finish.
pub async fn serve_grpc(
    listener: TcpListener,
    service: GrpcService,
    shutdown_args: &ShutdownArgs,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let (health, health_service) = tonic_health::server::health_reporter();
    set_status(&health, service.names, ServingStatus::Serving).await;
    let (stop_watching, stopping_now) = tokio::sync::watch::channel(false);
    tokio::spawn(service.dependencies.watch(health.clone(), service.names, stopping_now));
    let reflection = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(eris_proto::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1()?;
    let routes = service.routes.add_service(health_service).add_service(reflection);

    let grace = Duration::from_millis(shutdown_args.grace_ms);
    let names = service.names;
    let stopping = async move {
        shutdown.await;
        let _ = stop_watching.send(true);
        set_status(&health, names, ServingStatus::NotServing).await;
        tokio::time::sleep(grace).await;
        tracing::info!("stopping; finishing calls in flight");
    };
    let address = listener.local_addr()?;
    // One stack for callers over TCP and, until serving ends, for calls from this process.
    let layers = ServiceBuilder::new().layer(TraceLayer).layer(service.auth);
    let _registration = crate::local::register(address, LocalService::new(layers.service(routes.clone())));
    tracing::info!(%address, services = ?names, in_process = _registration.is_some(), "serving gRPC");
    Server::builder()
        .layer(layers)
        .add_routes(routes)
        .serve_with_incoming_shutdown(TcpIncoming::from(listener).with_nodelay(Some(true)), stopping)
        .await?;
    Ok(())
}

async fn set_status(health: &HealthReporter, names: &[&str], status: ServingStatus) {
    health.set_service_status("", status).await;
    for name in names {
        health.set_service_status(*name, status).await;
    }
}

/// A span per call, continuing the trace context the caller sent.
#[derive(Clone, Copy)]
struct TraceLayer;

impl<S> Layer<S> for TraceLayer {
    type Service = TraceService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        TraceService { inner }
    }
}

#[derive(Clone)]
struct TraceService<S> {
    inner: S,
}

impl<S, B> Service<http::Request<B>> for TraceService<S>
where
    S: Service<http::Request<B>> + Clone + Send + 'static,
    S::Future: Send,
    B: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = BoxFuture<'static, Result<Self::Response, Self::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        let span = telemetry::server_span("grpc", "POST", request.uri().path(), request.headers());
        let future = self.inner.call(request);
        Box::pin(future.instrument(span))
    }
}

/// Completes on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => futures::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = futures::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
