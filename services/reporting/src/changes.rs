//! The change feed: what crm, contracts and sourcing commit, as it commits, for the web app's open
//! screens.
//!
//! Every reporting process tails the same event streams the projector reads (`events:<service>`),
//! with plain `XREAD` from the newest entry, so each replica sees every entry and no consumer
//! group is involved. An entry becomes a [`Change`]: which company, contract and record it is
//! about, who made it and when, never the values. Changes carry the team of their company, so
//! that a Sales caller hears only of the companies they see, as on every call.
//!
//! A change is sent once the read models hold it too (or after a second at most), so that a
//! report read again because of it shows it.
//!
//! The feed is a hint, not a record: a screen that hears of a change reads the record again
//! through its usual call. So what the feed cannot vouch for it says as `missed`: after Redis was
//! away, and for entries published again after a stream was reset (their commit is older than a
//! moment ago), screens read everything again instead of trusting a list of changes.

use std::{collections::HashMap, sync::Arc, time::Duration};

use eris_platform::{kv::Kv, relay};
use eris_proto::{
    contracts::v1::ContractEvent,
    crm::v1::{AccountEvent, CompanyEvent, ContactEvent},
    reporting::v1::Change,
    sourcing::v1::RfpEvent,
};
use prost::Message;
use sqlx::PgPool;
use tokio::sync::{broadcast, watch};

use crate::db::projection::team_user_ids;

/// The services whose changes screens show (identity's users are not on any live screen).
const SOURCES: [&str; 3] = ["crm", "contracts", "sourcing"];
/// How long one read waits for new entries.
const BLOCK: Duration = Duration::from_secs(5);
/// Entries read at most at once.
const COUNT: usize = 500;
/// How long the feed waits after a failure before reading again.
const BACKOFF: Duration = Duration::from_secs(1);
/// An entry that committed longer ago than this was published again (a stream reset), not just
/// now: the feed says changes were missed rather than repeating history.
const FRESH: Duration = Duration::from_secs(30);
/// The longest a change waits for the read models to hold it before it is sent anyway.
const PROJECTION_WAIT: Duration = Duration::from_secs(1);
/// Batches held for subscribers that are behind; one further behind is told it missed changes.
const BUFFER: usize = 256;

/// Batches of entries lately read, sent on every process that serves streams.
pub struct Batch {
    pub changes: Vec<Routed>,
    /// Changes may have been missed just before this batch.
    pub missed: bool,
}

/// A change and who may hear of it.
pub struct Routed {
    pub change: Change,
    /// The company's team (user ids), for the Sales rule; `None` for a change that belongs to no
    /// company (a directory entry), which every role may hear of.
    pub team: Option<Vec<i64>>,
}

impl Routed {
    /// Whether a caller limited to the companies naming `user` (Sales) may hear of it.
    pub fn visible_to(&self, limited_to: Option<i64>) -> bool {
        match (limited_to, &self.team) {
            (None, _) | (Some(_), None) => true,
            (Some(user), Some(team)) => team.contains(&user),
        }
    }
}

/// Where the changes arrive: subscribe for every batch read from now on.
#[derive(Clone)]
pub struct ChangeHub {
    sender: broadcast::Sender<Arc<Batch>>,
    stopped: watch::Receiver<bool>,
}

impl ChangeHub {
    /// Starts tailing the streams on a connection of its own (its reads wait, so they never hold
    /// up the token checks on the service's connection) until `stopped` turns true.
    pub fn spawn(pool: PgPool, kv: Kv, stopped: watch::Receiver<bool>) -> Self {
        let (sender, _) = broadcast::channel(BUFFER);
        let hub = Self { sender: sender.clone(), stopped: stopped.clone() };
        tokio::spawn(Tail { pool, kv, sender, stopped, failing: false, numbers: Default::default() }.run());
        hub
    }

    /// Every batch from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Batch>> {
        self.sender.subscribe()
    }

    /// Turns true when the service stops: open streams end so that their callers reconnect to a
    /// replica that stays.
    pub fn stopped(&self) -> watch::Receiver<bool> {
        self.stopped.clone()
    }
}

/// The redis connection for the feed's waiting reads.
pub fn redis(args: &eris_platform::config::RedisArgs) -> anyhow::Result<Kv> {
    let wait = (BLOCK + Duration::from_secs(5)).as_millis() as u64;
    Kv::new(&eris_platform::config::RedisArgs { redis_timeout_ms: args.redis_timeout_ms.max(wait), ..args.clone() })
}

