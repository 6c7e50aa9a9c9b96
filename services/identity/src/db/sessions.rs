//! Refresh tokens: one row per token, by its SHA-256; a family is one signed-in session.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgExecutor};

/// A refresh token as stored.
#[derive(Debug, sqlx::FromRow)]
pub struct RefreshRow {
    pub user_id: i64,
    pub family_id: i64,
    pub expires_at: DateTime<Utc>,
    pub rotated_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
}

/// Stores a refresh token, in `family` or a new family; returns the family.
#[tracing::instrument(skip_all)]
pub async fn insert_refresh_token(
    db: impl PgExecutor<'_>,
    token_hash: &[u8],
    user_id: i64,
    family: Option<i64>,
    expires_at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "insert into refresh_token (token_hash, user_id, family_id, expires_at) \
         values ($1, $2, coalesce($3, nextval('refresh_family_seq')), $4) returning family_id",
    )
    .bind(token_hash)
    .bind(user_id)
    .bind(family)
    .bind(expires_at)
    .fetch_one(db)
    .await
}

/// The token, its row locked until the caller's transaction ends.
#[tracing::instrument(skip_all)]
pub async fn select_refresh_token_for_update(
    db: &mut PgConnection,
    token_hash: &[u8],
) -> sqlx::Result<Option<RefreshRow>> {
    sqlx::query_as(
        "select user_id, family_id, expires_at, rotated_at, revoked_at from refresh_token \
         where token_hash = $1 for update",
    )
    .bind(token_hash)
    .fetch_optional(db)
    .await
}

/// Marks the token replaced by a newer one of its family.
#[tracing::instrument(skip_all)]
pub async fn mark_rotated(db: impl PgExecutor<'_>, token_hash: &[u8]) -> sqlx::Result<()> {
    sqlx::query("update refresh_token set rotated_at = now() where token_hash = $1")
        .bind(token_hash)
        .execute(db)
        .await?;
    Ok(())
}

/// Ends a session: every token of the family stops working.
#[tracing::instrument(skip_all)]
pub async fn revoke_family(db: impl PgExecutor<'_>, family_id: i64) -> sqlx::Result<()> {
    sqlx::query("update refresh_token set revoked_at = now() where family_id = $1 and revoked_at is null")
        .bind(family_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Ends the session a token belongs to; answers the session's user.
#[tracing::instrument(skip_all)]
pub async fn revoke_family_of(db: impl PgExecutor<'_>, token_hash: &[u8]) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "update refresh_token set revoked_at = coalesce(revoked_at, now()) where family_id = \
           (select family_id from refresh_token where token_hash = $1) returning user_id",
    )
    .bind(token_hash)
    .fetch_all(db)
    .await
    .map(|users| users.first().copied())
}

/// Ends every session of the user.
#[tracing::instrument(skip_all)]
pub async fn revoke_user_sessions(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<()> {
    sqlx::query("update refresh_token set revoked_at = now() where user_id = $1 and revoked_at is null")
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Forgets tokens a day after they expired, a batch at a time.
#[tracing::instrument(skip_all)]
pub async fn delete_expired(db: impl PgExecutor<'_>) -> sqlx::Result<u64> {
    let deleted = sqlx::query(
        "delete from refresh_token where token_hash in \
           (select token_hash from refresh_token where expires_at < now() - interval '1 day' limit 500)",
    )
    .execute(db)
    .await?;
    Ok(deleted.rows_affected())
}
