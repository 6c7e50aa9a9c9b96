//! The projector: reads the identity, crm, sourcing and contracts event streams with a consumer
//! group and applies each event once to the read models.
//!
//! Exactly one projector works at a time, however many reporting processes run: it holds a
//! PostgreSQL advisory lock (the lease) on a connection of its own, which ends with the process.
//! A batch of events is applied in one transaction, each event recorded by id in the same
//! transaction (so one delivered again is skipped), and acknowledged after the commit; a projector
//! that stops before acknowledging finds those events among its pending ones when it starts
//! again. Acknowledged entries are trimmed from the streams. After a rebuild, an event whose
//! transaction the rebuild's snapshot of its source already saw is skipped (see `rebuild`).

use std::{future::Future, time::Duration};

use eris_platform::{
    config::RedisArgs,
    kv::Kv,
    relay::{Background, Entry, entries, lead_until, stream_key},
};
use prost::Message;
use sqlx::{PgConnection, PgPool};

use crate::{db::projection, rebuild::SourceSnapshot};

/// The services whose events the read models are made from.
pub const SOURCES: [&str; 4] = ["identity", "crm", "sourcing", "contracts"];
/// The consumer group, and its one consumer (the lease holder).
const GROUP: &str = "reporting";
const CONSUMER: &str = "projector";
/// Entries read from each stream at once.
const BATCH: usize = 500;
/// How long one read waits for new entries.
const BLOCK: Duration = Duration::from_millis(500);
/// The lease's advisory lock key (any fixed number the services' relays do not use).
const LEASE: i64 = 0x7265_706f_7274_696e;
/// Seconds from a change's commit to its event being applied, per stream (0 when caught up).
pub const LAG_METRIC: &str = "eris_reporting_event_lag_seconds";
/// Applied event ids kept this long to recognise a late duplicate.
const REMEMBER: &str = "7 days";

pub struct Projector {
    pool: PgPool,
    kv: Kv,
    streams: Vec<(&'static str, String)>,
}

/// The projector's own Redis connection. Its reads wait up to [`BLOCK`] for new entries, longer
/// than a cache call may take, so it gets a connection (and a deadline) of its own, and the token
/// checks sharing the service's connection never queue behind a waiting read.
pub fn redis(args: &RedisArgs) -> anyhow::Result<Kv> {
    let wait = (BLOCK + Duration::from_secs(5)).as_millis() as u64;
    Kv::new(&RedisArgs { redis_timeout_ms: args.redis_timeout_ms.max(wait), ..args.clone() })
}

impl Projector {
    /// A projector over the reporting schema's `pool`, reading through `kv` (see [`redis`]).
    pub fn new(pool: PgPool, kv: Kv) -> Self {
        let streams = SOURCES.iter().map(|service| (*service, stream_key(&kv, service))).collect();
        Self { pool, kv, streams }
    }

    /// Runs until `shutdown` completes, taking the lease when it is free.
    pub async fn run(self, shutdown: impl Future<Output = ()>) {
        lead_until("reporting projector", shutdown, || self.lead()).await;
    }

    /// Runs in the background until the answer is dropped.
    pub fn spawn(self) -> Background {
        Background::spawn(self.run(std::future::pending()))
    }

    /// With the lease: applies events until something fails. Without it: answers at once.
    async fn lead(&self) -> anyhow::Result<()> {
        let Some(mut lease) = self.take_lease().await? else { return Ok(()) };
        tracing::info!("reporting projector holds the lease");
        // First what an earlier projector received but did not acknowledge, then what is new.
        while self.step("0", Duration::ZERO).await? > 0 {}
        let mut steps = 0u64;
        loop {
            self.step(">", BLOCK).await?;
            steps += 1;
            if steps.is_multiple_of(1000) {
                forget_old(&self.pool).await?;
                // The lease's connection must stay alive; this also notices it broke.
                sqlx::query("select 1").execute(&mut lease).await?;
            }
        }
    }

    /// Applies every event the streams hold now (taking the lease for the while, or nothing if
    /// another projector holds it); answers how many were read.
    pub async fn catch_up(&self) -> anyhow::Result<usize> {
        let Some(_lease) = self.take_lease().await? else { return Ok(0) };
        let mut total = 0;
        for start in ["0", ">"] {
            loop {
                let read = self.step(start, Duration::ZERO).await?;
                total += read;
                if read == 0 {
                    break;
                }
            }
        }
        Ok(total)
    }

    /// The lease, held by a connection out of the pool (it ends with the connection), with the
    /// consumer groups made; none while another projector holds it.
    async fn take_lease(&self) -> anyhow::Result<Option<PgConnection>> {
        let mut lease = self.pool.acquire().await?.detach();
        let held: bool =
            sqlx::query_scalar("select pg_try_advisory_lock($1)").bind(LEASE).fetch_one(&mut lease).await?;
        if !held {
            return Ok(None);
        }
        self.create_groups().await?;
        Ok(Some(lease))
    }

