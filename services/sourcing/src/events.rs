//! What a change to a sourcing record writes into the outbox, in the change's own transaction:
//! directory events (suppliers, their contacts, utilities, rate types) and RFP events.

use eris_platform::auth::Caller;
use eris_platform::values::timestamp;
use eris_proto::sourcing::v1::RfpEvent;
use prost::Message;
use sqlx::PgConnection;

use crate::{
    db::rfps::{QuoteRow, RfpRow},
    error::Result,
    proto::{quote_to_proto, rfp_to_proto},
};

/// Writes a directory event into the outbox, in the caller's transaction.
pub(crate) async fn record_directory_event(
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
        event_time: Some(timestamp(chrono::Utc::now())),
        entry: Some(entry),
        rate_codes,
    };
    (event_type.to_owned(), aggregate_id, event.encode_to_vec())
}

/// Writes an RFP event into the outbox, in the caller's transaction.
pub(crate) async fn record_rfp_event(
    tx: &mut PgConnection,
    caller: &Caller,
    kind: &str,
    rfp: &RfpRow,
    quote: Option<&QuoteRow>,
) -> Result<()> {
    let event = RfpEvent {
        kind: kind.to_owned(),
        user_id: caller.user_id,
        event_time: Some(timestamp(chrono::Utc::now())),
        rfp: Some(rfp_to_proto(rfp.clone())),
        quote: quote.cloned().map(quote_to_proto),
    };
    let event_type = format!("rfp.{}", kind.replace(' ', "_"));
    eris_platform::outbox::insert(&mut *tx, &[(event_type, rfp.rfp_id, event.encode_to_vec())]).await?;
    Ok(())
}
