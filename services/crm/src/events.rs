//! Events of the crm records kept here as plain rows: what a change to a contact writes into
//! the outbox, in the change's own transaction, and the contact as the protos carry it.

use eris_platform::{auth::Caller, values::timestamp};
use eris_proto::crm::v1::{Contact, ContactEvent};
use prost::Message;
use sqlx::PgConnection;

use crate::{db::contacts::ContactRow, error::Result};

/// Writes a contact's event into the outbox, in the caller's transaction.
pub(crate) async fn record_contact_event(
    tx: &mut PgConnection,
    caller: &Caller,
    kind: &str,
    row: &ContactRow,
) -> Result<()> {
    eris_platform::outbox::insert(&mut *tx, &[contact_event(kind, caller.user_id, row)]).await?;
    Ok(())
}

/// A contact's event, as the outbox and the snapshot carry it: `contact.<kind>` by the user who
/// changed it (0 for the system).
pub(crate) fn contact_event(kind: &str, user_id: i64, row: &ContactRow) -> eris_platform::outbox::Event {
    let event = ContactEvent {
        kind: kind.to_owned(),
        user_id,
        event_time: Some(timestamp(chrono::Utc::now())),
        contact: Some(contact_to_proto(row.clone())),
    };
    (format!("contact.{kind}"), row.contact_id, event.encode_to_vec())
}

/// A contact as the protos carry it.
pub(crate) fn contact_to_proto(row: ContactRow) -> Contact {
    let fields = row.fields;
    Contact {
        contact_id: row.contact_id,
        company_id: row.company_id,
        first_name: fields.first_name,
        last_name: fields.last_name,
        email: fields.email,
        title: fields.title,
        office_phone: fields.office_phone,
        cell_phone: fields.cell_phone,
        contact_type: fields.contact_type,
        priority: fields.priority.map(i32::from).unwrap_or(0),
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
    }
}
