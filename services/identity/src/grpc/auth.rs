use std::sync::Arc;

use eris_platform::auth::{Caller, caller};
use eris_proto::identity::v1::{
    ChangePasswordRequest, ChangePasswordResponse, GetCurrentUserRequest, GetCurrentUserResponse, GetSigningKeyRequest,
    GetSigningKeyResponse, SignInRequest, SignInResponse, SignOutRequest, SignOutResponse, ValidatePasswordRequest,
    ValidatePasswordResponse, auth_service_server::AuthService,
};
use tonic::{Request, Response, Status};

use super::timestamp;
use crate::{
    State, db,
    db::users::UserRow,
    error::{Error, MIN_PASSWORD_LENGTH, Result},
    keys::{IssuedToken, Subject},
    password,
};

pub(crate) struct AuthApi(pub(crate) Arc<State>);

/// The address a sign-in comes from: the one the gateway saw, else the peer's.
fn client_address<T>(request: &Request<T>) -> Option<String> {
    request
        .metadata()
        .get("x-forwarded-for")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(',').next())
        .map(|value| value.trim().to_owned())
        .filter(|value| !value.is_empty())
        .or_else(|| request.remote_addr().map(|address| address.ip().to_string()))
}

impl State {
    fn issue(&self, user: &UserRow) -> Result<IssuedToken> {
        let role = eris_platform::auth::parse_role(&user.fields.role).unwrap_or_default();
        let subject = Subject {
            user_id: user.user_id,
            name: &user.fields.name,
            role,
            force_password_reset: user.force_password_reset,
        };
        Ok(self.keys.issue(&subject, self.token_ttl.as_secs() as i64).map_err(eris_platform::Error::Internal)?)
    }

    async fn sign_in(
        &self,
        username: &str,
        password_given: String,
        address: Option<&str>,
    ) -> Result<(UserRow, IssuedToken)> {
        let email = username.trim().to_lowercase();
        if email.is_empty() || password_given.is_empty() {
            return Err(Error::BadCredentials);
        }
        self.throttle.check(&email, address).await?;
        let credentials = db::users::select_credentials_by_email(&self.pool, &email).await?;
        let active = credentials.as_ref().is_some_and(|c| c.user.fields.status == "Active");
        let hash = credentials.as_ref().map(|c| c.password_hash.clone());
        let matched = password::verify(password_given, hash).await.map_err(eris_platform::Error::Internal)?;
        let Some(credentials) = credentials.filter(|_| matched && active) else {
            self.throttle.record_failure(&email, address).await?;
            tracing::info!(reason = if matched { "inactive" } else { "credentials" }, "sign-in refused");
            return Err(Error::BadCredentials);
        };
        self.throttle.clear_account(&email).await?;
        let token = self.issue(&credentials.user)?;
        tracing::info!(user_id = credentials.user.user_id, "signed in");
        Ok((credentials.user, token))
    }

    async fn change_password(&self, caller: &Caller, current: String, new: String) -> Result<(UserRow, IssuedToken)> {
        let credentials = db::users::select_credentials_by_id(&self.pool, caller.user_id)
            .await?
            .ok_or_else(|| eris_platform::Error::Unauthenticated(eris_platform::auth::SIGNED_OUT.into()))?;
        let matched = password::verify(current.clone(), Some(credentials.password_hash))
            .await
            .map_err(eris_platform::Error::Internal)?;
        if !matched {
            return Err(Error::WrongCurrentPassword);
        }
        if new == current {
            return Err(Error::SamePassword);
        }
        if new.chars().count() < MIN_PASSWORD_LENGTH {
            return Err(Error::PasswordTooShort);
        }
        let hash = password::hash(new).await.map_err(eris_platform::Error::Internal)?;
        let user = db::users::update_password(&self.pool, caller.user_id, &hash, false, caller.user_id)
            .await?
            .ok_or_else(|| eris_platform::Error::not_found("User"))?;
        // Every other session of the user ends with the old password; this one gets a fresh token.
        self.revocations.revoke_token(&caller.token_id, caller.expires_at).await?;
        self.revocations.revoke_user_tokens_before_now(user.user_id, self.token_ttl).await?;
        let token = self.issue(&user)?;
        tracing::info!(user_id = user.user_id, "changed password");
        Ok((user, token))
    }
}

#[tonic::async_trait]
impl AuthService for AuthApi {
    #[tracing::instrument(skip_all)]
    async fn sign_in(&self, request: Request<SignInRequest>) -> Result<Response<SignInResponse>, Status> {
        let address = client_address(&request);
        let SignInRequest { username, password } = request.into_inner();
        let (user, token) = self.0.sign_in(&username, password, address.as_deref()).await?;
        Ok(Response::new(SignInResponse {
            user: Some(user.into()),
            token: token.token,
            expire_time: Some(timestamp(token.expires_at)),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn sign_out(&self, request: Request<SignOutRequest>) -> Result<Response<SignOutResponse>, Status> {
        let caller = caller(&request)?;
        self.0.revocations.revoke_token(&caller.token_id, caller.expires_at).await?;
        Ok(Response::new(SignOutResponse {}))
    }

    #[tracing::instrument(skip_all)]
    async fn get_current_user(
        &self,
        request: Request<GetCurrentUserRequest>,
    ) -> Result<Response<GetCurrentUserResponse>, Status> {
        let caller = caller(&request)?;
        let user = db::users::select_user(&self.0.pool, caller.user_id)
            .await
            .map_err(eris_platform::Error::from)?
            .ok_or_else(|| Status::unauthenticated(eris_platform::auth::SIGNED_OUT))?;
        // Features are configuration, not code: which users try the Contracts (BETA) tab.
        let features = if self.0.contracts_beta_user_ids.contains(&user.user_id) {
            vec!["contracts_beta".to_owned()]
        } else {
            Vec::new()
        };
        Ok(Response::new(GetCurrentUserResponse {
            user: Some(user.into()),
            features,
            business_time_zone: self.0.business_time_zone.name().to_owned(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn validate_password(
        &self,
        request: Request<ValidatePasswordRequest>,
    ) -> Result<Response<ValidatePasswordResponse>, Status> {
        let user_id = caller(&request)?.user_id;
        let credentials =
            db::users::select_credentials_by_id(&self.0.pool, user_id).await.map_err(eris_platform::Error::from)?;
        let hash = credentials.map(|c| c.password_hash);
        let matched =
            password::verify(request.into_inner().password, hash).await.map_err(eris_platform::Error::Internal)?;
        Ok(Response::new(ValidatePasswordResponse { matched }))
    }

    #[tracing::instrument(skip_all)]
    async fn change_password(
        &self,
        request: Request<ChangePasswordRequest>,
    ) -> Result<Response<ChangePasswordResponse>, Status> {
        let caller = caller(&request)?.clone();
        let ChangePasswordRequest { current_password, new_password } = request.into_inner();
        let (user, token) = self.0.change_password(&caller, current_password, new_password).await?;
        Ok(Response::new(ChangePasswordResponse {
            user: Some(user.into()),
            token: token.token,
            expire_time: Some(timestamp(token.expires_at)),
        }))
    }

    async fn get_signing_key(
        &self,
        _request: Request<GetSigningKeyRequest>,
    ) -> Result<Response<GetSigningKeyResponse>, Status> {
        Ok(Response::new(GetSigningKeyResponse {
            algorithm: "EdDSA".into(),
            public_key_pem: self.0.keys.public_key_pem().to_owned(),
        }))
    }
}
