//! Tokens: the claims identity signs, their verification in every service (signature, expiry
//! and the user's token generation), the tower layer that puts the caller in each request, and
//! role checks.

use std::{
    sync::Arc,
    task::{Context, Poll},
    time::Duration,
};

use eris_proto::identity::v1::{
    GetSigningKeyRequest, GetTokenGenerationRequest, Role, auth_service_client::AuthServiceClient,
};
use futures::future::BoxFuture;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use redis::AsyncCommands;
use serde::{Deserialize, Serialize};
use tonic::Status;
use tower::{Layer, Service};

use crate::{
    Error, Result,
    config::{Secret, TokenArgs},
    kv::Kv,
};

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
    "/eris.identity.v1.AuthService/GetTokenGeneration",
];

/// The header by which the gateway proves to identity that it is the proxy whose
/// `x-forwarded-for` names the client (the shared `ERIS_PROXY_SECRET`).
pub const PROXY_SECRET_HEADER: &str = "x-eris-proxy-secret";

/// The header by which a call says it comes from the Contracts (BETA) screens (the gateway sets it
/// on every `/api/beta/*` call): the contracts service then refuses it unless the caller is one of
/// the configured beta users. A client that sets it only narrows its own rights.
pub const BETA_SCREEN_HEADER: &str = "x-eris-beta-screen";

/// The header by which one Eris service proves itself to another on a service-only call (the
/// shared `ERIS_SERVICE_SECRET`). The gateway strips it from every request it forwards.
pub const SERVICE_SECRET_HEADER: &str = "x-eris-service-secret";

/// Calls only other services may make: they need no user token but the service secret, and a
/// user token alone never opens them.
pub const SERVICE_ONLY: &[&str] = &["/eris.events.v1.SnapshotService/"];

/// The message for a service-only call without the right service secret.
pub const SERVICES_ONLY: &str = "This call is only for Eris services.";

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
    /// Unique token id.
    pub jti: String,
    /// The user's token generation when the token was issued: sign-out, a password change, a
    /// role change and deactivation raise it, and older tokens are refused.
    #[serde(rename = "gen", default)]
    pub generation: i64,
    pub iss: String,
    pub iat: i64,
    pub exp: i64,
}

/// A request to a service-only call of another service, carrying the service secret.
pub fn service_request<T>(secret: &Secret, message: T) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    match secret.expose().parse() {
        Ok(value) => {
            request.metadata_mut().insert(SERVICE_SECRET_HEADER, value);
        }
        Err(_) => tracing::warn!("the service secret is not a valid header value; the call will be refused"),
    }
    request
}

/// Whether two byte strings are equal, in time that does not depend on where they differ.
pub fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}

/// The verified caller of a request, found in its extensions.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: i64,
    pub name: String,
    pub role: Role,
    pub force_password_reset: bool,
    pub token_id: String,
    /// The token's generation; see [`Claims::generation`].
    pub generation: i64,
    pub issued_at: i64,
    /// The token itself, for calls the service makes on the caller's behalf.
    pub token: Arc<str>,
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

