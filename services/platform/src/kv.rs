//! The Redis connection: sign-in throttle counters and the token generation cache.
//!
//! Redis only ever caches or counts here; PostgreSQL holds the truth. So every call has a short
//! deadline ([`Kv::timeout`]), a service starts while Redis is down, and a caller decides what a
//! failed call means (a cache falls back to PostgreSQL, sign-in throttling refuses).

use std::{future::Future, sync::Arc, time::Duration};

use redis::{
    RedisError, RedisResult,
    aio::{ConnectionManager, ConnectionManagerConfig},
};
use tokio::sync::OnceCell;

use crate::config::RedisArgs;

/// A shared, self-reconnecting Redis connection and the key prefix of this installation.
#[derive(Clone)]
pub struct Kv {
    client: redis::Client,
    conn: Arc<OnceCell<ConnectionManager>>,
    prefix: String,
    timeout: Duration,
}

impl Kv {
    /// A connection made on first use (and remade after Redis returns), so a service starts and
    /// answers while Redis is down. Fails only on a malformed URL.
    pub fn new(args: &RedisArgs) -> anyhow::Result<Self> {
        let client = redis::Client::open(args.redis_url.as_str())?;
        Ok(Self {
            client,
            conn: Arc::new(OnceCell::new()),
            prefix: args.redis_prefix.clone(),
            timeout: Duration::from_millis(args.redis_timeout_ms.max(1)),
        })
    }

    /// The full key for a name, with this installation's prefix.
    pub fn key(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    /// The most any Redis call may take, connecting included.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Runs one request (a command, pipeline or script) within the deadline.
    pub async fn run<T, F, Fut>(&self, request: F) -> RedisResult<T>
    where
        F: FnOnce(ConnectionManager) -> Fut,
        Fut: Future<Output = RedisResult<T>>,
    {
        self.run_within(self.timeout, request).await
    }

    /// Runs one request that may take longer than a cache call (a batch of stream entries), within
    /// `timeout`.
    pub async fn run_within<T, F, Fut>(&self, timeout: Duration, request: F) -> RedisResult<T>
    where
        F: FnOnce(ConnectionManager) -> Fut,
        Fut: Future<Output = RedisResult<T>>,
    {
        let attempt = async {
            let conn = self.connection().await?;
            request(conn).await
        };
        within(timeout, attempt).await
    }

    /// A connection of its own subscribed to `channel` (a full name, see [`Kv::key`]), connecting
    /// within the deadline.
    pub async fn subscribe(&self, channel: &str) -> RedisResult<redis::aio::PubSub> {
        let subscribing = async {
            let mut pubsub = self.client.get_async_pubsub().await?;
            pubsub.subscribe(channel).await?;
            Ok(pubsub)
        };
        within(self.timeout, subscribing).await
    }

    /// Whether Redis answers a PING within the deadline.
    pub async fn ping(&self) -> bool {
        self.run(|mut conn| async move { redis::cmd("PING").query_async::<String>(&mut conn).await }).await.is_ok()
    }

    async fn connection(&self) -> RedisResult<ConnectionManager> {
        let timeout = self.timeout;
        let conn = self
            .conn
            .get_or_try_init(|| async {
                // Reconnection after a restart: a few quick attempts per broken connection, each
                // bounded, so callers see errors within their deadline instead of waiting.
                let config = ConnectionManagerConfig::new()
                    .set_connection_timeout(timeout)
                    .set_response_timeout(timeout)
                    .set_number_of_retries(2)
                    .set_factor(50)
                    .set_max_delay(500);
                ConnectionManager::new_with_config(self.client.clone(), config).await
            })
            .await?;
        Ok(conn.clone())
    }
}

/// `attempt`'s result, or an I/O error once `timeout` has passed.
async fn within<T>(timeout: Duration, attempt: impl Future<Output = RedisResult<T>>) -> RedisResult<T> {
    match tokio::time::timeout(timeout, attempt).await {
        Ok(result) => result,
        Err(_) => Err(RedisError::from((redis::ErrorKind::IoError, "Redis did not answer in time"))),
    }
}
