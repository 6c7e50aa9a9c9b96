//! Errors of the contracts service and the texts users see for them.

use tonic::Status;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
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
        match error {
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

/// Someone else changed the record after the caller read it.
pub fn stale(message: impl Into<String>) -> Error {
    Error::Platform(eris_platform::Error::Stale(message.into()))
}

/// Something this service depends on failed; logged, answered as internal.
pub fn internal(error: impl Into<anyhow::Error>) -> Error {
    Error::Platform(eris_platform::Error::Internal(error.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platform_errors_keep_their_code() {
        let status = Status::from(Error::from(eris_platform::Error::not_found("Contract")));
        assert_eq!(status.code(), tonic::Code::NotFound);
        assert_eq!(status.message(), "Contract not found.");
    }
}
