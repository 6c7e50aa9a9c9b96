//! Snapshots (`eris.events.v1.SnapshotService`): every record a service publishes events about,
//! as the event that would create it now, read in one consistent view of its schema. Reporting
//! rebuilds its read models from them; only services may ask (the service secret, see
//! [`crate::auth::SERVICE_ONLY`]).
//!
//! One REPEATABLE READ, READ ONLY transaction reads everything, so the snapshot is one moment of
//! the schema, and its `pg_current_snapshot()` is the position sent first: an outbox event whose
//! transaction (its `txid`) that snapshot saw is already in it. A task owns the transaction and
//! reads each kind of record in id order, [`CHUNK`] at a time, sending chunks through a bounded
//! channel, so neither a table nor the answer is ever held whole in memory.

use std::time::Duration;

use eris_proto::events::v1::{
    ListDigestsRequest, ListDigestsResponse, RecordDigest, SnapshotEvent, SnapshotRequest, SnapshotResponse,
    snapshot_service_server::{SnapshotService, SnapshotServiceServer},
};
/// What a [`Part`] answers, for services that do not otherwise use `futures`.
pub use futures::future::BoxFuture;
use sqlx::{PgConnection, PgPool};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Response, Status};

use crate::outbox::Event;

/// Records read at once, and the most events one answer carries.
pub const CHUNK: i64 = 500;
/// The most payload bytes one answer carries, below the 4 MiB a gRPC client accepts by default.
const CHUNK_BYTES: usize = 3 * 1024 * 1024;
/// Answers read ahead of the reader.
const READ_AHEAD: usize = 2;
/// How long the reader may leave an answer untaken before the snapshot is given up (its
/// transaction would otherwise hold back PostgreSQL's clean-up for as long as the reader stalls).
const READER_PATIENCE: Duration = Duration::from_secs(60);

/// One kind of record: up to `limit` records whose ids are above `after`, in id order, each as
/// the outbox event that would create it now (the event's aggregate id is the record's id).
pub type Part = for<'a> fn(&'a mut PgConnection, i64, i64) -> BoxFuture<'a, anyhow::Result<Vec<Event>>>;

/// Up to `limit` digests (record id, digest text) of records whose ids are above `after`, in id
/// order.
pub type DigestPart = for<'a> fn(&'a mut PgConnection, i64, i64) -> BoxFuture<'a, anyhow::Result<Vec<(i64, String)>>>;

/// These records (those that exist), each as the outbox event that would create it now.
pub type IdsPart = for<'a> fn(&'a mut PgConnection, &'a [i64]) -> BoxFuture<'a, anyhow::Result<Vec<Event>>>;

/// What a service whose consumers look for drift offers besides its snapshot: digests of its
/// main records and those records by id.
#[derive(Clone, Copy)]
pub struct Records {
    pub digests: DigestPart,
    pub by_ids: IdsPart,
}

/// The most records a snapshot by ids reads.
pub const MAX_IDS: usize = 1000;
/// The most digests one page carries, and how many when the caller does not say.
const MAX_DIGESTS: i32 = 5000;
const DEFAULT_DIGESTS: i32 = 1000;

/// The digest of a record and the rows that belong to it, as an SQL expression over `record`
/// and `rows` (left-joined, grouped by the record): the md5 of the record's `record_columns` and
/// of every row's `row_columns` in `row_key` order, each as canonical number text (a smallint and
/// an integer, or 10.50 and 10.5, read alike; 0 and none alike, as a copy may keep a missing
/// month or id as 0). Every column is a number.
pub fn digest_sql(record: &str, record_columns: &[&str], rows: &str, row_key: &str, row_columns: &[&str]) -> String {
    let canonical =
        |table: &str, column: &str| format!("coalesce(nullif(trim_scale(({table}.{column})::numeric), 0)::text, '')");
    let record_text: Vec<String> = record_columns.iter().map(|column| canonical(record, column)).collect();
    let row_text: Vec<String> = row_columns.iter().map(|column| canonical(rows, column)).collect();
    format!(
        "md5(concat_ws('|', {}) || '#' || coalesce(string_agg(concat_ws(':', {}), ',' order by {rows}.{row_key}) \
           filter (where {rows}.{row_key} is not null), ''))",
        record_text.join(", "),
        row_text.join(", ")
    )
}

/// A contract's digest over `contract` and its `payment` rows: what the contracts service and
/// reporting both compute to find a contract whose copy differs (any field the reports use).
pub fn contract_digest_sql(contract: &str, payment: &str) -> String {
    digest_sql(
        contract,
        &["version", "company_id", "supplier_id", "status"],
        payment,
        "payment_id",
        &[
            "payment_id",
            "version",
            "projected_year",
            "projected_month",
            "projected_payment",
            "payment_year",
            "payment_month",
            "payment_actual",
        ],
    )
}

/// The snapshot service of a schema whose records are read by `parts`, one after another.
pub struct Snapshots {
    pool: PgPool,
    parts: &'static [Part],
    records: Option<Records>,
}

impl Snapshots {
    /// The gRPC server, to add to the service's routes.
    pub fn server(pool: PgPool, parts: &'static [Part]) -> SnapshotServiceServer<Self> {
        SnapshotServiceServer::new(Self { pool, parts, records: None })
    }

    /// The gRPC server of a service that also offers digests and records by id.
    pub fn server_with_records(pool: PgPool, parts: &'static [Part], records: Records) -> SnapshotServiceServer<Self> {
        SnapshotServiceServer::new(Self { pool, parts, records: Some(records) })
    }
}

