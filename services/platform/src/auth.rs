//! Tokens: the claims identity signs, their verification in every service (signature, expiry
//! and the Redis deny-list), the tower layer that puts the caller in each request, and role
//! checks.

use std::{
    sync::Arc,
    task::{Context, Poll},
    time::Duration,
};

use eris_proto::identity::v1::{GetSigningKeyRequest, Role, auth_service_client::AuthServiceClient};
use futures::future::BoxFuture;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use redis::AsyncCommands;
use serde::{Deserialize, Serialize};
use tonic::Status;
use tower::{Layer, Service};

use crate::{Error, Result, config::TokenArgs, kv::Kv};

/// Who signs the tokens.
pub const ISSUER: &str = "eris";

/// Calls every service answers without a token: health checks and reflection.
pub const ALWAYS_PUBLIC: &[&str] =
    &["/grpc.health.v1.Health/", "/grpc.reflection.v1.ServerReflection/", "/grpc.reflection.v1alpha.ServerReflection/"];

/// Calls a user with a forced password reset may still make.
pub const ALLOWED_DURING_RESET: &[&str] = &[
    "/eris.identity.v1.AuthService/ChangePassword",
    "/eris.identity.v1.AuthService/ValidatePassword",
    "/eris.identity.v1.AuthService/SignOut",
    "/eris.identity.v1.AuthService/GetCurrentUser",
];

/// The message for a missing, malformed, expired or revoked token.
pub const SIGNED_OUT: &str = "Your session has ended. Please sign in again.";

/// The message for any call but a password change while a reset is forced.
pub const RESET_REQUIRED: &str = "You must change your password before continuing.";

/// What a token says about its holder.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    /// The user id, as a string (JWT convention).
    pub sub: String,
    /// The user's full name.
    pub name: String,
    /// The role's display name: Management, Admin, Sales or Customer Care.
    pub role: String,
    /// The user must change the password before doing anything else.
    pub pwd_reset: bool,
    /// Unique token id, the key of the deny-list.
    pub jti: String,
    pub iss: String,
    pub iat: i64,
    /// When the token was issued, in milliseconds: revocation cuts need finer than `iat`.
    #[serde(default)]
    pub iat_ms: i64,
    pub exp: i64,
}

impl Claims {
    fn issued_at_ms(&self) -> i64 {
        if self.iat_ms > 0 { self.iat_ms } else { self.iat * 1000 }
    }
}

/// The verified caller of a request, found in its extensions.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: i64,
    pub name: String,
    pub role: Role,
    pub force_password_reset: bool,
    pub token_id: String,
    pub issued_at: i64,
    pub expires_at: i64,
}

impl Caller {
    /// Refuses the call unless the caller holds one of the roles.
    pub fn require_role(&self, allowed: &[Role]) -> Result<()> {
        if allowed.contains(&self.role) { Ok(()) } else { Err(Error::forbidden()) }
    }

    /// Whether the caller is Management.
    pub fn is_management(&self) -> bool {
        self.role == Role::Management
    }
}

/// The caller a request was authorized for.
pub fn caller<T>(request: &tonic::Request<T>) -> Result<&Caller> {
    request.extensions().get::<Caller>().ok_or_else(|| Error::Unauthenticated(SIGNED_OUT.into()))
}

/// The role's display name, as the spec writes it.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Management => "Management",
        Role::Admin => "Admin",
        Role::Sales => "Sales",
        Role::CustomerCare => "Customer Care",
        Role::Unspecified => "",
    }
}

/// A role from its display name.
pub fn parse_role(name: &str) -> Option<Role> {
    match name {
        "Management" => Some(Role::Management),
        "Admin" => Some(Role::Admin),
        "Sales" => Some(Role::Sales),
        "Customer Care" => Some(Role::CustomerCare),
        _ => None,
    }
}

/// The bare token of an authorization header value, with or without a `Bearer ` prefix.
pub fn bearer_token(header: &str) -> Option<&str> {
    let token = header.strip_prefix("Bearer ").or_else(|| header.strip_prefix("bearer ")).unwrap_or(header).trim();
    (!token.is_empty()).then_some(token)
}

/// Revoked tokens and users whose older tokens are void, kept in Redis until the tokens expire.
#[derive(Clone)]
pub struct Revocations {
    kv: Kv,
}

impl Revocations {
    pub fn new(kv: Kv) -> Self {
        Self { kv }
    }

