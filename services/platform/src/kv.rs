//! The Redis connection: throttle counters and the revoked-token list.

use redis::aio::ConnectionManager;

use crate::config::RedisArgs;

/// A shared, self-reconnecting Redis connection and the key prefix of this installation.
#[derive(Clone)]
pub struct Kv {
    pub conn: ConnectionManager,
    prefix: String,
}

impl Kv {
    /// Connects, failing at once when Redis cannot be reached.
    pub async fn connect(args: &RedisArgs) -> anyhow::Result<Self> {
        let client = redis::Client::open(args.redis_url.as_str())?;
        let conn = ConnectionManager::new(client).await?;
        Ok(Self { conn, prefix: args.redis_prefix.clone() })
    }

    /// The full key for a name, with this installation's prefix.
    pub fn key(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }
}
