//! The outbox relay: publishes a service's outbox to its Redis stream (`events:<service>`), in
//! a gapless publication order, and keeps every row until its consumer has applied it.
//!
//! It never remembers "the last id sent". Outbox ids come from a sequence, and a transaction that
//! took an id early may commit after one that took a later id; a relay that reads "ids above the
//! last one I sent" skips that row for good. Instead each pass numbers the committed rows that
//! have no number yet (`publish_seq`, one more than the last, in the same transaction as the
//! count it keeps, so the numbers have no holes) and publishes in that order. Two changes to one
//! record are numbered in the order they committed: the second transaction waits on the row lock
//! the first holds until it commits, so it takes its outbox id afterwards. Every stream entry
//! carries its number, so a consumer sees a missing entry as a gap instead of skipping it.
//!
//! Redis is a transport, never the only copy. A row stays (marked published) until the consumer's
//! watermark (`events:<service>:applied`, the highest number it applied with none missing below,
//! kept in its own schema and repeated to Redis) has passed it and the retention period is over.
//! The number last published is kept beside the stream (`events:<service>:seq`) and each
//! publication checks it in the same Redis script: if Redis lost it (restarted empty, or restored
//! from an older copy), or the consumer asked for a replay (`events:<service>:replay`, after a
//! gap), the stream was reset, and the relay publishes again everything above the watermark. The
//! consumer drops what it already applied by number.
//!
//! One relay per schema publishes at a time, however many replicas of the service run: each holds
//! a PostgreSQL advisory lock on a connection of its own while it works, so a replica that dies
//! releases it with its connection. The check of the last number also fences Redis: a relay that
//! lost its lock without noticing cannot publish behind the one that took it. A relay killed
//! between publishing and marking doubles nothing: the next one starts after the number Redis
//! holds. It is woken when an event commits (`NOTIFY eris_outbox_<schema>`), and also looks every
//! quarter second in case a notification was missed.

use std::{
    future::Future,
    time::{Duration, Instant},
};

use redis::RedisResult;
use sqlx::{PgConnection, PgPool, postgres::PgListener};

use crate::kv::Kv;

/// Rows published in one pass at most.
const BATCH: i64 = 500;
/// How often an idle relay looks at the outbox (and at the stream's state) without being woken.
const IDLE: Duration = Duration::from_millis(250);
/// How long a relay or projector that failed (Redis or PostgreSQL away), or found its lock taken,
/// waits before trying again.
const BACKOFF: Duration = Duration::from_secs(1);
/// The most one batch's publication may take.
const PUBLISH_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a published and applied row stays, by default: what Redis could lose without a
/// consumer's watermark having been repeated to it.
pub const RETENTION: Duration = Duration::from_secs(3600);
/// How often applied rows past the retention are deleted.
const PRUNE_EVERY: Duration = Duration::from_secs(10);

/// Times the relays found their stream reset (Redis lost it, or a consumer asked for a replay).
pub const RESETS_METRIC: &str = "eris_relay_stream_resets_total";
/// Rows published again after a reset.
pub const REPUBLISHED_METRIC: &str = "eris_relay_republished_total";

/// The stream a service's events are published to.
pub fn stream_key(kv: &Kv, service: &str) -> String {
    kv.key(&format!("events:{service}"))
}

/// Where the consumer repeats its watermark: the highest number it applied with none missing.
pub fn applied_key(kv: &Kv, service: &str) -> String {
    format!("{}:applied", stream_key(kv, service))
}

/// Where a consumer that found a gap asks for everything above its watermark again.
pub fn replay_key(kv: &Kv, service: &str) -> String {
    format!("{}:replay", stream_key(kv, service))
}

/// The number last published (KEYS[2]) must be ARGV[1] and no replay asked for (KEYS[3]): -1 or
/// -2 otherwise (the stream was reset). Then adds each event (seven values each) to the stream
/// (KEYS[1]) and keeps the last number; answers how many were added.
const PUBLISH: &str = r"
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return -1 end
if redis.call('EXISTS', KEYS[3]) == 1 then return -2 end
local added = 0
for i = 2, #ARGV, 7 do
  redis.call('XADD', KEYS[1], '*', 'event_id', ARGV[i], 'seq', ARGV[i + 1], 'type', ARGV[i + 2],
    'aggregate', ARGV[i + 3], 'payload', ARGV[i + 4], 'created_ms', ARGV[i + 5], 'txid', ARGV[i + 6])
  redis.call('SET', KEYS[2], ARGV[i + 1])
  added = added + 1
