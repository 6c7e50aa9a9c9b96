//! Sourcing's rules and what each call does with them, in plain Rust types.

pub mod rate_types;
pub mod rfps;
pub mod spreadsheet;
pub mod suppliers;
pub mod utilities;
pub mod vocabulary;

use eris_platform::auth::Caller;
use prost::Message;
use sqlx::PgConnection;

use crate::error::Result;

/// Writes a directory event into the outbox, in the caller's transaction.
pub(crate) async fn record_event(
    tx: &mut PgConnection,
    caller: &Caller,
    event_type: &str,
    aggregate_id: i64,
    kind: &str,
    entry: eris_proto::sourcing::v1::directory_event::Entry,
    rate_codes: Vec<eris_proto::sourcing::v1::RateCode>,
) -> Result<()> {
    let event = directory_event(event_type, aggregate_id, kind, caller.user_id, entry, rate_codes);
    eris_platform::outbox::insert(&mut *tx, &[event]).await?;
    Ok(())
}

/// A directory event, as the outbox and the snapshot carry it: the supplier or utility as it is
/// now, by the user who changed it (0 for the system).
pub(crate) fn directory_event(
    event_type: &str,
    aggregate_id: i64,
    kind: &str,
    user_id: i64,
    entry: eris_proto::sourcing::v1::directory_event::Entry,
    rate_codes: Vec<eris_proto::sourcing::v1::RateCode>,
) -> eris_platform::outbox::Event {
    let event = eris_proto::sourcing::v1::DirectoryEvent {
        kind: kind.to_owned(),
        user_id,
        event_time: Some(crate::grpc::timestamp(chrono::Utc::now())),
        entry: Some(entry),
        rate_codes,
    };
    (event_type.to_owned(), aggregate_id, event.encode_to_vec())
}
