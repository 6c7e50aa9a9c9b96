//! Sign-in, passwords and user administration.

use axum::{
    Json,
    extract::Path,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use eris_platform::auth::{parse_role, role_name};
use eris_proto::identity::v1::{
    self as pb, ChangePasswordRequest, CreateUserRequest, ListUsersRequest, RefreshTokenRequest,
    ResetUserPasswordRequest, Role, SignInRequest, SignOutRequest, UpdateUserRequest, UserStatus,
    ValidatePasswordRequest, auth_service_client::AuthServiceClient, user_service_client::UserServiceClient,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{Answer, all_pages, missing, rfc3339, set};
use crate::{
    auth::CallContext,
    error::{ApiError, ApiResult, ErrorBody},
};
use eris_platform::local::Channel;

fn auth(ctx: &CallContext) -> AuthServiceClient<Channel> {
    AuthServiceClient::new(ctx.channel("identity"))
}

fn users(ctx: &CallContext) -> UserServiceClient<Channel> {
    UserServiceClient::new(ctx.channel("identity"))
}

view! {
    /// A user as the REST surface shows it.
    #[serde(rename_all = "PascalCase")]
    pub struct UserJson from user: pb::User {
        user_id: i64,
        name: String,
        email: String,
        job: String,
        /// Management, Admin, Sales or Customer Care.
        role: String = role_name(user.role.try_into().unwrap_or_default()).to_owned(),
        /// Active or Inactive.
        status: String = status_name(user.status.try_into().unwrap_or_default()).to_owned(),
        /// 1 when the user must change the password at the next sign-in.
        #[serde(rename = "ForcePWReset")]
        force_pw_reset: u8 = u8::from(user.force_password_reset),
        /// Send it back with an edit so a stale edit is refused.
        version: i64,
    }
}

fn status_name(status: UserStatus) -> &'static str {
    match status {
        UserStatus::Active => "Active",
        UserStatus::Inactive => "Inactive",
        UserStatus::Unspecified => "",
    }
}

/// `POST /api/user/login`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LoginRequest {
    /// The user's email address.
    pub username: String,
    pub password: String,
}

/// A signed-in user, the access token to send as the Authorization header, and the refresh
/// token that trades for a fresh pair before the access token expires.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoginResponse {
    pub user: UserJson,
    pub id_token: String,
    /// When the access token stops being accepted (RFC 3339).
    pub expires_at: String,
    /// Send to `POST /api/user/refresh`; works once. Empty when the client asked for it as a
    /// cookie (`X-Eris-Session: cookie`): it is then only in the HttpOnly `eris_refresh` cookie.
    pub refresh_token: String,
    /// When the refresh token stops working if unused (RFC 3339).
    pub refresh_expires_at: String,
}

/// The cookie that carries the refresh token to a browser: HttpOnly (no script reads it), Secure,
/// SameSite=Strict, and sent only to the `/api/user` calls (refresh and sign-out read it).
pub const REFRESH_COOKIE: &str = "eris_refresh";
const REFRESH_COOKIE_PATH: &str = "/api/user";
/// A client that wants the refresh token as a cookie rather than in the body (the web app) sends
/// this header with the value `cookie` on sign-in, refresh, password change and sign-out.
pub const SESSION_HEADER: &str = "x-eris-session";

/// Whether the client keeps its refresh token as a cookie.
fn cookie_session(headers: &HeaderMap) -> bool {
    headers.get(SESSION_HEADER).is_some_and(|value| value.as_bytes().eq_ignore_ascii_case(b"cookie"))
}

/// The refresh token of the request's `eris_refresh` cookie.
fn refresh_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == REFRESH_COOKIE)
        .map(|(_, value)| value.to_owned())
}

/// `Set-Cookie` for a refresh token good for `seconds` (0 removes the cookie).
fn refresh_set_cookie(token: &str, seconds: i64) -> HeaderValue {
    let cookie = format!(
        "{REFRESH_COOKIE}={token}; Path={REFRESH_COOKIE_PATH}; Max-Age={}; HttpOnly; Secure; SameSite=Strict",
        seconds.max(0)
    );
    // A refresh token is URL-safe base64: always a valid header value.
    HeaderValue::from_str(&cookie).unwrap_or_else(|_| HeaderValue::from_static("eris_refresh=; Max-Age=0"))
}

