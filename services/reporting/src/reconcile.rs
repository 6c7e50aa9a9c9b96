//! The reconciler: finds contracts whose read models differ from the contracts service, however
//! that came about, and has the projector mend them.
//!
//! It compares per-contract digests (the contract's version, company, supplier and status, and
//! every payment's id, version, months, years and amounts; see
//! `eris_platform::snapshot::contract_digest_sql`), a page of the
//! contracts service's `ListDigests` at a time against the same digest of the read models over
//! the same id range. A difference may only be an event on its way, so each one is compared again
//! a moment later, and only what still differs is handed to the projector, which reads those
//! contracts by id and replaces them in a fenced batch (see `projector`).

use std::{collections::HashMap, time::Duration};

use eris_platform::local::Channel;
use eris_platform::{auth::service_request, config::Secret, snapshot::contract_digest_sql};
use eris_proto::{
    contracts::v1::ContractEvent,
    events::v1::{ListDigestsRequest, SnapshotRequest, snapshot_service_client::SnapshotServiceClient},
};
use sqlx::{PgExecutor, PgPool};

use crate::{events::decode, sources::SourceSnapshot};

/// Digests asked for at once.
const PAGE: i32 = 2000;
/// How long a difference must last to count as drift (an event on its way takes far less).
const SETTLE: Duration = Duration::from_secs(2);
/// Differences compared again one by one at most; beyond that many, every one counts as drift.
const CONFIRM_AT_MOST: usize = 200;
/// Contracts read and replaced at once.
pub const MEND_AT_ONCE: usize = 500;

/// Contracts found to differ, and mended.
pub const DRIFT_FOUND_METRIC: &str = "eris_reporting_drift_found_total";
pub const DRIFT_MENDED_METRIC: &str = "eris_reporting_drift_mended_total";

/// Compares the read models with the contracts service.
#[derive(Clone)]
pub struct Reconciler {
    pool: PgPool,
    contracts: Channel,
    secret: Secret,
    /// How often a whole comparison runs.
    pub every: Duration,
}

impl Reconciler {
    pub fn new(pool: PgPool, contracts: Channel, secret: Secret, every: Duration) -> Self {
        Self { pool, contracts, secret, every }
    }

    /// The contracts that differ from the source and still do a moment later, in id order.
    pub async fn drifted(&self) -> anyhow::Result<Vec<i64>> {
        let candidates = self.differences().await?;
        if candidates.is_empty() {
            return Ok(candidates);
        }
        tokio::time::sleep(SETTLE).await;
        if candidates.len() > CONFIRM_AT_MOST {
            return Ok(candidates);
        }
        let mut drifted = Vec::new();
        for id in candidates {
            let (theirs, _) = self.page((id - 1).to_string(), 1).await?;
            let theirs = theirs.into_iter().find(|(found, _)| *found == id);
            let ours = local_digests(&self.pool, id - 1, Some(id)).await?.remove(&id);
            if theirs.map(|(_, digest)| digest) != ours {
                drifted.push(id);
            }
        }
        Ok(drifted)
    }

    /// Whether a rebuild is replacing the read models now (it holds `rebuild_position`
    /// exclusively until it commits): until then they show what they held before it, which says
    /// nothing of drift.
    pub async fn rebuilding(&self) -> sqlx::Result<bool> {
        sqlx::query_scalar(
            "select exists (select 1 from pg_locks where locktype = 'relation' \
             and relation = 'rebuild_position'::regclass and mode = 'AccessExclusiveLock' and granted)",
        )
        .fetch_one(&self.pool)
        .await
    }

    /// Those of `ids` that differ from the source now (a rebuild or the events may have brought
    /// them in line since they were found), in id order.
    pub async fn still_differing(&self, ids: &[i64]) -> anyhow::Result<Vec<i64>> {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        let (Some(first), Some(last)) = (ids.first().copied(), ids.last().copied()) else { return Ok(ids) };
        let mut theirs = HashMap::new();
        let mut token = (first - 1).to_string();
        loop {
            let (digests, next) = self.page(token, PAGE).await?;
            let reached = digests.last().is_none_or(|(id, _)| *id >= last);
            theirs.extend(digests);
            if reached || next.is_empty() {
                break;
            }
            token = next;
        }
        let ours = local_digests_of(&self.pool, &ids).await?;
        Ok(ids.into_iter().filter(|id| theirs.get(id) != ours.get(id)).collect())
    }

