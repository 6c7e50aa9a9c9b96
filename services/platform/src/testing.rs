//! Test helpers: every test gets its own fresh database and its own Redis key prefix, against
//! the real PostgreSQL and Redis of the machine.

use std::str::FromStr;

use sqlx::{ConnectOptions, Connection, PgConnection, postgres::PgConnectOptions};

use crate::config::{DatabaseArgs, RedisArgs, ShutdownArgs};

/// The server tests run against: `TEST_DATABASE_URL`, else the developer default.
fn server_url() -> String {
    std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@localhost:5432/postgres".into())
}

/// A database made for one test, dropped when the test ends.
pub struct TestDatabase {
    pub name: String,
    url: String,
}

impl TestDatabase {
    /// Creates an empty database with a unique name.
    pub async fn new() -> Self {
        let name = format!("eris_test_{}", uuid::Uuid::new_v4().simple());
        let server = PgConnectOptions::from_str(&server_url()).expect("TEST_DATABASE_URL is a PostgreSQL URL");
        let mut admin =
            PgConnection::connect_with(&server.clone().database("postgres")).await.expect("PostgreSQL is running");
        sqlx::query(&format!("create database {name}")).execute(&mut admin).await.expect("create test database");
        let url = server.database(&name).to_url_lossy().to_string();
        Self { name, url }
    }

    /// The database's connection URL.
    pub fn url(&self) -> String {
        self.url.clone()
    }

    /// Redis settings shared by every service of this test (so one service sees what another
    /// wrote, revoked tokens included) and by no other test.
    pub fn redis_args(&self) -> RedisArgs {
        RedisArgs { redis_prefix: format!("eris-test:{}:", self.name), ..redis_args() }
    }

    /// Empties this test's part of Redis, as a Redis restart would.
    pub async fn flush_redis(&self) {
        let args = self.redis_args();
        delete_keys(&args.redis_url, &args.redis_prefix).await.expect("Redis is running");
    }

    /// The events `service` published to its stream, in stream order, once its outbox holds
    /// nothing unpublished (the relay runs in the service and publishes within moments).
    pub async fn published_events(&self, service: &str) -> Vec<crate::relay::Entry> {
        let mut db = PgConnection::connect(&self.url).await.expect("the test database");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let left: i64 =
                sqlx::query_scalar(&format!("select count(*) from {service}.outbox where published_at is null"))
                    .fetch_one(&mut db)
                    .await
                    .expect("the service's outbox");
            if left == 0 {
                break;
            }
            assert!(std::time::Instant::now() < deadline, "the {service} relay did not publish its outbox");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let args = self.redis_args();
        let client = redis::Client::open(args.redis_url.as_str()).expect("a Redis URL");
        let mut conn = client.get_multiplexed_async_connection().await.expect("Redis is running");
        let stream = format!("{}events:{service}", args.redis_prefix);
        let reply: redis::Value =
            redis::cmd("XRANGE").arg(stream).arg("-").arg("+").query_async(&mut conn).await.expect("XRANGE");
        crate::relay::entries(&reply)
    }

    /// Settings that point a service at this database.
    pub fn args(&self) -> DatabaseArgs {
        DatabaseArgs { database_url: self.url.as_str().into(), max_connections: 5 }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let name = self.name.clone();
        // Drop runs inside the test's runtime, which may be shutting down: use a thread of its own.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
            runtime.block_on(async move {
                let server = PgConnectOptions::from_str(&server_url()).expect("url").database("postgres");
                if let Ok(mut admin) = PgConnection::connect_with(&server).await {
                    let _ =
                        sqlx::query(&format!("drop database if exists {name} with (force)")).execute(&mut admin).await;
                }
                // The test's part of Redis (its event streams among it).
                let _ = delete_keys(&redis_args().redis_url, &format!("eris-test:{name}:")).await;
            });
        })
        .join();
    }
}

/// Deletes every Redis key under `prefix`.
async fn delete_keys(url: &str, prefix: &str) -> redis::RedisResult<()> {
    let client = redis::Client::open(url)?;
    let mut conn = client.get_multiplexed_async_connection().await?;
    let keys: Vec<String> = redis::cmd("KEYS").arg(format!("{prefix}*")).query_async(&mut conn).await?;
    if !keys.is_empty() {
        let _: () = redis::cmd("DEL").arg(keys).query_async(&mut conn).await?;
    }
    Ok(())
}

/// Redis settings with a prefix no other test uses.
pub fn redis_args() -> RedisArgs {
    RedisArgs {
        redis_url: std::env::var("TEST_REDIS_URL").unwrap_or_else(|_| "redis://localhost:6379".into()),
        redis_prefix: format!("eris-test:{}:", uuid::Uuid::new_v4().simple()),
        redis_timeout_ms: 250,
    }
}

/// A caller with this role and id, for role-rule tests.
pub fn caller(role: eris_proto::identity::v1::Role, user_id: i64) -> crate::auth::Caller {
    crate::auth::Caller {
        user_id,
        name: "Test".into(),
        role,
        force_password_reset: false,
        token_id: "t".into(),
        generation: 1,
        issued_at: 0,
        token: "t".into(),
        expires_at: 0,
    }
}

