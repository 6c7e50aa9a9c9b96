use std::sync::Arc;

use eris_platform::auth::caller;
use eris_proto::identity::v1::{
    ChangePasswordRequest, ChangePasswordResponse, GetCurrentUserRequest, GetCurrentUserResponse, GetSigningKeyRequest,
    GetSigningKeyResponse, GetTokenGenerationRequest, GetTokenGenerationResponse, RefreshTokenRequest,
    RefreshTokenResponse, SignInRequest, SignInResponse, SignOutRequest, SignOutResponse, ValidatePasswordRequest,
    ValidatePasswordResponse, auth_service_server::AuthService,
};
use tonic::{Request, Response, Status};

use super::{timestamp, timestamp_of};
use crate::{State, address::client_address, db};

pub(crate) struct AuthApi(pub(crate) Arc<State>);

/// The answer of a call that opens a session: SignIn, RefreshToken and ChangePassword answer
/// the same fields.
macro_rules! session_answer {
    ($message:ident, $session:expr) => {{
        let session = $session;
        $message {
            user: Some(session.user.into()),
            token: session.access.token,
            expire_time: Some(timestamp(session.access.expires_at)),
            refresh_token: session.refresh.token,
            refresh_expire_time: Some(timestamp_of(session.refresh.expires_at)),
        }
    }};
}

impl AuthApi {
    fn address<T>(&self, request: &Request<T>) -> Option<String> {
        client_address(request, &self.0.trusted_proxies)
    }
}

#[tonic::async_trait]
impl AuthService for AuthApi {
    #[tracing::instrument(skip_all)]
    async fn sign_in(&self, request: Request<SignInRequest>) -> Result<Response<SignInResponse>, Status> {
        let address = self.address(&request);
        let SignInRequest { username, password } = request.into_inner();
        let session = self.0.sign_in(&username, password, address.as_deref()).await?;
        Ok(Response::new(session_answer!(SignInResponse, session)))
    }

    #[tracing::instrument(skip_all)]
    async fn refresh_token(
        &self,
        request: Request<RefreshTokenRequest>,
    ) -> Result<Response<RefreshTokenResponse>, Status> {
        let session = self.0.refresh(&request.get_ref().refresh_token).await?;
        Ok(Response::new(session_answer!(RefreshTokenResponse, session)))
    }

    #[tracing::instrument(skip_all)]
    async fn sign_out(&self, request: Request<SignOutRequest>) -> Result<Response<SignOutResponse>, Status> {
        let access = request
            .metadata()
            .get("authorization")
            .and_then(|value| value.to_str().ok())
            .and_then(eris_platform::auth::bearer_token)
            .map(str::to_owned);
        let message = request.get_ref();
        self.0.sign_out(access.as_deref(), &message.refresh_token, message.everywhere).await?;
        Ok(Response::new(SignOutResponse {}))
    }

    #[tracing::instrument(skip_all)]
    async fn get_token_generation(
        &self,
        request: Request<GetTokenGenerationRequest>,
    ) -> Result<Response<GetTokenGenerationResponse>, Status> {
        let user_id = caller(&request)?.user_id;
        let token_generation = self.0.token_generation(user_id).await?;
        Ok(Response::new(GetTokenGenerationResponse { user_id, token_generation }))
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
        let address = self.address(&request);
        let caller = caller(&request)?.clone();
        let password = request.into_inner().password;
        let matched = self.0.validate_password(&caller, password, address.as_deref()).await?;
        Ok(Response::new(ValidatePasswordResponse { matched }))
    }

    #[tracing::instrument(skip_all)]
    async fn change_password(
        &self,
        request: Request<ChangePasswordRequest>,
    ) -> Result<Response<ChangePasswordResponse>, Status> {
        let address = self.address(&request);
        let caller = caller(&request)?.clone();
        let ChangePasswordRequest { current_password, new_password } = request.into_inner();
        let session = self.0.change_password(&caller, current_password, new_password, address.as_deref()).await?;
        Ok(Response::new(session_answer!(ChangePasswordResponse, session)))
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