impl Caller {
    /// A request to another service on the caller's behalf, carrying the caller's token.
    pub fn request<T>(&self, message: T) -> tonic::Request<T> {
        let mut request = tonic::Request::new(message);
        if let Ok(bearer) = format!("Bearer {}", self.token).parse() {
            request.metadata_mut().insert("authorization", bearer);
        }
        request
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

/// Where a user's token generation is kept for good (identity's schema), asked when the
/// cache has lost it. `token` is the one being checked: identity refuses to answer for a token no
/// longer valid, which refuses it here too.
pub trait GenerationSource: Send + Sync {
    fn current<'a>(&'a self, user_id: i64, token: &'a str) -> BoxFuture<'a, Result<i64>>;
}

/// Asks identity (`GetTokenGeneration`) with the token being checked.
pub struct IdentityGenerations {
    channel: crate::local::Channel,
}

impl IdentityGenerations {
    /// A lazily connected client of identity at `identity_url`.
    pub fn new(identity_url: &str) -> anyhow::Result<Self> {
        let endpoint =
            tonic::transport::Endpoint::from_shared(identity_url.to_owned())?.connect_timeout(Duration::from_secs(1));
        let channel = crate::local::channel(endpoint, Some(Duration::from_secs(2)));
        Ok(Self { channel })
    }

    /// The channel to identity, for the service's other calls there.
    pub fn channel(&self) -> crate::local::Channel {
        self.channel.clone()
    }
}

impl GenerationSource for IdentityGenerations {
    fn current<'a>(&'a self, user_id: i64, token: &'a str) -> BoxFuture<'a, Result<i64>> {
        Box::pin(async move {
            let mut request = tonic::Request::new(GetTokenGenerationRequest {});
            let bearer = format!("Bearer {token}").parse().map_err(|_| Error::Unauthenticated(SIGNED_OUT.into()))?;
            request.metadata_mut().insert("authorization", bearer);
            let answer = AuthServiceClient::new(self.channel.clone()).get_token_generation(request).await;
            match answer {
                Ok(response) if response.get_ref().user_id == user_id => Ok(response.into_inner().token_generation),
                Ok(_) => Err(Error::Unauthenticated(SIGNED_OUT.into())),
                Err(status) if status.code() == tonic::Code::Unauthenticated => {
                    Err(Error::Unauthenticated(SIGNED_OUT.into()))
                }
                Err(status) => {
                    tracing::warn!(%status, "identity could not tell a token generation");
                    Err(Error::Unavailable(crate::error::UNAVAILABLE_MESSAGE.into()))
                }
            }
        })
    }
}

/// How long a generation asked of the source is trusted without Redis.
const LOCAL_TTL: Duration = Duration::from_secs(2);
/// How long a generation read from Redis is trusted in this process while raises are heard as
/// they happen (see [`Heard`]): the most a raise whose announcement was lost can go unnoticed.
const HEARD_TTL: Duration = Duration::from_secs(2);
/// How long Redis keeps a generation: bounds how long a write that failed while Redis was
/// unreachable (and so kept its data) can leave an older generation there.
const CACHED_TTL_SECONDS: u64 = 60;
/// How long the listener waits before subscribing again after losing Redis.
const RESUBSCRIBE_AFTER: Duration = Duration::from_secs(1);

/// Sets the key to the generation unless it holds a newer one, and announces it (`user:generation`
/// on the channel ARGV[3]) to every process: generations only grow, so a slow writer of an older
/// value never undoes a raise.
const RAISE_SCRIPT: &str = r"
local current = tonumber(redis.call('GET', KEYS[1]))
if current == nil or current < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
end
redis.call('PUBLISH', ARGV[3], ARGV[4] .. ':' .. ARGV[1])
return 1";

fn raise_script() -> &'static redis::Script {
    static SCRIPT: std::sync::LazyLock<redis::Script> = std::sync::LazyLock::new(|| redis::Script::new(RAISE_SCRIPT));
    &SCRIPT
}

/// Generations this process read lately, kept only while it hears every raise as it is announced
/// (subscribed to the channel [`Generations::remember`] announces on). Losing the subscription
/// (Redis restarted, the connection cut) forgets them all, and every check asks Redis again
/// until it has subscribed again.
#[derive(Default)]
struct Heard {
    state: std::sync::Mutex<HeardState>,
    /// The listener has been started.
    started: std::sync::atomic::AtomicBool,
}

#[derive(Default)]
struct HeardState {
    listening: bool,
    /// Changes each time the subscription is made or lost: a generation read from Redis before
    /// the change may be older than a raise announced meanwhile, so it is not kept.
    epoch: u64,
    generations: std::collections::HashMap<i64, (i64, std::time::Instant)>,
}

impl HeardState {
    /// Keeps `generation` as the user's, unless a newer one is kept already.
    fn raise(&mut self, user_id: i64, generation: i64) {
        if self.generations.len() >= MAX_CHECKED {
            self.generations.clear();
        }
        let entry = self.generations.entry(user_id).or_insert((generation, std::time::Instant::now()));
        if entry.0 <= generation {
            *entry = (generation, std::time::Instant::now());
        }
    }
}

impl Heard {
    fn state(&self) -> std::sync::MutexGuard<'_, HeardState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A generation read within `HEARD_TTL`, while listening.
    fn fresh(&self, user_id: i64) -> Option<i64> {
        let state = self.state();
        if !state.listening {
            return None;
        }
        state.generations.get(&user_id).filter(|(_, at)| at.elapsed() < HEARD_TTL).map(|(generation, _)| *generation)
    }