    /// Every contract whose digest here differs from the source's, or that only one side has.
    async fn differences(&self) -> anyhow::Result<Vec<i64>> {
        let mut differ = Vec::new();
        let (mut after, mut token) = (i64::MIN, String::new());
        loop {
            let (digests, next) = self.page(token, PAGE).await?;
            // The last page reaches to the end of the ids: a contract only the read models have.
            let upper = if next.is_empty() { None } else { digests.last().map(|(id, _)| *id) };
            let mut ours = local_digests(&self.pool, after, upper).await?;
            for (id, digest) in digests {
                if ours.remove(&id).as_deref() != Some(digest.as_str()) {
                    differ.push(id);
                }
            }
            differ.extend(ours.into_keys());
            match upper {
                Some(upper) => (after, token) = (upper, next),
                None => break,
            }
        }
        differ.sort_unstable();
        differ.dedup();
        Ok(differ)
    }

    /// A page of the source's digests (up to `page_size` after the page token), and the next token.
    async fn page(&self, page_token: String, page_size: i32) -> anyhow::Result<(Vec<(i64, String)>, String)> {
        let request = service_request(&self.secret, ListDigestsRequest { page_size, page_token });
        let answer = SnapshotServiceClient::new(self.contracts.clone()).list_digests(request).await?.into_inner();
        Ok((answer.digests.into_iter().map(|d| (d.id, d.digest)).collect(), answer.next_page_token))
    }

    /// These contracts as the source has them now, with the snapshot they were read in.
    pub async fn read(&self, ids: &[i64]) -> anyhow::Result<(SourceSnapshot, Vec<ContractEvent>)> {
        let request = service_request(&self.secret, SnapshotRequest { ids: ids.to_vec() });
        let mut stream = SnapshotServiceClient::new(self.contracts.clone()).snapshot(request).await?.into_inner();
        let (mut position, mut events) = (None, Vec::new());
        while let Some(chunk) = stream.message().await? {
            if position.is_none() {
                position = Some(
                    SourceSnapshot::parse(&chunk.position)
                        .ok_or_else(|| anyhow::anyhow!("the contracts snapshot has no valid position"))?,
                );
            }
            for event in chunk.events {
                events.push(decode::<ContractEvent>(&event.payload).map_err(|error| anyhow::anyhow!("{error}"))?);
            }
        }
        let position = position.ok_or_else(|| anyhow::anyhow!("the contracts snapshot sent nothing"))?;
        Ok((position, events))
    }
}

/// The read models' digests of the contracts with ids in (`after`, `upper`] (no upper bound
/// when none).
pub async fn local_digests(
    db: impl PgExecutor<'_>,
    after: i64,
    upper: Option<i64>,
) -> sqlx::Result<HashMap<i64, String>> {
    let sql = digests_sql("c.contract_id > $1 and ($2::bigint is null or c.contract_id <= $2)");
    let rows: Vec<(i64, String)> = sqlx::query_as(&sql).bind(after).bind(upper).fetch_all(db).await?;
    Ok(rows.into_iter().collect())
}

/// The read models' digests of these contracts.
pub async fn local_digests_of(db: impl PgExecutor<'_>, ids: &[i64]) -> sqlx::Result<HashMap<i64, String>> {
    let rows: Vec<(i64, String)> =
        sqlx::query_as(&digests_sql("c.contract_id = any($1)")).bind(ids).fetch_all(db).await?;
    Ok(rows.into_iter().collect())
}

/// The digests of the read models' contracts that `condition` selects. A contract kept without
/// its whole record (projected before records were kept) matches no digest, so it is read again
/// and replaced like any other that differs.
fn digests_sql(condition: &str) -> String {
    let digest = contract_digest_sql("c", "p");
    format!(
        "select c.contract_id, case when c.record is null then 'no record' else {digest} end \
         from contract c left join payment p on p.contract_id = c.contract_id \
         where {condition} group by c.contract_id"
    )
}
