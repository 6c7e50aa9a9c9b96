//! gRPC adapters: read each request into the domain's types, call the domain, write the answer.

mod auth;
pub(crate) mod snapshot;
mod users;

pub(crate) use auth::AuthApi;
use eris_platform::auth::parse_role;
use eris_proto::identity::v1::{Role, User, UserStatus};
pub(crate) use users::UserApi;

use crate::db::users::UserRow;

impl From<UserRow> for User {
    fn from(row: UserRow) -> Self {
        Self {
            user_id: row.user_id,
            name: row.fields.name,
            email: row.fields.email,
            job: row.fields.job,
            role: parse_role(&row.fields.role).unwrap_or(Role::Unspecified).into(),
            status: status_from_name(&row.fields.status).into(),
            force_password_reset: row.force_password_reset,
            version: row.version,
            update_time: Some(timestamp_of(row.updated_at)),
        }
    }
}

fn status_from_name(name: &str) -> UserStatus {
    match name {
        "Active" => UserStatus::Active,
        "Inactive" => UserStatus::Inactive,
        _ => UserStatus::Unspecified,
    }
}

/// A user status's stored name.
pub(crate) fn status_name(status: UserStatus) -> Option<&'static str> {
    match status {
        UserStatus::Active => Some("Active"),
        UserStatus::Inactive => Some("Inactive"),
        UserStatus::Unspecified => None,
    }
}

fn timestamp(seconds: i64) -> prost_types::Timestamp {
    prost_types::Timestamp { seconds, nanos: 0 }
}

fn timestamp_of(time: chrono::DateTime<chrono::Utc>) -> prost_types::Timestamp {
    prost_types::Timestamp { seconds: time.timestamp(), nanos: time.timestamp_subsec_nanos() as i32 }
}
