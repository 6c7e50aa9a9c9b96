//! The identity service: users, roles, sign-in, passwords and the tokens every other service
//! verifies.

pub mod access;
mod address;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
mod events;
mod grpc;
pub mod keys;
mod password;
pub mod seed;
#[cfg(feature = "testing")]
pub mod testing;
mod throttle;

use std::sync::Arc;

use eris_platform::db::Db;
use eris_platform::{
    auth::{AuthLayer, GenerationSource, Generations, TokenVerifier},
    kv::Kv,
    serve::{Dependencies, GrpcService, serve_grpc},
    service::Shutdown,
    snapshot::Snapshots,
};
use eris_proto::identity::v1::{auth_service_server::AuthServiceServer, user_service_server::UserServiceServer};
use futures::future::BoxFuture;
use sqlx::migrate::Migrator;
use tokio::net::TcpListener;
use tonic::service::Routes;

pub use config::Config;

/// The migrations of the identity schema.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The schema this service owns.
pub const SCHEMA: &str = "identity";

/// Calls that need no token.
const PUBLIC: &[&str] = &[
    "/eris.identity.v1.AuthService/SignIn",
    "/eris.identity.v1.AuthService/RefreshToken",
    // Sign-out checks what it is given itself: an access token that has just expired must not
    // keep the session's refresh token alive.
    "/eris.identity.v1.AuthService/SignOut",
    "/eris.identity.v1.AuthService/GetSigningKey",
];

/// Everything the handlers share.
pub(crate) struct State {
    pool: Db,
    keys: keys::SigningKey,
    verifier: Arc<TokenVerifier>,
    generations: Generations,
    throttle: throttle::Throttle,
    hasher: password::Hasher,
    access_ttl_seconds: u32,
    refresh_ttl: chrono::TimeDelta,
    trusted_proxies: address::TrustedProxies,
    contracts_beta_user_ids: Vec<i64>,
    business_time_zone: chrono_tz::Tz,
}

/// Identity's own token checks read the generation from its schema: the truth, not a copy.
struct StoredGenerations(Db);

impl GenerationSource for StoredGenerations {
    fn current<'a>(&'a self, user_id: i64, _token: &'a str) -> BoxFuture<'a, eris_platform::Result<i64>> {
        Box::pin(async move {
            db::users::select_active_token_generation(&self.0, user_id)
                .await?
                .ok_or_else(|| eris_platform::Error::Unauthenticated(eris_platform::auth::SIGNED_OUT.into()))
        })
    }
}

/// Connects, migrates and serves on `listener` until `shutdown` completes.
pub async fn serve(config: Config, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    let pool = Db::new(eris_platform::db::connect(&config.database, SCHEMA, &MIGRATOR).await?);
    eris_platform::metrics::serve_if_asked(&config.metrics).await?;
    let kv = Kv::new(&config.redis)?;
    // Publishes the outbox (user events) to this service's event stream while the service runs.
    let _relay = eris_platform::relay::Relay::new(pool.pool().clone(), kv.clone(), SCHEMA).spawn();
    let keys = keys::SigningKey::load(config.auth.jwt_private_key.as_ref().map(|key| key.expose()), &pool).await?;
    let verifier = Arc::new(TokenVerifier::from_public_pem(keys.public_key_pem())?);
    let generations = Generations::new(kv.clone(), Arc::new(StoredGenerations(pool.clone())));
    let state = Arc::new(State {
        pool: pool.clone(),
        keys,
        verifier: verifier.clone(),
        generations: generations.clone(),
        throttle: throttle::Throttle::new(kv.clone(), &config.auth),
        hasher: password::Hasher::new(config.auth.password_checks),
        access_ttl_seconds: config.auth.access_token_ttl_seconds.max(1),
        refresh_ttl: chrono::TimeDelta::minutes(i64::from(config.auth.refresh_token_ttl_minutes.max(1))),
        trusted_proxies: address::TrustedProxies {
            networks: config.auth.trusted_proxies.clone(),
            secret: config.auth.proxy_secret.as_ref().map(|secret| secret.expose().to_owned()),
        },
        contracts_beta_user_ids: config.auth.contracts_beta_user_ids.clone(),
        business_time_zone: config.business.time_zone,
    });
    let routes = Routes::new(AuthServiceServer::new(grpc::AuthApi(state.clone())))
        .add_service(UserServiceServer::new(grpc::UserApi(state)))
        .add_service(Snapshots::server(pool.pool().clone(), grpc::snapshot::PARTS));
    let service = GrpcService {
        names: &["eris.identity.v1.AuthService", "eris.identity.v1.UserService", eris_platform::snapshot::SERVICE_NAME],
        routes,
        auth: AuthLayer::new(verifier, generations, PUBLIC, config.secret.service_secret.clone()),
        dependencies: Dependencies { pool: pool.pool().clone(), kv },
    };
    serve_grpc(listener, service, &config.shutdown, shutdown).await
}
