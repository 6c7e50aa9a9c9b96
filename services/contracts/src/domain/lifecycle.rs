//! Contracts whose end date has passed become Inactive by themselves, keeping the status they had
//! in previous_status (what Auto Inactive Contracts lists). A sweep runs when the service starts
//! and every ten minutes; replicas may sweep at once, since each takes rows the others have not
//! locked.

use std::time::Duration;

use chrono::NaiveDate;
use eris_platform::{relay::Background, time::BusinessTime};
use sqlx::PgPool;

use crate::{
    db,
    error::Result,
    events::{Also, ContractEventKind, contract_event},
};

/// Contracts made Inactive per transaction.
const BATCH: i64 = 500;
/// How often the sweep runs.
const EVERY: Duration = Duration::from_secs(600);

/// Makes Inactive every contract that ended before `today` and was never made so by a sweep, each
/// with a "contract updated" event by the system (user 0); answers how many.
pub async fn inactivate_ended(pool: &PgPool, today: NaiveDate) -> Result<usize> {
    let mut total = 0;
    loop {
        let mut tx = pool.begin().await?;
        let rows = db::contracts::inactivate_ended(&mut tx, today, BATCH).await?;
        let events: Vec<_> = rows
            .iter()
            .map(|row| contract_event(ContractEventKind::ContractUpdated, 0, row, Also::default()))
            .collect();
        eris_platform::outbox::insert(&mut *tx, &events).await?;
        tx.commit().await?;
        total += rows.len();
        if (rows.len() as i64) < BATCH {
            return Ok(total);
        }
    }
}

/// Sweeps now and every ten minutes, by the business calendar, until the answer is dropped.
pub fn spawn(pool: PgPool, business: BusinessTime) -> Background {
    Background::spawn(async move {
        let mut ticks = tokio::time::interval(EVERY);
        loop {
            ticks.tick().await;
            match inactivate_ended(&pool, business.today()).await {
                Ok(0) => {}
                Ok(count) => tracing::info!(count, "ended contracts made Inactive"),
                Err(error) => tracing::warn!(%error, "the sweep of ended contracts failed; it runs again later"),
            }
        }
    })
}
