//! The snapshot reporting rebuilds from: every company as its `company.updated` event.

use eris_platform::{
    outbox::Event,
    snapshot::{BoxFuture, Part},
};
use sqlx::PgConnection;

use crate::{db, domain::companies::company_event};

/// What crm's snapshot reads.
pub(crate) const PARTS: &[Part] = &[companies];

fn companies(conn: &mut PgConnection, after: i64, limit: i64) -> BoxFuture<'_, anyhow::Result<Vec<Event>>> {
    Box::pin(async move {
        let rows = db::companies::list_companies_after(conn, after, limit).await?;
        let now = chrono::Utc::now();
        Ok(rows.iter().map(|row| company_event("updated", 0, now, row, &[])).collect())
    })
}
