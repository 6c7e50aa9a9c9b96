//! UserService: requests read into the domain's types, answers written back.

use std::sync::Arc;

use eris_platform::{auth::caller, edits::Patch};
use eris_proto::identity::v1::{
    BatchGetUsersRequest, BatchGetUsersResponse, CreateUserRequest, CreateUserResponse, GetUserRequest,
    GetUserResponse, ListUsersRequest, ListUsersResponse, ResetUserPasswordRequest, ResetUserPasswordResponse, Role,
    UpdateUserRequest, UpdateUserResponse, User, UserStatus, user_service_server::UserService,
};
use tonic::{Request, Response, Status};

use super::status_name;
use crate::{
    State, db,
    db::users::UserFields,
    domain::users::{FIELDS, checked_email, checked_job, checked_name, checked_role},
    error::{Result, invalid},
};

pub(crate) struct UserApi(pub(crate) Arc<State>);

const DEFAULT_PAGE_SIZE: i64 = 500;
const MAX_PAGE_SIZE: i64 = 1000;

/// The named fields of a request's user, read and checked; the others are left empty.
fn fields_of(user: &User, named: &[String]) -> Result<UserFields> {
    let mut fields = UserFields {
        name: String::new(),
        email: String::new(),
        job: String::new(),
        role: String::new(),
        status: "Active".into(),
    };
    for field in named {
        match field.as_str() {
            "name" => fields.name = checked_name(&user.name)?,
            "email" => fields.email = checked_email(&user.email)?,
            "job" => fields.job = checked_job(&user.job)?,
            "role" => fields.role = checked_role(Role::try_from(user.role).unwrap_or(Role::Unspecified))?,
            "status" => {
                let status = UserStatus::try_from(user.status).unwrap_or(UserStatus::Unspecified);
                fields.status =
                    status_name(status).ok_or_else(|| invalid("Status must be Active or Inactive."))?.to_owned();
            }
            other => return Err(invalid(format!("{other} cannot be changed here."))),
        }
    }
    Ok(fields)
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
    async fn batch_get_users(
        &self,
        request: Request<BatchGetUsersRequest>,
    ) -> Result<Response<BatchGetUsersResponse>, Status> {
        let caller = caller(&request)?.clone();
        let BatchGetUsersRequest { user_ids, names } = request.into_inner();
        let rows = self.0.batch_get_users(&caller, &user_ids, &names).await?;
        Ok(Response::new(BatchGetUsersResponse { users: rows.into_iter().map(User::from).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_user(&self, request: Request<CreateUserRequest>) -> Result<Response<CreateUserResponse>, Status> {
        let caller = caller(&request)?.clone();
        let user = request.into_inner().user.ok_or_else(|| Status::invalid_argument("user is required."))?;
        let named: Vec<String> = FIELDS.iter().filter(|f| **f != "status").map(|f| (*f).to_owned()).collect();
        let (row, one_time) = self.0.create_user(&caller, fields_of(&user, &named)?).await?;
        Ok(Response::new(CreateUserResponse {
            user: Some(row.into()),
            one_time_password: one_time.password,
            one_time_password_expire_time: Some(super::timestamp_of(one_time.expires_at)),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_user(&self, request: Request<UpdateUserRequest>) -> Result<Response<UpdateUserResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateUserRequest { user, update_mask } = request.into_inner();
        let user = user.ok_or_else(|| Status::invalid_argument("user is required."))?;
        let mut named = update_mask.map(|mask| mask.paths).unwrap_or_default();
        named.sort_unstable();
        named.dedup();
        let fields = fields_of(&user, &named)?;
        let patch = Patch { record_id: user.user_id, version: user.version, fields, named };
        let row = self.0.update_user(&caller, patch).await?;
        Ok(Response::new(UpdateUserResponse { user: Some(row.into()) }))
    }

    #[tracing::instrument(skip_all)]
    async fn reset_user_password(
        &self,
        request: Request<ResetUserPasswordRequest>,
    ) -> Result<Response<ResetUserPasswordResponse>, Status> {
        let caller = caller(&request)?.clone();
        let (row, one_time) = self.0.reset_user_password(&caller, request.get_ref().user_id).await?;
        Ok(Response::new(ResetUserPasswordResponse {
            user: Some(row.into()),
            one_time_password: one_time.password,
            one_time_password_expire_time: Some(super::timestamp_of(one_time.expires_at)),
        }))
    }
}