end
return added
";

/// The number last published (KEYS[1]), a replay asked for (KEYS[2], taken away) and the
/// consumer's watermark (KEYS[3]), each false when missing.
const STATE: &str = r"
local state = {redis.call('GET', KEYS[1]), redis.call('GET', KEYS[2]), redis.call('GET', KEYS[3])}
redis.call('DEL', KEYS[2])
return state
";

/// The fields of one stream entry.
pub mod fields {
    /// `<service>:<outbox id>`, unique for ever.
    pub const EVENT_ID: &str = "event_id";
    /// The publication number: one more than the entry before it, unless entries were lost.
    pub const SEQ: &str = "seq";
    /// The event's type, e.g. `contract.payment_added`.
    pub const TYPE: &str = "type";
    /// The id of the record the event is about.
    pub const AGGREGATE: &str = "aggregate";
    /// The encoded protobuf message.
    pub const PAYLOAD: &str = "payload";
    /// When the change committed, as Unix milliseconds (for the consumers' lag).
    pub const CREATED_MS: &str = "created_ms";
    /// The id of the transaction that wrote the event (PostgreSQL `xid8`, decimal): a consumer
    /// that rebuilt from a snapshot skips the events whose transaction the snapshot saw.
    pub const TXID: &str = "txid";
}

/// Publishes the outbox of one service's schema.
pub struct Relay {
    pool: PgPool,
    kv: Kv,
    service: &'static str,
    stream: String,
    seq: String,
    replay: String,
    applied: String,
    retention: Duration,
    poll: Duration,
    publish: redis::Script,
    state: redis::Script,
}

#[derive(sqlx::FromRow)]
struct Row {
    outbox_id: i64,
    seq: i64,
    event_type: String,
    aggregate_id: i64,
    payload: Vec<u8>,
    created_ms: i64,
    txid: String,
}

/// Why a publication stopped short.
enum Refused {
    /// The stream's last number is not the relay's: Redis lost it, or a replay was asked for.
    Reset,
    Failed(anyhow::Error),
}

impl<E: Into<anyhow::Error>> From<E> for Refused {
    fn from(error: E) -> Self {
        Self::Failed(error.into())
    }
}

impl Relay {
    /// A relay for `service` over `pool`, whose connections are set to the service's schema (of
    /// the same name).
    pub fn new(pool: PgPool, kv: Kv, service: &'static str) -> Self {
        let stream = stream_key(&kv, service);
        Self {
            seq: format!("{stream}:seq"),
            replay: replay_key(&kv, service),
            applied: applied_key(&kv, service),
            stream,
            pool,
            kv,
            service,
            retention: RETENTION,
            poll: IDLE,
            publish: redis::Script::new(PUBLISH),
            state: redis::Script::new(STATE),
        }
    }

    /// How long applied rows stay before they are deleted.
    pub fn with_retention(mut self, retention: Duration) -> Self {
        self.retention = retention;
        self
    }

    /// How often the relay looks without being woken.
    pub fn with_poll(mut self, poll: Duration) -> Self {
        self.poll = poll;
        self
    }

    /// Runs until `shutdown` completes: waits for the publishing lock, then publishes whatever the
    /// outbox holds as it commits. Failures are logged and retried.
    pub async fn run(self, shutdown: impl Future<Output = ()>) {
        lead_until(self.service, shutdown, || self.lead()).await;
    }

    /// Holds the publishing lock and publishes until something fails; without the lock (another
    /// replica publishes), answers after a pause.
    async fn lead(&self) -> anyhow::Result<()> {
        let mut listener = PgListener::connect_with(&self.pool).await?;
        listener.listen(&format!("eris_outbox_{}", self.service)).await?;
        let Some(mut conn) = self.take_lock().await? else { return Ok(()) };
        let mut cursor = self.sync(&mut conn).await?;
        let mut pruned = Instant::now();
        loop {
            if self.step(&mut conn, &mut cursor).await?.is_some_and(|published| published < BATCH as usize) {
                tokio::select! {
                    woken = listener.recv() => { woken?; }
                    () = tokio::time::sleep(self.poll) => {}
                }
            }
            if pruned.elapsed() >= PRUNE_EVERY {
                self.prune(&mut conn).await?;
                pruned = Instant::now();
            }
        }
    }

