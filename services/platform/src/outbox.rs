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