/// The REST answer of a call that opens a session (sign-in, refresh, password change): their
/// gRPC answers share these fields. With `cookie`, the refresh token goes into the cookie only.
macro_rules! login_response {
    ($response:expr, $cookie:expr) => {{
        let response = $response;
        let user = response.user.ok_or_else(missing)?;
        let cookie = $cookie.then(|| {
            let expires = response.refresh_expire_time.map_or(0, |t| t.seconds);
            refresh_set_cookie(&response.refresh_token, expires - chrono::Utc::now().timestamp())
        });
        let body = Json(LoginResponse {
            user: user.into(),
            id_token: response.token,
            expires_at: rfc3339(response.expire_time).unwrap_or_default(),
            refresh_token: if cookie.is_some() { String::new() } else { response.refresh_token },
            refresh_expires_at: rfc3339(response.refresh_expire_time).unwrap_or_default(),
        });
        let mut answer = body.into_response();
        if let Some(cookie) = cookie {
            answer.headers_mut().insert(header::SET_COOKIE, cookie);
        }
        Ok(answer)
    }};
}

/// Signs in with email and password.
#[utoipa::path(post, path = "/user/login", tag = "users",
    responses((status = 200, body = LoginResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)),
    security(()))]
pub async fn login(ctx: CallContext, headers: HeaderMap, Json(body): Json<LoginRequest>) -> ApiResult<Response> {
    let mut client = auth(&ctx);
    let request = ctx.request(SignInRequest { username: body.username, password: body.password });
    let response = client.sign_in(request).await.answer("identity")?;
    login_response!(response, cookie_session(&headers))
}

/// A body that may be empty (as none), else JSON of `T`.
fn optional_body<T: Default + serde::de::DeserializeOwned>(body: &[u8]) -> ApiResult<T> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body).map_err(|error| ApiError::bad_request(format!("The body is not valid: {error}")))
}

/// `POST /api/user/refresh`: the body is optional with the `eris_refresh` cookie.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RefreshRequest {
    /// The refresh token from the last login, refresh or password change; or none, to use the
    /// `eris_refresh` cookie.
    #[serde(default)]
    pub refresh_token: String,
}

/// Trades a refresh token (the body's, else the cookie's) for a fresh access token and refresh
/// token; the one sent stops working. An answer to a cookie holds the new one in the cookie.
#[utoipa::path(post, path = "/user/refresh", tag = "users", request_body(content = Option<RefreshRequest>),
    responses((status = 200, body = LoginResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)),
    security(()))]
pub async fn refresh(ctx: CallContext, headers: HeaderMap, body: axum::body::Bytes) -> ApiResult<Response> {
    let body: RefreshRequest = optional_body(&body)?;
    let from_cookie = body.refresh_token.is_empty();
    let refresh_token = if from_cookie { refresh_cookie(&headers).unwrap_or_default() } else { body.refresh_token };
    let mut client = auth(&ctx);
    let response = client.refresh_token(ctx.request(RefreshTokenRequest { refresh_token })).await.answer("identity")?;
    login_response!(response, from_cookie || cookie_session(&headers))
}

/// `POST /api/user/logout`: the body is optional.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LogoutRequest {
    /// The session's refresh token, revoked with it (else the `eris_refresh` cookie's).
    #[serde(default)]
    pub refresh_token: String,
    /// Sign out on every device: every session of the user ends, not only this one.
    #[serde(default)]
    pub everywhere: bool,
}

/// Signs out: every access token of the user so far is refused, and the session's refresh token
/// (with `everywhere`, every refresh token of the user). The `eris_refresh` cookie is removed.
#[utoipa::path(post, path = "/user/logout", tag = "users", request_body(content = Option<LogoutRequest>),
    responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn logout(ctx: CallContext, headers: HeaderMap, body: axum::body::Bytes) -> ApiResult<Response> {
    let body: LogoutRequest = optional_body(&body)?;
    let refresh_token =
        if body.refresh_token.is_empty() { refresh_cookie(&headers).unwrap_or_default() } else { body.refresh_token };
    let mut client = auth(&ctx);
    let request = SignOutRequest { refresh_token, everywhere: body.everywhere };
    let signed_out = client.sign_out(ctx.request(request)).await.answer("identity");
    // The cookie goes whatever identity answered: a cookie that no longer signs in is no use.
    let mut answer = match signed_out {
        Ok(_) => StatusCode::NO_CONTENT.into_response(),
        Err(error) => error.into_response(),
    };
    answer.headers_mut().insert(header::SET_COOKIE, refresh_set_cookie("", 0));
    Ok(answer)
}

