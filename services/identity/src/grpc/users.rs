use std::sync::Arc;

use eris_platform::auth::{Caller, caller, role_name};
use eris_proto::identity::v1::{
    CreateUserRequest, CreateUserResponse, GetUserRequest, GetUserResponse, ListUsersRequest, ListUsersResponse,
    ResetUserPasswordRequest, ResetUserPasswordResponse, Role, UpdateUserRequest, UpdateUserResponse, User, UserStatus,
    user_service_server::UserService,
};
use tonic::{Request, Response, Status};

use super::status_name;
use crate::{
    State, db,
    db::users::{NewUser, UserChanges, UserRow},
    error::{Error, Result, invalid},
    password,
};

pub(crate) struct UserApi(pub(crate) Arc<State>);

const DEFAULT_PAGE_SIZE: i64 = 500;
const MAX_PAGE_SIZE: i64 = 1000;
const MAX_FIELD_LENGTH: usize = 200;

/// Only Management administers users.
fn require_management(caller: &Caller) -> Result<()> {
    Ok(caller.require_role(&[Role::Management])?)
}

fn checked_name(name: &str) -> Result<&str> {
    let name = name.trim();
    if name.is_empty() {
        return Err(invalid("Name is required."));
    }
    if name.chars().count() > MAX_FIELD_LENGTH {
        return Err(invalid("Name is too long."));
    }
    Ok(name)
}

fn checked_email(email: &str) -> Result<&str> {
    let email = email.trim();
    let valid = email.len() <= MAX_FIELD_LENGTH
        && !email.chars().any(char::is_whitespace)
        && email
            .split_once('@')
            .is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.') && !domain.contains('@'));
    if valid { Ok(email) } else { Err(invalid("Enter a valid email address.")) }
}

fn checked_job(job: &str) -> Result<&str> {
    let job = job.trim();
    if job.chars().count() > MAX_FIELD_LENGTH {
        return Err(invalid("Job is too long."));
    }
    Ok(job)
}

fn checked_role(role: i32) -> Result<&'static str> {
    match Role::try_from(role).unwrap_or(Role::Unspecified) {
        Role::Unspecified => Err(invalid("Role must be Admin, Sales, Management or Customer Care.")),
        role => Ok(role_name(role)),
    }
}

fn map_email_taken(error: sqlx::Error) -> Error {
    if eris_platform::error::is_constraint_violation(&error, db::users::EMAIL_KEY) {
        Error::EmailTaken
    } else {
        error.into()
    }
}

impl State {
    async fn create_user(&self, caller: &Caller, user: User) -> Result<UserRow> {
        require_management(caller)?;
        let new = NewUser {
            name: checked_name(&user.name)?,
            email: checked_email(&user.email)?,
            job: checked_job(&user.job)?,
            role: checked_role(user.role)?,
            password_hash: "",
            force_password_reset: true,
        };
        // A new user signs in with the reset password and must choose their own at once.
        let hash =
            password::hash(self.reset_password.expose().to_owned()).await.map_err(eris_platform::Error::Internal)?;
        let new = NewUser { password_hash: &hash, ..new };
        let row = db::users::insert_user(&self.pool, &new, Some(caller.user_id)).await.map_err(map_email_taken)?;
        tracing::info!(user_id = row.user_id, by = caller.user_id, "created user");
        Ok(row)
    }

    async fn update_user(&self, caller: &Caller, user: User, paths: &[String]) -> Result<UserRow> {
        require_management(caller)?;
        if paths.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        if user.version <= 0 {
            return Err(invalid("The version of the user being changed is required."));
        }
        let mut changes = UserChanges::default();
        for path in paths {
            match path.as_str() {
                "name" => changes.name = Some(checked_name(&user.name)?),
                "email" => changes.email = Some(checked_email(&user.email)?),
                "job" => changes.job = Some(checked_job(&user.job)?),
                "role" => changes.role = Some(checked_role(user.role)?),
                "status" => {
                    let status = UserStatus::try_from(user.status).unwrap_or(UserStatus::Unspecified);
                    changes.status =
                        Some(status_name(status).ok_or_else(|| invalid("Status must be Active or Inactive."))?);
                }
                other => return Err(invalid(format!("{other} cannot be changed here."))),
            }
        }
        let demotes_self = changes.role.is_some_and(|role| role != role_name(Role::Management));
        if user.user_id == caller.user_id && (changes.status == Some("Inactive") || demotes_self) {
            return Err(Error::SelfLockout);
        }
        let row = db::users::update_user(&self.pool, user.user_id, user.version, &changes, caller.user_id)
            .await
            .map_err(map_email_taken)?;
        let Some(row) = row else {
            return Err(match db::users::select_user(&self.pool, user.user_id).await? {
                Some(_) => Error::StaleUser,
                None => eris_platform::Error::not_found("User").into(),
            });
        };
        // Tokens carry the role, and an inactive user must not keep working: end their sessions.
        if changes.role.is_some() || changes.status == Some("Inactive") {
            self.revocations.revoke_user_tokens_before_now(row.user_id, self.token_ttl).await?;
        }
        tracing::info!(user_id = row.user_id, by = caller.user_id, fields = ?paths, "updated user");
        Ok(row)
    }

