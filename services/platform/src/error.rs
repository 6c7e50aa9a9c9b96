//! The one error type of the shared machinery, and its mapping to gRPC codes and HTTP statuses,
//! so services and the REST gateway agree.

use tonic::{Code, Status};

/// The message a client sees for a failure whose cause is only logged.
pub const INTERNAL_MESSAGE: &str = "Something went wrong on our side. Please try again.";

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A failure a client can act on, or an internal one that is logged and never described.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    InvalidArgument(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    AlreadyExists(String),
    #[error("{0}")]
    PermissionDenied(String),
    #[error("{0}")]
    Unauthenticated(String),
    #[error("{0}")]
    FailedPrecondition(String),
    /// The caller's copy is out of date: someone else changed the record since it was read.
    #[error("{0}")]
    Stale(String),
    #[error("{0}")]
    ResourceExhausted(String),
    #[error("{0}")]
    Unavailable(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl Error {
    /// The gRPC code of this error.
    pub fn grpc_code(&self) -> Code {
        match self {
            Self::InvalidArgument(_) => Code::InvalidArgument,
            Self::NotFound(_) => Code::NotFound,
            Self::AlreadyExists(_) => Code::AlreadyExists,
            Self::PermissionDenied(_) => Code::PermissionDenied,
            Self::Unauthenticated(_) => Code::Unauthenticated,
            Self::FailedPrecondition(_) => Code::FailedPrecondition,
            Self::Stale(_) => Code::Aborted,
            Self::ResourceExhausted(_) => Code::ResourceExhausted,
            Self::Unavailable(_) => Code::Unavailable,
            Self::Internal(_) => Code::Internal,
        }
    }

    /// The caller cannot see this record, or it does not exist; both read the same.
    pub fn not_found(what: &str) -> Self {
        Self::NotFound(format!("{what} not found."))
    }

    /// The caller's role does not allow this.
    pub fn forbidden() -> Self {
        Self::PermissionDenied("You do not have permission to do this.".into())
    }
}

/// The HTTP status the REST gateway answers for a gRPC code.
pub fn http_status(code: Code) -> u16 {
    match code {
        Code::Ok => 200,
        Code::InvalidArgument | Code::OutOfRange => 400,
        Code::Unauthenticated => 401,
        Code::PermissionDenied => 403,
        Code::NotFound => 404,
        Code::AlreadyExists | Code::Aborted => 409,
        Code::FailedPrecondition => 412,
        Code::ResourceExhausted => 429,
        Code::Cancelled => 499,
        Code::Unimplemented => 501,
        Code::Unavailable => 503,
        Code::DeadlineExceeded => 504,
        Code::Unknown | Code::Internal | Code::DataLoss => 500,
    }
}

impl From<sqlx::Error> for Error {
    fn from(error: sqlx::Error) -> Self {
        Self::Internal(anyhow::Error::new(error).context("database"))
    }
}

impl From<redis::RedisError> for Error {
    fn from(error: redis::RedisError) -> Self {
        tracing::error!(error = %error, "redis");
        Self::Unavailable("The service is temporarily unavailable. Please try again shortly.".into())
    }
}

impl From<Error> for Status {
    fn from(error: Error) -> Self {
        match error {
            Error::Internal(cause) => {
                tracing::error!(error = ?cause, "internal error");
                Status::internal(INTERNAL_MESSAGE)
            }
            other => Status::new(other.grpc_code(), other.to_string()),
        }
    }
}

/// Whether a database error is the violation of the named constraint.
pub fn is_constraint_violation(error: &sqlx::Error, constraint: &str) -> bool {
    matches!(error, sqlx::Error::Database(db) if db.constraint() == Some(constraint))
}
