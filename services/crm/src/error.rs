//! Errors of the crm service and the texts users see for them.

use tonic::Status;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A save changes fields that someone else changed after the caller read them.
    #[error("{}", eris_platform::edits::conflict_message(what, fields))]
    Conflict { what: &'static str, fields: Vec<String> },
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
            Error::Conflict { .. } => Status::aborted(message),
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

/// A record that is not there or not visible to the caller; both read the same.
pub fn not_found(what: &str) -> Error {
    Error::Platform(eris_platform::Error::not_found(what))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_conflict_names_the_fields_in_words() {
        let error = Error::Conflict { what: "company", fields: vec!["city".into(), "electric_usage".into()] };
        assert_eq!(
            error.to_string(),
            "Someone else changed the city and electric usage of this company after you opened it. Their value is shown now."
        );
    }
}
