//! Sourcing's rules and what each call does with them, in plain Rust types.

pub mod rate_types;
pub mod rfps;
pub mod spreadsheet;
pub mod suppliers;
pub mod utilities;

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
    let event = eris_proto::sourcing::v1::DirectoryEvent {
        kind: kind.to_owned(),
        user_id: caller.user_id,
        event_time: Some(crate::grpc::timestamp(chrono::Utc::now())),
        entry: Some(entry),
        rate_codes,
    };
    eris_platform::outbox::insert(&mut *tx, &[(event_type.to_owned(), aggregate_id, event.encode_to_vec())]).await?;
    Ok(())
}
