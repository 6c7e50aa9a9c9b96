//! The Eris gateway: the REST surface under `/api`, gRPC-web forwarding for the web app, the
//! built web app with history-mode fallback, and health, readiness and metrics.

pub mod auth;
pub mod config;
pub mod error;
pub mod grpc_web;
pub mod openapi;
pub mod ops;
pub mod rest;
pub mod security;
pub mod upstream;
mod web;

use std::sync::Arc;

use axum::{
    Router,
    extract::{Request, State},
    middleware,
    response::{IntoResponse, Response},
    routing::get,
};
use metrics_exporter_prometheus::PrometheusHandle;
use tokio::net::TcpListener;
use tower::ServiceExt;

pub use config::Config;
use upstream::Upstreams;

/// What every handler shares.
pub struct AppState {
    pub upstreams: Arc<Upstreams>,
    pub verifier: auth::Verifier,
    pub prometheus: PrometheusHandle,
    pub trust_forwarded_for: bool,
    /// Proves this gateway to identity as the proxy that names clients.
    pub proxy_secret: Option<axum::http::HeaderValue>,
    /// Send Strict-Transport-Security on every answer.
    pub hsts: bool,
    /// Zone-less times and date-only due dates are read in business time.
    pub business: eris_platform::time::BusinessTime,
    directory: rest::DirectoryCache,
    /// The OpenAPI document, made from the route table at start.
    openapi_json: axum::body::Bytes,
    grpc_web: tonic_web::GrpcWebService<grpc_web::Forwarder>,
    web: web::WebApp,
}

/// The gateway's routes.
pub async fn app(config: &Config) -> anyhow::Result<Router> {
    let upstreams = Arc::new(Upstreams::new(config)?);
    let index = config.web_dist.join("index.html");
    if !index.exists() {
        tracing::warn!(path = %index.display(), "the web app is not built; run `make web`");
    }
    let (public, protected) = rest::tables();
    let (public, public_calls) = public.router.split_for_parts();
    let (protected, protected_calls) = protected.router.split_for_parts();
    let openapi_json = openapi::document(public_calls, protected_calls).to_json()?.into();
    let state = Arc::new(AppState {
        openapi_json,
        verifier: auth::Verifier::new(config.token.jwt_public_key.clone(), config.token.identity_url.clone()),
        prometheus: ops::prometheus(),
        trust_forwarded_for: config.trust_forwarded_for,
        proxy_secret: config.proxy_secret.as_ref().map(|secret| secret.expose().parse()).transpose()?,
        hsts: config.hsts,
        business: eris_platform::time::BusinessTime::new(config.business.time_zone),
        directory: rest::DirectoryCache::default(),
        grpc_web: tower::Layer::layer(&tonic_web::GrpcWebLayer::new(), grpc_web::Forwarder::new(upstreams.clone())),
        web: web::WebApp::new(&config.web_dist),
        upstreams,
    });

    let protected = protected.route_layer(middleware::from_fn_with_state(state.clone(), auth::require_token));
    let api = public.merge(protected).fallback(rest::not_found).layer(middleware::from_fn(error::json_errors));

    Ok(Router::new()
        .nest("/api", api)
        .route("/healthz", get(ops::healthz))
        .route("/readyz", get(ops::readyz))
        .fallback(web_or_grpc)
        .layer(middleware::from_fn(security::request_head))
        .layer(middleware::from_fn_with_state(state.clone(), security::headers))
        .layer(middleware::from_fn(ops::observe))
        .with_state(state))
}

/// `/metrics` alone, for the internal listener.
pub fn metrics_app() -> Router {
    eris_platform::metrics::app()
}

/// gRPC-web calls go to their service; everything else is the web app (history mode).
async fn web_or_grpc(State(state): State<Arc<AppState>>, mut request: Request) -> Response {
    if grpc_web::is_grpc_web(request.headers()) {
        // Services see the address the gateway saw (sign-in throttling), never a client's claim.
        let address = auth::client_address(request.headers(), request.extensions(), state.trust_forwarded_for);
        request.headers_mut().remove("x-forwarded-for");
        request.headers_mut().remove(eris_platform::auth::PROXY_SECRET_HEADER);
        request.headers_mut().remove(eris_platform::auth::SERVICE_SECRET_HEADER);
        if let Some(address) = address.and_then(|a| a.parse().ok()) {
            request.headers_mut().insert("x-forwarded-for", address);
        }
        if let Some(secret) = &state.proxy_secret {
            request.headers_mut().insert(eris_platform::auth::PROXY_SECRET_HEADER, secret.clone());
        }
        match state.grpc_web.clone().oneshot(request).await {
            Ok(response) => response.into_response(),
            Err(never) => match never {},
        }
    } else {
        state.web.serve(request).await
    }
}

/// Serves on `listener` until `shutdown` completes, then finishes requests in flight.
pub async fn serve(
    config: Config,
    listener: TcpListener,
    shutdown: eris_platform::service::Shutdown,
) -> anyhow::Result<()> {
    let app = app(&config).await?;
    tracing::info!(address = %listener.local_addr()?, "serving the gateway");
    if let Some(address) = config.metrics_listen {
        let metrics_listener = TcpListener::bind(address).await?;
        tracing::info!(%address, "serving metrics");
        tokio::spawn(async move {
            if let Err(error) = axum::serve(metrics_listener, metrics_app()).await {
                tracing::error!(%error, "the metrics listener stopped");
            }
        });
    }
    serve_connections(listener, app, shutdown).await;
    Ok(())
}

/// Accepts connections until `shutdown`, then lets each finish what it is answering. HTTP/1 heads
/// are read up to `security::MAX_HEAD_BYTES` (hyper's default would refuse a long address or
/// large headers itself, with an empty body and none of the security headers), so that
/// `security::request_head` answers 414 and 431 as JSON like every other error.
async fn serve_connections(listener: TcpListener, app: Router, shutdown: eris_platform::service::Shutdown) {
    use hyper_util::{
        rt::{TokioExecutor, TokioIo, TokioTimer},
        server::conn::auto::Builder,
    };

    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .max_buf_size(security::MAX_HEAD_BYTES)
        .max_headers(security::MAX_HEADERS)
        .timer(TokioTimer::new())
        .header_read_timeout(std::time::Duration::from_secs(30));
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut connections = tokio::task::JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        let (tcp, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: wait a moment rather than spin.
                    tracing::warn!(%error, "could not accept a connection");
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // gRPC-web answers are written in pieces (message, then trailers): without TCP_NODELAY
        // the second piece waits for the client's delayed ACK, about 40 ms on every call.
        if let Err(error) = tcp.set_nodelay(true) {
            tracing::warn!(%error, "could not set TCP_NODELAY");
        }
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(axum::extract::ConnectInfo(remote));
            app.clone().oneshot(request.map(axum::body::Body::new))
        });
        let builder = builder.clone();
        let mut stopped = stopped.clone();
        connections.spawn(async move {
            let connection = builder.serve_connection_with_upgrades(TokioIo::new(tcp), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stopped.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
        // Reap finished connections so the set holds only live ones.
        while connections.try_join_next().is_some() {}
    }
    let _ = stop.send(true);
    while connections.join_next().await.is_some() {}
}
