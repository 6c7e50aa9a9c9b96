//! REST errors: a status and `{"error": message}`, from the gRPC status a service answered.

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
    /// What went wrong, in words a user can act on.
    pub error: String,
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
        let code = status.code();
        let message = match code {
            // The transport's own words describe sockets, not the product.
            Code::Unavailable if status.message().contains("error") || status.message().is_empty() => {
                crate::upstream::unavailable_message(area)
            }
            Code::Internal | Code::Unknown | Code::DataLoss => INTERNAL_MESSAGE.to_owned(),
            _ => status.message().to_owned(),
        };
        if matches!(code, Code::Unavailable | Code::Unknown) {
            tracing::warn!(area, code = ?code, detail = status.message(), "service call failed");
        }
        Self { status: StatusCode::from_u16(http_status(code)).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR), message }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(ErrorBody { error: self.message })).into_response()
    }
}

/// The result of a REST handler.
pub type ApiResult<T> = Result<T, ApiError>;
