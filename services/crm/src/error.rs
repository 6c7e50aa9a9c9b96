//! Errors of the crm service and the texts users see for them.

use tonic::Status;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("This company was changed by someone else. The screen now shows the latest values.")]
    StaleCompany,
    #[error("This task was changed by someone else. Reload to see their changes.")]
    StaleTask,
    #[error("This call bank was changed by someone else. Reload to see their changes.")]
    StaleCallBank,
    #[error("This affiliate already exists.")]
    AffiliateExists,
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
            Error::StaleCompany | Error::StaleTask | Error::StaleCallBank => Status::aborted(message),
            Error::AffiliateExists => Status::already_exists(message),
            Error::Platform(inner) => inner.into(),
        }
    }
}

/// A request field that fails its check.
pub fn invalid(message: impl Into<String>) -> Error {
    Error::Platform(eris_platform::Error::InvalidArgument(message.into()))
}

/// The caller's role does not allow this.
pub fn forbidden() -> Error {
    Error::Platform(eris_platform::Error::forbidden())
}
