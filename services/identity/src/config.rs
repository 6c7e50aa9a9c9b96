//! Settings of the identity service.

use std::net::SocketAddr;

use eris_platform::{
    config::{BusinessArgs, DatabaseArgs, RedisArgs, Secret, ServiceSecretArgs, ShutdownArgs},
    service::Listen,
};

/// The identity service's settings.
#[derive(Debug, Clone, clap::Parser)]
#[command(name = "eris-identity", about = "Eris identity: users, roles, sign-in and tokens")]
pub struct Config {
    /// Address the gRPC server listens on.
    #[arg(long, env = "ERIS_LISTEN", default_value = "127.0.0.1:50051")]
    pub listen: SocketAddr,
    #[command(flatten)]
    pub database: DatabaseArgs,
    #[command(flatten)]
    pub redis: RedisArgs,
    #[command(flatten)]
    pub business: BusinessArgs,
    #[command(flatten)]
    pub auth: AuthArgs,
    #[command(flatten)]
    pub shutdown: ShutdownArgs,
    #[command(flatten)]
    pub secret: ServiceSecretArgs,
    #[command(flatten)]
    pub metrics: eris_platform::config::MetricsArgs,
}

impl Listen for Config {
    fn listen(&self) -> SocketAddr {
        self.listen
    }
}

/// Tokens, passwords and sign-in throttling.
#[derive(Debug, Clone, clap::Args)]
pub struct AuthArgs {
    /// Ed25519 private key (PKCS#8 PEM) that signs tokens; generated and kept in the database when unset.
    #[arg(long, env = "ERIS_JWT_PRIVATE_KEY")]
    pub jwt_private_key: Option<Secret>,
    /// How long an access token is accepted, in seconds; the web app refreshes it silently.
    #[arg(long, env = "ERIS_ACCESS_TOKEN_TTL_SECONDS", default_value_t = 900)]
    pub access_token_ttl_seconds: u32,
    /// How long an unused refresh token works, in minutes (each use replaces it).
    #[arg(long, env = "ERIS_REFRESH_TOKEN_TTL_MINUTES", default_value_t = 720)]
    pub refresh_token_ttl_minutes: u32,
    /// Failed sign-ins an account (or an account from one address) may have before each further
    /// attempt must wait, the wait doubling from one second.
    #[arg(long, env = "ERIS_SIGNIN_FREE_ATTEMPTS", default_value_t = 5)]
    pub free_attempts: u32,
    /// The longest wait between failed sign-ins, in seconds.
    #[arg(long, env = "ERIS_SIGNIN_MAX_DELAY_SECONDS", default_value_t = 300)]
    pub max_delay_seconds: u32,
    /// Failed sign-ins per account per hour after which it is refused everywhere (ASVS 2.2.1: at most 100).
    #[arg(long, env = "ERIS_SIGNIN_ACCOUNT_HOURLY_LIMIT", default_value_t = 100)]
    pub account_hourly_limit: u32,
    /// Failed sign-ins per client address per hour, over all accounts, after which that address
    /// may only sign in to accounts it signed in to before.
    #[arg(long, env = "ERIS_SIGNIN_ADDRESS_HOURLY_LIMIT", default_value_t = 200)]
    pub address_hourly_limit: u32,
    /// Password checks (argon2, ~19 MiB each) run at once; more wait briefly, then are refused.
    /// 0 means the number of cores.
    #[arg(long, env = "ERIS_PASSWORD_CHECKS", default_value_t = 0)]
    pub password_checks: usize,
    /// Addresses (or CIDR ranges) of proxies trusted to name the client in X-Forwarded-For: the
    /// gateway. Any other caller's address is its own.
    #[arg(long, env = "ERIS_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<crate::address::Network>,
    /// Shared with the gateway, which sends it with its calls: when set, a forwarded address is
    /// believed only from a trusted proxy that also sends this secret.
    #[arg(long, env = "ERIS_PROXY_SECRET")]
    pub proxy_secret: Option<Secret>,
    /// Users who see the Contracts (BETA) tab, as comma-separated user ids.
    #[arg(long, env = "ERIS_CONTRACTS_BETA_USER_IDS", value_delimiter = ',')]
    pub contracts_beta_user_ids: Vec<i64>,
}