struct Tail {
    pool: PgPool,
    kv: Kv,
    sender: broadcast::Sender<Arc<Batch>>,
    stopped: watch::Receiver<bool>,
    /// The last read failed (what commits meanwhile goes unseen).
    failing: bool,
    /// The publication number of the last entry read from each stream: an entry further on than
    /// the next means entries went unseen (trimmed before they were read, or a stream reset).
    numbers: std::sync::Mutex<HashMap<&'static str, i64>>,
}

impl Tail {
    async fn run(mut self) {
        let streams: Vec<String> = SOURCES.iter().map(|service| relay::stream_key(&self.kv, service)).collect();
        // Where each stream was last read; unknown until the first read after (re)connecting.
        let mut last: Option<Vec<String>> = None;
        let mut stopped = self.stopped.clone();
        loop {
            if *stopped.borrow() {
                return;
            }
            let step = async {
                let from = match &last {
                    Some(ids) => ids.clone(),
                    None => self.newest(&streams).await?,
                };
                let (batch, ids) = self.read(&streams, &from).await?;
                anyhow::Ok((batch, ids, last.is_none()))
            };
            let outcome = tokio::select! {
                outcome = step => outcome,
                _ = stopped.changed() => return,
            };
            match outcome {
                Ok((mut batch, ids, reconnected)) => {
                    // After a failure, what committed meanwhile was not seen.
                    batch.missed |= reconnected && self.failing;
                    last = Some(ids);
                    if (!batch.changes.is_empty() || batch.missed) && self.sender.receiver_count() > 0 {
                        let _ = self.sender.send(Arc::new(batch));
                    }
                    self.failed(false);
                }
                Err(error) => {
                    if !self.failing {
                        tracing::warn!(%error, "the change feed cannot read the event streams; retrying");
                    }
                    self.failed(true);
                    last = None;
                    tokio::select! {
                        _ = tokio::time::sleep(BACKOFF) => {}
                        _ = stopped.changed() => return,
                    }
                }
            }
        }
    }

    fn failed(&mut self, failing: bool) {
        self.failing = failing;
        metrics::gauge!(FAILING_METRIC).set(if failing { 1.0 } else { 0.0 });
    }

    /// The id of each stream's newest entry ("0-0" for a stream not made yet).
    async fn newest(&self, streams: &[String]) -> anyhow::Result<Vec<String>> {
        let mut ids = Vec::with_capacity(streams.len());
        for stream in streams {
            let key = stream.clone();
            let reply: redis::Value = self
                .kv
                .run(|mut conn| async move {
                    redis::cmd("XREVRANGE").arg(&key).arg("+").arg("-").arg("COUNT").arg(1).query_async(&mut conn).await
                })
                .await?;
            ids.push(relay::entries(&reply).pop().map(|entry| entry.id).unwrap_or_else(|| "0-0".into()));
        }
        Ok(ids)
    }

    /// The entries after `from`, waiting up to [`BLOCK`] for some, as one batch, and where each
    /// stream now stands.
    async fn read(&self, streams: &[String], from: &[String]) -> anyhow::Result<(Batch, Vec<String>)> {
        let mut command = redis::cmd("XREAD");
        command.arg("COUNT").arg(COUNT).arg("BLOCK").arg(BLOCK.as_millis() as u64).arg("STREAMS");
        command.arg(streams).arg(from);
        let reply: redis::Value = self
            .kv
            .run_within(BLOCK + Duration::from_secs(5), |mut conn| async move { command.query_async(&mut conn).await })
            .await?;
        let mut ids = from.to_vec();
        let mut read = Vec::new();
        if let redis::Value::Array(replies) = reply {
            for reply in &replies {
                let redis::Value::Array(parts) = reply else { continue };
                let [redis::Value::BulkString(key), items] = parts.as_slice() else { continue };
                let Some(index) = streams.iter().position(|stream| stream.as_bytes() == key.as_slice()) else {
                    continue;
                };
                let entries = relay::entries(items);
                if let Some(entry) = entries.last() {
                    ids[index].clone_from(&entry.id);
                }
                read.extend(entries.into_iter().map(|entry| (SOURCES[index], entry)));
            }
        }
        let mut missed = self.unseen(&read);
        if self.sender.receiver_count() == 0 {
            // Nobody listens: only where the streams stand matters.
            return Ok((Batch { changes: Vec::new(), missed: false }, ids));
        }
        let fresh_after = now_ms() - FRESH.as_millis() as i64;
        let mut changes = Vec::with_capacity(read.len());
        for (source, entry) in &read {
            if entry.created_ms < fresh_after {
                missed = true;
                continue;
            }
            if let Some(change) = change_of(source, entry) {
                changes.push(change);
            }
        }
        // The read models first: the teams the routing reads from them are then current too.
        self.projected(&read).await?;
        let changes = self.route(changes).await?;
        Ok((Batch { changes, missed }, ids))
    }

