//! The contracts service's events: what each change writes into the outbox, in the change's own
//! transaction, as the protos carry it.

use eris_platform::{
    auth::Caller,
    outbox::{EventKind, KindedEvent},
};
use eris_proto::contracts::v1::ContractEvent;
pub(crate) use eris_proto::contracts::v1::ContractEventKind;
use prost::Message;
use sqlx::PgConnection;

use crate::{
    db::{
        contracts::ContractRow,
        hedges::HedgeRow,
        payments::{DrPaymentRow, PaymentRow},
    },
    error::Result,
    proto::{contract_to_proto, dr_payment_to_proto, hedge_to_proto, payment_to_proto},
};

/// What changed besides the contract itself, for its event.
#[derive(Default)]
pub(crate) struct Also {
    pub payments: Vec<PaymentRow>,
    pub dr_payment: Option<DrPaymentRow>,
    pub hedge: Option<HedgeRow>,
}

/// Writes a contract event into the outbox, in the caller's transaction: the contract as it is
/// now (as it was, for a deletion) and what changed with it.
pub(crate) async fn record_event(
    tx: &mut PgConnection,
    caller: &Caller,
    kind: ContractEventKind,
    contract: &ContractRow,
    also: Also,
) -> Result<()> {
    eris_platform::outbox::insert(&mut *tx, &[contract_event(kind, caller.user_id, contract, also)]).await?;
    Ok(())
}

/// A contract's event, as the outbox and the snapshot carry it: `contract.<kind>` with the
/// contract as it is now (as it was, for a deletion), by the user who changed it (0 for the
/// system), and what changed with it.
pub(crate) fn contract_event(
    kind: ContractEventKind,
    user_id: i64,
    contract: &ContractRow,
    also: Also,
) -> eris_platform::outbox::Event {
    let event = ContractEvent {
        user_id,
        event_time: Some(eris_platform::values::timestamp(chrono::Utc::now())),
        contract: Some(contract_to_proto(contract.clone())),
        payments: also.payments.into_iter().map(payment_to_proto).collect(),
        dr_payment: also.dr_payment.map(dr_payment_to_proto),
        hedge: also.hedge.map(hedge_to_proto),
        ..ContractEvent::of(kind)
    };
    (format!("contract.{}", kind.snake()), contract.contract_id, event.encode_to_vec())
}
