//! The snapshot reporting rebuilds from: every supplier (archived ones too) and every utility as
//! its `supplier.updated` or `utility.updated` event.

use eris_platform::{
    outbox::Event,
    snapshot::{BoxFuture, Part},
};
use eris_proto::sourcing::v1::directory_event::Entry;
use sqlx::PgConnection;

use crate::{
    db,
    events::{DirectoryEventKind, directory_event},
    proto::{supplier_to_proto, utility_to_proto},
};

/// What sourcing's snapshot reads.
pub(crate) const PARTS: &[Part] = &[suppliers, utilities];

fn suppliers(conn: &mut PgConnection, after: i64, limit: i64) -> BoxFuture<'_, anyhow::Result<Vec<Event>>> {
    Box::pin(async move {
        let rows = db::suppliers::list_suppliers_after(conn, after, limit).await?;
        let event = |row: db::suppliers::SupplierRow| {
            let id = row.supplier_id;
            directory_event(id, DirectoryEventKind::Updated, 0, Entry::Supplier(supplier_to_proto(row)), Vec::new())
        };
        Ok(rows.into_iter().map(event).collect())
    })
}

fn utilities(conn: &mut PgConnection, after: i64, limit: i64) -> BoxFuture<'_, anyhow::Result<Vec<Event>>> {
    Box::pin(async move {
        let rows = db::utilities::list_utilities_after(conn, after, limit).await?;
        let event = |row: db::utilities::UtilityRow| {
            let id = row.utility_id;
            directory_event(id, DirectoryEventKind::Updated, 0, Entry::Utility(utility_to_proto(row)), Vec::new())
        };
        Ok(rows.into_iter().map(event).collect())
    })
}
