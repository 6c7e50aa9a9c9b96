//! Starting a service the same way everywhere: the settings every service shares, what a started
//! service holds (its pool, Redis and token verifier), and the `main` of every service binary.

use std::{future::Future, net::SocketAddr, sync::Arc};

use futures::future::BoxFuture;
use sqlx::migrate::Migrator;
use tokio::net::TcpListener;

use crate::{
    auth::{AuthLayer, Generations, IdentityGenerations, TokenVerifier},
    config::{BusinessArgs, DatabaseArgs, MetricsArgs, RedisArgs, Secret, ServiceSecretArgs, ShutdownArgs, TokenArgs},
    db::Db,
    kv::Kv,
    serve::Dependencies,
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
    #[command(flatten)]
    pub secret: ServiceSecretArgs,
    #[command(flatten)]
    pub metrics: MetricsArgs,
}

/// A service's settings: where it listens, besides the rest.
pub trait Listen {
    fn listen(&self) -> SocketAddr;
}

/// What a started service holds: its schema's pool (migrated), Redis, the token checks and a
/// client channel to identity.
pub struct Resources {
    pub pool: Db,
    pub kv: Kv,
    pub verifier: Arc<TokenVerifier>,
    pub generations: Generations,
    /// Identity, connected on first use: token generations, and users named in requests.
    pub identity: crate::local::Channel,
    /// Opens the service-only calls, and proves this service to another's.
    pub service_secret: Option<Secret>,
}

impl Resources {
    /// Connects to the service's schema (migrating it) and to identity's signing key; Redis is
    /// connected on first use, so a service starts while Redis is down.
    pub async fn connect(args: &ServiceArgs, schema: &'static str, migrator: &Migrator) -> anyhow::Result<Self> {
        let pool = Db::new(crate::db::connect(&args.database, schema, migrator).await?);
        let kv = Kv::new(&args.redis)?;
        let verifier = Arc::new(TokenVerifier::from_config(&args.token).await?);
        let source = IdentityGenerations::new(&args.token.identity_url)?;
        let identity = source.channel();
        let generations = Generations::new(kv.clone(), Arc::new(source));
        let service_secret = args.secret.service_secret.clone();
        Ok(Self { pool, kv, verifier, generations, identity, service_secret })
    }

    /// Token checks for the service's calls; `public` lists the calls that need no token.
    pub fn auth(&self, public: &[&'static str]) -> AuthLayer {
        AuthLayer::new(self.verifier.clone(), self.generations.clone(), public, self.service_secret.clone())
    }

    /// What the service's health reports on besides itself.
    pub fn dependencies(&self) -> Dependencies {
        Dependencies { pool: self.pool.pool().clone(), kv: self.kv.clone() }
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
