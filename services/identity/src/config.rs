//! Settings of the identity service.

use std::net::SocketAddr;

use eris_platform::{
    config::{BusinessArgs, DatabaseArgs, RedisArgs, Secret, ShutdownArgs},
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
    /// The password a Management reset sets; the user must replace it at the next sign-in.
    #[arg(long, env = "ERIS_RESET_PASSWORD", default_value = "Welcome-to-Eris-1")]
    pub reset_password: Secret,
    /// How long a token is accepted, in minutes.
    #[arg(long, env = "ERIS_TOKEN_TTL_MINUTES", default_value_t = 720)]
    pub token_ttl_minutes: u32,
    /// Failed sign-ins allowed per account in one throttle window.
    #[arg(long, env = "ERIS_SIGNIN_ACCOUNT_LIMIT", default_value_t = 10)]
    pub account_failure_limit: u32,
    /// Failed sign-ins allowed per client address in one throttle window.
    #[arg(long, env = "ERIS_SIGNIN_ADDRESS_LIMIT", default_value_t = 50)]
    pub address_failure_limit: u32,
    /// Length of the throttle window, in seconds.
    #[arg(long, env = "ERIS_SIGNIN_WINDOW_SECONDS", default_value_t = 900)]
    pub throttle_window_seconds: u32,
    /// Users who see the Contracts (BETA) tab, as comma-separated user ids.
    #[arg(long, env = "ERIS_CONTRACTS_BETA_USER_IDS", value_delimiter = ',')]
    pub contracts_beta_user_ids: Vec<i64>,
}
