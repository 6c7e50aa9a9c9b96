//! gRPC-web for the web app: tonic-web turns each call into plain gRPC, and one forwarder sends
//! it to the service that owns its package (`eris.<area>.v1`), keeping the caller's metadata.

use std::{
    convert::Infallible,
    sync::Arc,
    task::{Context, Poll},
};

use futures::future::BoxFuture;
use tonic::Status;
use tower::{Service, ServiceExt};

use crate::upstream::{Upstreams, unavailable_message};

/// Sends each gRPC call to its service; a service that cannot be reached answers UNAVAILABLE.
#[derive(Clone)]
pub struct Forwarder {
    upstreams: Arc<Upstreams>,
}

impl Forwarder {
    pub fn new(upstreams: Arc<Upstreams>) -> Self {
        Self { upstreams }
    }
}

impl Service<http::Request<tonic::body::Body>> for Forwarder {
    type Response = http::Response<tonic::body::Body>;
    type Error = Infallible;
    type Future = BoxFuture<'static, Result<Self::Response, Self::Error>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, mut request: http::Request<tonic::body::Body>) -> Self::Future {
        let upstream = self.upstreams.for_path(request.uri().path()).cloned();
        Box::pin(async move {
            let Some(upstream) = upstream else {
                return Ok(Status::unimplemented("No Eris service answers this call.").into_http());
            };
            eris_platform::telemetry::inject_context(request.headers_mut());
            let channel = upstream.channel.clone();
            match channel.oneshot(request).await {
                Ok(response) => Ok(response),
                Err(error) => {
                    tracing::warn!(area = upstream.area, %error, "service unreachable");
                    Ok(Status::unavailable(unavailable_message(upstream.area)).into_http())
                }
            }
        })
    }
}

/// Whether a request is a gRPC-web call.
pub fn is_grpc_web(headers: &http::HeaderMap) -> bool {
    headers
        .get(http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/grpc-web"))
}