    /// The epoch to hand to `keep` with what Redis answers now; `None` while not listening.
    fn epoch(&self) -> Option<u64> {
        let state = self.state();
        state.listening.then_some(state.epoch)
    }

    /// Keeps a generation read from Redis at `epoch`, never lowering one heard meanwhile.
    fn keep(&self, epoch: u64, user_id: i64, generation: i64) {
        let mut state = self.state();
        if state.listening && state.epoch == epoch {
            state.raise(user_id, generation);
        }
    }

    /// An announced raise: an older generation kept here is void at once, and one read from Redis
    /// just before the raise and kept just after it cannot lower it again.
    fn raise(&self, user_id: i64, generation: i64) {
        let mut state = self.state();
        if state.listening {
            state.raise(user_id, generation);
        }
    }

    fn listening(&self, listening: bool) {
        let mut state = self.state();
        state.listening = listening;
        state.epoch += 1;
        state.generations.clear();
        ::metrics::gauge!("eris_token_generation_push_listening").set(if listening { 1.0 } else { 0.0 });
    }

    /// Hears raises on `channel` until every [`Generations`] of this process that shares it is gone.
    async fn listen(heard: std::sync::Weak<Heard>, kv: Kv, channel: String) {
        use futures::StreamExt;
        loop {
            match kv.subscribe(&channel).await {
                Ok(pubsub) => {
                    let Some(this) = heard.upgrade() else { return };
                    this.listening(true);
                    drop(this);
                    let mut messages = pubsub.into_on_message();
                    while let Some(message) = messages.next().await {
                        let Some(this) = heard.upgrade() else { return };
                        let payload: String = message.get_payload().unwrap_or_default();
                        if let Some((user, generation)) = payload.split_once(':')
                            && let (Ok(user), Ok(generation)) = (user.parse(), generation.parse())
                        {
                            this.raise(user, generation);
                        }
                    }
                    tracing::warn!("lost the announcements of token generations; checking each token with Redis");
                }
                Err(error) => tracing::debug!(%error, "cannot hear announcements of token generations"),
            }
            let Some(this) = heard.upgrade() else { return };
            this.listening(false);
            drop(this);
            tokio::time::sleep(RESUBSCRIBE_AFTER).await;
        }
    }
}

/// Users' token generations: a token is valid only while its generation is the user's current
/// one. PostgreSQL (identity's schema) holds them; Redis caches them for every service and
/// announces each raise; each process keeps what it read for a moment while it hears those
/// announcements, so most checks ask no one. When Redis has lost a generation or cannot be
/// reached, the source is asked and its answer kept briefly here.
#[derive(Clone)]
pub struct Generations {
    kv: Kv,
    source: Arc<dyn GenerationSource>,
    local: Arc<std::sync::Mutex<std::collections::HashMap<i64, (i64, std::time::Instant)>>>,
    heard: Arc<Heard>,
}

/// The [`Heard`] of every [`Generations`] in this process, by the channel each listens on: a raise
/// made here reaches the other services of the process before the call that made it answers (in
/// `eris-stack`, every service), as other processes hear it from Redis a moment later.
fn neighbours() -> &'static Neighbours {
    static NEIGHBOURS: std::sync::OnceLock<Neighbours> = std::sync::OnceLock::new();
    NEIGHBOURS.get_or_init(Default::default)
}

type Neighbours = std::sync::Mutex<std::collections::HashMap<String, Vec<std::sync::Weak<Heard>>>>;

impl Generations {
    pub fn new(kv: Kv, source: Arc<dyn GenerationSource>) -> Self {
        let generations = Self { kv, source, local: Default::default(), heard: Default::default() };
        let mut neighbours = neighbours().lock().unwrap_or_else(|p| p.into_inner());
        let same_channel = neighbours.entry(generations.channel()).or_default();
        same_channel.retain(|heard| heard.strong_count() > 0);
        same_channel.push(Arc::downgrade(&generations.heard));
        drop(neighbours);
        generations
    }

    fn key(&self, user_id: i64) -> String {
        self.kv.key(&format!("tokengen:{user_id}"))
    }

    fn channel(&self) -> String {
        self.kv.key("tokengen-raised")
    }

