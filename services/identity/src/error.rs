//! Errors of the identity service and the texts users see for them.

use tonic::Status;

/// The one answer to a failed sign-in, whatever the reason, so nobody learns which part was wrong.
pub const BAD_CREDENTIALS: &str = "Incorrect login or password.";
/// The spec's text for a wrong current password on a password change.
pub const WRONG_CURRENT_PASSWORD: &str =
    "The current password entered does not match your password.  Please try again.";
/// The spec's text for a new password equal to the current one.
pub const SAME_PASSWORD: &str =
    "Your new password matches your current password.  Please select a new password and try again.";

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{BAD_CREDENTIALS}")]
    BadCredentials,
    #[error("Too many failed sign-in attempts. Please wait {} and try again.", wait_text(*.seconds))]
    Throttled { seconds: i64 },
    #[error("Too many sign-ins at once. Please try again in a moment.")]
    Busy,
    #[error("Sign-in is unavailable right now. Please try again in a moment.")]
    ThrottleUnavailable,
    #[error("{WRONG_CURRENT_PASSWORD}")]
    WrongCurrentPassword,
    #[error("{SAME_PASSWORD}")]
    SamePassword,
    /// Shorter than the least length it carries.
    #[error("The new password must be at least {0} characters long.")]
    PasswordTooShort(usize),
    /// Longer than the most length it carries.
    #[error("The new password must be at most {0} characters long.")]
    PasswordTooLong(usize),
    #[error("This password is too common. Please choose another.")]
    PasswordTooCommon,
    #[error("A user with this email already exists.")]
    EmailTaken,
    #[error("A user with this name already exists.")]
    NameTaken,
    /// A save changes fields that someone else changed after the caller read them.
    #[error("Someone else changed the {} of this user after you opened it. Their value is shown now.", .fields.join(", "))]
    Conflict { fields: Vec<String> },
    #[error("This user must already choose a new password at the next sign-in.")]
    AlreadyFlagged,
    #[error("You cannot deactivate your own account or remove your own Management role.")]
    SelfLockout,
    #[error(transparent)]
    Platform(#[from] eris_platform::Error),
}

impl From<sqlx::Error> for Error {
    fn from(error: sqlx::Error) -> Self {
        Self::Platform(error.into())
    }
}

impl From<redis::RedisError> for Error {
    fn from(error: redis::RedisError) -> Self {
        Self::Platform(error.into())
    }
}

impl From<Error> for Status {
    fn from(error: Error) -> Self {
        let message = error.to_string();
        match error {
            Error::BadCredentials => Status::unauthenticated(message),
            Error::Throttled { .. } | Error::Busy => Status::resource_exhausted(message),
            Error::ThrottleUnavailable => Status::unavailable(message),
            Error::WrongCurrentPassword
            | Error::SamePassword
            | Error::PasswordTooShort(_)
            | Error::PasswordTooLong(_)
            | Error::PasswordTooCommon => Status::invalid_argument(message),
            Error::EmailTaken | Error::NameTaken => Status::already_exists(message),
            Error::Conflict { .. } => Status::aborted(message),
            Error::AlreadyFlagged | Error::SelfLockout => Status::failed_precondition(message),
            Error::Platform(inner) => inner.into(),
        }
    }
}

/// A wait in words: seconds under two minutes, else minutes (rounded up).
fn wait_text(seconds: i64) -> String {
    match seconds {
        ..=1 => "1 second".to_owned(),
        2..=119 => format!("{seconds} seconds"),
        _ => format!("{} minutes", (seconds + 59) / 60),
    }
}

/// A request field that fails its check.
pub fn invalid(message: impl Into<String>) -> Error {
    Error::Platform(eris_platform::Error::InvalidArgument(message.into()))
}
