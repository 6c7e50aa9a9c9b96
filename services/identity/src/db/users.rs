//! Users. Every write of a user's name, email, job, role or status goes through `insert_user`,
//! `update_user` or `upsert_demo_user`, which write the user's event into the outbox in the
//! caller's transaction: other services learn of users only through those events.

use chrono::{DateTime, Utc};
use eris_platform::db::Db;
use sqlx::{PgConnection, PgExecutor};

/// A user as stored, without the password hash.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserRow {
    pub user_id: i64,
    #[sqlx(flatten)]
    pub fields: UserFields,
    pub force_password_reset: bool,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
    /// Tokens of an older generation are refused.
    pub token_generation: i64,
}

/// A user with the password hash, for sign-in and password checks.
#[derive(Debug, sqlx::FromRow)]
pub struct Credentials {
    #[sqlx(flatten)]
    pub user: UserRow,
    pub password_hash: String,
    /// Set while the password is a one-time password: when it stops working.
    pub one_time_password_expires_at: Option<DateTime<Utc>>,
    /// When the one-time password was used to sign in (it works once).
    pub one_time_password_used_at: Option<DateTime<Utc>>,
}

impl Credentials {
    /// Whether the password may still be used to sign in.
    pub fn password_usable(&self, now: DateTime<Utc>) -> bool {
        match self.one_time_password_expires_at {
            None => true,
            Some(expires_at) => self.one_time_password_used_at.is_none() && now < expires_at,
        }
    }
}

/// The fields of a new user.
pub struct NewUser<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub job: &'a str,
    pub role: &'a str,
    pub password_hash: &'a str,
    pub force_password_reset: bool,
    /// Set for a one-time password: when it stops working.
    pub one_time_password_expires_at: Option<DateTime<Utc>>,
}

/// A user's editable fields.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct UserFields {
    pub name: String,
    pub email: String,
    pub job: String,
    pub role: String,
    pub status: String,
}

const USER_COLUMNS: &str =
    "user_id, name, email, job, role, status, force_password_reset, version, updated_at, token_generation";
const CREDENTIAL_COLUMNS: &str = "password_hash, one_time_password_expires_at, one_time_password_used_at";

pub const EMAIL_KEY: &str = "app_user_email_key";
pub const NAME_KEY: &str = "app_user_name_key";

