//! The snapshot reporting rebuilds from: every user as its `user.updated` event.

use eris_platform::{
    outbox::Event,
    snapshot::{BoxFuture, Part},
};
use sqlx::PgConnection;

use crate::{
    db,
    events::{UserEventKind, user_event},
};

/// What identity's snapshot reads.
pub(crate) const PARTS: &[Part] = &[users];

fn users(conn: &mut PgConnection, after: i64, limit: i64) -> BoxFuture<'_, anyhow::Result<Vec<Event>>> {
    Box::pin(async move {
        let rows = db::users::list_users_after(conn, after, limit).await?;
        Ok(rows.iter().map(|row| user_event(UserEventKind::Updated, 0, row)).collect())
    })
}