    /// The user's current generation.
    pub async fn current(&self, user_id: i64, token: &str) -> Result<i64> {
        if !self.heard.started.swap(true, std::sync::atomic::Ordering::Relaxed) {
            tokio::spawn(Heard::listen(Arc::downgrade(&self.heard), self.kv.clone(), self.channel()));
        }
        if let Some(generation) = self.heard.fresh(user_id) {
            return Ok(generation);
        }
        let epoch = self.heard.epoch();
        let key = self.key(user_id);
        let cached = self.kv.run(|mut conn| async move { conn.get::<_, Option<i64>>(&key).await }).await;
        match cached {
            Ok(Some(generation)) => {
                if let Some(epoch) = epoch {
                    self.heard.keep(epoch, user_id, generation);
                }
                return Ok(generation);
            }
            Ok(None) => {
                let generation = self.source.current(user_id, token).await?;
                self.remember(user_id, generation).await;
                return Ok(generation);
            }
            Err(error) => tracing::debug!(%error, "token generation cache unreachable"),
        }
        let fresh = {
            let local = self.local.lock().unwrap_or_else(|p| p.into_inner());
            local.get(&user_id).filter(|(_, at)| at.elapsed() < LOCAL_TTL).map(|(generation, _)| *generation)
        };
        if let Some(generation) = fresh {
            return Ok(generation);
        }
        let generation = self.source.current(user_id, token).await?;
        let mut local = self.local.lock().unwrap_or_else(|p| p.into_inner());
        if local.len() >= MAX_CHECKED {
            local.clear();
        }
        local.insert(user_id, (generation, std::time::Instant::now()));
        Ok(generation)
    }

    /// Whether this process hears raises as they are announced (and so keeps what it reads).
    pub fn hears_raises(&self) -> bool {
        self.heard.epoch().is_some()
    }

