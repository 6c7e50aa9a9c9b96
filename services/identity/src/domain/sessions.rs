//! Sessions: sign-in, refresh, sign-out and password changes, and the token generation that
//! makes every older token stop working.
//!
//! PostgreSQL is the truth: a user's token generation and refresh tokens are rows of this
//! schema. Redis only caches the generation for the other services; every raise is written there
//! at once (and retried while Redis is unreachable), and a lost cache is refilled from here.

use std::time::Duration;

use chrono::{DateTime, Utc};
use eris_platform::auth::{Caller, SIGNED_OUT, parse_role};
use rand::RngCore;

use crate::{
    State,
    db::{self, users::UserRow},
    error::{Error, Result},
    keys::{IssuedToken, Subject},
    password,
};

/// A reused refresh token within this of its replacement is only refused: another tab of the
/// same browser got there first. Later, it can only be a copy, and its whole session ends.
const REUSE_GRACE: chrono::TimeDelta = chrono::TimeDelta::seconds(30);

/// What a sign-in, refresh or password change hands out.
pub struct Session {
    pub user: UserRow,
    pub access: IssuedToken,
    pub refresh: RefreshToken,
}

/// A refresh token, in clear only on its way to the client.
pub struct RefreshToken {
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

fn signed_out() -> Error {
    eris_platform::Error::Unauthenticated(SIGNED_OUT.into()).into()
}

/// A refresh token's key in the table: its SHA-256, so a copy of the table signs nobody in.
fn refresh_hash(token: &str) -> Vec<u8> {
    ring::digest::digest(&ring::digest::SHA256, token.as_bytes()).as_ref().to_vec()
}

fn new_refresh_token() -> String {
    use base64::Engine;
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

impl State {
    /// A short-lived access token for the user as stored now.
    fn access_token(&self, user: &UserRow) -> Result<IssuedToken> {
        let subject = Subject {
            user_id: user.user_id,
            name: &user.fields.name,
            role: parse_role(&user.fields.role).unwrap_or_default(),
            force_password_reset: user.force_password_reset,
            generation: user.token_generation,
        };
        Ok(self.keys.issue(&subject, i64::from(self.access_ttl_seconds)).map_err(eris_platform::Error::Internal)?)
    }

    /// Stores a new refresh token of `family` (a new session when none) and issues the pair.
    async fn open_session(&self, db: &mut sqlx::PgConnection, user: UserRow, family: Option<i64>) -> Result<Session> {
        let token = new_refresh_token();
        let expires_at = Utc::now() + self.refresh_ttl;
        db::sessions::insert_refresh_token(&mut *db, &refresh_hash(&token), user.user_id, family, expires_at).await?;
        let access = self.access_token(&user)?;
        Ok(Session { user, access, refresh: RefreshToken { token, expires_at } })
    }

    /// Tells every service at once that the user's older tokens are void. Redis may be
    /// unreachable: then the write is retried for a while, and the cached value expires anyway.
    pub(crate) async fn publish_generation(&self, user_id: i64, generation: i64) {
        if self.generations.remember(user_id, generation).await {
            return;
        }
        let generations = self.generations.clone();
        tokio::spawn(async move {
            for _ in 0..40 {
                tokio::time::sleep(Duration::from_millis(500)).await;
                if generations.remember(user_id, generation).await {
                    return;
                }
            }
        });
    }

    /// Checks the password of an account, throttled, and opens a session.
    pub(crate) async fn sign_in(
        &self,
        username: &str,
        password_given: String,
        address: Option<&str>,
    ) -> Result<Session> {
        let email = username.trim().to_lowercase();
        let malformed = email.len() > 320 || password_given.len() > 1024 || email.chars().any(char::is_control);
        if email.is_empty() || password_given.is_empty() || malformed {
            return Err(Error::BadCredentials);
        }
        let attempt = self.throttle.reserve(&email, address).await?;
        let credentials = db::users::select_credentials_by_email(&self.pool, &email).await?;
        let hash = credentials.as_ref().map(|c| c.password_hash.clone());
        let matched = self.hasher.verify(password_given, hash).await?;
        let credentials = credentials.filter(|c| matched && c.user.fields.status == "Active");
        let Some(credentials) = credentials.filter(|c| c.password_usable(Utc::now())) else {
            tracing::info!(reason = if matched { "inactive or expired" } else { "credentials" }, "sign-in refused");
            return Err(Error::BadCredentials);
        };
        let user_id = credentials.user.user_id;
        // A one-time password works once, even for two sign-ins sent at the same moment.
        if credentials.one_time_password_expires_at.is_some()
            && !db::users::use_one_time_password(&self.pool, user_id).await?
        {
            return Err(Error::BadCredentials);
        }
        self.throttle.succeeded(attempt).await;
        let mut conn = self.pool.acquire().await?;
        if let Err(error) = db::sessions::delete_expired(&mut *conn).await {
            tracing::warn!(%error, "could not forget expired refresh tokens");
        }
        let session = self.open_session(&mut conn, credentials.user, None).await?;
        tracing::info!(user_id, "signed in");
        Ok(session)
    }

    /// Trades a refresh token for a new pair; the one given stops working.
    pub(crate) async fn refresh(&self, token: &str) -> Result<Session> {
        if token.is_empty() || token.len() > 100 {
            return Err(signed_out());
        }
        let hash = refresh_hash(token);
        let mut tx = self.pool.begin().await?;
        let row = db::sessions::select_refresh_token_for_update(&mut tx, &hash).await?.ok_or_else(signed_out)?;
        let now = Utc::now();
        if row.revoked_at.is_some() || row.expires_at <= now {
            return Err(signed_out());
        }
        if let Some(rotated_at) = row.rotated_at {
            if now - rotated_at > REUSE_GRACE {
                db::sessions::revoke_family(&mut *tx, row.family_id).await?;
                tx.commit().await?;
                tracing::warn!(user_id = row.user_id, "a replaced refresh token was used again; session ended");
            }
            return Err(signed_out());
        }
        let user = db::users::select_user(&self.pool, row.user_id).await?.ok_or_else(signed_out)?;
        if user.fields.status != "Active" {
            return Err(signed_out());
        }
        db::sessions::mark_rotated(&mut *tx, &hash).await?;
        let session = self.open_session(&mut tx, user, Some(row.family_id)).await?;
        tx.commit().await?;
        Ok(session)
    }

    /// Ends the session: the user's access tokens so far and the session's refresh token (with
    /// `everywhere`, every refresh token of the user: every device is signed out). Either proves
    /// who signs out: a valid access token, or the refresh token alone (the access token may have
    /// just expired, and the refresh token must not outlive the sign-out).
    pub(crate) async fn sign_out(
        &self,
        access_token: Option<&str>,
        refresh_token: &str,
        everywhere: bool,
    ) -> Result<()> {
        let mut signed_in = None;
        if let Some(token) = access_token
            && let Ok(caller) = self.verifier.verify_signature(token)
            && self.generations.check(&caller, token).await.is_ok()
        {
            signed_in = Some(caller.user_id);
        }
        let mut tx = self.pool.begin().await?;
        if !refresh_token.is_empty() && refresh_token.len() <= 100 {
            let owner = db::sessions::revoke_family_of(&mut *tx, &refresh_hash(refresh_token)).await?;
            signed_in = signed_in.or(owner);
        }
        let user_id = signed_in.ok_or_else(signed_out)?;
        if everywhere {
            db::sessions::revoke_user_sessions(&mut *tx, user_id).await?;
        }
        let generation = db::users::raise_token_generation(&mut *tx, user_id).await?;
        tx.commit().await?;
        if let Some(generation) = generation {
            self.publish_generation(user_id, generation).await;
        }
        tracing::info!(user_id, everywhere, "signed out");
        Ok(())
    }

    /// The caller's current token generation (identity's own token checks ask the same).
    pub(crate) async fn token_generation(&self, user_id: i64) -> Result<i64> {
        db::users::select_active_token_generation(&self.pool, user_id).await?.ok_or_else(signed_out)
    }

    /// Whether the password is the caller's, throttled like sign-in.
    pub(crate) async fn validate_password(
        &self,
        caller: &Caller,
        given: String,
        address: Option<&str>,
    ) -> Result<bool> {
        let credentials =
            db::users::select_credentials_by_id(&self.pool, caller.user_id).await?.ok_or_else(signed_out)?;
        let attempt = self.throttle.reserve(&credentials.user.fields.email.to_lowercase(), address).await?;
        let matched = self.hasher.verify(given, Some(credentials.password_hash)).await?;
        if matched {
            self.throttle.succeeded(attempt).await;
        }
        Ok(matched)
    }

    /// Replaces the caller's password: every session of the user ends, and a new one starts here.
    pub(crate) async fn change_password(
        &self,
        caller: &Caller,
        current: String,
        new: String,
        address: Option<&str>,
    ) -> Result<Session> {
        if !self.validate_password(caller, current.clone(), address).await? {
            return Err(Error::WrongCurrentPassword);
        }
        if new == current {
            return Err(Error::SamePassword);
        }
        password::check_new(&new)?;
        let hash = self.hasher.hash(new).await?;
        let mut tx = self.pool.begin().await?;
        let user = db::users::update_password(&mut *tx, caller.user_id, &hash, None, caller.user_id)
            .await?
            .ok_or_else(signed_out)?;
        db::sessions::revoke_user_sessions(&mut *tx, user.user_id).await?;
        let session = self.open_session(&mut tx, user, None).await?;
        tx.commit().await?;
        self.publish_generation(session.user.user_id, session.user.token_generation).await;
        tracing::info!(user_id = session.user.user_id, "changed password");
        Ok(session)
    }
}