    /// Publishes what the outbox holds now, batch by batch (taking the publishing lock for the
    /// while, or publishing nothing if another relay holds it); answers how many were published.
    pub async fn publish_pending(&self) -> anyhow::Result<usize> {
        let Some(mut conn) = self.take_lock().await? else { return Ok(0) };
        let outcome = async {
            let mut total = 0;
            let mut cursor = self.sync(&mut conn).await?;
            loop {
                let Some(published) = self.step(&mut conn, &mut cursor).await? else { continue };
                total += published;
                if published < BATCH as usize {
                    return anyhow::Ok(total);
                }
            }
        }
        .await;
        unlock(&mut conn, self.service).await?;
        outcome
    }

    /// One pass from `cursor` (moved on): how many rows were published, or none when the stream
    /// was reset (the cursor is then back at the consumer's watermark).
    async fn step(&self, conn: &mut PgConnection, cursor: &mut i64) -> anyhow::Result<Option<usize>> {
        match self.publish_batch(conn, *cursor).await {
            Ok((next, published)) => {
                *cursor = next;
                Ok(Some(published))
            }
            Err(Refused::Reset) => {
                *cursor = self.sync(conn).await?;
                Ok(None)
            }
            Err(Refused::Failed(error)) => Err(error),
        }
    }

    /// Deletes the rows the consumer has applied once the retention is over (none while its
    /// watermark is unknown); answers how many.
    pub async fn prune(&self, conn: &mut PgConnection) -> anyhow::Result<u64> {
        let applied = self.applied.clone();
        let watermark: Option<i64> = self
            .kv
            .run_within(PUBLISH_TIMEOUT, |mut conn| async move {
                redis::cmd("GET").arg(applied).query_async(&mut conn).await
            })
            .await?;
        let Some(watermark) = watermark else { return Ok(0) };
        let deleted = sqlx::query(
            "delete from outbox where publish_seq <= $1 and published_at is not null \
               and created_at < now() - make_interval(secs => $2)",
        )
        .bind(watermark)
        .bind(self.retention.as_secs_f64())
        .execute(&mut *conn)
        .await?
        .rows_affected();
        if deleted > 0 {
            metrics::counter!("eris_outbox_pruned_total", "service" => self.service).increment(deleted);
        }
        Ok(deleted)
    }

    /// A connection of the relay's own, out of the pool, so the lock it takes ends with it
    /// whatever way the relay stops.
    async fn own_connection(&self) -> sqlx::Result<PgConnection> {
        Ok(self.pool.acquire().await?.detach())
    }

    /// The publishing lock, on a connection of its own; none while another relay holds it.
    async fn take_lock(&self) -> anyhow::Result<Option<PgConnection>> {
        let mut conn = self.own_connection().await?;
        if !try_lock(&mut conn, self.service).await? {
            return Ok(None);
        }
        Ok(Some(conn))
    }

    /// Where publication goes on from: the number the stream last got, or, when the stream was
    /// reset, the consumer's watermark (every row above it is published again; without a
    /// watermark, every row kept).
    async fn sync(&self, conn: &mut PgConnection) -> anyhow::Result<i64> {
        let mut invocation = self.state.key(&self.seq);
        invocation.key(&self.replay).key(&self.applied);
        let state: Vec<Option<i64>> = self
            .kv
            .run_within(PUBLISH_TIMEOUT, |mut conn| async move { invocation.invoke_async(&mut conn).await })
            .await?;
        let [last, replay, watermark] = state[..] else { anyhow::bail!("the stream's state has three parts") };
        let (published_before, kept_from): (i64, Option<i64>) =
            sqlx::query_as("select (select last_seq from outbox_relay), (select min(publish_seq) from outbox)")
                .fetch_one(&mut *conn)
                .await?;
        let cursor = match (last, replay) {
            (Some(last), None) if last <= published_before => last,
            // Redis lost the stream (or holds an older copy, or another installation's), or the
            // consumer found a gap: again from what the consumer has applied.
            _ => replay
                .into_iter()
                .chain(watermark)
                .chain(last.filter(|last| *last <= published_before))
                .min()
                .or(kept_from.map(|first| first - 1))
                .unwrap_or(published_before),
        };
        // Rows below the first one kept were applied and deleted; numbers above the last one
        // given were never published.
        let cursor = match kept_from {
            Some(first) => cursor.max(first - 1),
            None => published_before,
        }
        .clamp(0, published_before);
        // Rows up to the cursor are in the stream (a relay may have stopped before marking them).
        sqlx::query("update outbox set published_at = now() where publish_seq <= $1 and published_at is null")
            .bind(cursor)
            .execute(&mut *conn)
            .await?;
        if last != Some(cursor) {
            let again: i64 = sqlx::query_scalar("select count(*) from outbox where publish_seq > $1")
                .bind(cursor)
                .fetch_one(&mut *conn)
                .await?;
            if published_before > 0 {
                tracing::warn!(
                    service = self.service,
                    from = cursor + 1,
                    rows = again,
                    replay_asked = replay.is_some(),
                    "the event stream was reset; publishing again everything above the consumer's watermark"
                );
                metrics::counter!(RESETS_METRIC, "service" => self.service).increment(1);
                metrics::counter!(REPUBLISHED_METRIC, "service" => self.service).increment(again as u64);
            }
            let (seq, value) = (self.seq.clone(), cursor);
            self.kv
                .run_within(PUBLISH_TIMEOUT, |mut conn| async move {
                    redis::cmd("SET").arg(seq).arg(value).query_async::<()>(&mut conn).await
                })
                .await?;
        }
        Ok(cursor)
    }

