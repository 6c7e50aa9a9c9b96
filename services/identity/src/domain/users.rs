//! Users: their fields and checks, and saves by field.

use eris_platform::{
    auth::{Caller, parse_role, role_name},
    edits::{self, Patch, Saved},
};
use eris_proto::identity::v1::Role;

use crate::{
    State,
    access::{self, require},
    db::{
        self,
        users::{NewUser, UserFields, UserRow},
    },
    error::{Error, Result, invalid},
    events, password,
};

/// Most characters of a name, email or job.
pub const MAX_FIELD_LENGTH: usize = 200;
/// Most ids or names one lookup may name.
pub const MAX_LOOKUP: usize = 1000;
/// The fields a save may name.
pub const FIELDS: &[&str] = &["name", "email", "job", "role", "status"];
/// The edit log's name for users.
const RESOURCE: &str = "user";

fn line(value: &str, label: &str, required: bool) -> Result<String> {
    let value = value.trim();
    if required && value.is_empty() {
        return Err(invalid(format!("{label} is required.")));
    }
    if value.chars().any(char::is_control) {
        return Err(invalid(format!("{label} cannot contain control characters.")));
    }
    if value.chars().count() > MAX_FIELD_LENGTH {
        return Err(invalid(format!("{label} is too long.")));
    }
    Ok(value.to_owned())
}

pub fn checked_name(name: &str) -> Result<String> {
    line(name, "Name", true)
}

pub fn checked_email(email: &str) -> Result<String> {
    let email = email.trim();
    let valid = email.len() <= MAX_FIELD_LENGTH
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
        && eris_platform::text::looks_like_email(email);
    if valid { Ok(email.to_owned()) } else { Err(invalid("Enter a valid email address.")) }
}

pub fn checked_job(job: &str) -> Result<String> {
    line(job, "Job", false)
}

pub fn checked_role(role: Role) -> Result<String> {
    match role {
        Role::Unspecified => Err(invalid("Role must be Admin, Sales, Management or Customer Care.")),
        role => Ok(role_name(role).to_owned()),
    }
}

impl edits::Fields for UserFields {
    fn field_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("name", self.name.clone()),
            ("email", self.email.clone()),
            ("job", self.job.clone()),
            ("role", self.role.clone()),
            ("status", self.status.clone()),
        ]
    }

    fn copy_field(&mut self, from: &Self, field: &str) -> bool {
        match field {
            "name" => self.name = from.name.clone(),
            "email" => self.email = from.email.clone(),
            "job" => self.job = from.job.clone(),
            "role" => self.role = from.role.clone(),
            "status" => self.status = from.status.clone(),
            _ => return false,
        }
        true
    }
}

fn map_taken(error: sqlx::Error) -> Error {
    if eris_platform::error::is_constraint_violation(&error, db::users::EMAIL_KEY) {
        Error::EmailTaken
    } else if eris_platform::error::is_constraint_violation(&error, db::users::NAME_KEY) {
        Error::NameTaken
    } else {
        error.into()
    }
}

/// A one-time password, in clear only on its way to Management.
pub struct OneTimePassword {
    pub password: String,
    pub expires_at: chrono::DateTime<chrono::Utc>,
}

fn user_not_found() -> Error {
    eris_platform::Error::not_found("User").into()
}

impl State {
    /// Adds a user with a one-time password; the user must choose their own at first sign-in.
    pub(crate) async fn create_user(&self, caller: &Caller, fields: UserFields) -> Result<(UserRow, OneTimePassword)> {
        require(access::may_administer_users(caller))?;
        let one_time = self.one_time_password().await?;
        let mut tx = self.pool.begin().await?;
        let new = NewUser {
            name: &fields.name,
            email: &fields.email,
            job: &fields.job,
            role: &fields.role,
            password_hash: &one_time.1,
            force_password_reset: true,
            one_time_password_expires_at: Some(one_time.0.expires_at),
        };
        let row = db::users::insert_user(&mut tx, &new, Some(caller.user_id)).await.map_err(map_taken)?;
        events::record(&mut tx, events::UserEventKind::Created, Some(caller.user_id), &row).await?;
        tx.commit().await?;
        tracing::info!(user_id = row.user_id, by = caller.user_id, "created user");
        Ok((row, one_time.0))
    }

    /// A fresh one-time password and its hash.
    async fn one_time_password(&self) -> Result<(OneTimePassword, String)> {
        let password = password::one_time();
        let hash = self.hasher.hash(password.clone()).await?;
        Ok((OneTimePassword { password, expires_at: chrono::Utc::now() + password::ONE_TIME_VALIDITY }, hash))
    }