    /// Makes the consumer group on each stream (and the stream) unless it exists.
    async fn create_groups(&self) -> anyhow::Result<()> {
        for (_, stream) in &self.streams {
            let stream = stream.clone();
            let made: redis::RedisResult<()> = self
                .kv
                .run_within(Duration::from_secs(5), |mut conn| async move {
                    redis::cmd("XGROUP")
                        .arg("CREATE")
                        .arg(stream)
                        .arg(GROUP)
                        .arg("0")
                        .arg("MKSTREAM")
                        .query_async(&mut conn)
                        .await
                })
                .await;
            match made {
                Ok(()) => {}
                Err(error) if error.code() == Some("BUSYGROUP") => {}
                Err(error) => return Err(error.into()),
            }
        }
        Ok(())
    }

    /// Reads one batch from every stream (`start` "0" for pending entries, ">" for new ones),
    /// applies it and acknowledges it; answers how many entries were read.
    async fn step(&self, start: &str, block: Duration) -> anyhow::Result<usize> {
        let mut command = redis::cmd("XREADGROUP");
        command.arg("GROUP").arg(GROUP).arg(CONSUMER).arg("COUNT").arg(BATCH);
        if !block.is_zero() {
            command.arg("BLOCK").arg(block.as_millis() as u64);
        }
        command.arg("STREAMS");
        for (_, stream) in &self.streams {
            command.arg(stream);
        }
        for _ in &self.streams {
            command.arg(start);
        }
        let reply: redis::Value = self
            .kv
            .run_within(block + Duration::from_secs(5), |mut conn| async move { command.query_async(&mut conn).await })
            .await?;
        let batches = self.by_stream(&reply);
        let read: usize = batches.iter().map(|(_, _, batch)| batch.len()).sum();
        if read == 0 {
            // Nothing waits: every stream is caught up.
            if start == ">" {
                for (service, _) in &self.streams {
                    metrics::gauge!(LAG_METRIC, "stream" => *service).set(0.0);
                }
            }
            return Ok(0);
        }
        let mut tx = self.pool.begin().await?;
        // Read first in the transaction: a rebuild (which locks this table) runs wholly before or
        // wholly after this batch.
        let rebuilt = SourceSnapshot::load(&mut tx).await?;
        for (service, _, batch) in &batches {
            for entry in batch {
                if projection::first_delivery(&mut tx, &entry.event_id).await?
                    && !rebuilt.get(*service).is_some_and(|snapshot| snapshot.saw(&entry.txid))
                {
                    match apply(&mut tx, service, &entry.event_type, &entry.payload).await {
                        Ok(()) => {}
                        Err(Undecodable::Decode(error)) => {
                            tracing::warn!(event_id = entry.event_id, %error, "an event that does not decode is skipped")
                        }
                        Err(Undecodable::Database(error)) => return Err(error.into()),
                    }
                }
            }
            if let Some(last) = batch.last() {
                projection::advance(&mut tx, service, &last.id, last.created_ms).await?;
            }
        }
        tx.commit().await?;
        let now_ms = eris_platform::auth::now_ms();
        for (service, _, batch) in &batches {
            if let Some(last) = batch.last() {
                // From the change's commit to its report being visible.
                let lag = (now_ms - last.created_ms).max(0) as f64 / 1000.0;
                metrics::gauge!(LAG_METRIC, "stream" => *service).set(lag);
                metrics::counter!("eris_reporting_events_applied_total", "stream" => *service)
                    .increment(batch.len() as u64);
            }
        }
        for (_, stream, batch) in batches.into_iter().filter(|(_, _, batch)| !batch.is_empty()) {
            let ids: Vec<String> = batch.iter().map(|e| e.id.clone()).collect();
            let last = ids.last().cloned().unwrap_or_default();
            let mut pipe = redis::pipe();
            pipe.cmd("XACK").arg(&stream).arg(GROUP).arg(&ids).ignore();
            // Every entry up to the last one acknowledged is applied: nothing needs them again.
            pipe.cmd("XTRIM").arg(&stream).arg("MINID").arg(&last).ignore();
            self.kv
                .run_within(Duration::from_secs(5), |mut conn| async move { pipe.query_async::<()>(&mut conn).await })
                .await?;
        }
        Ok(read)
    }

    /// The entries of an XREADGROUP answer by stream: (service, stream key, entries).
    fn by_stream(&self, reply: &redis::Value) -> Vec<(&'static str, String, Vec<Entry>)> {
        let redis::Value::Array(streams) = reply else { return Vec::new() };
        streams
            .iter()
            .filter_map(|stream| {
                let redis::Value::Array(parts) = stream else { return None };
                let [redis::Value::BulkString(key), items] = parts.as_slice() else { return None };
                let key = String::from_utf8_lossy(key);
                let (service, stream) = self.streams.iter().find(|(_, s)| *s == key)?;
                Some((*service, stream.clone(), entries(items)))
            })
            .collect()
    }
}

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

/// Forgets applied event ids older than a week (a duplicate arrives within moments, not days).
async fn forget_old(pool: &PgPool) -> sqlx::Result<()> {
    sqlx::query(&format!("delete from applied_event where applied_at < now() - interval '{REMEMBER}'"))
        .execute(pool)
        .await?;
    Ok(())
}