    /// Numbers the committed rows that have none yet, in id order, with no holes.
    async fn number(&self, conn: &mut PgConnection) -> sqlx::Result<u64> {
        let numbered = sqlx::query(
            "with picked as ( \
               select outbox_id, row_number() over (order by outbox_id) as n \
               from (select outbox_id from outbox where publish_seq is null order by outbox_id limit $1) p), \
             counted as ( \
               update outbox_relay set last_seq = last_seq + (select count(*) from picked) \
               returning last_seq - (select count(*) from picked) as base) \
             update outbox o set publish_seq = counted.base + picked.n \
             from picked, counted where o.outbox_id = picked.outbox_id",
        )
        .bind(BATCH)
        .execute(conn)
        .await?;
        Ok(numbered.rows_affected())
    }

    /// One pass: numbers new rows, publishes the rows after `cursor` in one atomic step (or only
    /// checks the stream's state when there are none), marks them; answers the new cursor and how
    /// many were published.
    async fn publish_batch(&self, conn: &mut PgConnection, cursor: i64) -> Result<(i64, usize), Refused> {
        self.number(conn).await?;
        let rows = after(conn, cursor, BATCH).await?;
        let added = self.publish(cursor, &rows).await?;
        if added < 0 {
            return Err(Refused::Reset);
        }
        let Some(last) = rows.last().map(|row| row.seq) else { return Ok((cursor, 0)) };
        sqlx::query("update outbox set published_at = now() where publish_seq > $1 and publish_seq <= $2")
            .bind(cursor)
            .bind(last)
            .execute(&mut *conn)
            .await?;
        tracing::debug!(service = self.service, events = rows.len(), "outbox published");
        Ok((last, rows.len()))
    }

    fn event_id(&self, outbox_id: i64) -> String {
        format!("{}:{outbox_id}", self.service)
    }

    async fn publish(&self, cursor: i64, rows: &[Row]) -> RedisResult<i64> {
        let mut invocation = self.publish.key(&self.stream);
        invocation.key(&self.seq).key(&self.replay).arg(cursor);
        for row in rows {
            invocation
                .arg(self.event_id(row.outbox_id))
                .arg(row.seq)
                .arg(&row.event_type)
                .arg(row.aggregate_id)
                .arg(row.payload.as_slice())
                .arg(row.created_ms)
                .arg(&row.txid);
        }
        self.kv.run_within(PUBLISH_TIMEOUT, |mut conn| async move { invocation.invoke_async(&mut conn).await }).await
    }
}

/// The advisory lock of a schema's relay: the schema's name hashed to a key, so relays of
/// different services sharing a database do not exclude each other.
fn lock_key(service: &str) -> i64 {
    // FNV-1a, fixed so every replica computes the same key.
    let hash = service.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    hash as i64
}

async fn try_lock(conn: &mut PgConnection, service: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar("select pg_try_advisory_lock($1)").bind(lock_key(service)).fetch_one(conn).await
}

async fn unlock(conn: &mut PgConnection, service: &str) -> sqlx::Result<()> {
    sqlx::query("select pg_advisory_unlock($1)").bind(lock_key(service)).execute(conn).await?;
    Ok(())
}

