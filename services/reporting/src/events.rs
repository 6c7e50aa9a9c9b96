//! The source services' events as the read models take them: which services send them, and how
//! each is applied (by the projector, and by a rebuild replaying snapshots).

use std::collections::HashMap;

use eris_platform::outbox::KindedEvent;
use eris_proto::contracts::v1::{Contract, ContractEvent, ContractEventKind, Payment};
use prost::Message;
use sqlx::PgConnection;

use crate::db::projection;

/// The services whose events the read models are made from.
pub const SOURCES: [&str; 4] = ["identity", "crm", "sourcing", "contracts"];

/// Applies one event to the read models. An event that cannot be decoded is answered as an error
/// for the caller to log and skip (a newer service may write kinds this projector does not know);
/// a database failure fails the batch.
pub(crate) async fn apply(
    conn: &mut PgConnection,
    service: &str,
    event_type: &str,
    payload: &[u8],
) -> Result<(), Undecodable> {
    let kind = event_type.split('.').next().unwrap_or_default();
    match (service, kind) {
        ("identity", "user") => projection::apply_user(conn, &decode(payload)?).await?,
        ("crm", "company") => projection::apply_company(conn, &decode(payload)?).await?,
        ("crm", "contact") => projection::apply_contact(conn, &decode(payload)?).await?,
        ("crm", "account") => projection::apply_account(conn, &decode(payload)?).await?,
        ("sourcing", "supplier" | "utility") => projection::apply_directory(conn, &decode(payload)?).await?,
        ("contracts", "contract") => projection::apply_contract(conn, &decode(payload)?).await?,
        _ => {}
    }
    Ok(())
}

/// Contract changes of one batch of events, written together: a statement that pays thousands of
/// contracts' payments costs a few multi-row statements instead of two per contract. Each contract
/// and payment keeps its newest version, as the upserts do when applied one by one, so the read
/// models end the same; any other event writes what is held first, keeping the stream's order.
#[derive(Default)]
pub(crate) struct ContractChanges {
    contracts: HashMap<i64, Contract>,
    payments: HashMap<i64, Payment>,
}

impl ContractChanges {
    /// Applies one event, holding a contract's saved or changed state back for [`Self::write`].
    pub(crate) async fn apply(
        &mut self,
        conn: &mut PgConnection,
        service: &str,
        event_type: &str,
        payload: &[u8],
    ) -> Result<(), Undecodable> {
        if service == "contracts" && event_type.split('.').next() == Some("contract") {
            let event: ContractEvent = decode(payload)?;
            if event.contract.is_some()
                && !matches!(event.what(), ContractEventKind::ContractDeleted | ContractEventKind::PaymentDeleted)
            {
                self.hold(event);
                return Ok(());
            }
        }
        self.write(conn).await?;
        apply(conn, service, event_type, payload).await
    }

    fn hold(&mut self, event: ContractEvent) {
        if let Some(contract) = event.contract {
            newest(&mut self.contracts, contract.contract_id, contract, |c| c.version);
        }
        for payment in event.payments {
            newest(&mut self.payments, payment.payment_id, payment, |p| p.version);
        }
    }

    /// Writes what is held.
    pub(crate) async fn write(&mut self, conn: &mut PgConnection) -> sqlx::Result<()> {
        if self.contracts.is_empty() && self.payments.is_empty() {
            return Ok(());
        }
        let contracts: Vec<Contract> = self.contracts.drain().map(|(_, contract)| contract).collect();
        let payments: Vec<Payment> = self.payments.drain().map(|(_, payment)| payment).collect();
        projection::upsert_contracts(&mut *conn, &contracts).await?;
        projection::upsert_payments(conn, &payments).await
    }
}

/// Keeps the newer of two versions of a row (the later one when they are equal).
fn newest<T>(held: &mut HashMap<i64, T>, id: i64, row: T, version: impl Fn(&T) -> i64) {
    match held.get(&id) {
        Some(current) if version(current) > version(&row) => {}
        _ => {
            held.insert(id, row);
        }
    }
}

pub(crate) fn decode<M: Message + Default>(payload: &[u8]) -> Result<M, Undecodable> {
    M::decode(payload).map_err(Undecodable::Decode)
}

/// Why an event was not applied.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Undecodable {
    #[error("the event does not decode: {0}")]
    Decode(prost::DecodeError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}
