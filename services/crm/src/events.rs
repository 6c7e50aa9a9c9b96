//! What a change to a crm record writes into the outbox, in the change's own transaction: the
//! company's, account's and contact's events, built from their stored rows.

use eris_platform::{
    auth::Caller,
    edits::Change,
    outbox::{EventKind, KindedEvent},
    values::timestamp,
};
use eris_proto::crm::v1::{AccountEvent, CompanyEvent, ContactEvent, FieldChange};
pub(crate) use eris_proto::crm::v1::{AccountEventKind, CompanyEventKind, ContactEventKind};
use prost::Message;
use rust_decimal::Decimal;
use sqlx::PgConnection;

use crate::{
    db::{accounts::AccountRow, companies::CompanyRow, contacts::ContactRow},
    error::Result,
    proto::{account_to_proto, company_to_proto, contact_to_proto},
};

/// Writes a contact's event into the outbox, in the caller's transaction.
pub(crate) async fn record_contact_event(
    tx: &mut PgConnection,
    caller: &Caller,
    kind: ContactEventKind,
    row: &ContactRow,
) -> Result<()> {
    eris_platform::outbox::insert(&mut *tx, &[contact_event(kind, caller.user_id, row)]).await?;
    Ok(())
}

/// A contact's event, as the outbox and the snapshot carry it: `contact.<kind>` by the user who
/// changed it (0 for the system).
pub(crate) fn contact_event(kind: ContactEventKind, user_id: i64, row: &ContactRow) -> eris_platform::outbox::Event {
    let event = ContactEvent {
        user_id,
        event_time: Some(timestamp(chrono::Utc::now())),
        contact: Some(contact_to_proto(row.clone())),
        ..ContactEvent::of(kind)
    };
    (format!("contact.{}", kind.snake()), row.contact_id, event.encode_to_vec())
}

/// A company's event, as the outbox and the snapshot carry it: `company.<kind>` with the company
/// as it is now (its team's user ids included) and the fields that changed.
pub(crate) fn company_event(
    kind: CompanyEventKind,
    user_id: i64,
    time: chrono::DateTime<chrono::Utc>,
    row: &CompanyRow,
    changes: &[Change],
) -> eris_platform::outbox::Event {
    let event = CompanyEvent {
        company_id: row.company_id,
        user_id,
        event_time: Some(timestamp(time)),
        fields: changes
            .iter()
            .map(|(field, old, new)| FieldChange {
                field: field.clone(),
                old_value: old.clone(),
                new_value: new.clone(),
            })
            .collect(),
        company: Some(company_to_proto(row.clone())),
        ..CompanyEvent::of(kind)
    };
    (format!("company.{}", kind.snake()), row.company_id, event.encode_to_vec())
}

/// A deleted company's event: no company, no fields.
pub(crate) fn company_deleted_event(company_id: i64, user_id: i64) -> eris_platform::outbox::Event {
    let kind = CompanyEventKind::Deleted;
    let event =
        CompanyEvent { company_id, user_id, event_time: Some(timestamp(chrono::Utc::now())), ..CompanyEvent::of(kind) };
    (format!("company.{}", kind.snake()), company_id, event.encode_to_vec())
}

/// What a change did to an account, for its event.
pub(crate) struct AccountChange<'a> {
    pub kind: AccountEventKind,
    pub account: &'a AccountRow,
    pub totals: (Decimal, Decimal),
}

/// Writes account events into the outbox, in the caller's transaction.
pub(crate) async fn record_events(tx: &mut PgConnection, caller: &Caller, changes: &[AccountChange<'_>]) -> Result<()> {
    let now = Some(timestamp(chrono::Utc::now()));
    let events: Vec<eris_platform::outbox::Event> = changes
        .iter()
        .map(|change| {
            let event = AccountEvent {
                company_id: change.account.company_id,
                user_id: caller.user_id,
                event_time: now,
                account: Some(account_to_proto(change.account.clone())),
                company_total_kwh: change.totals.0.normalize().to_string(),
                company_total_therms: change.totals.1.normalize().to_string(),
                ..AccountEvent::of(change.kind)
            };
            (format!("account.{}", change.kind.snake()), change.account.account_id, event.encode_to_vec())
        })
        .collect();
    eris_platform::outbox::insert(&mut *tx, &events).await?;
    Ok(())
}
