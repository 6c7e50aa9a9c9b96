//! The REST surface under `/api`: spec document 1 and 2, section 7. Each call is translated to
//! gRPC calls to the service that owns the data.

pub mod accounts;
pub mod call_banks;
pub mod companies;
pub mod contacts;
pub mod contracts;
pub mod directories;
mod directory;

pub use directory::DirectoryCache;
pub mod leads;
pub mod notes_tasks;
pub mod reports;
pub mod rfps;
pub mod users;

use axum::{http::StatusCode, response::IntoResponse};
use tonic::transport::Channel;

use crate::{AppState, error::ApiError};

/// The crm service's channel.
fn crm_channel(state: &AppState) -> Channel {
    state.upstreams.channel("crm")
}

/// A failed crm call as the REST answer.
fn crm_error(status: tonic::Status) -> ApiError {
    ApiError::from_status(&status, "crm")
}

/// Unknown `/api` paths.
pub async fn not_found() -> impl IntoResponse {
    ApiError::new(StatusCode::NOT_FOUND, "No such API call.")
}
