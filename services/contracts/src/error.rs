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
