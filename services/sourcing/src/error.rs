//! Errors of the sourcing service and the texts users see for them.

use tonic::Status;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("A supplier with this name and commodity already exists.")]
    SupplierExists,
    #[error("A utility with this name, state and commodity already exists.")]
    UtilityExists,
    #[error("This rate type already exists.")]
    RateTypeExists,
    #[error(transparent)]
    Platform(#[from] eris_platform::Error),
}

impl From<sqlx::Error> for Error {
    fn from(error: sqlx::Error) -> Self {
        Self::Platform(error.into())
    }
}

impl From<Error> for Status {
    fn from(error: Error) -> Self {
        let message = error.to_string();
        match error {
            Error::SupplierExists | Error::UtilityExists | Error::RateTypeExists => Status::already_exists(message),
            Error::Platform(inner) => inner.into(),
        }
    }
}

/// A request field that fails its check.
pub fn invalid(message: impl Into<String>) -> Error {
    Error::Platform(eris_platform::Error::InvalidArgument(message.into()))
}

/// A record that is not there; the message names what.
pub fn not_found(what: &str) -> Error {
    Error::Platform(eris_platform::Error::not_found(what))
}

/// Maps a unique violation of `constraint` to `exists`, any other error as it is.
pub fn unless_taken(constraint: &'static str, exists: Error) -> impl FnOnce(sqlx::Error) -> Error {
    move |error| {
        if eris_platform::error::is_constraint_violation(&error, constraint) { exists } else { error.into() }
    }
}