async fn list_users(ctx: &CallContext, active_only: bool) -> ApiResult<Vec<UserJson>> {
    let users = all_pages(|page_token| async move {
        let request = ctx.request(ListUsersRequest { page_size: 1000, page_token, active_only });
        let page = users(ctx).list_users(request).await.answer("identity")?;
        Ok((page.users, page.next_page_token))
    });
    Ok(users.await?.into_iter().map(UserJson::from).collect())
}

/// Every user, by name.
#[utoipa::path(get, path = "/user/getAllUsers", tag = "users", responses((status = 200, body = [UserJson])))]
pub async fn get_all_users(ctx: CallContext) -> ApiResult<Json<Vec<UserJson>>> {
    Ok(Json(list_users(&ctx, false).await?))
}

/// Active users, by name.
#[utoipa::path(get, path = "/user/getActiveUsers", tag = "users", responses((status = 200, body = [UserJson])))]
pub async fn get_active_users(ctx: CallContext) -> ApiResult<Json<Vec<UserJson>>> {
    Ok(Json(list_users(&ctx, true).await?))
}

/// `POST /api/user/validatePassword/`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ValidatePasswordBody {
    pub pw: String,
}

/// Whether the password matched.
#[derive(Debug, Serialize, ToSchema)]
pub struct MatchedResponse {
    pub matched: bool,
}

/// Tells whether a password is the caller's current one.
#[utoipa::path(post, path = "/user/validatePassword/", tag = "users",
    responses((status = 200, body = MatchedResponse), (status = 429, body = ErrorBody)))]
pub async fn validate_password(
    ctx: CallContext,
    Json(body): Json<ValidatePasswordBody>,
) -> ApiResult<Json<MatchedResponse>> {
    let mut client = auth(&ctx);
    let request = ctx.request(ValidatePasswordRequest { password: body.pw });
    let response = client.validate_password(request).await.answer("identity")?;
    Ok(Json(MatchedResponse { matched: response.matched }))
}

/// `POST /api/user/changePassword`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChangePasswordBody {
    pub old_pass: String,
    pub new_pass: String,
}

/// Changes the caller's password; answers with a fresh token (the old one is revoked).
#[utoipa::path(post, path = "/user/changePassword", tag = "users",
    responses((status = 200, body = LoginResponse), (status = 429, body = ErrorBody)))]
pub async fn change_password(
    ctx: CallContext,
    headers: HeaderMap,
    Json(body): Json<ChangePasswordBody>,
) -> ApiResult<Response> {
    let mut client = auth(&ctx);
    let response = client
        .change_password(
            ctx.request(ChangePasswordRequest { current_password: body.old_pass, new_password: body.new_pass }),
        )
        .await
        .answer("identity")?;
    login_response!(response, cookie_session(&headers))
}

/// User fields as legacy clients send them; absent fields are left as they are.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", deny_unknown_fields)]
pub struct UserFields {
    pub name: Option<String>,
    pub email: Option<String>,
    pub job: Option<String>,
    /// Management, Admin, Sales or Customer Care.
    pub role: Option<String>,
    /// Active or Inactive (edits only).
    pub status: Option<String>,
    /// The version read; without it the user is taken as read now (the fields that differ are written).
    pub version: Option<i64>,
}

/// The spec writes these bodies as `{user}`; plain fields are accepted too.
fn user_fields(body: Value) -> ApiResult<UserFields> {
    let fields = match body {
        Value::Object(mut map) if map.get("user").is_some_and(Value::is_object) => {
            map.remove("user").unwrap_or_default()
        }
        other => other,
    };
    serde_json::from_value(fields)
        .map_err(|error| ApiError::bad_request(format!("The user fields are not valid: {error}")))
}

fn role_from_text(text: &str) -> ApiResult<Role> {
    parse_role(text).ok_or_else(|| ApiError::bad_request("Role must be Admin, Sales, Management or Customer Care."))
}

fn status_from_text(text: &str) -> ApiResult<UserStatus> {
    match text {
        "Active" => Ok(UserStatus::Active),
        "Inactive" => Ok(UserStatus::Inactive),
        _ => Err(ApiError::bad_request("Status must be Active or Inactive.")),
    }
}

