//! Errors of the sourcing service and the texts users see for them.

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