    async fn reset_user_password(&self, caller: &Caller, user_id: i64) -> Result<UserRow> {
        require_management(caller)?;
        let user = db::users::select_user(&self.pool, user_id)
            .await?
            .ok_or_else(|| eris_platform::Error::not_found("User"))?;
        if user.force_password_reset {
            return Err(Error::AlreadyFlagged);
        }
        let hash =
            password::hash(self.reset_password.expose().to_owned()).await.map_err(eris_platform::Error::Internal)?;
        let row = db::users::update_password(&self.pool, user_id, &hash, true, caller.user_id)
            .await?
            .ok_or_else(|| eris_platform::Error::not_found("User"))?;
        self.revocations.revoke_user_tokens_before_now(user_id, self.token_ttl).await?;
        tracing::info!(user_id, by = caller.user_id, "reset password");
        Ok(row)
    }
}

#[tonic::async_trait]
impl UserService for UserApi {
    #[tracing::instrument(skip_all)]
    async fn get_user(&self, request: Request<GetUserRequest>) -> Result<Response<GetUserResponse>, Status> {
        caller(&request)?;
        let user = db::users::select_user(&self.0.pool, request.get_ref().user_id)
            .await
            .map_err(eris_platform::Error::from)?
            .ok_or_else(|| eris_platform::Error::not_found("User"))?;
        Ok(Response::new(GetUserResponse { user: Some(user.into()) }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_users(&self, request: Request<ListUsersRequest>) -> Result<Response<ListUsersResponse>, Status> {
        caller(&request)?;
        let ListUsersRequest { page_size, page_token, active_only } = request.into_inner();
        let limit = match i64::from(page_size) {
            size if size < 0 => return Err(Status::invalid_argument("page_size cannot be negative.")),
            0 => DEFAULT_PAGE_SIZE,
            size => size.min(MAX_PAGE_SIZE),
        };
        let offset: i64 = if page_token.is_empty() {
            0
        } else {
            page_token
                .parse()
                .ok()
                .filter(|offset| *offset >= 0)
                .ok_or_else(|| Status::invalid_argument("page_token is not valid."))?
        };
        // One row more than asked tells whether another page follows.
        let mut rows = db::users::list_users(&self.0.pool, active_only, offset, limit + 1)
            .await
            .map_err(eris_platform::Error::from)?;
        let next_page_token = if rows.len() as i64 > limit {
            rows.truncate(limit as usize);
            (offset + limit).to_string()
        } else {
            String::new()
        };
        Ok(Response::new(ListUsersResponse { users: rows.into_iter().map(User::from).collect(), next_page_token }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_user(&self, request: Request<CreateUserRequest>) -> Result<Response<CreateUserResponse>, Status> {
        let caller = caller(&request)?.clone();
        let user = request.into_inner().user.ok_or_else(|| Status::invalid_argument("user is required."))?;
        let row = self.0.create_user(&caller, user).await?;
        Ok(Response::new(CreateUserResponse { user: Some(row.into()) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_user(&self, request: Request<UpdateUserRequest>) -> Result<Response<UpdateUserResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateUserRequest { user, update_mask } = request.into_inner();
        let user = user.ok_or_else(|| Status::invalid_argument("user is required."))?;
        let paths = update_mask.map(|mask| mask.paths).unwrap_or_default();
        let row = self.0.update_user(&caller, user, &paths).await?;
        Ok(Response::new(UpdateUserResponse { user: Some(row.into()) }))
    }

    #[tracing::instrument(skip_all)]
    async fn reset_user_password(
        &self,
        request: Request<ResetUserPasswordRequest>,
    ) -> Result<Response<ResetUserPasswordResponse>, Status> {
        let caller = caller(&request)?.clone();
        let row = self.0.reset_user_password(&caller, request.get_ref().user_id).await?;
        Ok(Response::new(ResetUserPasswordResponse { user: Some(row.into()) }))
    }
}
