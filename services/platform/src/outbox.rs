//! Domain events, written into the service's own `outbox` table in the transaction that made
//! the change, so an event exists exactly when its change does. A relay publishes them later.

use sqlx::PgExecutor;

/// One event: its type ("account.updated"), the id of the record it is about, and the encoded
/// protobuf message.
pub type Event = (String, i64, Vec<u8>);

/// Writes `events` into the outbox of the schema the connection is set to.
#[tracing::instrument(skip_all)]
pub async fn insert(db: impl PgExecutor<'_>, events: &[Event]) -> sqlx::Result<()> {
    if events.is_empty() {
        return Ok(());
    }
    let types: Vec<&str> = events.iter().map(|(kind, _, _)| kind.as_str()).collect();
    let ids: Vec<i64> = events.iter().map(|(_, id, _)| *id).collect();
    let payloads: Vec<&[u8]> = events.iter().map(|(_, _, payload)| payload.as_slice()).collect();
    sqlx::query(
        "insert into outbox (event_type, aggregate_id, payload) \
         select * from unnest($1::text[], $2::bigint[], $3::bytea[])",
    )
    .bind(types)
    .bind(ids)
    .bind(payloads)
    .execute(db)
    .await?;
    Ok(())
}

/// An event kind: a value of one stream's kind enum (`ContractEventKind::PaymentAdded`).
pub trait EventKind: Copy + Default + PartialEq + std::fmt::Debug {
    /// Its name without the enum's prefix: `PAYMENT_ADDED`.
    fn name(self) -> &'static str;
    /// The value of that name.
    fn from_name(name: &str) -> Option<Self>;

    /// Its name in the outbox type (`contract.payment_added`): `payment_added`.
    fn snake(self) -> String {
        self.name().to_ascii_lowercase()
    }

    /// Its words (`payment added`), as the kind text of the event and History say it.
    fn words(self) -> String {
        self.snake().replace('_', " ")
    }

    /// The value its words name.
    fn from_words(words: &str) -> Option<Self> {
        Self::from_name(&words.to_ascii_uppercase().replace(' ', "_"))
    }
}

/// An event message with a kind: its enum in `event_kind`, and the same in words in the older
/// `kind` text, which readers older than `event_kind` still read.
pub trait KindedEvent: Default {
    type Kind: EventKind;

    /// An empty event of `kind`, both fields set; the caller fills in the rest.
    fn of(kind: Self::Kind) -> Self;

    /// What the event records: its `event_kind`, or for an event written before that field, what
    /// its kind text names (unspecified when neither does).
    fn what(&self) -> Self::Kind;
}

macro_rules! event_kinds {
    ($($message:ty => $kind:ty, $prefix:literal;)*) => {$(
        impl EventKind for $kind {
            fn name(self) -> &'static str {
                self.as_str_name().strip_prefix($prefix).unwrap_or_default()
            }

            fn from_name(name: &str) -> Option<Self> {
                Self::from_str_name(&format!(concat!($prefix, "{}"), name))
            }
        }

        #[allow(deprecated)]
        impl KindedEvent for $message {
            type Kind = $kind;

            fn of(kind: $kind) -> Self {
                Self { event_kind: kind as i32, kind: kind.words(), ..Default::default() }
            }

            fn what(&self) -> $kind {
                match <$kind>::try_from(self.event_kind) {
                    Ok(kind) if kind != <$kind>::default() => kind,
                    _ => <$kind>::from_words(&self.kind).unwrap_or_default(),
                }
            }
        }
    )*};
}

event_kinds! {
    eris_proto::crm::v1::CompanyEvent => eris_proto::crm::v1::CompanyEventKind, "COMPANY_EVENT_KIND_";
    eris_proto::crm::v1::AccountEvent => eris_proto::crm::v1::AccountEventKind, "ACCOUNT_EVENT_KIND_";
    eris_proto::crm::v1::ContactEvent => eris_proto::crm::v1::ContactEventKind, "CONTACT_EVENT_KIND_";
    eris_proto::contracts::v1::ContractEvent => eris_proto::contracts::v1::ContractEventKind, "CONTRACT_EVENT_KIND_";
    eris_proto::sourcing::v1::DirectoryEvent => eris_proto::sourcing::v1::DirectoryEventKind, "DIRECTORY_EVENT_KIND_";
    eris_proto::sourcing::v1::RfpEvent => eris_proto::sourcing::v1::RfpEventKind, "RFP_EVENT_KIND_";
    eris_proto::identity::v1::UserEvent => eris_proto::identity::v1::UserEventKind, "USER_EVENT_KIND_";
}

#[cfg(test)]
mod tests {
    use eris_proto::{
        contracts::v1::{ContractEvent, ContractEventKind},
        sourcing::v1::{DirectoryEvent, DirectoryEventKind},
    };

    use super::*;

    #[test]
    fn a_kind_is_named_in_the_outbox_type_and_in_words_from_its_enum() {
        assert_eq!(ContractEventKind::DrPaymentAdded.snake(), "dr_payment_added");
        assert_eq!(ContractEventKind::DrPaymentAdded.words(), "dr payment added");
        assert_eq!(DirectoryEventKind::from_words("rate codes replaced"), Some(DirectoryEventKind::RateCodesReplaced));
        assert_eq!(ContractEventKind::from_words("no such change"), None);
    }

    #[test]
    #[allow(deprecated)]
    fn an_event_carries_its_kind_in_both_fields_and_an_older_event_is_read_from_its_words() {
        let event = ContractEvent::of(ContractEventKind::PaymentDeleted);
        assert_eq!(
            (event.event_kind, event.kind.as_str()),
            (ContractEventKind::PaymentDeleted as i32, "payment deleted")
        );
        assert_eq!(event.what(), ContractEventKind::PaymentDeleted);

        let older = ContractEvent { kind: "contract deleted".into(), ..Default::default() };
        assert_eq!(older.what(), ContractEventKind::ContractDeleted);
        // The enum wins where both are set; neither set is unspecified.
        let both =
            ContractEvent { kind: "contract deleted".into(), ..ContractEvent::of(ContractEventKind::ContractUpdated) };
        assert_eq!(both.what(), ContractEventKind::ContractUpdated);
        assert_eq!(DirectoryEvent::default().what(), DirectoryEventKind::Unspecified);
    }
}
