//! REST errors: a status and `{"code": stable code, "error": message}`, from the gRPC status a
//! service answered, from the gateway's own checks, or from a request axum could not read.

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use eris_platform::error::{INTERNAL_MESSAGE, http_status};
use serde::Serialize;
use tonic::Code;

/// The body of every REST error.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What kind of failure, stable for programs: invalid_argument, unauthenticated,
    /// permission_denied, not_found, method_not_allowed, conflict, failed_precondition,
    /// payload_too_large, unsupported_media_type, resource_exhausted, internal, bad_gateway,
    /// unavailable or deadline_exceeded.
    pub code: String,
    /// What went wrong, in words a user can act on.
    pub error: String,
}

/// The stable code of an HTTP status.
pub fn code_for(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 | 422 => "invalid_argument",
        401 => "unauthenticated",
        403 => "permission_denied",
        404 => "not_found",
        405 => "method_not_allowed",
        409 => "conflict",
        411 => "length_required",
        412 => "failed_precondition",
        413 => "payload_too_large",
        414 => "uri_too_long",
        415 => "unsupported_media_type",
        431 => "header_fields_too_large",
        429 => "resource_exhausted",
        502 => "bad_gateway",
        503 => "unavailable",
        504 => "deadline_exceeded",
        _ => "internal",
    }
}

/// A REST failure.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self { status, message: message.into() }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// A failure of the gateway itself: logged, never described to the client.
    pub fn internal(cause: anyhow::Error) -> Self {
        tracing::error!(error = ?cause, "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, INTERNAL_MESSAGE)
    }

    /// From a service's answer; `area` names the service when it could not be reached.
    pub fn from_status(status: &tonic::Status, area: &str) -> Self {
        // A connection that broke mid-call (the service stopped, or was killed) comes back as
        // UNKNOWN or as an h2 error, not as the service's answer: the call may or may not have
        // happened, and trying again shortly is right, so it is a 503 like a service that is down.
        let broken = status.code() == Code::Unknown
            || (status.code() == Code::Internal && status.message().starts_with("h2 protocol error"));
        let code = match status.code() {
            _ if broken => Code::Unavailable,
            // The gateway's own deadline on the call ran out (tonic answers that as CANCELLED):
            // a 504 the client can retry, never a 499 that says the client went away.
            Code::Cancelled => Code::DeadlineExceeded,
            code => code,
        };
        let message = match code {
            Code::DeadlineExceeded if status.code() == Code::Cancelled || status.message().is_empty() => {
                format!("The {area} service did not answer in time. Please try again shortly.")
            }
            // The transport's own words describe sockets, not the product.
            Code::Unavailable if broken || status.message().contains("error") || status.message().is_empty() => {
                crate::upstream::unavailable_message(area)
            }
            Code::Internal | Code::Unknown | Code::DataLoss => INTERNAL_MESSAGE.to_owned(),
            _ => status.message().to_owned(),
        };
        if matches!(code, Code::Unavailable | Code::Unknown | Code::DeadlineExceeded) {
            tracing::warn!(area, code = ?code, detail = status.message(), "service call failed");
        }
        Self { status: StatusCode::from_u16(http_status(code)).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR), message }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let code = code_for(self.status).to_owned();
        (self.status, Json(ErrorBody { code, error: self.message })).into_response()
    }
}

/// The result of a REST handler.
pub type ApiResult<T> = Result<T, ApiError>;

/// Answers that axum wrote itself (a body, path or query it could not read, a wrong method) come
/// as plain text; every `/api` error is JSON with a code, and an unreadable body is a 400.
pub async fn json_errors(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 64 * 1024).await.unwrap_or_default();
    let message = match String::from_utf8_lossy(&text).trim() {
        "" => status.canonical_reason().unwrap_or("The request was refused.").to_owned(),
        text => text.to_owned(),
    };
    let status = if status == StatusCode::UNPROCESSABLE_ENTITY { StatusCode::BAD_REQUEST } else { status };
    let mut rewritten = ApiError::new(status, message).into_response();
    if let Some(allow) = parts.headers.get(axum::http::header::ALLOW) {
        rewritten.headers_mut().insert(axum::http::header::ALLOW, allow.clone());
    }
    rewritten
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_upstream_that_runs_out_of_time_is_a_json_504() {
        // What tonic answers when the gateway's deadline on the channel expires.
        let error = ApiError::from_status(&tonic::Status::cancelled("Timeout expired"), "reporting");
        assert_eq!(error.status, StatusCode::GATEWAY_TIMEOUT);
        assert_eq!(error.message, "The reporting service did not answer in time. Please try again shortly.");
        assert_eq!(code_for(error.status), "deadline_exceeded");
        let own = ApiError::from_status(&tonic::Status::deadline_exceeded("The report took too long."), "reporting");
        assert_eq!((own.status, own.message.as_str()), (StatusCode::GATEWAY_TIMEOUT, "The report took too long."));
    }
}
