//! Starting a service the same way everywhere: the settings every service shares, what a started
//! service holds (its pool, Redis and token verifier), and the `main` of every service binary.

use std::{future::Future, net::SocketAddr, sync::Arc};

use futures::future::BoxFuture;
use sqlx::{PgPool, migrate::Migrator};
use tokio::net::TcpListener;

use crate::{
    auth::{Revocations, TokenVerifier},
    config::{BusinessArgs, DatabaseArgs, RedisArgs, ShutdownArgs, TokenArgs},
    kv::Kv,
};

/// The allocator every Eris binary uses: a request allocates and frees many small buffers, and
/// profiles of `getLeadById` under load spent about a sixth of the process's time in the system
/// allocator. Each binary declares `#[global_allocator] static ALLOCATOR: Allocator = Allocator;`.
pub use mimalloc::MiMalloc as Allocator;

/// Completes when the service should stop.
pub type Shutdown = BoxFuture<'static, ()>;

/// Settings every service that verifies tokens shares (identity, which signs them, has its own).
#[derive(Debug, Clone, clap::Args)]
pub struct ServiceArgs {
    #[command(flatten)]
    pub database: DatabaseArgs,
    #[command(flatten)]
    pub redis: RedisArgs,
    #[command(flatten)]
    pub token: TokenArgs,
    #[command(flatten)]
    pub business: BusinessArgs,
    #[command(flatten)]
    pub shutdown: ShutdownArgs,
}

/// A service's settings: where it listens, besides the rest.
pub trait Listen {
    fn listen(&self) -> SocketAddr;
}

/// What a started service holds: its schema's pool (migrated), Redis and the token verifier.
pub struct Resources {
    pub pool: PgPool,
    pub kv: Kv,
    pub verifier: Arc<TokenVerifier>,
}

impl Resources {
    /// Connects to the service's schema (migrating it), to Redis and to identity's signing key.
    pub async fn connect(args: &ServiceArgs, schema: &'static str, migrator: &Migrator) -> anyhow::Result<Self> {
        let pool = crate::db::connect(&args.database, schema, migrator).await?;
        let kv = Kv::connect(&args.redis).await?;
        let verifier = Arc::new(TokenVerifier::from_config(&args.token, Revocations::new(kv.clone())).await?);
        Ok(Self { pool, kv, verifier })
    }
}

/// The whole `main` of a service binary: parses its settings (the process stops at once on bad
/// ones), starts telemetry, binds and serves until Ctrl-C or SIGTERM.
pub fn run<C, F, Fut>(name: &'static str, serve: F) -> anyhow::Result<()>
where
    C: clap::Parser + Listen,
    F: FnOnce(C, TcpListener, Shutdown) -> Fut,
    Fut: Future<Output = anyhow::Result<()>>,
{
    let config = C::parse();
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(async move {
        let _telemetry = crate::telemetry::init(name)?;
        let listener = TcpListener::bind(config.listen()).await?;
        serve(config, listener, Box::pin(crate::serve::shutdown_signal())).await
    })
}