    fn token_key(&self, token_id: &str) -> String {
        self.kv.key(&format!("revoked:token:{token_id}"))
    }

    fn user_key(&self, user_id: i64) -> String {
        self.kv.key(&format!("revoked:user:{user_id}"))
    }

    /// Refuses one token from now until it would have expired anyway.
    pub async fn revoke_token(&self, token_id: &str, expires_at: i64) -> Result<()> {
        let ttl = (expires_at - chrono_now()).max(1) as u64;
        let mut conn = self.kv.conn.clone();
        let _: () = conn.set_ex(self.token_key(token_id), 1, ttl).await?;
        Ok(())
    }

    /// Refuses every token of the user issued before now (sign-out everywhere).
    pub async fn revoke_user_tokens_before_now(&self, user_id: i64, max_token_ttl: Duration) -> Result<()> {
        let mut conn = self.kv.conn.clone();
        let _: () = conn.set_ex(self.user_key(user_id), now_ms(), max_token_ttl.as_secs().max(1)).await?;
        Ok(())
    }

    /// Whether the token was revoked, in one round trip.
    async fn is_revoked(&self, claims: &Claims, user_id: i64) -> Result<bool> {
        let mut conn = self.kv.conn.clone();
        let (token, user_cut): (Option<i64>, Option<i64>) =
            redis::pipe().get(self.token_key(&claims.jti)).get(self.user_key(user_id)).query_async(&mut conn).await?;
        Ok(token.is_some() || user_cut.is_some_and(|cut| claims.issued_at_ms() < cut))
    }
}