    /// Puts a generation in the cache (never lowering it) and announces it to every process;
    /// false when Redis could not be told.
    pub async fn remember(&self, user_id: i64, generation: i64) -> bool {
        let (key, channel) = (self.key(user_id), self.channel());
        let written = self
            .kv
            .run(|mut conn| async move {
                raise_script()
                    .key(key)
                    .arg(generation)
                    .arg(CACHED_TTL_SECONDS)
                    .arg(channel)
                    .arg(user_id)
                    .invoke_async::<i64>(&mut conn)
                    .await
            })
            .await;
        if let Err(error) = &written {
            tracing::warn!(%error, user_id, "could not cache a token generation");
        }
        // This process hears its own announcement too, but need not wait for it: every service
        // here knows the raise before the call that made it answers.
        let same_channel: Vec<Arc<Heard>> = neighbours()
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&self.channel())
            .map(|heards| heards.iter().filter_map(std::sync::Weak::upgrade).collect())
            .unwrap_or_default();
        for heard in same_channel {
            heard.raise(user_id, generation);
        }
        written.is_ok()
    }

    /// Refuses a token of an older generation than the user's current one.
    pub async fn check(&self, caller: &Caller, token: &str) -> Result<()> {
        if caller.generation < self.current(caller.user_id, token).await? {
            return Err(Error::Unauthenticated(SIGNED_OUT.into()));
        }
        Ok(())
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// Checks tokens' signature with identity's public key, issuer and expiry; whether a token was
/// revoked (its generation) is [`Generations`]' question.
///
/// A token's signature and claims never change, so their check is remembered (the same token
/// comes with every call of a session).
pub struct TokenVerifier {
    key: DecodingKey,
    validation: Validation,
    checked: std::sync::RwLock<std::collections::HashMap<String, Arc<Claims>>>,
}

/// Most remembered signature checks; the memory is emptied when full.
const MAX_CHECKED: usize = 10_000;

impl TokenVerifier {
    /// A verifier for tokens signed by the private half of this Ed25519 public key (PEM).
    pub fn from_public_pem(pem: &str) -> anyhow::Result<Self> {
        let key = DecodingKey::from_ed_pem(pem.as_bytes())?;
        let mut validation = Validation::new(Algorithm::EdDSA);
        validation.set_issuer(&[ISSUER]);
        validation.set_required_spec_claims(&["exp", "iss", "sub"]);
        validation.leeway = 30;
        Ok(Self { key, validation, checked: Default::default() })
    }

    /// The configured key, or the one identity publishes (retried while identity starts).
    pub async fn from_config(args: &TokenArgs) -> anyhow::Result<Self> {
        let pem = match &args.jwt_public_key {
            Some(pem) => pem.clone(),
            None => fetch_public_key(&args.identity_url, Duration::from_secs(60)).await?,
        };
        Self::from_public_pem(&pem)
    }

    /// The caller a token stands for if its signature, issuer and expiry hold, without asking
    /// whether it was revoked: services ask [`Generations`] next; a front (the gateway) whose
    /// every action goes through a service call leaves that to the service.
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
            generation: claims.generation,
            issued_at: claims.iat,
            token: Arc::from(token),
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
/// request's extensions. Service-only calls ([`SERVICE_ONLY`]) need the service secret instead.
#[derive(Clone)]
pub struct AuthLayer {
    policy: Arc<Policy>,
}

struct Policy {
    verifier: Arc<TokenVerifier>,
    generations: Generations,
    public: Vec<&'static str>,
    service_secret: Option<Secret>,
}

impl AuthLayer {
    /// `public` lists the full method paths (or path prefixes) that need no token;
    /// `service_secret` opens the service-only calls (none without it).
    pub fn new(
        verifier: Arc<TokenVerifier>,
        generations: Generations,
        public: &[&'static str],
        service_secret: Option<Secret>,
    ) -> Self {
        let public = ALWAYS_PUBLIC.iter().chain(public).copied().collect();
        Self { policy: Arc::new(Policy { verifier, generations, public, service_secret }) }
    }
}

impl Policy {
    async fn authorize(&self, path: &str, headers: &http::HeaderMap) -> Result<Option<Caller>, Status> {
        if SERVICE_ONLY.iter().any(|prefix| path.starts_with(prefix)) {
            return service_secret_holds(self.service_secret.as_ref(), headers).map(|()| None);
        }
        if self.public.iter().any(|public| path.starts_with(public)) {
            return Ok(None);
        }
        let token = headers
            .get(http::header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(bearer_token)
            .ok_or_else(|| Status::unauthenticated(SIGNED_OUT))?;
        let caller = self.verifier.verify_signature(token)?;
        self.generations.check(&caller, token).await?;
        if caller.force_password_reset && !ALLOWED_DURING_RESET.contains(&path) {
            return Err(Status::failed_precondition(RESET_REQUIRED));
        }
        Ok(Some(caller))
    }
}

/// A service-only call passes with the configured service secret, and never without one.
fn service_secret_holds(configured: Option<&Secret>, headers: &http::HeaderMap) -> Result<(), Status> {
    let sent = headers.get(SERVICE_SECRET_HEADER).map(http::HeaderValue::as_bytes);
    match (configured, sent) {
        // An empty secret is no secret.
        (Some(secret), Some(sent)) if !sent.is_empty() && same_bytes(secret.expose().as_bytes(), sent) => Ok(()),
        _ => Err(Status::unauthenticated(SERVICES_ONLY)),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn sending(secret: Option<&str>, token: bool) -> http::HeaderMap {
        let mut headers = http::HeaderMap::new();
        if let Some(secret) = secret {
            headers.insert(SERVICE_SECRET_HEADER, secret.parse().unwrap());
        }
        if token {
            headers.insert(http::header::AUTHORIZATION, "Bearer a.user.token".parse().unwrap());
        }
        headers
    }

    #[test]
    fn service_only_calls_need_the_configured_secret_and_nothing_else_opens_them() {
        let secret = Secret::from("s3cret");
        assert!(service_secret_holds(Some(&secret), &sending(Some("s3cret"), false)).is_ok());
        for refused in [sending(None, true), sending(Some("s3cre"), true), sending(Some("s3cret!"), false)] {
            let status = service_secret_holds(Some(&secret), &refused).unwrap_err();
            assert_eq!(status.code(), tonic::Code::Unauthenticated);
        }
        assert!(service_secret_holds(None, &sending(Some("s3cret"), true)).is_err(), "no secret configured");
        let empty = Secret::from("");
        assert!(service_secret_holds(Some(&empty), &sending(Some(""), false)).is_err(), "an empty secret");
    }

    #[test]
    fn a_service_request_carries_the_secret() {
        let request = service_request(&Secret::from("s3cret"), ());
        assert_eq!(request.metadata().get(SERVICE_SECRET_HEADER).unwrap(), "s3cret");
    }
}
