//! The snapshot reporting rebuilds from: every contract with all its payments as one
//! `contract.contract_updated` event.

use eris_platform::{
    outbox::Event,
    snapshot::{BoxFuture, Part},
};
use sqlx::PgConnection;

use super::payment_to_proto;
use crate::{
    db,
    domain::{Also, contract_event},
};

/// What contracts' snapshot reads.
pub(crate) const PARTS: &[Part] = &[contracts];

/// A page of contracts, and their payments in one query.
fn contracts(conn: &mut PgConnection, after: i64, limit: i64) -> BoxFuture<'_, anyhow::Result<Vec<Event>>> {
    Box::pin(async move {
        let rows = db::contracts::list_contracts_after(&mut *conn, after, limit).await?;
        let ids: Vec<i64> = rows.iter().map(|row| row.contract_id).collect();
        // In contract order, like the rows: each contract takes the run of payments that is its.
        let mut payments = db::payments::list_payments_of_contracts(&mut *conn, &ids).await?.into_iter().peekable();
        let events = rows
            .iter()
            .map(|row| {
                let mut own = Vec::new();
                while let Some(payment) = payments.next_if(|p| p.contract_id == row.contract_id) {
                    own.push(payment_to_proto(payment));
                }
                contract_event("contract updated", 0, row, Also { payments: own, ..Also::default() })
            })
            .collect();
        Ok(events)
    })
}