    /// Whether entries before these went unseen: a publication number further on than the one
    /// after the last read from its stream (entries of one stream come in publication order).
    fn unseen(&self, read: &[(&'static str, relay::Entry)]) -> bool {
        unseen(&mut self.numbers.lock().unwrap_or_else(std::sync::PoisonError::into_inner), read)
    }

    /// Waits (up to [`PROJECTION_WAIT`]) until the read models hold what was read, so that a
    /// report refreshed because of a change shows it; a projector that is behind or stopped delays
    /// the news no longer than that.
    async fn projected(&self, read: &[(&str, relay::Entry)]) -> anyhow::Result<()> {
        let mut needed: HashMap<&str, i64> = HashMap::new();
        for (source, entry) in read {
            let seq = needed.entry(source).or_default();
            *seq = (*seq).max(entry.seq);
        }
        let deadline = tokio::time::Instant::now() + PROJECTION_WAIT;
        while !needed.is_empty() && tokio::time::Instant::now() < deadline {
            let marks = crate::db::projection::watermarks(&mut *self.pool.acquire().await?).await?;
            needed.retain(|source, seq| marks.get(*source).copied().unwrap_or_default() < *seq);
            if !needed.is_empty() {
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
        }
        Ok(())
    }

    /// Each change with its company's team: from the event itself for a company's own change,
    /// from the read model otherwise.
    async fn route(&self, changes: Vec<(Change, Option<Vec<i64>>)>) -> anyhow::Result<Vec<Routed>> {
        let wanted: Vec<i64> = changes
            .iter()
            .filter(|(change, team)| change.company_id > 0 && team.is_none())
            .map(|(change, _)| change.company_id)
            .collect();
        let teams: HashMap<i64, Vec<i64>> = if wanted.is_empty() {
            HashMap::new()
        } else {
            crate::db::projection::teams_of(&self.pool, &wanted).await?.into_iter().collect()
        };
        Ok(changes
            .into_iter()
            .map(|(change, team)| {
                let team = match change.company_id {
                    0 => None,
                    company => Some(team.or_else(|| teams.get(&company).cloned()).unwrap_or_default()),
                };
                Routed { change, team }
            })
            .collect())
    }
}

/// 1 while the change feed cannot read the event streams (open screens then refresh only when
/// reopened).
pub const FAILING_METRIC: &str = "eris_change_feed_failing";

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_millis() as i64)
        .unwrap_or_default()
}

/// Whether `read` skips publication numbers after those last read (`numbers`, kept up to date).
fn unseen(numbers: &mut HashMap<&'static str, i64>, read: &[(&'static str, relay::Entry)]) -> bool {
    let mut unseen = false;
    for (source, entry) in read {
        let last = numbers.entry(source).or_insert(entry.seq - 1);
        unseen |= entry.seq > *last + 1;
        *last = (*last).max(entry.seq);
    }
    unseen
}

