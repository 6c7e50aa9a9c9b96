//! Token checks for `/api/*` and what each REST handler passes on to the services: the caller's
//! token, the client address and the trace context.

use std::{net::SocketAddr, sync::Arc, time::Duration};

use axum::{
    extract::{ConnectInfo, FromRequestParts, Request, State},
    http::{HeaderMap, HeaderValue, StatusCode, header::AUTHORIZATION, request::Parts},
    middleware::Next,
    response::{IntoResponse, Response},
};
use eris_platform::auth::{Caller, SIGNED_OUT, TokenVerifier, bearer_token, fetch_public_key};
use tokio::sync::OnceCell;

use crate::{AppState, error::ApiError, upstream::unavailable_message};

/// The token verifier, built on first use from the configured key or identity's.
pub struct Verifier {
    cell: OnceCell<Arc<TokenVerifier>>,
    configured_key: Option<String>,
    identity_url: String,
}

impl Verifier {
    pub fn new(configured_key: Option<String>, identity_url: String) -> Self {
        Self { cell: OnceCell::new(), configured_key, identity_url }
    }

    /// The verifier; fails when identity cannot be asked for its key yet.
    pub async fn get(&self) -> Result<&TokenVerifier, ApiError> {
        let verifier = self
            .cell
            .get_or_try_init(|| async {
                let pem = match &self.configured_key {
                    Some(pem) => pem.clone(),
                    None => fetch_public_key(&self.identity_url, Duration::from_secs(2)).await?,
                };
                anyhow::Ok(Arc::new(TokenVerifier::from_public_pem(&pem)?))
            })
            .await
            .map_err(|error| {
                tracing::warn!(%error, "no token verifier yet");
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, unavailable_message("identity"))
            })?;
        Ok(verifier)
    }
}

/// Refuses `/api/*` calls without a validly signed, unexpired token, and hands the caller to the
/// handler (as a request extension). Revocation (the token's generation) is asked where the data
/// is: a REST handler acts only through service calls, and each service refuses a revoked token.
pub async fn require_token(State(state): State<Arc<AppState>>, mut request: Request, next: Next) -> Response {
    let token = request.headers().get(AUTHORIZATION).and_then(|value| value.to_str().ok()).and_then(bearer_token);
    let Some(token) = token else {
        return ApiError::new(StatusCode::UNAUTHORIZED, SIGNED_OUT).into_response();
    };
    let verifier = match state.verifier.get().await {
        Ok(verifier) => verifier,
        Err(error) => return error.into_response(),
    };
    match verifier.verify_signature(token) {
        Ok(caller) => {
            request.extensions_mut().insert(caller);
            next.run(request).await
        }
        Err(error) => {
            let status = tonic::Status::from(error);
            ApiError::from_status(&status, "identity").into_response()
        }
    }
}

/// The REST calls of the spec's beta screens.
const BETA_SCREEN_PATHS: &str = "/api/beta/";

/// What a REST handler knows of its caller and forwards with each service call.
#[derive(Clone)]
pub struct CallContext {
    /// What every handler shares: the services' channels, the business time, the name cache.
    pub state: Arc<AppState>,
    /// The caller the token was verified for (none on public calls).
    pub caller: Option<Caller>,
    authorization: Option<HeaderValue>,
    client_address: Option<String>,
    proxy_secret: Option<HeaderValue>,
    /// A call of the beta screens (`/api/beta/*`): services refuse it to all but the beta users.
    beta_screen: bool,
}

impl CallContext {
    /// The channel to the service of an area (`crm`, `sourcing`, ...).
    pub fn channel(&self, area: &str) -> eris_platform::local::Channel {
        self.state.upstreams.channel(area)
    }

    /// A gRPC request carrying the caller's token, address and the current trace context.
    pub fn request<T>(&self, message: T) -> tonic::Request<T> {
        let mut headers = HeaderMap::new();
        if let Some(authorization) = &self.authorization {
            // Services accept the token with or without the Bearer prefix, like the gateway.
            headers.insert(AUTHORIZATION, authorization.clone());
        }
        if let Some(address) = self.client_address.as_ref().and_then(|a| HeaderValue::from_str(a).ok()) {
            headers.insert("x-forwarded-for", address);
        }
        if let Some(secret) = &self.proxy_secret {
            headers.insert(eris_platform::auth::PROXY_SECRET_HEADER, secret.clone());
        }
        if self.beta_screen {
            headers.insert(eris_platform::auth::BETA_SCREEN_HEADER, HeaderValue::from_static("1"));
        }
        eris_platform::telemetry::inject_context(&mut headers);
        let mut request = tonic::Request::new(message);
        *request.metadata_mut() = tonic::metadata::MetadataMap::from_headers(headers);
        request
    }
}

/// The client address: the peer's, or the first X-Forwarded-For entry when the proxy is trusted.
pub fn client_address(
    headers: &HeaderMap,
    extensions: &axum::http::Extensions,
    trust_forwarded_for: bool,
) -> Option<String> {
    let forwarded = trust_forwarded_for
        .then(|| headers.get("x-forwarded-for")?.to_str().ok()?.split(',').next().map(|s| s.trim().to_owned()))
        .flatten()
        .filter(|address| !address.is_empty());
    forwarded.or_else(|| extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip().to_string()))
}

impl FromRequestParts<Arc<AppState>> for CallContext {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<Self, Self::Rejection> {
        Ok(Self {
            state: state.clone(),
            caller: parts.extensions.get::<Caller>().cloned(),
            authorization: parts.headers.get(AUTHORIZATION).cloned(),
            client_address: client_address(&parts.headers, &parts.extensions, state.trust_forwarded_for),
            proxy_secret: state.proxy_secret.clone(),
            beta_screen: parts
                .extensions
                .get::<axum::extract::OriginalUri>()
                .map_or(parts.uri.path(), |uri| uri.0.path())
                .starts_with(BETA_SCREEN_PATHS),
        })
    }
}
