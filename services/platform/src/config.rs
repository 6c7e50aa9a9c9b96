//! Settings shared by every binary. Each has a default that works on a developer machine and
//! an environment variable that overrides it.

use std::{ffi::OsString, fmt, path::PathBuf, str::FromStr, sync::Arc};

use secrecy::{ExposeSecret, SecretString};

/// The database every service uses; each service keeps to its own schema.
pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@localhost:5432/eris";

/// Where the PostgreSQL database is.
#[derive(Debug, Clone, clap::Args)]
pub struct DatabaseArgs {
    /// PostgreSQL connection URL; the database is created if it is missing.
    #[arg(long = "database-url", env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    pub database_url: Secret,
    /// Most connections this process keeps open per service (by default twice its cores and one
    /// more, at least 5: see [`default_max_connections`]).
    #[arg(long = "db-max-connections", env = "ERIS_DB_MAX_CONNECTIONS", default_value_t = default_max_connections())]
    pub max_connections: u32,
}

/// The pool size a service takes unless told: twice the cores this process may use, and one more
/// (at least 5, so that the outbox relay's listener and a long report leave room for calls).
///
/// More connections than PostgreSQL can run at once do not read more rows a second: each further
/// backend only waits for a core, and a call waits behind it. On two cores, `getLeadById` at 32
/// connections answered 13,000 a second with a pool of 5 against 11,500 with 10, with p99 5.0 ms
/// against 6.2 (docs/benchmarks.md).
pub fn default_max_connections() -> u32 {
    u32::try_from(crate::cpu::cores()).unwrap_or(u32::MAX).saturating_mul(2).saturating_add(1).max(5)
}

/// Where Redis is (sign-in throttling and the token generation cache).
#[derive(Debug, Clone, clap::Args)]
pub struct RedisArgs {
    /// Redis connection URL.
    #[arg(long = "redis-url", env = "REDIS_URL", default_value = "redis://localhost:6379")]
    pub redis_url: String,
    /// Prefix of every key Eris writes, so several installations can share one Redis.
    #[arg(long = "redis-prefix", env = "ERIS_REDIS_PREFIX", default_value = "eris:")]
    pub redis_prefix: String,
    /// Most milliseconds a Redis call may take (connecting included) before it counts as failed.
    #[arg(long = "redis-timeout-ms", env = "ERIS_REDIS_TIMEOUT_MS", default_value_t = 250)]
    pub redis_timeout_ms: u64,
}

/// How a service that does not sign tokens learns the key that verifies them.
#[derive(Debug, Clone, clap::Args)]
pub struct TokenArgs {
    /// The identity service, asked for the public key when none is configured.
    #[arg(long = "identity-url", env = "ERIS_IDENTITY_URL", default_value = "http://127.0.0.1:50051")]
    pub identity_url: String,
    /// The token public key (PEM); fetched from identity when unset.
    #[arg(long = "jwt-public-key", env = "ERIS_JWT_PUBLIC_KEY")]
    pub jwt_public_key: Option<String>,
}

/// How one Eris service proves itself to another: calls only services may make (the snapshots
/// that rebuild reporting's read models) carry this secret, shared by every service.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ServiceSecretArgs {
    /// The secret services send in `x-eris-service-secret`; unset, service-only calls are refused.
    #[arg(long = "service-secret", env = "ERIS_SERVICE_SECRET")]
    pub service_secret: Option<Secret>,
}

/// The internal listener of a service's `/metrics`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct MetricsArgs {
    /// Address to serve `/metrics` on (and, for reporting, `/readyz`), apart from gRPC; unset,
    /// none (in eris-stack the gateway's `/metrics` shows every service's).
    #[arg(long, env = "ERIS_METRICS_LISTEN")]
    pub metrics_listen: Option<std::net::SocketAddr>,
}

/// How long a stopping service keeps answering NOT_SERVING to health checks before it stops
/// accepting calls, so load balancers move traffic away first.
#[derive(Debug, Clone, clap::Args)]
pub struct ShutdownArgs {
    /// Milliseconds between health turning NOT_SERVING and the listener closing.
    #[arg(long = "shutdown-grace-ms", env = "ERIS_SHUTDOWN_GRACE_MS", default_value_t = 1000)]
    pub grace_ms: u64,
}

/// The brokerage's own time zone: date-only fields, entry dates, REST times given without a zone
/// and the calendar are in it; instants are stored in UTC.
#[derive(Debug, Clone, clap::Args)]
pub struct BusinessArgs {
    /// The business time zone, as an IANA name.
    #[arg(long = "business-time-zone", env = "ERIS_BUSINESS_TIME_ZONE", default_value = "America/New_York")]
    pub time_zone: chrono_tz::Tz,
}

impl Default for BusinessArgs {
    fn default() -> Self {
        Self { time_zone: chrono_tz::America::New_York }
    }
}