/// The change an entry records, with its company's team when the event itself names it; none for
/// what no screen shows (or an entry that does not decode).
fn change_of(source: &str, entry: &relay::Entry) -> Option<(Change, Option<Vec<i64>>)> {
    let kind = entry.event_type.split('.').next().unwrap_or_default();
    let mut change = Change {
        source: source.to_owned(),
        kind: entry.event_type.clone(),
        record_id: entry.aggregate_id,
        commit_time: Some(eris_platform::values::timestamp(chrono::DateTime::from_timestamp_millis(entry.created_ms)?)),
        ..Default::default()
    };
    let mut team = None;
    match (source, kind) {
        ("crm", "company") => {
            let event = CompanyEvent::decode(entry.payload.as_slice()).ok()?;
            change.company_id = event.company_id;
            change.user_id = event.user_id;
            team = event.company.as_ref().map(team_user_ids);
        }
        ("crm", "account") => {
            let event = AccountEvent::decode(entry.payload.as_slice()).ok()?;
            change.company_id = event.company_id;
            change.user_id = event.user_id;
        }
        ("crm", "contact") => {
            let event = ContactEvent::decode(entry.payload.as_slice()).ok()?;
            change.company_id = event.contact.as_ref()?.company_id;
            change.user_id = event.user_id;
        }
        ("contracts", "contract") => {
            let event = ContractEvent::decode(entry.payload.as_slice()).ok()?;
            let contract = event.contract.as_ref()?;
            change.company_id = contract.company_id;
            change.contract_id = contract.contract_id;
            change.user_id = event.user_id;
        }
        ("sourcing", "rfp") => {
            let event = RfpEvent::decode(entry.payload.as_slice()).ok()?;
            change.company_id = event.rfp.as_ref()?.company_id;
            change.user_id = event.user_id;
        }
        ("sourcing", _) => {
            let event = eris_proto::sourcing::v1::DirectoryEvent::decode(entry.payload.as_slice()).ok()?;
            change.user_id = event.user_id;
        }
        _ => return None,
    }
    Some((change, team))
}

#[cfg(test)]
mod tests {
    use eris_platform::outbox::KindedEvent;

    use super::*;

    fn routed(team: Option<Vec<i64>>) -> Routed {
        Routed { change: Change::default(), team }
    }

    #[test]
    fn entries_skipped_in_a_stream_are_told_as_missed() {
        let entry = |seq: i64| relay::Entry {
            id: format!("{seq}-0"),
            event_id: String::new(),
            seq,
            event_type: "contract.payment_added".into(),
            aggregate_id: 1,
            payload: Vec::new(),
            created_ms: 0,
            txid: String::new(),
        };
        let mut numbers = HashMap::new();
        assert!(!unseen(&mut numbers, &[("contracts", entry(7)), ("contracts", entry(8)), ("crm", entry(3))]));
        assert!(!unseen(&mut numbers, &[("contracts", entry(9))]));
        // 10 was trimmed before it was read.
        assert!(unseen(&mut numbers, &[("contracts", entry(11))]));
        // Published again after a reset: nothing is missing.
        assert!(!unseen(&mut numbers, &[("contracts", entry(10)), ("contracts", entry(11)), ("crm", entry(4))]));
    }

    #[test]
    fn sales_hear_only_of_their_companies_and_of_the_directory() {
        let theirs = routed(Some(vec![7, 9]));
        let others = routed(Some(vec![8]));
        let directory = routed(None);
        assert!(theirs.visible_to(Some(9)) && !others.visible_to(Some(9)) && directory.visible_to(Some(9)));
        assert!(theirs.visible_to(None) && others.visible_to(None), "every other role sees the whole book");
        assert!(!routed(Some(Vec::new())).visible_to(Some(9)), "a company with no team is no Sales user's");
    }

    #[test]
    fn an_entry_names_its_company_contract_and_author() {
        let contract = eris_proto::contracts::v1::Contract { contract_id: 31, company_id: 5, ..Default::default() };
        let event = ContractEvent {
            user_id: 3,
            contract: Some(contract),
            ..ContractEvent::of(eris_proto::contracts::v1::ContractEventKind::PaymentUpdated)
        };
        let entry = relay::Entry {
            id: "1-0".into(),
            event_id: "contracts:1".into(),
            seq: 1,
            event_type: "contract.payment_updated".into(),
            aggregate_id: 31,
            payload: event.encode_to_vec(),
            created_ms: 1_780_000_000_000,
            txid: String::new(),
        };
        let (change, team) = change_of("contracts", &entry).unwrap();
        assert_eq!((change.company_id, change.contract_id, change.record_id, change.user_id), (5, 31, 31, 3));
        assert_eq!(change.kind, "contract.payment_updated");
        assert_eq!(team, None, "the team comes from the read model");
        let junk = relay::Entry { payload: vec![0xff, 0xff], ..entry };
        assert!(change_of("contracts", &junk).is_none(), "an entry that does not decode is no change");
    }
}