/// The name of the gRPC service, for health.
pub const SERVICE_NAME: &str = "eris.events.v1.SnapshotService";

type Answer = Result<SnapshotResponse, Status>;

#[tonic::async_trait]
impl SnapshotService for Snapshots {
    type SnapshotStream = ReceiverStream<Answer>;

    #[tracing::instrument(skip_all)]
    async fn snapshot(&self, request: Request<SnapshotRequest>) -> Result<Response<Self::SnapshotStream>, Status> {
        let ids = request.into_inner().ids;
        let by_ids = match (ids.is_empty(), self.records) {
            (true, _) => None,
            (false, None) => return Err(Status::unimplemented("This service offers no records by id.")),
            (false, Some(_)) if ids.len() > MAX_IDS => {
                return Err(Status::invalid_argument(format!("At most {MAX_IDS} records at once.")));
            }
            (false, Some(records)) => Some((records.by_ids, ids)),
        };
        let (sender, receiver) = mpsc::channel(READ_AHEAD);
        let (pool, parts) = (self.pool.clone(), self.parts);
        tokio::spawn(async move {
            let mut chunks = Chunks { sender, position: None, events: Vec::new(), bytes: 0 };
            if let Err(error) = read(&pool, parts, by_ids, &mut chunks).await {
                tracing::warn!(%error, "a snapshot failed");
                // The reader must not take a cut-short snapshot for a whole one.
                let failed = Status::unavailable(crate::error::UNAVAILABLE_MESSAGE);
                let _ = chunks.sender.send_timeout(Err(failed), READER_PATIENCE).await;
            }
        });
        Ok(Response::new(ReceiverStream::new(receiver)))
    }

    #[tracing::instrument(skip_all)]
    async fn list_digests(
        &self,
        request: Request<ListDigestsRequest>,
    ) -> Result<Response<ListDigestsResponse>, Status> {
        let Some(records) = self.records else {
            return Err(Status::unimplemented("This service offers no digests."));
        };
        let request = request.into_inner();
        let limit = match request.page_size {
            0 => DEFAULT_DIGESTS,
            size if (1..=MAX_DIGESTS).contains(&size) => size,
            _ => return Err(Status::invalid_argument(format!("The page size is 1 to {MAX_DIGESTS}."))),
        };
        let after = match request.page_token.as_str() {
            "" => i64::MIN,
            token => {
                token.parse().map_err(|_| Status::invalid_argument("The page token is not one this service gave."))?
            }
        };
        let read = async {
            let mut conn = self.pool.acquire().await?;
            (records.digests)(&mut conn, after, i64::from(limit)).await
        };
        let digests = read.await.map_err(|error| {
            tracing::warn!(%error, "digests could not be read");
            Status::unavailable(crate::error::UNAVAILABLE_MESSAGE)
        })?;
        let next_page_token = match digests.last() {
            Some((last, _)) if digests.len() == limit as usize => last.to_string(),
            _ => String::new(),
        };
        let digests = digests.into_iter().map(|(id, digest)| RecordDigest { id, digest }).collect();
        Ok(Response::new(ListDigestsResponse { digests, next_page_token }))
    }
}

/// Reads every part (or only the records `by_ids` names) in one transaction, sending what it reads.
async fn read(
    pool: &PgPool,
    parts: &[Part],
    by_ids: Option<(IdsPart, Vec<i64>)>,
    chunks: &mut Chunks,
) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query("set transaction isolation level repeatable read, read only").execute(&mut *tx).await?;
    // The transaction's first query: its snapshot is taken here and kept to the end.
    let position: String = sqlx::query_scalar("select pg_current_snapshot()::text").fetch_one(&mut *tx).await?;
    chunks.position = Some(position);
    if let Some((by_ids, ids)) = by_ids {
        for event in by_ids(&mut tx, &ids).await? {
            chunks.push(event).await?;
        }
        chunks.finish().await?;
        tx.commit().await?;
        return Ok(());
    }
    for part in parts {
        let mut after = i64::MIN;
        loop {
            let events = part(&mut tx, after, CHUNK).await?;
            let Some(last) = events.last() else { break };
            after = last.1;
            let read = events.len();
            for event in events {
                chunks.push(event).await?;
            }
            if read < CHUNK as usize {
                break;
            }
        }
    }
    chunks.finish().await?;
    tx.commit().await?;
    Ok(())
}

/// The answers being made: the position goes with the first, which is sent even when empty.
struct Chunks {
    sender: mpsc::Sender<Answer>,
    position: Option<String>,
    events: Vec<SnapshotEvent>,
    bytes: usize,
}

impl Chunks {
    async fn push(&mut self, (event_type, aggregate_id, payload): Event) -> anyhow::Result<()> {
        let size = event_type.len() + payload.len();
        if !self.events.is_empty() && (self.events.len() >= CHUNK as usize || self.bytes + size > CHUNK_BYTES) {
            self.send().await?;
        }
        self.bytes += size;
        self.events.push(SnapshotEvent { event_type, aggregate_id, payload });
        Ok(())
    }

    async fn send(&mut self) -> anyhow::Result<()> {
        let answer = SnapshotResponse {
            position: self.position.take().unwrap_or_default(),
            events: std::mem::take(&mut self.events),
        };
        self.bytes = 0;
        self.sender
            .send_timeout(Ok(answer), READER_PATIENCE)
            .await
            .map_err(|_| anyhow::anyhow!("the reader went away or stopped reading"))
    }

    async fn finish(&mut self) -> anyhow::Result<()> {
        if !self.events.is_empty() || self.position.is_some() {
            self.send().await?;
        }
        Ok(())
    }
}
