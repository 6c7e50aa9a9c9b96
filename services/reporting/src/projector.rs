//! The projector: reads the identity, crm, sourcing and contracts event streams with a consumer
//! group and applies each event once, in publication order, to the read models.
//!
//! Exactly one projector applies at a time, however many reporting processes run, and this is
//! proven where it matters: in the transaction of every batch. The lease is a PostgreSQL advisory
//! lock held by a connection of the projector's own; taking it raises the fencing token
//! (`projector_lease.epoch`), and every batch runs on that same connection and first checks the
//! token. A projector whose lease connection dropped (a failover, a PostgreSQL restart, a
//! terminated backend) cannot commit another batch: its session, and the lock with it, is gone,
//! and a projector that took the lease since has raised the token. It stops at once and says so.
//!
//! Every stream entry carries its publication number (see `eris_platform::relay`). Per source the
//! projector keeps its watermark, the highest number applied with none missing below, in the
//! same transaction as the change. An entry at or below it is a duplicate and is skipped; the next
//! number is applied; a later one means entries were lost, and is a detected gap: the projector
//! applies nothing past it and asks the source's relay to publish again everything above the
//! watermark (the outbox keeps every row until the watermark passes it). The watermark is repeated
//! to Redis after each batch, where the relay reads it.
//!
//! Each projector process reads as a consumer of its own; every loop the lease holder first
//! claims (`XAUTOCLAIM`) whatever any consumer received and did not acknowledge, so entries a
//! former holder read are applied in order, and entries whose bodies vanished are counted as gaps.
//! Entries are trimmed only below the group's oldest pending entry. A rebuild's snapshot rules are
//! kept: an event whose transaction the snapshot saw is skipped (see `rebuild`).