/// A setting that must never appear in logs or `Debug` output.
#[derive(Clone)]
pub struct Secret(Arc<SecretString>);

impl Secret {
    /// The value, for the one place that needs it.
    pub fn expose(&self) -> &str {
        self.0.expose_secret()
    }
}

impl FromStr for Secret {
    type Err = std::convert::Infallible;

    fn from_str(value: &str) -> Result<Self, Self::Err> {
        Ok(Self(Arc::new(SecretString::from(value.to_owned()))))
    }
}

impl From<&str> for Secret {
    fn from(value: &str) -> Self {
        Self(Arc::new(SecretString::from(value.to_owned())))
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// The secret settings that may be given as a file instead, the way Kubernetes and Docker mount
/// secrets: `X_FILE` names a file whose content, less trailing newlines, is `X`. The AWS keys are
/// read from the environment by the contract files' store, not by clap, so they are here too.
pub const SECRET_VARIABLES: &[&str] = &[
    "DATABASE_URL",
    "REDIS_URL",
    "ERIS_JWT_PRIVATE_KEY",
    "ERIS_JWT_PUBLIC_KEY",
    "ERIS_SERVICE_SECRET",
    "ERIS_PROXY_SECRET",
    "ERIS_CONTRACT_UPLOAD_KEY",
    "ERIS_DEMO_PASSWORD",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
];

/// Why a secret could not be taken from its file; each names the variable.
#[derive(Debug, thiserror::Error)]
pub enum SecretFileError {
    #[error("{variable} and {variable}_FILE are both set: set only one of them")]
    BothSet { variable: &'static str },
    #[error("{variable}_FILE: cannot read {}: {source}", path.display())]
    Unreadable { variable: &'static str, path: PathBuf, source: std::io::Error },
    #[error("{variable}_FILE: {} is empty", path.display())]
    Empty { variable: &'static str, path: PathBuf },
}

/// The secrets given as files: `(X, content)` for each of [`SECRET_VARIABLES`] whose `X_FILE`
/// is set, reading variables through `env` (the process's environment, or a test's). A variable
/// set to the empty string counts as unset.
pub fn secrets_from_files(
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<Vec<(&'static str, String)>, SecretFileError> {
    let set = |name: &str| env(name).filter(|value| !value.is_empty());
    let mut secrets = Vec::new();
    for &variable in SECRET_VARIABLES {
        let Some(path) = set(&format!("{variable}_FILE")).map(PathBuf::from) else { continue };
        if set(variable).is_some() {
            return Err(SecretFileError::BothSet { variable });
        }
        let content = std::fs::read_to_string(&path).map_err(|source| SecretFileError::Unreadable {
            variable,
            path: path.clone(),
            source,
        })?;
        let value = content.trim_end_matches(['\n', '\r']);
        if value.is_empty() {
            return Err(SecretFileError::Empty { variable, path });
        }
        secrets.push((variable, value.to_owned()));
    }
    Ok(secrets)
}

/// The first line of every binary's `main`: takes the secrets given as `X_FILE` (see
/// [`SECRET_VARIABLES`]) into the environment, where clap and the AWS client read them. This crate
/// forbids unsafe code, and changing one's own environment is unsafe since Rust 2024, so when any
/// file is named the process starts itself again in place (`exec`: same pid, same arguments) with
/// each `X` set and `X_FILE` removed. Returns an error naming the variable when a file cannot be
/// read or both forms are set.
pub fn load_secret_files() -> anyhow::Result<()> {
    use std::os::unix::process::CommandExt as _;

    let secrets = secrets_from_files(|name| std::env::var_os(name))?;
    if secrets.is_empty() {
        return Ok(());
    }
    let mut args = std::env::args_os();
    let mut command = std::process::Command::new(std::env::current_exe()?);
    if let Some(arg0) = args.next() {
        command.arg0(arg0);
    }
    command.args(args);
    for (variable, value) in secrets {
        command.env(variable, value).env_remove(format!("{variable}_FILE"));
    }
    Err(anyhow::Error::new(command.exec()).context("starting again with the secrets read from their files"))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        database: DatabaseArgs,
    }

    #[test]
    fn a_service_pool_follows_the_cores_with_room_for_the_relay_unless_told() {
        if std::env::var_os("ERIS_DB_MAX_CONNECTIONS").is_some() {
            return; // The setting itself decides; nothing of the default to check here.
        }
        let cores = crate::cpu::cores() as u32;
        let told = Cli::try_parse_from(["eris"]).unwrap().database.max_connections;
        assert_eq!(told, (2 * cores + 1).max(5));
        let set = Cli::try_parse_from(["eris", "--db-max-connections", "12"]).unwrap().database.max_connections;
        assert_eq!(set, 12);
    }
}