/// The service secret every service under test shares.
pub const SERVICE_SECRET: &str = "test-service-secret";

/// Settings that give a service under test [`SERVICE_SECRET`].
pub fn service_secret_args() -> crate::config::ServiceSecretArgs {
    crate::config::ServiceSecretArgs { service_secret: Some(SERVICE_SECRET.into()) }
}

/// Reads the whole snapshot of the service at `channel`, sending `secret` and, when given, a
/// user's `token`: its position and every answer's events.
pub async fn read_snapshot(
    channel: tonic::transport::Channel,
    secret: Option<&str>,
    token: Option<&str>,
) -> Result<(String, Vec<Vec<eris_proto::events::v1::SnapshotEvent>>), tonic::Status> {
    use eris_proto::events::v1::{SnapshotRequest, snapshot_service_client::SnapshotServiceClient};
    let mut request = match secret {
        Some(secret) => crate::auth::service_request(&secret.into(), SnapshotRequest::default()),
        None => tonic::Request::new(SnapshotRequest::default()),
    };
    if let Some(token) = token {
        request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().expect("a header value"));
    }
    let mut client = SnapshotServiceClient::new(channel).max_decoding_message_size(64 * 1024 * 1024);
    let mut stream = client.snapshot(request).await?.into_inner();
    let mut position = None;
    let mut answers = Vec::new();
    while let Some(answer) = stream.message().await? {
        position.get_or_insert(answer.position);
        answers.push(answer.events);
    }
    Ok((position.unwrap_or_default(), answers))
}

/// The events of the snapshot of the service at `channel`, after checking that the snapshot is
/// refused without the service secret, with a wrong one and with only `user_token` (a valid
/// user's), that its first answer's position is a `pg_snapshot` of `database`, and that no answer
/// holds more than [`crate::snapshot::CHUNK`] events.
pub async fn checked_snapshot(
    database: &TestDatabase,
    channel: tonic::transport::Channel,
    user_token: &str,
) -> Vec<eris_proto::events::v1::SnapshotEvent> {
    let refusals = [(None, None), (Some("not-the-secret"), None), (None, Some(user_token))];
    for (secret, token) in refusals {
        let refused = read_snapshot(channel.clone(), secret, token).await.expect_err("a snapshot without the secret");
        assert_eq!(refused.code(), tonic::Code::Unauthenticated, "secret {secret:?}, token {}", token.is_some());
    }
    let (position, answers) = read_snapshot(channel, Some(SERVICE_SECRET), None).await.expect("the snapshot");
    let mut db = PgConnection::connect(&database.url).await.expect("the test database");
    let parsed: String = sqlx::query_scalar("select $1::pg_snapshot::text")
        .bind(&position)
        .fetch_one(&mut db)
        .await
        .unwrap_or_else(|error| panic!("{position:?} is not a pg_snapshot: {error}"));
    assert_eq!(parsed, position);
    assert!(answers.iter().all(|events| events.len() <= crate::snapshot::CHUNK as usize));
    answers.into_iter().flatten().collect()
}

/// No grace period: tests stop at once.
pub fn shutdown_args() -> ShutdownArgs {
    ShutdownArgs { grace_ms: 0 }
}

/// The settings of a service under test.
pub struct ServiceSettings {
    /// The free port the service is bound to.
    pub listen: std::net::SocketAddr,
    pub service: crate::service::ServiceArgs,
}

/// Settings for a service under test over `database`, verifying tokens with identity at `identity_url`.
pub fn service_args(database: &TestDatabase, identity_url: String) -> crate::service::ServiceArgs {
    crate::service::ServiceArgs {
        metrics: Default::default(),
        database: database.args(),
        redis: database.redis_args(),
        token: crate::config::TokenArgs { identity_url, jwt_public_key: None },
        business: crate::config::BusinessArgs::default(),
        shutdown: shutdown_args(),
        secret: service_secret_args(),
    }
}

/// Serves a service until the test ends, on a fresh port over the test database, verifying
/// tokens with the identity service at `identity_url`; `serve` builds its config and runs it.
pub async fn spawn_service<F, Fut>(database: &TestDatabase, identity_url: String, serve: F) -> std::net::SocketAddr
where
    F: FnOnce(ServiceSettings, tokio::net::TcpListener) -> Fut,
    Fut: Future<Output = anyhow::Result<()>> + Send + 'static,
{
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    spawn_service_on(listener, database, identity_url, serve)
}

/// Like `spawn_service`, on a listener bound before (so two services can know each other's
/// address before either starts).
pub fn spawn_service_on<F, Fut>(
    listener: tokio::net::TcpListener,
    database: &TestDatabase,
    identity_url: String,
    serve: F,
) -> std::net::SocketAddr
where
    F: FnOnce(ServiceSettings, tokio::net::TcpListener) -> Fut,
    Fut: Future<Output = anyhow::Result<()>> + Send + 'static,
{
    let address = listener.local_addr().expect("bound");
    let settings = ServiceSettings { listen: address, service: service_args(database, identity_url) };
    tokio::spawn(serve(settings, listener));
    address
}
