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

/// What a client sees while PostgreSQL or Redis cannot be reached.
pub const UNAVAILABLE_MESSAGE: &str = "The service is temporarily unavailable. Please try again shortly.";

impl From<sqlx::Error> for Error {
    fn from(error: sqlx::Error) -> Self {
        let code = match &error {
            sqlx::Error::Database(db) => db.code().map(|code| code.into_owned()),
            _ => None,
        };
        match (&error, code.as_deref().map(|code| code.get(..2).unwrap_or(code))) {
            // No connection to be had, or the server is shutting down or starting: a retry works.
            (sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::Tls(_), _)
            | (_, Some("08" | "57")) => {
                tracing::warn!(error = %error, "database unavailable");
                Self::Unavailable(UNAVAILABLE_MESSAGE.into())
            }
            // A value the column cannot hold that a check above missed: the request is at fault.
            (_, Some("22")) => {
                tracing::warn!(error = %error, "database refused a value");
                Self::InvalidArgument("A value is out of range or not valid.".into())
            }
            _ => Self::Internal(anyhow::Error::new(error).context("database")),
        }
    }
}

impl From<redis::RedisError> for Error {
    fn from(error: redis::RedisError) -> Self {
        tracing::warn!(error = %error, "redis");
        Self::Unavailable(UNAVAILABLE_MESSAGE.into())
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

/// Another service's refusal as this service's error, for a call made on the caller's behalf: a
/// record the caller may not see there (`what`) is one not found here, a refused argument keeps
/// its words, and anything else means `service` is unavailable for now.
pub fn peer_error(service: &'static str, what: &'static str) -> impl Fn(tonic::Status) -> Error {
    move |status| match status.code() {
        Code::NotFound | Code::PermissionDenied => Error::not_found(what),
        Code::InvalidArgument => Error::InvalidArgument(status.message().to_owned()),
        Code::Unauthenticated => Error::Unauthenticated(status.message().to_owned()),
        _ => {
            tracing::warn!(%status, service, what, "a service this one depends on could not answer");
            Error::Unavailable(format!("The {service} service is unavailable. Please try again shortly."))
        }
    }
}
