//! The identity service: users, roles, sign-in, passwords and the tokens every other service
//! verifies.

pub mod access;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
mod grpc;
pub mod keys;
mod password;
pub mod seed;
#[cfg(feature = "testing")]
pub mod testing;
mod throttle;

use std::{sync::Arc, time::Duration};

use eris_platform::{
    auth::{AuthLayer, Revocations, TokenVerifier},
    kv::Kv,
    serve::{GrpcService, serve_grpc},
    service::Shutdown,
};
use eris_proto::identity::v1::{auth_service_server::AuthServiceServer, user_service_server::UserServiceServer};
use sqlx::{PgPool, migrate::Migrator};
use tokio::net::TcpListener;
use tonic::service::Routes;

pub use config::Config;

/// The migrations of the identity schema.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The schema this service owns.
pub const SCHEMA: &str = "identity";

/// Calls that need no token.
const PUBLIC: &[&str] = &["/eris.identity.v1.AuthService/SignIn", "/eris.identity.v1.AuthService/GetSigningKey"];

/// Everything the handlers share.
pub(crate) struct State {
    pool: PgPool,
    keys: keys::SigningKey,
    revocations: Revocations,
    throttle: throttle::Throttle,
    reset_password: eris_platform::config::Secret,
    token_ttl: Duration,
    contracts_beta_user_ids: Vec<i64>,
    business_time_zone: chrono_tz::Tz,
}

/// Connects, migrates and serves on `listener` until `shutdown` completes.
pub async fn serve(config: Config, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    let pool = eris_platform::db::connect(&config.database, SCHEMA, &MIGRATOR).await?;
    let kv = Kv::connect(&config.redis).await?;
    let keys = keys::SigningKey::load(config.auth.jwt_private_key.as_ref().map(|key| key.expose()), &pool).await?;
    let revocations = Revocations::new(kv.clone());
    let verifier = Arc::new(TokenVerifier::from_public_pem(keys.public_key_pem(), revocations.clone())?);
    let state = Arc::new(State {
        pool,
        keys,
        revocations,
        throttle: throttle::Throttle::new(kv, &config.auth),
        reset_password: config.auth.reset_password.clone(),
        token_ttl: Duration::from_secs(u64::from(config.auth.token_ttl_minutes) * 60),
        contracts_beta_user_ids: config.auth.contracts_beta_user_ids.clone(),
        business_time_zone: config.business.time_zone,
    });
    let routes = Routes::new(AuthServiceServer::new(grpc::AuthApi(state.clone())))
        .add_service(UserServiceServer::new(grpc::UserApi(state)));
    let service = GrpcService {
        names: &["eris.identity.v1.AuthService", "eris.identity.v1.UserService"],
        routes,
        auth: AuthLayer::new(verifier, PUBLIC),
    };
    serve_grpc(listener, service, &config.shutdown, shutdown).await
}
