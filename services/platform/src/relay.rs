//! The outbox relay: publishes a service's outbox to its Redis stream (`events:<service>`), at
//! least once, and removes what it published.
//!
//! It never remembers "the last id sent". Outbox ids come from a sequence, and a transaction that
//! took an id early may commit after one that took a later id; a relay that reads "ids above the
//! last one I sent" skips that row for good. This relay reads every row present, publishes them in
//! id order and deletes exactly those, so a row that commits late is simply published on the next
//! pass. Two changes to one record are published in the order they committed: the second
//! transaction waits on the row lock the first holds until it commits, so it takes its outbox id
//! afterwards. Across records the stream is close to commit order, and the reporting projector
//! never depends on more (each event carries its record's version).
//!
//! One relay per schema publishes at a time, however many replicas of the service run: each holds
//! a PostgreSQL advisory lock on a connection of its own while it works, so a replica that dies
//! releases it with its connection. A relay killed between publishing and deleting does not cause
//! doubles: publishing is one Redis script that also records each event id in a set
//! (`events:<service>:sent`) and skips an id already there; the ids leave the set once their rows
//! are deleted. Consumers still drop an event id they have applied (Redis may lose its data).

use std::{future::Future, time::Duration};

use redis::RedisResult;
use sqlx::{PgConnection, PgPool};

use crate::kv::Kv;

/// Rows published in one pass at most.
const BATCH: i64 = 200;
/// How often an idle relay looks at the outbox again.
const IDLE: Duration = Duration::from_millis(100);
/// How long a relay or projector that failed (Redis or PostgreSQL away), or found its lock taken,
/// waits before trying again.
const BACKOFF: Duration = Duration::from_secs(1);
/// The most one batch's publication may take.
const PUBLISH_TIMEOUT: Duration = Duration::from_secs(5);

/// The stream a service's events are published to.
pub fn stream_key(kv: &Kv, service: &str) -> String {
    kv.key(&format!("events:{service}"))
}

/// Adds each event whose id is not yet in the sent set (KEYS[2]) to the stream (KEYS[1]) and the
/// set; ARGV holds six values per event. Answers how many were added.
const PUBLISH: &str = r"
local added = 0
for i = 1, #ARGV, 6 do
  if redis.call('SADD', KEYS[2], ARGV[i]) == 1 then
    redis.call('XADD', KEYS[1], '*', 'event_id', ARGV[i], 'type', ARGV[i + 1], 'aggregate', ARGV[i + 2],
      'payload', ARGV[i + 3], 'created_ms', ARGV[i + 4], 'txid', ARGV[i + 5])
    added = added + 1
  end
end
return added
";

/// The fields of one stream entry.
pub mod fields {
    /// `<service>:<outbox id>`, unique for ever: consumers drop an event they have applied.
    pub const EVENT_ID: &str = "event_id";
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
    sent: String,
    script: redis::Script,
}

struct Row {
    outbox_id: i64,
    event_type: String,
    aggregate_id: i64,
    payload: Vec<u8>,
    created_ms: i64,
    txid: String,
}

impl Relay {
    /// A relay for `service` over `pool`, whose connections are set to the service's schema.
    pub fn new(pool: PgPool, kv: Kv, service: &'static str) -> Self {
        let stream = stream_key(&kv, service);
        let sent = format!("{stream}:sent");
        Self { pool, kv, service, stream, sent, script: redis::Script::new(PUBLISH) }
    }

    /// Runs until `shutdown` completes: waits for the publishing lock, then publishes whatever the
    /// outbox holds, looking again every 100 ms. Failures are logged and retried.
    pub async fn run(self, shutdown: impl Future<Output = ()>) {
        lead_until(self.service, shutdown, || self.lead()).await;
    }

    /// Holds the publishing lock and publishes until something fails; without the lock (another
    /// replica publishes), answers after a pause.
    async fn lead(&self) -> anyhow::Result<()> {
        let Some(mut conn) = self.take_lock().await? else { return Ok(()) };
        loop {
            if self.publish_batch(&mut conn).await? < BATCH as usize {
                tokio::time::sleep(IDLE).await;
            }
        }
    }

