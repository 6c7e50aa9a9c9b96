//! `eris-reporting rebuild`: every read model made again from scratch, from a snapshot call to
//! each source service, then kept current by the streams from where each snapshot was taken.
//!
//! A snapshot is read in one transaction of its source and says which transactions it saw (its
//! `pg_snapshot`). The rebuild replaces the read models in one transaction of its own that first
//! locks `rebuild_position`; the projector reads `rebuild_position` first in each batch, so a
//! batch is applied wholly before or wholly after a rebuild.
//!
//! Reports keep answering meanwhile, from the read models as they were: the rebuild deletes and
//! inserts rows (never `truncate`, which would lock readers out) under EXCLUSIVE locks, which
//! keep writers out and let readers in, and PostgreSQL shows readers the old rows until the
//! rebuild commits, when the new ones appear at once. The old rows' space is vacuumed afterwards. From then on an event whose
//! transaction a snapshot saw is already in the read models and is skipped, and every other event
//! (committed after the snapshot, or still running while it was read) is applied: nothing is lost
//! and nothing stale comes back, such as a change to a record deleted before the snapshot.

use eris_platform::{auth::service_request, config::DatabaseArgs};
use eris_proto::{
    contracts::v1::ContractEvent,
    crm::v1::{CompanyEvent, ContactEvent},
    events::v1::{SnapshotRequest, SnapshotResponse, snapshot_service_client::SnapshotServiceClient},
};
use sqlx::{PgConnection, PgPool};

use crate::{
    db::projection,
    events::{SOURCES, Undecodable, apply, decode},
    sources::{SourceSnapshot, Sources},
};

/// The read models a rebuild replaces (applied event ids and stream positions stay: they say what
/// the streams delivered).
const READ_MODELS: &str = "app_user, company, contact, supplier, utility, contract, payment, revenue_cell";

/// How many records came from each source.
pub type Rebuilt = Vec<(&'static str, u64)>;

/// Replaces every read model with the sources' snapshots (see the module's notes).
pub async fn rebuild(pool: &PgPool, sources: &Sources) -> anyhow::Result<Rebuilt> {
    rebuild_then(pool, sources, async {}).await
}

/// [`rebuild`], waiting for `before_commit` once everything is written (for tests of what readers
/// see meanwhile).
pub async fn rebuild_then(
    pool: &PgPool,
    sources: &Sources,
    before_commit: impl std::future::Future<Output = ()>,
) -> anyhow::Result<Rebuilt> {
    let mut tx = pool.begin().await?;
    sqlx::query("lock table rebuild_position in access exclusive mode").execute(&mut *tx).await?;
    // The revenue sums are counted once at the end, not per statement (see migration 0005).
    sqlx::query("set local eris.rebuilding = 'on'").execute(&mut *tx).await?;
    // Writers wait; readers go on reading the rows as they were until the commit.
    sqlx::query(&format!("lock table {READ_MODELS} in exclusive mode")).execute(&mut *tx).await?;
    for table in READ_MODELS.split(", ") {
        sqlx::query(&format!("delete from {table}")).execute(&mut *tx).await?;
    }
    let mut counts = Vec::new();
    for service in SOURCES {
        let (_, channel) = sources
            .channels
            .iter()
            .find(|(name, _)| *name == service)
            .ok_or_else(|| anyhow::anyhow!("no address for the {service} service"))?;
        let request = service_request(&sources.secret, SnapshotRequest::default());
        let mut stream = SnapshotServiceClient::new(channel.clone()).snapshot(request).await?.into_inner();
        let mut position = None;
        let mut count = 0u64;
        while let Some(chunk) = stream.message().await? {
            if position.is_none() {
                SourceSnapshot::parse(&chunk.position)
                    .ok_or_else(|| anyhow::anyhow!("the {service} snapshot has no valid position"))?;
                position = Some(chunk.position.clone());
            }
            count += apply_chunk(&mut tx, service, &chunk).await?;
        }
        let position = position.ok_or_else(|| anyhow::anyhow!("the {service} snapshot sent nothing"))?;
        sqlx::query(
            "insert into rebuild_position (service, snapshot) values ($1, $2) \
             on conflict (service) do update set snapshot = excluded.snapshot, rebuilt_at = now()",
        )
        .bind(service)
        .bind(&position)
        .execute(&mut *tx)
        .await?;
        tracing::info!(service, records = count, "read models rebuilt from a snapshot");
        counts.push((service, count));
    }
    sqlx::query("select revenue_cells_recount()").execute(&mut *tx).await?;
    sqlx::query("set local eris.rebuilding = 'off'").execute(&mut *tx).await?;
    before_commit.await;
    tx.commit().await?;
    // The old rows' space back, and fresh statistics at once rather than when autovacuum comes:
    // without them the planner guesses (a rare Company Name piece read in key order walks every
    // payment).
    sqlx::query(&format!("vacuum (analyze) {READ_MODELS}")).execute(pool).await?;
    Ok(counts)
}

/// Applies one chunk: companies, contacts, contracts and payments in a few statements each, the
/// rest (users, suppliers, utilities: a few hundred) one by one.
async fn apply_chunk(conn: &mut PgConnection, service: &str, chunk: &SnapshotResponse) -> anyhow::Result<u64> {
    let (mut companies, mut contacts, mut contracts, mut payments) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for event in &chunk.events {
        let kind = event.event_type.split('.').next().unwrap_or_default();
        let decoded = match (service, kind) {
            ("crm", "company") => decode::<CompanyEvent>(&event.payload).map(|e| companies.extend(e.company)),
            ("crm", "contact") => decode::<ContactEvent>(&event.payload).map(|e| contacts.extend(e.contact)),
            ("contracts", "contract") => decode::<ContractEvent>(&event.payload).map(|e| {
                contracts.extend(e.contract);
                payments.extend(e.payments);
            }),
            _ => match apply(&mut *conn, service, &event.event_type, &event.payload).await {
                Err(Undecodable::Database(error)) => return Err(error.into()),
                other => other,
            },
        };
        if let Err(error) = decoded {
            tracing::warn!(service, event_type = event.event_type, %error, "a snapshot record that does not decode is skipped");
        }
    }
    projection::upsert_companies(&mut *conn, &companies).await?;
    projection::upsert_contacts(&mut *conn, &contacts).await?;
    projection::upsert_contracts(&mut *conn, &contracts).await?;
    projection::upsert_payments(&mut *conn, &payments).await?;
    Ok(chunk.events.len() as u64)
}

/// The settings of `eris-reporting rebuild`.
#[derive(Debug, Clone, clap::Parser)]
#[command(name = "eris-reporting rebuild", about = "Rebuild every reporting read model from the source services")]
pub struct RebuildConfig {
    #[command(flatten)]
    pub database: DatabaseArgs,
    #[command(flatten)]
    pub sources: crate::sources::SourceArgs,
    #[command(flatten)]
    pub secret: eris_platform::config::ServiceSecretArgs,
}

/// The whole `eris-reporting rebuild` command.
pub fn main() -> anyhow::Result<()> {
    use clap::Parser;
    let config = RebuildConfig::parse_from(std::env::args().skip(1));
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(async move {
        let _telemetry = eris_platform::telemetry::init("eris-reporting")?;
        let pool = eris_platform::db::connect(&config.database, crate::SCHEMA, &crate::MIGRATOR).await?;
        let counts = rebuild(&pool, &config.sources.sources(&config.secret)?).await?;
        for (service, count) in counts {
            println!("{service}: {count} records");
        }
        Ok(())
    })
}
