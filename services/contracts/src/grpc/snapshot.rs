//! The snapshot reporting rebuilds from: every contract with all its payments as one
//! `contract.contract_updated` event; and what reporting looks for drift with: each contract's
//! digest, and contracts by id.

use eris_platform::{
    outbox::Event,
    snapshot::{BoxFuture, Part, Records},
};
use sqlx::PgConnection;

use crate::{
    db,
    events::{Also, ContractEventKind, contract_event},
};

/// What contracts' snapshot reads.
pub(crate) const PARTS: &[Part] = &[contracts];

/// Digests of contracts with their payments, and contracts by id.
pub(crate) const RECORDS: Records = Records { digests, by_ids };

/// A page of contracts, and their payments in one query.
fn contracts(conn: &mut PgConnection, after: i64, limit: i64) -> BoxFuture<'_, anyhow::Result<Vec<Event>>> {
    Box::pin(async move {
        let rows = db::contracts::list_contracts_after(&mut *conn, after, limit).await?;
        with_payments(conn, rows).await
    })
}

/// These contracts (those that exist), each with its payments.
fn by_ids<'a>(conn: &'a mut PgConnection, ids: &'a [i64]) -> BoxFuture<'a, anyhow::Result<Vec<Event>>> {
    Box::pin(async move {
        let rows = db::contracts::list_contracts_by_ids(&mut *conn, ids).await?;
        with_payments(conn, rows).await
    })
}

/// A page of contract digests: version, payment count and the payments' version and money sums.
fn digests(conn: &mut PgConnection, after: i64, limit: i64) -> BoxFuture<'_, anyhow::Result<Vec<(i64, String)>>> {
    Box::pin(async move { Ok(db::contracts::list_digests_after(conn, after, limit).await?) })
}

/// Each contract as one event with all its payments.
async fn with_payments(conn: &mut PgConnection, rows: Vec<db::contracts::ContractRow>) -> anyhow::Result<Vec<Event>> {
    let ids: Vec<i64> = rows.iter().map(|row| row.contract_id).collect();
    // In contract order, like the rows: each contract takes the run of payments that is its.
    let mut payments = db::payments::list_payments_of_contracts(&mut *conn, &ids).await?.into_iter().peekable();
    let events = rows
        .iter()
        .map(|row| {
            let mut own = Vec::new();
            while let Some(payment) = payments.next_if(|p| p.contract_id == row.contract_id) {
                own.push(payment);
            }
            contract_event(ContractEventKind::ContractUpdated, 0, row, Also { payments: own, ..Also::default() })
        })
        .collect();
    Ok(events)
}
