//! The snapshot reporting rebuilds from: every company as its `company.updated` event and every
//! contact as its `contact.updated` event.

use eris_platform::{
    outbox::Event,
    snapshot::{BoxFuture, Part},
};
use sqlx::PgConnection;

use crate::{
    db,
    events::{CompanyEventKind, ContactEventKind, company_event, contact_event},
};

/// What crm's snapshot reads.
pub(crate) const PARTS: &[Part] = &[companies, contacts];

fn companies(conn: &mut PgConnection, after: i64, limit: i64) -> BoxFuture<'_, anyhow::Result<Vec<Event>>> {
    Box::pin(async move {
        let rows = db::companies::list_companies_after(conn, after, limit).await?;
        let now = chrono::Utc::now();
        Ok(rows.iter().map(|row| company_event(CompanyEventKind::Updated, 0, now, row, &[])).collect())
    })
}

fn contacts(conn: &mut PgConnection, after: i64, limit: i64) -> BoxFuture<'_, anyhow::Result<Vec<Event>>> {
    Box::pin(async move {
        let rows = db::contacts::list_contacts_after(conn, after, limit).await?;
        Ok(rows.iter().map(|row| contact_event(ContactEventKind::Updated, 0, row)).collect())
    })
}