fn chrono_now() -> i64 {
    now_ms() / 1000
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// Checks tokens: signature with identity's public key, issuer, expiry and revocation.
///
/// A token's signature and claims never change, so their check is remembered (the same token
/// comes with every call of a session); revocation is asked every time.
pub struct TokenVerifier {
    key: DecodingKey,
    validation: Validation,
    revocations: Revocations,
    checked: std::sync::RwLock<std::collections::HashMap<String, Arc<Claims>>>,
}

/// Most remembered signature checks; the memory is emptied when full.
const MAX_CHECKED: usize = 10_000;

impl TokenVerifier {
    /// A verifier for tokens signed by the private half of this Ed25519 public key (PEM).
    pub fn from_public_pem(pem: &str, revocations: Revocations) -> anyhow::Result<Self> {
        let key = DecodingKey::from_ed_pem(pem.as_bytes())?;
        let mut validation = Validation::new(Algorithm::EdDSA);
        validation.set_issuer(&[ISSUER]);
        validation.set_required_spec_claims(&["exp", "iss", "sub"]);
        validation.leeway = 30;
        Ok(Self { key, validation, revocations, checked: Default::default() })
    }

    /// The configured key, or the one identity publishes (retried while identity starts).
    pub async fn from_config(args: &TokenArgs, revocations: Revocations) -> anyhow::Result<Self> {
        let pem = match &args.jwt_public_key {
            Some(pem) => pem.clone(),
            None => fetch_public_key(&args.identity_url, Duration::from_secs(60)).await?,
        };
        Self::from_public_pem(&pem, revocations)
    }

    /// The caller a token stands for, or why it is refused: signature, issuer, expiry and
    /// revocation.
    pub async fn verify(&self, token: &str) -> Result<Caller> {
        let caller = self.verify_signature(token)?;
        let claims = self.signed_claims(token).ok_or_else(|| Error::Unauthenticated(SIGNED_OUT.into()))?;
        if self.revocations.is_revoked(&claims, caller.user_id).await? {
            return Err(Error::Unauthenticated(SIGNED_OUT.into()));
        }
        Ok(caller)
    }

    /// The caller a token stands for if its signature, issuer and expiry hold, without asking
    /// whether it was revoked: for a front (the gateway) whose every action goes through a
    /// service call, where the service asks.
    pub fn verify_signature(&self, token: &str) -> Result<Caller> {
        let signed_out = || Error::Unauthenticated(SIGNED_OUT.into());
        let claims = self.signed_claims(token).ok_or_else(signed_out)?;
        let claims = Claims::clone(&claims);
        let user_id: i64 = claims.sub.parse().map_err(|_| signed_out())?;
        let role = parse_role(&claims.role).ok_or_else(signed_out)?;
        Ok(Caller {
            user_id,
            name: claims.name,
            role,
            force_password_reset: claims.pwd_reset,
            token_id: claims.jti,
            issued_at: claims.iat,
            expires_at: claims.exp,
        })
    }

    /// The claims of a token whose signature, issuer and expiry hold; remembered until it expires.
    fn signed_claims(&self, token: &str) -> Option<Arc<Claims>> {
        let now = now_ms() / 1000;
        let unexpired = |claims: &Claims| claims.exp + (self.validation.leeway as i64) >= now;
        let remembered = self.checked.read().unwrap_or_else(|p| p.into_inner()).get(token).cloned();
        if let Some(claims) = remembered {
            return unexpired(&claims).then_some(claims);
        }
        let claims = Arc::new(jsonwebtoken::decode::<Claims>(token, &self.key, &self.validation).ok()?.claims);
        let mut checked = self.checked.write().unwrap_or_else(|p| p.into_inner());
        if checked.len() >= MAX_CHECKED {
            checked.clear();
        }
        checked.insert(token.to_owned(), claims.clone());
        Some(claims)
    }

    /// The deny-list this verifier consults.
    pub fn revocations(&self) -> &Revocations {
        &self.revocations
    }
}

/// Asks identity for its public key, retrying until `patience` runs out.
pub async fn fetch_public_key(identity_url: &str, patience: Duration) -> anyhow::Result<String> {
    let deadline = tokio::time::Instant::now() + patience;
    loop {
        let attempt = async {
            let channel = tonic::transport::Endpoint::from_shared(identity_url.to_owned())?
                .connect_timeout(Duration::from_secs(1))
                .connect()
                .await?;
            let response = AuthServiceClient::new(channel).get_signing_key(GetSigningKeyRequest {}).await?;
            anyhow::Ok(response.into_inner().public_key_pem)
        };
        match attempt.await {
            Ok(pem) => return Ok(pem),
            Err(error) if tokio::time::Instant::now() < deadline => {
                tracing::info!(%error, identity_url, "waiting for the identity service's signing key");
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            Err(error) => return Err(error.context(format!("fetching the signing key from {identity_url}"))),
        }
    }
}

/// Tower layer for a gRPC server: verifies the token of every call but the public ones, refuses
/// everything but a password change during a forced reset, and puts the [`Caller`] in the
/// request's extensions.
#[derive(Clone)]
pub struct AuthLayer {
    policy: Arc<Policy>,
}

struct Policy {
    verifier: Arc<TokenVerifier>,
    public: Vec<&'static str>,
}

impl AuthLayer {
    /// `public` lists the full method paths (or path prefixes) that need no token.
    pub fn new(verifier: Arc<TokenVerifier>, public: &[&'static str]) -> Self {
        let public = ALWAYS_PUBLIC.iter().chain(public).copied().collect();
        Self { policy: Arc::new(Policy { verifier, public }) }
    }
}

impl Policy {
    async fn authorize(&self, path: &str, headers: &http::HeaderMap) -> Result<Option<Caller>, Status> {
        if self.public.iter().any(|public| path.starts_with(public)) {
            return Ok(None);
        }
        let token = headers
            .get(http::header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(bearer_token)
            .ok_or_else(|| Status::unauthenticated(SIGNED_OUT))?;
        let caller = self.verifier.verify(token).await?;
        if caller.force_password_reset && !ALLOWED_DURING_RESET.contains(&path) {
            return Err(Status::failed_precondition(RESET_REQUIRED));
        }
        Ok(Some(caller))
    }
}

impl<S> Layer<S> for AuthLayer {
    type Service = AuthService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        AuthService { inner, policy: self.policy.clone() }
    }
}

/// The service [`AuthLayer`] wraps around a gRPC server.
#[derive(Clone)]
pub struct AuthService<S> {
    inner: S,
    policy: Arc<Policy>,
}

impl<S, B> Service<http::Request<B>> for AuthService<S>
where
    S: Service<http::Request<B>, Response = http::Response<tonic::body::Body>> + Clone + Send + 'static,
    S::Future: Send,
    B: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = BoxFuture<'static, Result<Self::Response, Self::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<B>) -> Self::Future {
        // The ready inner service goes with this call; a fresh clone waits for the next one.
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        let policy = self.policy.clone();
        Box::pin(async move {
            match policy.authorize(request.uri().path(), request.headers()).await {
                Ok(Some(caller)) => {
                    request.extensions_mut().insert(caller);
                }
                Ok(None) => {}
                Err(status) => return Ok(status.into_http()),
            }
            inner.call(request).await
        })
    }
}
