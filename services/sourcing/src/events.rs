//! What a change to a sourcing record writes into the outbox, in the change's own transaction:
//! directory events (suppliers, their contacts, utilities, rate types) and RFP events.

use eris_platform::{
    auth::Caller,
    outbox::{EventKind, KindedEvent},
    values::timestamp,
};
use eris_proto::sourcing::v1::{DirectoryEvent, RfpEvent, directory_event::Entry};
pub(crate) use eris_proto::sourcing::v1::{DirectoryEventKind, RfpEventKind};
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
    aggregate_id: i64,
    kind: DirectoryEventKind,
    entry: Entry,
    rate_codes: Vec<eris_proto::sourcing::v1::RateCode>,
) -> Result<()> {
    let event = directory_event(aggregate_id, kind, caller.user_id, entry, rate_codes);
    eris_platform::outbox::insert(&mut *tx, &[event]).await?;
    Ok(())
}

/// A directory event, as the outbox and the snapshot carry it: the entry as it is now, by the
/// user who changed it (0 for the system), typed `<entry>.<kind>` (`utility.rate_codes_replaced`).
pub(crate) fn directory_event(
    aggregate_id: i64,
    kind: DirectoryEventKind,
    user_id: i64,
    entry: Entry,
    rate_codes: Vec<eris_proto::sourcing::v1::RateCode>,
) -> eris_platform::outbox::Event {
    let record = match entry {
        Entry::Supplier(_) => "supplier",
        Entry::SupplierContact(_) => "supplier_contact",
        Entry::Utility(_) => "utility",
        Entry::RateType(_) => "rate_type",
    };
    let event = DirectoryEvent {
        user_id,
        event_time: Some(timestamp(chrono::Utc::now())),
        entry: Some(entry),
        rate_codes,
        ..DirectoryEvent::of(kind)
    };
    (format!("{record}.{}", kind.snake()), aggregate_id, event.encode_to_vec())
}

/// Writes an RFP event into the outbox, in the caller's transaction.
pub(crate) async fn record_rfp_event(
    tx: &mut PgConnection,
    caller: &Caller,
    kind: RfpEventKind,
    rfp: &RfpRow,
    quote: Option<&QuoteRow>,
) -> Result<()> {
    let event = RfpEvent {
        user_id: caller.user_id,
        event_time: Some(timestamp(chrono::Utc::now())),
        rfp: Some(rfp_to_proto(rfp.clone())),
        quote: quote.cloned().map(quote_to_proto),
        ..RfpEvent::of(kind)
    };
    let event_type = format!("rfp.{}", kind.snake());
    eris_platform::outbox::insert(&mut *tx, &[(event_type, rfp.rfp_id, event.encode_to_vec())]).await?;
    Ok(())
}