    /// Publishes what the outbox holds now, batch by batch (taking the publishing lock for the
    /// while, or publishing nothing if another relay holds it); answers how many were published.
    pub async fn publish_pending(&self) -> anyhow::Result<usize> {
        let Some(mut conn) = self.take_lock().await? else { return Ok(0) };
        let mut total = 0;
        let outcome = async {
            loop {
                let published = self.publish_batch(&mut conn).await?;
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

    /// A connection of the relay's own, out of the pool, so the lock it takes ends with it
    /// whatever way the relay stops.
    async fn own_connection(&self) -> sqlx::Result<PgConnection> {
        Ok(self.pool.acquire().await?.detach())
    }

    /// The publishing lock, on a connection of its own, with the sent set tidied; none while
    /// another relay holds it.
    async fn take_lock(&self) -> anyhow::Result<Option<PgConnection>> {
        let mut conn = self.own_connection().await?;
        if !try_lock(&mut conn, self.service).await? {
            return Ok(None);
        }
        self.forget_deleted(&mut conn).await?;
        Ok(Some(conn))
    }

    /// One pass: the oldest rows present, published in one atomic step, then deleted.
    async fn publish_batch(&self, conn: &mut PgConnection) -> anyhow::Result<usize> {
        let rows = oldest(conn, BATCH).await?;
        if rows.is_empty() {
            return Ok(0);
        }
        self.publish(&rows).await?;
        let ids: Vec<i64> = rows.iter().map(|r| r.outbox_id).collect();
        sqlx::query("delete from outbox where outbox_id = any($1)").bind(&ids).execute(&mut *conn).await?;
        self.forget(&ids).await?;
        tracing::debug!(service = self.service, events = ids.len(), "outbox published");
        Ok(ids.len())
    }

    fn event_id(&self, outbox_id: i64) -> String {
        format!("{}:{outbox_id}", self.service)
    }

    async fn publish(&self, rows: &[Row]) -> RedisResult<()> {
        let mut invocation = self.script.key(&self.stream);
        invocation.key(&self.sent);
        for row in rows {
            invocation
                .arg(self.event_id(row.outbox_id))
                .arg(&row.event_type)
                .arg(row.aggregate_id)
                .arg(row.payload.as_slice())
                .arg(row.created_ms)
                .arg(&row.txid);
        }
        self.kv
            .run_within(PUBLISH_TIMEOUT, |mut conn| async move { invocation.invoke_async::<i64>(&mut conn).await })
            .await?;
        Ok(())
    }

    /// Takes event ids whose rows are deleted out of the sent set.
    async fn forget(&self, outbox_ids: &[i64]) -> RedisResult<()> {
        if outbox_ids.is_empty() {
            return Ok(());
        }
        let ids: Vec<String> = outbox_ids.iter().map(|id| self.event_id(*id)).collect();
        let sent = self.sent.clone();
        self.kv
            .run_within(PUBLISH_TIMEOUT, |mut conn| async move {
                redis::cmd("SREM").arg(sent).arg(ids).query_async::<()>(&mut conn).await
            })
            .await
    }

    /// At the start of a turn: forgets the ids a relay stopped before forgetting (their rows are
    /// gone); ids whose rows are still there stay, so those rows are deleted without publishing.
    async fn forget_deleted(&self, conn: &mut PgConnection) -> anyhow::Result<()> {
        let sent = self.sent.clone();
        let members: Vec<String> = self
            .kv
            .run_within(PUBLISH_TIMEOUT, |mut conn| async move {
                redis::cmd("SMEMBERS").arg(sent).query_async(&mut conn).await
            })
            .await?;
        let prefix = format!("{}:", self.service);
        let ids: Vec<i64> =
            members.iter().filter_map(|m| m.strip_prefix(&prefix)).filter_map(|id| id.parse().ok()).collect();
        if ids.is_empty() {
            return Ok(());
        }
        let present: Vec<i64> = sqlx::query_scalar("select outbox_id from outbox where outbox_id = any($1)")
            .bind(&ids)
            .fetch_all(&mut *conn)
            .await?;
        let gone: Vec<i64> = ids.into_iter().filter(|id| !present.contains(id)).collect();
        self.forget(&gone).await?;
        Ok(())
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

async fn oldest(conn: &mut PgConnection, limit: i64) -> sqlx::Result<Vec<Row>> {
    let rows: Vec<(i64, String, i64, Vec<u8>, i64, String)> = sqlx::query_as(
        "select outbox_id, event_type, aggregate_id, payload, \
           (extract(epoch from created_at) * 1000)::bigint, txid::text \
         from outbox order by outbox_id limit $1",
    )
    .bind(limit)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(outbox_id, event_type, aggregate_id, payload, created_ms, txid)| Row {
            outbox_id,
            event_type,
            aggregate_id,
            payload,
            created_ms,
            txid,
        })
        .collect())
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
    /// Publishes the oldest batch and stops before deleting it: what a relay killed between the
    /// two steps leaves behind.
    pub async fn publish_without_deleting(&self) -> anyhow::Result<usize> {
        let mut conn = self.own_connection().await?;
        let rows = oldest(&mut conn, BATCH).await?;
        self.publish(&rows).await?;
        Ok(rows.len())
    }
}