#[tracing::instrument(skip_all)]
pub async fn select_credentials_by_email(pool: &Db, email: &str) -> sqlx::Result<Option<Credentials>> {
    sqlx::query_as(&format!("select {USER_COLUMNS}, {CREDENTIAL_COLUMNS} from app_user where lower(email) = lower($1)"))
        .bind(email)
        .fetch_optional(pool)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn select_credentials_by_id(pool: &Db, user_id: i64) -> sqlx::Result<Option<Credentials>> {
    sqlx::query_as(&format!("select {USER_COLUMNS}, {CREDENTIAL_COLUMNS} from app_user where user_id = $1"))
        .bind(user_id)
        .fetch_optional(pool)
        .await
}

#[tracing::instrument(skip_all)]
pub async fn select_user(pool: &Db, user_id: i64) -> sqlx::Result<Option<UserRow>> {
    sqlx::query_as(&format!("select {USER_COLUMNS} from app_user where user_id = $1"))
        .bind(user_id)
        .fetch_optional(pool)
        .await
}

/// One page of users by name; `limit` rows after skipping `offset`.
#[tracing::instrument(skip_all)]
pub async fn list_users(pool: &Db, active_only: bool, offset: i64, limit: i64) -> sqlx::Result<Vec<UserRow>> {
    sqlx::query_as(&format!(
        "select {USER_COLUMNS} from app_user where (not $1 or status = 'Active') \
         order by name, user_id offset $2 limit $3"
    ))
    .bind(active_only)
    .bind(offset)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// Up to `limit` users with ids above `after`, in id order (a snapshot's pages).
#[tracing::instrument(skip_all)]
pub async fn list_users_after(db: impl PgExecutor<'_>, after: i64, limit: i64) -> sqlx::Result<Vec<UserRow>> {
    sqlx::query_as(&format!("select {USER_COLUMNS} from app_user where user_id > $1 order by user_id limit $2"))
        .bind(after)
        .bind(limit)
        .fetch_all(db)
        .await
}

/// Adds a user, in the caller's transaction.
#[tracing::instrument(skip_all)]
pub async fn insert_user(tx: &mut PgConnection, user: &NewUser<'_>, created_by: Option<i64>) -> sqlx::Result<UserRow> {
    let row: UserRow = sqlx::query_as(&format!(
        "insert into app_user (name, email, job, role, password_hash, force_password_reset, \
           one_time_password_expires_at, updated_by) \
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning {USER_COLUMNS}"
    ))
    .bind(user.name)
    .bind(user.email)
    .bind(user.job)
    .bind(user.role)
    .bind(user.password_hash)
    .bind(user.force_password_reset)
    .bind(user.one_time_password_expires_at)
    .bind(created_by)
    .fetch_one(&mut *tx)
    .await?;
    Ok(row)
}

/// The user, its row locked until the caller's transaction ends.
#[tracing::instrument(skip_all)]
pub async fn select_user_for_update(db: &mut sqlx::PgConnection, user_id: i64) -> sqlx::Result<Option<UserRow>> {
    sqlx::query_as(&format!("select {USER_COLUMNS} from app_user where user_id = $1 for update"))
        .bind(user_id)
        .fetch_optional(db)
        .await
}

/// Writes the fields (the row is locked by the caller's transaction) as the next version.
#[tracing::instrument(skip_all)]
pub async fn update_user(
    tx: &mut PgConnection,
    user_id: i64,
    fields: &UserFields,
    updated_by: i64,
) -> sqlx::Result<UserRow> {
    let row: UserRow = sqlx::query_as(&format!(
        "update app_user set name = $2, email = $3, job = $4, role = $5, status = $6, \
           version = version + 1, updated_at = now(), updated_by = $7 \
         where user_id = $1 returning {USER_COLUMNS}"
    ))
    .bind(user_id)
    .bind(&fields.name)
    .bind(&fields.email)
    .bind(&fields.job)
    .bind(&fields.role)
    .bind(&fields.status)
    .bind(updated_by)
    .fetch_one(&mut *tx)
    .await?;
    Ok(row)
}

/// Users with any of these ids or (lower-cased) names, by id.
#[tracing::instrument(skip_all)]
pub async fn select_users_by_ids_or_names(
    pool: &Db,
    user_ids: &[i64],
    lower_names: &[String],
) -> sqlx::Result<Vec<UserRow>> {
    sqlx::query_as(&format!(
        "select {USER_COLUMNS} from app_user where user_id = any($1) or lower(name) = any($2) order by user_id"
    ))
    .bind(user_ids)
    .bind(lower_names)
    .fetch_all(pool)
    .await
}

/// Sets a new password hash: a one-time password (with its expiry, forcing a reset) or one the
/// user chose. Either way the user's tokens so far stop working.
#[tracing::instrument(skip_all)]
pub async fn update_password(
    db: impl PgExecutor<'_>,
    user_id: i64,
    password_hash: &str,
    one_time_until: Option<DateTime<Utc>>,
    updated_by: i64,
) -> sqlx::Result<Option<UserRow>> {
    sqlx::query_as(&format!(
        "update app_user set password_hash = $2, force_password_reset = $3 is not null, \
           one_time_password_expires_at = $3, one_time_password_used_at = null, \
           token_generation = token_generation + 1, \
           version = version + 1, updated_at = now(), updated_by = $4 \
         where user_id = $1 returning {USER_COLUMNS}"
    ))
    .bind(user_id)
    .bind(password_hash)
    .bind(one_time_until)
    .bind(updated_by)
    .fetch_optional(db)
    .await
}

/// Marks the user's one-time password used; false when it was used already, expired, or is not
/// one-time (so two sign-ins at once cannot both use it).
#[tracing::instrument(skip_all)]
pub async fn use_one_time_password(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<bool> {
    let used = sqlx::query(
        "update app_user set one_time_password_used_at = now() \
         where user_id = $1 and one_time_password_used_at is null and one_time_password_expires_at > now()",
    )
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(used.rows_affected() == 1)
}

/// Raises the user's token generation: every token issued so far stops working.
#[tracing::instrument(skip_all)]
pub async fn raise_token_generation(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "update app_user set token_generation = token_generation + 1 where user_id = $1 returning token_generation",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await
}

/// The user's token generation, while the user may sign in.
#[tracing::instrument(skip_all)]
pub async fn select_active_token_generation(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("select token_generation from app_user where user_id = $1 and status = 'Active'")
        .bind(user_id)
        .fetch_optional(db)
        .await
}

/// A user written by an upsert, and whether it was new.
#[derive(sqlx::FromRow)]
struct Upserted {
    #[sqlx(flatten)]
    user: UserRow,
    inserted: bool,
}

/// Inserts or refreshes a user by email (demo data only): active, with this password, no reset;
/// in the caller's transaction. Answers the user and whether it was new.
#[tracing::instrument(skip_all)]
pub async fn upsert_demo_user(tx: &mut PgConnection, user: &NewUser<'_>) -> sqlx::Result<(UserRow, bool)> {
    let upserted: Upserted = sqlx::query_as(&format!(
        "insert into app_user (name, email, job, role, password_hash, force_password_reset) \
         values ($1, $2, $3, $4, $5, false) \
         on conflict ((lower(email))) do update set name = excluded.name, job = excluded.job, \
           role = excluded.role, status = 'Active', password_hash = excluded.password_hash, \
           force_password_reset = false, one_time_password_expires_at = null, \
           token_generation = app_user.token_generation + 1, version = app_user.version + 1, updated_at = now() \
         returning {USER_COLUMNS}, xmax = 0 as inserted"
    ))
    .bind(user.name)
    .bind(user.email)
    .bind(user.job)
    .bind(user.role)
    .bind(user.password_hash)
    .fetch_one(&mut *tx)
    .await?;
    Ok((upserted.user, upserted.inserted))
}
