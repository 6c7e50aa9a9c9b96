//! Identity's events: what a change to a user writes into the outbox, in the change's own
//! transaction.

use eris_platform::outbox::{EventKind, KindedEvent};
pub(crate) use eris_proto::identity::v1::UserEventKind;
use eris_proto::identity::v1::{User, UserEvent};
use prost::Message;
use sqlx::PgConnection;

use crate::db::users::UserRow;

/// Writes the user's event into the outbox, in the change's transaction; `by` is who changed it
/// (none for the system).
pub(crate) async fn record(
    tx: &mut PgConnection,
    kind: UserEventKind,
    by: Option<i64>,
    row: &UserRow,
) -> sqlx::Result<()> {
    eris_platform::outbox::insert(tx, &[user_event(kind, by.unwrap_or(0), row)]).await
}

/// A user's event, as the outbox and the snapshot carry it: `user.<kind>` about the user, never
/// with password data (the `User` message has none).
pub(crate) fn user_event(kind: UserEventKind, by: i64, row: &UserRow) -> eris_platform::outbox::Event {
    let event = UserEvent {
        user_id: by,
        event_time: Some(eris_platform::values::timestamp(chrono::Utc::now())),
        user: Some(User::from(row.clone())),
        ..UserEvent::of(kind)
    };
    (format!("user.{}", kind.snake()), row.user_id, event.encode_to_vec())
}
