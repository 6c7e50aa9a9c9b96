//! The REST surface under `/api`: spec document 1 and 2, section 7. Each call is translated to
//! gRPC calls to the service that owns the data.

pub mod call_banks;
pub mod companies;
mod directory;

pub use directory::DirectoryCache;
pub mod leads;
pub mod notes_tasks;
pub mod users;
pub mod utilities;

use axum::{Json, http::StatusCode, response::IntoResponse};

use crate::error::ErrorBody;

/// Unknown `/api` paths.
pub async fn not_found() -> impl IntoResponse {
    (StatusCode::NOT_FOUND, Json(ErrorBody { error: "No such API call.".into() }))
}