use std::{
    collections::HashMap,
    future::Future,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use eris_platform::{
    config::RedisArgs,
    kv::Kv,
    relay::{Background, Entry, applied_key, entries, lead_until, replay_key, stream_key},
};
use sqlx::{Connection, PgConnection, PgPool};

use crate::{
    db::projection,
    events::{ContractChanges, SOURCES, Undecodable},
    reconcile::{self, Reconciler},
    sources::SourceSnapshot,
};

/// The consumer group.
const GROUP: &str = "reporting";
/// Entries read from each stream at once.
const BATCH: usize = 500;
/// How long one read waits for new entries.
const BLOCK: Duration = Duration::from_millis(500);
/// How often the lease holder tidies: old applied ids, idle consumers, the watermarks in Redis.
const CHORES_EVERY: Duration = Duration::from_secs(30);
/// The lease's advisory lock key (any fixed number the services' relays do not use).
pub const LEASE: i64 = 0x7265_706f_7274_696e;
/// Seconds from a change's commit to its event being applied, per stream: 0 only when nothing is
/// pending or missing.
pub const LAG_METRIC: &str = "eris_reporting_event_lag_seconds";
/// Entries delivered and not yet acknowledged, per stream.
pub const PENDING_METRIC: &str = "eris_reporting_pending_entries";
/// Age of the oldest pending entry, per stream.
pub const OLDEST_PENDING_METRIC: &str = "eris_reporting_oldest_pending_seconds";
/// Gaps found (entries missing below a later one, or pending entries whose bodies vanished).
pub const GAPS_METRIC: &str = "eris_reporting_stream_gaps_total";
/// Streams or consumer groups found missing (Redis lost them) and made again.
pub const RESETS_METRIC: &str = "eris_reporting_stream_resets_total";
/// Times a projector found that it no longer held the lease.
pub const LEASE_LOST_METRIC: &str = "eris_reporting_lease_lost_total";
/// Applied event ids kept this long to recognise a late duplicate of an entry without a number.
const REMEMBER: &str = "7 days";

pub struct Projector {
    pool: PgPool,
    kv: Kv,
    streams: Vec<Stream>,
    /// This process's consumer name in the group.
    consumer: String,
    acknowledge: redis::Script,
    /// Per source, while a gap waits for its replay: see [`Behind`].
    behind: Mutex<HashMap<&'static str, Behind>>,
    health: Arc<Health>,
    reconciler: Option<Reconciler>,
    /// Contracts replaced by the reconciler, with the source snapshot they were read in: an event
    /// about one whose transaction that snapshot saw is already in the read models.
    mended: Mutex<HashMap<i64, (SourceSnapshot, Instant)>>,
}

/// How long a mended contract's snapshot is remembered (an event on its way takes far less).
const MENDED_KEPT: Duration = Duration::from_secs(600);
/// How soon after taking the lease the first comparison runs (the projector catches up first).
const FIRST_RECONCILE: Duration = Duration::from_secs(5);
/// How soon a comparison put off by a rebuild is tried again.
const REBUILDING_RECHECK: Duration = Duration::from_secs(5);

/// What the projector says of itself for readiness: "degraded", and why, while it is behind.
#[derive(Default)]
pub struct Health {
    reasons: Mutex<HealthState>,
}

#[derive(Default)]
struct HealthState {
    /// Per source, since when its stream waits for missing events.
    gaps: HashMap<&'static str, Instant>,
    /// Per source, how far behind its last applied event's commit the read models were.
    lag: HashMap<&'static str, Duration>,
    /// The lease holder's last failure, and when.
    failure: Option<(String, Instant)>,
    /// Contracts found to differ from the source and not yet mended.
    mending: usize,
}

/// A failure this recent keeps the projector degraded.
const FAILURE_SHOWN: Duration = Duration::from_secs(15);
/// A stream waiting for missing events this long is degraded (a replay normally takes moments).
const GAP_SHOWN: Duration = Duration::from_secs(2);
/// Read models further behind a stream than this are degraded (normally well under a second).
const LAG_SHOWN: Duration = Duration::from_secs(10);

impl Health {
    /// Why the read models may be behind the sources now; empty when they are not.
    pub fn reasons(&self) -> Vec<String> {
        let state = self.reasons.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut reasons: Vec<String> = state
            .gaps
            .iter()
            .filter(|(_, since)| since.elapsed() >= GAP_SHOWN)
            .map(|(service, since)| {
                format!(
                    "the {service} stream is missing events; waiting {} s for its relay to publish them again",
                    since.elapsed().as_secs()
                )
            })
            .collect();
        reasons.extend(
            state
                .lag
                .iter()
                .filter(|(_, lag)| **lag >= LAG_SHOWN)
                .map(|(service, lag)| format!("the read models are {} s behind the {service} stream", lag.as_secs())),
        );
        if state.mending > 0 {
            reasons.push(format!("mending {} contracts that differ from the contracts service", state.mending));
        }
        if let Some((failure, at)) = &state.failure
            && at.elapsed() < FAILURE_SHOWN
        {
            reasons.push(format!("the projector failed {} s ago: {failure}", at.elapsed().as_secs()));
        }
        reasons.sort();
        reasons
    }

    fn update(&self, change: impl FnOnce(&mut HealthState)) {
        let mut state = self.reasons.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        change(&mut state);
        let degraded = !state.gaps.is_empty()
            || state.failure.is_some()
            || state.mending > 0
            || state.lag.values().any(|lag| *lag >= LAG_SHOWN);
        metrics::gauge!(DEGRADED_METRIC).set(f64::from(u8::from(degraded)));
    }
}

/// 1 while the projector is degraded (a stream waits for missing events, or it failed lately).
pub const DEGRADED_METRIC: &str = "eris_reporting_degraded";

/// A source whose stream has a gap.
struct Behind {
    /// When the first event not yet applied committed (Unix ms).
    since_ms: i64,
    /// The watermark the replay was asked from, and when.
    asked_from: i64,
    asked_at: Instant,
}

/// How long a replay asked for may take to start arriving before it is asked for again.
const REPLAY_PATIENCE: Duration = Duration::from_secs(5);

struct Stream {
    service: &'static str,
    key: String,
    applied: String,
    replay: String,
}

/// The lease: its connection (every batch runs on it) and the fencing token it took.
struct Lease {
    conn: PgConnection,
    epoch: i64,
}

impl Lease {
    /// Gives the lease up at once. Dropped, it ends only when PostgreSQL notices the closed
    /// connection, a moment later: a projector that starts right after would find it still held.
    async fn release(mut self) -> anyhow::Result<()> {
        sqlx::query("select pg_advisory_unlock($1)").bind(LEASE).execute(&mut self.conn).await?;
        self.conn.close().await?;
        Ok(())
    }
}

/// The projector's lease was taken over: it stops applying.
#[derive(Debug, thiserror::Error)]
#[error("the projector lease was lost (the fencing token is {current}, this projector took {held})")]
pub struct LeaseLost {
    held: i64,
    current: i64,
}

/// One stream's part of a read: entries in stream order, and pending ids whose bodies vanished.
struct Read {
    stream: usize,
    entries: Vec<Entry>,
    vanished: Vec<String>,
}

/// What a batch did to one stream.
struct Applied {
    watermark: i64,
    /// Entries are missing (the relay is to publish again above the watermark): when the first
    /// entry not applied because of the gap committed.
    first_missing_ms: Option<i64>,
}

/// Acknowledges entries (ARGV[4..]) of a stream (KEYS[1]) for the group (ARGV[1]), repeats the
/// watermark (ARGV[2]) to KEYS[2], asks for a replay (KEYS[3]) when ARGV[3] is '1', and trims the
/// stream below the oldest entry still pending or the newest acknowledged, whichever is older, but
/// never within the last minute: the change feed tails the stream without a group and may read an
/// entry after the projector applied it (it waits for the projector before it sends a change).
/// Answers the number of pending entries and the oldest one's id.
const ACKNOWLEDGE: &str = r"
local function older(a, b)
  local am, as = string.match(a, '^(%d+)-(%d+)$')
  local bm, bs = string.match(b, '^(%d+)-(%d+)$')
  am, as, bm, bs = tonumber(am), tonumber(as), tonumber(bm), tonumber(bs)
  return am < bm or (am == bm and as < bs)
end
local newest = nil
for i = 4, #ARGV do
  redis.call('XACK', KEYS[1], ARGV[1], ARGV[i])
  if newest == nil or older(newest, ARGV[i]) then newest = ARGV[i] end
end
redis.call('SET', KEYS[2], ARGV[2])
if ARGV[3] == '1' then redis.call('SET', KEYS[3], ARGV[2]) end
local pending = redis.call('XPENDING', KEYS[1], ARGV[1])
local oldest = pending[2]
if newest ~= nil then
  local floor = newest
  if pending[1] > 0 and older(oldest, floor) then floor = oldest end
  local now = redis.call('TIME')
  local kept = string.format('%d-0', tonumber(now[1]) * 1000 - 60000)
  if older(kept, floor) then floor = kept end
  redis.call('XTRIM', KEYS[1], 'MINID', floor)
end
if pending[1] == 0 then oldest = '' end
return {pending[1], oldest}
";

/// The projector's own Redis connection. Its reads wait up to [`BLOCK`] for new entries, longer
/// than a cache call may take, so it gets a connection (and a deadline) of its own, and the token
/// checks sharing the service's connection never queue behind a waiting read.
pub fn redis(args: &RedisArgs) -> anyhow::Result<Kv> {
    let wait = (BLOCK + Duration::from_secs(5)).as_millis() as u64;
    Kv::new(&RedisArgs { redis_timeout_ms: args.redis_timeout_ms.max(wait), ..args.clone() })
}

/// A consumer name for this process, unique among the projectors that come and go.
fn consumer_name() -> String {
    let host = std::env::var("HOSTNAME").unwrap_or_default();
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos();
    format!("projector-{host}-{}-{nanos}", std::process::id())
}

/// The milliseconds part of a stream entry id (`<ms>-<seq>`).
fn entry_ms(id: &str) -> i64 {
    id.split('-').next().and_then(|ms| ms.parse().ok()).unwrap_or_default()
}

impl Projector {
    /// A projector over the reporting schema's `pool`, reading through `kv` (see [`redis`]).
    pub fn new(pool: PgPool, kv: Kv) -> Self {
        let streams = SOURCES
            .iter()
            .map(|service| Stream {
                service,
                key: stream_key(&kv, service),
                applied: applied_key(&kv, service),
                replay: replay_key(&kv, service),
            })
            .collect();
        Self {
            pool,
            kv,
            streams,
            consumer: consumer_name(),
            acknowledge: redis::Script::new(ACKNOWLEDGE),
            behind: Mutex::new(HashMap::new()),
            health: Arc::default(),
            reconciler: None,
            mended: Mutex::new(HashMap::new()),
        }
    }

    /// Also compares the read models with the contracts service while holding the lease, and
    /// mends what differs.
    pub fn with_reconciler(mut self, reconciler: Reconciler) -> Self {
        self.reconciler = Some(reconciler);
        self
    }

    /// What the projector says of itself, for readiness.
    pub fn health(&self) -> Arc<Health> {
        self.health.clone()
    }

    /// Runs until `shutdown` completes, taking the lease when it is free.
    pub async fn run(self, shutdown: impl Future<Output = ()>) {
        lead_until("reporting projector", shutdown, || self.lead()).await;
    }

    /// Runs in the background until the answer is dropped.
    pub fn spawn(self) -> Background {
        Background::spawn(self.run(std::future::pending()))
    }

    /// With the lease: applies events until something fails or the lease is lost. Without it:
    /// answers at once.
    async fn lead(&self) -> anyhow::Result<()> {
        let Some(mut lease) = self.take_lease().await? else { return Ok(()) };
        tracing::info!(epoch = lease.epoch, consumer = self.consumer, "reporting projector holds the lease");
        let (found, mut to_mend) = tokio::sync::mpsc::channel(1);
        let _reconciling = self
            .reconciler
            .clone()
            .map(|reconciler| Background::spawn(reconcile_while_leading(reconciler, found, self.health.clone())));
        let mut chores = Instant::now() - CHORES_EVERY;
        loop {
            if chores.elapsed() >= CHORES_EVERY {
                self.chores(&mut lease).await?;
                chores = Instant::now();
            }
            if let (Ok(ids), Some(reconciler)) = (to_mend.try_recv(), &self.reconciler) {
                self.mend_all(&mut lease, reconciler, &ids).await?;
            }
            if let Err(error) = self.step(&mut lease, BLOCK).await {
                self.health.update(|state| state.failure = Some((error.to_string(), Instant::now())));
                // Taken over, or its connection (and the advisory lock with it) is gone.
                let alive =
                    tokio::time::timeout(Duration::from_secs(1), sqlx::query("select 1").execute(&mut lease.conn));
                if error.is::<LeaseLost>() || !matches!(alive.await, Ok(Ok(_))) {
                    metrics::counter!(LEASE_LOST_METRIC).increment(1);
                    tracing::warn!(%error, "reporting projector lost its lease; it stops applying");
                }
                return Err(error);
            }
        }
    }

    /// Applies every event the streams hold now (taking the lease for the while, or nothing if
    /// another projector holds it); answers how many entries were read.
    pub async fn catch_up(&self) -> anyhow::Result<usize> {
        let Some(mut lease) = self.take_lease().await? else { return Ok(0) };
        let mut total = 0;
        loop {
            let read = self.step(&mut lease, Duration::ZERO).await?;
            total += read;
            if read == 0 {
                lease.release().await?;
                return Ok(total);
            }
        }
    }

    /// The lease, held by a connection out of the pool (it ends with the connection), with the
    /// fencing token raised and the consumer groups made; none while another projector holds it.
    async fn take_lease(&self) -> anyhow::Result<Option<Lease>> {
        let mut conn = self.pool.acquire().await?.detach();
        let held: bool = sqlx::query_scalar("select pg_try_advisory_lock($1)").bind(LEASE).fetch_one(&mut conn).await?;
        if !held {
            return Ok(None);
        }
        let epoch: i64 = sqlx::query_scalar(
            "update projector_lease set epoch = epoch + 1, holder = $1, taken_at = now() returning epoch",
        )
        .bind(&self.consumer)
        .fetch_one(&mut conn)
        .await?;
        self.create_groups().await?;
        Ok(Some(Lease { conn, epoch }))
    }

    /// Makes the consumer group on each stream (and the stream) unless it exists; answers how many
    /// were made.
    async fn create_groups(&self) -> anyhow::Result<usize> {
        let mut made = 0;
        for stream in &self.streams {
            let key = stream.key.clone();
            let created: redis::RedisResult<()> = self
                .kv
                .run_within(Duration::from_secs(5), |mut conn| async move {
                    redis::cmd("XGROUP")
                        .arg("CREATE")
                        .arg(key)
                        .arg(GROUP)
                        .arg("0")
                        .arg("MKSTREAM")
                        .query_async(&mut conn)
                        .await
                })
                .await;
            match created {
                Ok(()) => made += 1,
                Err(error) if error.code() == Some("BUSYGROUP") => {}
                Err(error) => return Err(error.into()),
            }
        }
        Ok(made)
    }

    /// Every little while: forgets old applied ids, removes consumers that hold nothing (former
    /// projectors), and repeats each watermark to Redis (it may have lost them).
    async fn chores(&self, lease: &mut Lease) -> anyhow::Result<()> {
        sqlx::query(&format!("delete from applied_event where applied_at < now() - interval '{REMEMBER}'"))
            .execute(&mut lease.conn)
            .await?;
        let marks = projection::watermarks(&mut lease.conn).await?;
        for stream in &self.streams {
            let (key, applied, consumer) = (stream.key.clone(), stream.applied.clone(), self.consumer.clone());
            let watermark = marks.get(stream.service).copied().unwrap_or_default();
            self.kv
                .run_within(Duration::from_secs(5), |mut conn| async move {
                    redis::cmd("SET").arg(&applied).arg(watermark).query_async::<()>(&mut conn).await?;
                    let consumers: redis::Value =
                        redis::cmd("XINFO").arg("CONSUMERS").arg(&key).arg(GROUP).query_async(&mut conn).await?;
                    let redis::Value::Array(consumers) = consumers else { return Ok(()) };
                    for info in consumers {
                        let (name, pending) = consumer_info(&info);
                        if pending == 0 && !name.is_empty() && name != consumer {
                            redis::cmd("XGROUP")
                                .arg("DELCONSUMER")
                                .arg(&key)
                                .arg(GROUP)
                                .arg(name)
                                .query_async::<()>(&mut conn)
                                .await?;
                        }
                    }
                    Ok(())
                })
                .await
                .or_else(|error| if error.code() == Some("NOGROUP") { Ok(()) } else { Err(error) })?;
        }
        Ok(())
    }

    /// One loop: claims what is pending anywhere in the group, or else reads new entries (waiting
    /// up to `block`), applies them in one fenced transaction and acknowledges them; answers how
    /// many entries were read.
    async fn step(&self, lease: &mut Lease, block: Duration) -> anyhow::Result<usize> {
        let mut reads = match self.claim().await {
            Ok(reads) => reads,
            Err(error) if error.code() == Some("NOGROUP") => return self.groups_lost().await,
            Err(error) => return Err(error.into()),
        };
        if reads.iter().all(|read| read.entries.is_empty() && read.vanished.is_empty()) {
            reads = match self.read_new(block).await {
                Ok(reads) => reads,
                Err(error) if error.code() == Some("NOGROUP") => return self.groups_lost().await,
                Err(error) => return Err(error.into()),
            };
        }
        let read: usize = reads.iter().map(|read| read.entries.len() + read.vanished.len()).sum();
        if read == 0 {
            self.caught_up();
            return Ok(0);
        }
        let applied = self.apply_batch(lease, &reads).await?;
        let now_ms = eris_platform::auth::now_ms();
        let mut asks = Vec::with_capacity(applied.len());
        {
            let mut behind = self.behind.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            for (read, applied) in reads.iter().zip(&applied) {
                let service = self.streams[read.stream].service;
                metrics::counter!("eris_reporting_events_applied_total", "stream" => service)
                    .increment(read.entries.len() as u64);
                let since = match applied.first_missing_ms {
                    Some(missing) => {
                        // Asked once per watermark, and again only if the replay does not come.
                        let gap = behind.entry(service).or_insert(Behind {
                            since_ms: missing,
                            asked_from: -1,
                            asked_at: Instant::now(),
                        });
                        let ask = gap.asked_from != applied.watermark || gap.asked_at.elapsed() >= REPLAY_PATIENCE;
                        if ask {
                            gap.asked_from = applied.watermark;
                            gap.asked_at = Instant::now();
                        }
                        asks.push(ask);
                        self.health.update(|state| {
                            state.gaps.entry(service).or_insert_with(Instant::now);
                        });
                        gap.since_ms
                    }
                    None => {
                        behind.remove(service);
                        self.health.update(|state| {
                            state.gaps.remove(service);
                        });
                        asks.push(false);
                        read.entries.last().map_or(now_ms, |last| last.created_ms)
                    }
                };
                // From the change's commit to its report being visible.
                let lag = Duration::from_millis((now_ms - since).max(0) as u64);
                metrics::gauge!(LAG_METRIC, "stream" => service).set(lag.as_secs_f64());
                self.health.update(|state| {
                    state.lag.insert(service, lag);
                });
            }
        }
        self.acknowledge(&reads, &applied, &asks).await?;
        Ok(read)
    }

    /// Nothing is pending or new: every stream is caught up, unless one waits for a replay.
    fn caught_up(&self) {
        let now_ms = eris_platform::auth::now_ms();
        let behind = self.behind.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        for stream in &self.streams {
            let lag =
                Duration::from_millis(behind.get(stream.service).map_or(0, |gap| now_ms - gap.since_ms).max(0) as u64);
            metrics::gauge!(LAG_METRIC, "stream" => stream.service).set(lag.as_secs_f64());
            self.health.update(|state| {
                state.lag.insert(stream.service, lag);
            });
            metrics::gauge!(PENDING_METRIC, "stream" => stream.service).set(0.0);
            metrics::gauge!(OLDEST_PENDING_METRIC, "stream" => stream.service).set(0.0);
        }
    }

    /// Redis lost the streams or the group (restarted empty): the groups are made again from the
    /// start of each stream, which the relays fill again from their outboxes.
    async fn groups_lost(&self) -> anyhow::Result<usize> {
        let made = self.create_groups().await?;
        tracing::warn!(groups = made, "the event streams' consumer group was missing; made again");
        metrics::counter!(RESETS_METRIC).increment(made as u64);
        Ok(0)
    }

    /// Claims every entry pending in the group, whichever consumer received it (a former lease
    /// holder, or this one before a failed batch), oldest first.
    async fn claim(&self) -> redis::RedisResult<Vec<Read>> {
        let mut pipe = redis::pipe();
        for stream in &self.streams {
            pipe.cmd("XAUTOCLAIM")
                .arg(&stream.key)
                .arg(GROUP)
                .arg(&self.consumer)
                .arg(0)
                .arg("0-0")
                .arg("COUNT")
                .arg(BATCH);
        }
        let replies: Vec<redis::Value> = self
            .kv
            .run_within(Duration::from_secs(5), |mut conn| async move { pipe.query_async(&mut conn).await })
            .await?;
        Ok(replies
            .iter()
            .enumerate()
            .map(|(stream, reply)| {
                let redis::Value::Array(parts) = reply else {
                    return Read { stream, entries: Vec::new(), vanished: Vec::new() };
                };
                let vanished = match parts.get(2) {
                    Some(redis::Value::Array(ids)) => ids
                        .iter()
                        .filter_map(|id| match id {
                            redis::Value::BulkString(id) => Some(String::from_utf8_lossy(id).into_owned()),
                            _ => None,
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                Read { stream, entries: parts.get(1).map(entries).unwrap_or_default(), vanished }
            })
            .collect())
    }

    /// New entries from every stream, waiting up to `block` when there are none.
    async fn read_new(&self, block: Duration) -> redis::RedisResult<Vec<Read>> {
        let mut command = redis::cmd("XREADGROUP");
        command.arg("GROUP").arg(GROUP).arg(&self.consumer).arg("COUNT").arg(BATCH);
        if !block.is_zero() {
            command.arg("BLOCK").arg(block.as_millis() as u64);
        }
        command.arg("STREAMS");
        for stream in &self.streams {
            command.arg(&stream.key);
        }
        for _ in &self.streams {
            command.arg(">");
        }
        let reply: redis::Value = self
            .kv
            .run_within(block + Duration::from_secs(5), |mut conn| async move { command.query_async(&mut conn).await })
            .await?;
        let redis::Value::Array(streams) = reply else { return Ok(Vec::new()) };
        Ok(streams
            .iter()
            .filter_map(|stream| {
                let redis::Value::Array(parts) = stream else { return None };
                let [redis::Value::BulkString(key), items] = parts.as_slice() else { return None };
                let key = String::from_utf8_lossy(key);
                let index = self.streams.iter().position(|s| s.key == key)?;
                Some(Read { stream: index, entries: entries(items), vanished: Vec::new() })
            })
            .collect())
    }

    /// Applies a read in one transaction on the lease's connection, which first proves the lease.
    async fn apply_batch(&self, lease: &mut Lease, reads: &[Read]) -> anyhow::Result<Vec<Applied>> {
        let mut tx = lease.conn.begin().await?;
        fence(&mut tx, lease.epoch).await?;
        // Read first in the transaction: a rebuild's swap runs wholly before or after this batch.
        let rebuilt = SourceSnapshot::load(&mut tx).await?;
        let mended = self.mended_lately();
        let marks = projection::watermarks(&mut tx).await?;
        let mut outcome = Vec::with_capacity(reads.len());
        let mut changes = ContractChanges::default();
        for read in reads {
            let service = self.streams[read.stream].service;
            let mut watermark = marks.get(service).copied().unwrap_or_default();
            let mut first_missing_ms = None;
            for entry in &read.entries {
                let fresh = match entry.seq {
                    // Published before entries were numbered: known by its id.
                    0 => projection::first_delivery(&mut tx, &entry.event_id).await?,
                    seq if seq <= watermark => false,
                    seq if seq == watermark + 1 => {
                        watermark = seq;
                        first_missing_ms = None;
                        true
                    }
                    _ => {
                        first_missing_ms.get_or_insert(entry.created_ms);
                        false
                    }
                };
                let seen = rebuilt.get(service).is_some_and(|snapshot| snapshot.saw(&entry.txid))
                    || (service == "contracts"
                        && mended.get(&entry.aggregate_id).is_some_and(|snapshot| snapshot.saw(&entry.txid)));
                if fresh && !seen {
                    match changes.apply(&mut tx, service, &entry.event_type, &entry.payload).await {
                        Ok(()) => {}
                        Err(Undecodable::Decode(error)) => {
                            tracing::warn!(event_id = entry.event_id, %error, "an event that does not decode is skipped")
                        }
                        Err(Undecodable::Database(error)) => return Err(error.into()),
                    }
                }
            }
            changes.write(&mut tx).await?;
            if let Some(last) = read.entries.last() {
                projection::advance(&mut tx, service, &last.id, last.created_ms, watermark).await?;
            }
            let missing = first_missing_ms.is_some() || !read.vanished.is_empty();
            if missing {
                tracing::warn!(
                    stream = service,
                    watermark,
                    vanished = read.vanished.len(),
                    "events are missing from the stream; asking for them again"
                );
                metrics::counter!(GAPS_METRIC, "stream" => service).increment(1);
            }
            let first_missing_ms = first_missing_ms.or_else(|| read.vanished.first().map(|id| entry_ms(id)));
            outcome.push(Applied { watermark, first_missing_ms });
        }
        tx.commit().await?;
        Ok(outcome)
    }

    /// The contracts mended lately, with the snapshots they were read in.
    fn mended_lately(&self) -> HashMap<i64, SourceSnapshot> {
        let mut mended = self.mended.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        mended.retain(|_, (_, at)| at.elapsed() < MENDED_KEPT);
        mended.iter().map(|(id, (snapshot, _))| (*id, snapshot.clone())).collect()
    }

    /// Mends these contracts, a few hundred at a time.
    async fn mend_all(&self, lease: &mut Lease, reconciler: &Reconciler, ids: &[i64]) -> anyhow::Result<()> {
        let mut mended = 0;
        for chunk in ids.chunks(reconcile::MEND_AT_ONCE) {
            mended += self.mend(lease, reconciler, chunk).await?;
        }
        metrics::counter!(reconcile::DRIFT_MENDED_METRIC).increment(mended as u64);
        tracing::warn!(found = ids.len(), mended, "contracts that differed from the contracts service were mended");
        self.health.update(|state| state.mending = 0);
        Ok(())
    }

    /// Replaces those of these contracts that still differ and their payments with what the
    /// contracts service holds now, in one fenced transaction (a contract it no longer has goes);
    /// answers how many changed.
    async fn mend(&self, lease: &mut Lease, reconciler: &Reconciler, ids: &[i64]) -> anyhow::Result<usize> {
        // Found minutes ago perhaps: a rebuild or the events may have brought them in line since,
        // and reading and replacing those again would be work for nothing.
        let ids = &reconciler.still_differing(ids).await?;
        if ids.is_empty() {
            return Ok(0);
        }
        let (position, events) = reconciler.read(ids).await?;
        let mut tx = lease.conn.begin().await?;
        fence(&mut tx, lease.epoch).await?;
        let before = reconcile::local_digests_of(&mut *tx, ids).await?;
        sqlx::query("delete from payment where contract_id = any($1)").bind(ids).execute(&mut *tx).await?;
        sqlx::query("delete from contract where contract_id = any($1)").bind(ids).execute(&mut *tx).await?;
        let contracts: Vec<_> = events.iter().filter_map(|event| event.contract.clone()).collect();
        let payments: Vec<_> = events.into_iter().flat_map(|event| event.payments).collect();
        projection::upsert_contracts(&mut tx, &contracts).await?;
        projection::upsert_payments(&mut tx, &payments).await?;
        let after = reconcile::local_digests_of(&mut *tx, ids).await?;
        tx.commit().await?;
        let mut mended = self.mended.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        for id in ids {
            mended.insert(*id, (position.clone(), Instant::now()));
        }
        Ok(ids.iter().filter(|id| before.get(id) != after.get(id)).count())
    }

    /// After the commit: acknowledges what was read, repeats the watermarks, asks for replays and
    /// trims each stream below what is still pending.
    async fn acknowledge(&self, reads: &[Read], applied: &[Applied], asks: &[bool]) -> anyhow::Result<()> {
        for ((read, applied), ask) in reads.iter().zip(applied).zip(asks) {
            let stream = &self.streams[read.stream];
            let mut invocation = self.acknowledge.key(&stream.key);
            invocation.key(&stream.applied).key(&stream.replay);
            invocation.arg(GROUP).arg(applied.watermark).arg(if *ask { "1" } else { "0" });
            for id in read.vanished.iter().chain(read.entries.iter().map(|entry| &entry.id)) {
                invocation.arg(id);
            }
            let (pending, oldest): (u64, String) = self
                .kv
                .run_within(Duration::from_secs(5), |mut conn| async move { invocation.invoke_async(&mut conn).await })
                .await?;
            let age = match oldest.is_empty() {
                true => 0.0,
                false => (eris_platform::auth::now_ms() - entry_ms(&oldest)).max(0) as f64 / 1000.0,
            };
            metrics::gauge!(PENDING_METRIC, "stream" => stream.service).set(pending as f64);
            metrics::gauge!(OLDEST_PENDING_METRIC, "stream" => stream.service).set(age);
        }
        Ok(())
    }
}

/// Proves the lease inside a transaction: the fencing token is still the one this projector
/// took. Held until commit, so a projector taking the lease meanwhile waits for this transaction.
async fn fence(conn: &mut PgConnection, epoch: i64) -> anyhow::Result<()> {
    let current: i64 = sqlx::query_scalar("select epoch from projector_lease for share").fetch_one(conn).await?;
    if current != epoch {
        return Err(LeaseLost { held: epoch, current }.into());
    }
    Ok(())
}

/// While this process holds the lease: compares the read models with the contracts service soon
/// after taking it and then every `reconciler.every`, and hands what differs to the lease holder's
/// loop (`found`).
async fn reconcile_while_leading(
    reconciler: Reconciler,
    found: tokio::sync::mpsc::Sender<Vec<i64>>,
    health: Arc<Health>,
) {
    let mut wait = FIRST_RECONCILE;
    loop {
        tokio::time::sleep(wait).await;
        wait = reconciler.every;
        if reconciler.rebuilding().await.unwrap_or(false) {
            // The read models are being replaced: compared now, every contract would differ.
            wait = REBUILDING_RECHECK;
            continue;
        }
        let started = Instant::now();
        match reconciler.drifted().await {
            Ok(ids) => {
                metrics::gauge!("eris_reporting_reconcile_seconds").set(started.elapsed().as_secs_f64());
                if ids.is_empty() {
                    continue;
                }
                metrics::counter!(reconcile::DRIFT_FOUND_METRIC).increment(ids.len() as u64);
                tracing::warn!(contracts = ids.len(), "read models differ from the contracts service; mending");
                health.update(|state| state.mending = ids.len());
                if found.send(ids).await.is_err() {
                    return;
                }
            }
            Err(error) => {
                metrics::counter!("eris_reporting_reconcile_failures_total").increment(1);
                tracing::warn!(%error, "the comparison with the contracts service failed; trying again later");
                wait = wait.min(Duration::from_secs(30));
            }
        }
    }
}

/// The name and pending count of one consumer in an `XINFO CONSUMERS` answer.
fn consumer_info(info: &redis::Value) -> (String, i64) {
    let (mut name, mut pending) = (String::new(), 0);
    let pairs: Vec<&redis::Value> = match info {
        redis::Value::Array(items) => items.iter().collect(),
        redis::Value::Map(items) => items.iter().flat_map(|(k, v)| [k, v]).collect(),
        _ => Vec::new(),
    };
    for pair in pairs.chunks(2) {
        match pair {
            [redis::Value::BulkString(key), redis::Value::BulkString(value)] if key == b"name" => {
                name = String::from_utf8_lossy(value).into_owned()
            }
            [redis::Value::BulkString(key), redis::Value::Int(value)] if key == b"pending" => pending = *value,
            _ => {}
        }
    }
    (name, pending)
}
