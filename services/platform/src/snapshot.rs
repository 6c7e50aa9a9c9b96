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
    SnapshotEvent, SnapshotRequest, SnapshotResponse,
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

/// The snapshot service of a schema whose records are read by `parts`, one after another.
pub struct Snapshots {
    pool: PgPool,
    parts: &'static [Part],
}

impl Snapshots {
    /// The gRPC server, to add to the service's routes.
    pub fn server(pool: PgPool, parts: &'static [Part]) -> SnapshotServiceServer<Self> {
        SnapshotServiceServer::new(Self { pool, parts })
    }
}

/// The name of the gRPC service, for health.
pub const SERVICE_NAME: &str = "eris.events.v1.SnapshotService";

type Answer = Result<SnapshotResponse, Status>;

#[tonic::async_trait]
impl SnapshotService for Snapshots {
    type SnapshotStream = ReceiverStream<Answer>;

    #[tracing::instrument(skip_all)]
    async fn snapshot(&self, _request: Request<SnapshotRequest>) -> Result<Response<Self::SnapshotStream>, Status> {
        let (sender, receiver) = mpsc::channel(READ_AHEAD);
        let (pool, parts) = (self.pool.clone(), self.parts);
        tokio::spawn(async move {
            let mut chunks = Chunks { sender, position: None, events: Vec::new(), bytes: 0 };
            if let Err(error) = read(&pool, parts, &mut chunks).await {
                tracing::warn!(%error, "a snapshot failed");
                // The reader must not take a cut-short snapshot for a whole one.
                let failed = Status::unavailable(crate::error::UNAVAILABLE_MESSAGE);
                let _ = chunks.sender.send_timeout(Err(failed), READER_PATIENCE).await;
            }
        });
        Ok(Response::new(ReceiverStream::new(receiver)))
    }
}

/// Reads every part in one transaction, sending what it reads.
async fn read(pool: &PgPool, parts: &[Part], chunks: &mut Chunks) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query("set transaction isolation level repeatable read, read only").execute(&mut *tx).await?;
    // The transaction's first query: its snapshot is taken here and kept to the end.
    let position: String = sqlx::query_scalar("select pg_current_snapshot()::text").fetch_one(&mut *tx).await?;
    chunks.position = Some(position);
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