/// The created user and its id.
#[derive(Debug, Serialize, ToSchema)]
pub struct NewUserResponse {
    #[serde(rename = "insertId")]
    pub insert_id: i64,
    pub user: UserJson,
    /// Hand to the user privately: shown once, works for one sign-in.
    pub one_time_password: String,
    /// When the one-time password stops working (RFC 3339).
    pub one_time_password_expires_at: String,
}

/// A reset user and the one-time password to hand over.
#[derive(Debug, Serialize, ToSchema)]
pub struct ResetPasswordResponse {
    pub user: UserJson,
    /// Hand to the user privately: shown once, works for one sign-in.
    pub one_time_password: String,
    /// When the one-time password stops working (RFC 3339).
    pub one_time_password_expires_at: String,
}

/// Adds a user (Management only) with a one-time password; the user must change it at the first
/// sign-in.
#[utoipa::path(post, path = "/newUser", tag = "users", request_body = UserFields,
    responses((status = 201, body = NewUserResponse)))]
pub async fn new_user(ctx: CallContext, Json(body): Json<Value>) -> ApiResult<(StatusCode, Json<NewUserResponse>)> {
    let fields = user_fields(body)?;
    let user = pb::User {
        name: fields.name.unwrap_or_default(),
        email: fields.email.unwrap_or_default(),
        job: fields.job.unwrap_or_default(),
        role: fields.role.as_deref().map(role_from_text).transpose()?.unwrap_or_default().into(),
        ..Default::default()
    };
    let mut client = users(&ctx);
    let response = client.create_user(ctx.request(CreateUserRequest { user: Some(user) })).await.answer("identity")?;
    let created = response.user.ok_or_else(missing)?;
    Ok((
        StatusCode::CREATED,
        Json(NewUserResponse {
            insert_id: created.user_id,
            user: created.into(),
            one_time_password: response.one_time_password,
            one_time_password_expires_at: rfc3339(response.one_time_password_expire_time).unwrap_or_default(),
        }),
    ))
}

/// Edits a user (Management only): the fields present in the body.
#[utoipa::path(patch, path = "/user/{UserId}", tag = "users", request_body = UserFields,
    responses((status = 200, body = UserJson)))]
pub async fn update_user(
    ctx: CallContext,
    Path(user_id): Path<i64>,
    Json(body): Json<Value>,
) -> ApiResult<Json<UserJson>> {
    let fields = user_fields(body)?;
    let mut client = users(&ctx);
    // Without a version the service takes the user as read now: fields that differ are written.
    let mut user = pb::User { user_id, version: fields.version.unwrap_or(0), ..Default::default() };
    let mut paths = Vec::new();
    set(&mut paths, "name", fields.name, &mut user.name);
    set(&mut paths, "email", fields.email, &mut user.email);
    set(&mut paths, "job", fields.job, &mut user.job);
    if let Some(role) = fields.role.as_deref() {
        user.role = role_from_text(role)?.into();
        paths.push("role");
    }
    if let Some(status) = fields.status.as_deref() {
        user.status = status_from_text(status)?.into();
        paths.push("status");
    }
    if paths.is_empty() {
        return Err(ApiError::bad_request("Nothing to change."));
    }
    let update_mask = prost_types::FieldMask { paths: paths.into_iter().map(str::to_owned).collect() };
    let request = ctx.request(UpdateUserRequest { user: Some(user), update_mask: Some(update_mask) });
    let updated = client.update_user(request).await.answer("identity")?.user.ok_or_else(missing)?;
    Ok(Json(updated.into()))
}

/// `POST /api/resetUserPassword`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResetPasswordBody {
    pub user_id: i64,
}

/// Gives the user a one-time password, ends their sessions and forces a change at the next
/// sign-in (Management only).
#[utoipa::path(post, path = "/resetUserPassword", tag = "users",
    responses((status = 200, body = ResetPasswordResponse)))]
pub async fn reset_user_password(
    ctx: CallContext,
    Json(body): Json<ResetPasswordBody>,
) -> ApiResult<Json<ResetPasswordResponse>> {
    let mut client = users(&ctx);
    let request = ctx.request(ResetUserPasswordRequest { user_id: body.user_id });
    let response = client.reset_user_password(request).await.answer("identity")?;
    let user = response.user.ok_or_else(missing)?;
    Ok(Json(ResetPasswordResponse {
        user: user.into(),
        one_time_password: response.one_time_password,
        one_time_password_expires_at: rfc3339(response.one_time_password_expire_time).unwrap_or_default(),
    }))
}