    /// Saves the named fields; refused only when a field it changes was changed by someone else
    /// after `patch.version`. A role change or a deactivation ends the user's sessions.
    pub(crate) async fn update_user(&self, caller: &Caller, patch: Patch<UserFields>) -> Result<UserRow> {
        require(access::may_administer_users(caller))?;
        if patch.named.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        let mut tx = self.pool.begin().await?;
        let before = db::users::select_user_for_update(&mut tx, patch.record_id).await?.ok_or_else(user_not_found)?;
        let saved = edits::save(&mut tx, RESOURCE, caller.user_id, &before.fields, before.version, &patch);
        let (after, changes) = match saved.await? {
            Saved::Unchanged => return Ok(before),
            Saved::Changed { after, changes } => (after, changes),
            Saved::Conflict(fields) => return Err(Error::Conflict { fields }),
            Saved::UnknownField(field) => return Err(invalid(format!("{field} cannot be changed here."))),
        };
        let role_changed = after.role != before.fields.role;
        let deactivated = after.status == "Inactive" && before.fields.status != "Inactive";
        let new_role = role_changed.then(|| parse_role(&after.role)).flatten();
        access::check_not_locking_out(caller, patch.record_id, new_role, deactivated)?;
        let mut row =
            db::users::update_user(&mut tx, patch.record_id, &after, caller.user_id).await.map_err(map_taken)?;
        events::record(&mut tx, events::UserEventKind::Updated, Some(caller.user_id), &row).await?;
        edits::record(&mut tx, RESOURCE, patch.record_id, row.version, caller.user_id, &changes).await?;
        // Tokens carry the role, so a role change voids them (a refresh brings the new role); an
        // inactive user's sessions end.
        if role_changed || deactivated {
            row.token_generation =
                db::users::raise_token_generation(&mut *tx, row.user_id).await?.ok_or_else(user_not_found)?;
        }
        if deactivated {
            db::sessions::revoke_user_sessions(&mut *tx, row.user_id).await?;
        }
        tx.commit().await?;
        if role_changed || deactivated {
            self.publish_generation(row.user_id, row.token_generation).await;
        }
        tracing::info!(user_id = row.user_id, by = caller.user_id, fields = ?changes.iter().map(|(field, _, _)| field).collect::<Vec<_>>(), "updated user");
        Ok(row)
    }

    /// Gives the user a new one-time password and ends their sessions.
    pub(crate) async fn reset_user_password(
        &self,
        caller: &Caller,
        user_id: i64,
    ) -> Result<(UserRow, OneTimePassword)> {
        require(access::may_administer_users(caller))?;
        let user = db::users::select_user(&self.pool, user_id).await?.ok_or_else(user_not_found)?;
        if user.force_password_reset {
            return Err(Error::AlreadyFlagged);
        }
        let (one_time, hash) = self.one_time_password().await?;
        let mut tx = self.pool.begin().await?;
        let row = db::users::update_password(&mut *tx, user_id, &hash, Some(one_time.expires_at), caller.user_id)
            .await?
            .ok_or_else(user_not_found)?;
        db::sessions::revoke_user_sessions(&mut *tx, user_id).await?;
        tx.commit().await?;
        self.publish_generation(user_id, row.token_generation).await;
        tracing::info!(user_id, by = caller.user_id, "reset password");
        Ok((row, one_time))
    }

    /// Users by id and by exact name (case-insensitive), each once.
    pub(crate) async fn batch_get_users(&self, caller: &Caller, ids: &[i64], names: &[String]) -> Result<Vec<UserRow>> {
        require(access::may_read_users(caller))?;
        if ids.len() > MAX_LOOKUP || names.len() > MAX_LOOKUP {
            return Err(invalid(format!("Look up at most {MAX_LOOKUP} ids and {MAX_LOOKUP} names at once.")));
        }
        let names: Vec<String> = names.iter().map(|name| name.trim().to_lowercase()).collect();
        Ok(db::users::select_users_by_ids_or_names(&self.pool, ids, &names).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_and_names_are_checked() {
        assert_eq!(checked_email(" ann@eris.test ").unwrap(), "ann@eris.test");
        for bad in ["ann", "ann@", "@eris.test", "a b@eris.test", "ann@eris", "a\0@eris.test"] {
            assert!(checked_email(bad).is_err(), "{bad}");
        }
        assert!(checked_name("Ann\u{7}").is_err());
        assert!(checked_name(" ").is_err());
    }
}