/// The numbered rows after `cursor`, in publication order.
async fn after(conn: &mut PgConnection, cursor: i64, limit: i64) -> sqlx::Result<Vec<Row>> {
    sqlx::query_as(
        "select outbox_id, publish_seq as seq, event_type, aggregate_id, payload, \
           (extract(epoch from created_at) * 1000)::bigint as created_ms, txid::text as txid \
         from outbox where publish_seq > $1 order by publish_seq limit $2",
    )
    .bind(cursor)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// Runs `lead` (which works while it holds its lock and answers when it stops or cannot take it)
/// again and again, a second apart, until `shutdown` completes; failures are logged as `what`'s.
pub async fn lead_until<F, Fut>(what: &str, shutdown: impl Future<Output = ()>, mut lead: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = anyhow::Result<()>>,
{
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            () = &mut shutdown => return,
            outcome = lead() => {
                if let Err(error) = outcome {
                    tracing::warn!(what, %error, "failed; retrying");
                }
            }
        }
        tokio::select! {
            () = &mut shutdown => return,
            () = tokio::time::sleep(BACKOFF) => {}
        }
    }
}

/// A task running in the background of a service (a relay, a projector), stopped when dropped.
pub struct Background(tokio::task::JoinHandle<()>);

impl Background {
    pub fn spawn(task: impl Future<Output = ()> + Send + 'static) -> Self {
        Self(tokio::spawn(task))
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Relay {
    /// Runs the relay in the background until the answer is dropped.
    pub fn spawn(self) -> Background {
        Background::spawn(self.run(std::future::pending()))
    }
}

/// One event read back from a stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The stream entry's id (`<ms>-<seq>`).
    pub id: String,
    pub event_id: String,
    /// See [`fields::SEQ`]; 0 when the entry has none.
    pub seq: i64,
    pub event_type: String,
    pub aggregate_id: i64,
    pub payload: Vec<u8>,
    pub created_ms: i64,
    /// See [`fields::TXID`]; empty when the entry has none.
    pub txid: String,
}

/// The entries of an XRANGE answer, or of one stream of an XREADGROUP answer.
pub fn entries(reply: &redis::Value) -> Vec<Entry> {
    let redis::Value::Array(items) = reply else { return Vec::new() };
    items
        .iter()
        .filter_map(|item| {
            let redis::Value::Array(parts) = item else { return None };
            let [redis::Value::BulkString(id), redis::Value::Array(pairs)] = parts.as_slice() else { return None };
            let mut entry = Entry {
                id: String::from_utf8_lossy(id).into_owned(),
                event_id: String::new(),
                seq: 0,
                event_type: String::new(),
                aggregate_id: 0,
                payload: Vec::new(),
                created_ms: 0,
                txid: String::new(),
            };
            for pair in pairs.chunks(2) {
                let [redis::Value::BulkString(name), redis::Value::BulkString(value)] = pair else { continue };
                let text = || String::from_utf8_lossy(value).into_owned();
                match name.as_slice() {
                    b"event_id" => entry.event_id = text(),
                    b"seq" => entry.seq = text().parse().unwrap_or_default(),
                    b"type" => entry.event_type = text(),
                    b"aggregate" => entry.aggregate_id = text().parse().unwrap_or_default(),
                    b"payload" => entry.payload = value.clone(),
                    b"created_ms" => entry.created_ms = text().parse().unwrap_or_default(),
                    b"txid" => entry.txid = text(),
                    _ => {}
                }
            }
            Some(entry)
        })
        .collect()
}

#[cfg(feature = "testing")]
impl Relay {
    /// Numbers and publishes the oldest batch and stops before marking it: what a relay killed
    /// between the two steps leaves behind.
    pub async fn publish_without_marking(&self) -> anyhow::Result<usize> {
        let Some(mut conn) = self.take_lock().await? else { anyhow::bail!("another relay holds the lock") };
        let cursor = self.sync(&mut conn).await?;
        self.number(&mut conn).await?;
        let rows = after(&mut conn, cursor, BATCH).await?;
        anyhow::ensure!(self.publish(cursor, &rows).await? >= 0, "the stream was reset");
        Ok(rows.len())
    }

    /// Publishes the numbered rows after `last` without the lock, as a relay that believes `last`
    /// was the last number published; answers what the stream said (-1: refused).
    pub async fn publish_as_if_last(&self, last: i64) -> anyhow::Result<i64> {
        let mut conn = self.own_connection().await?;
        let rows = after(&mut conn, last, BATCH).await?;
        Ok(self.publish(last, &rows).await?)
    }
}
