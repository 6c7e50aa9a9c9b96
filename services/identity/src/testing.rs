//! An identity service for other crates' tests: on a fresh port, over a test database, with the
//! demo users.

use std::net::SocketAddr;

use eris_platform::testing::{TestDatabase, service_secret_args, shutdown_args};

use crate::config::{AuthArgs, Config};

/// The demo users' password in tests.
pub const DEMO_PASSWORD: &str = "demo-password-2026";
/// Test settings: the default throttle, loopback trusted as the proxy, a unique Redis prefix.
pub fn config(database: &TestDatabase, listen: SocketAddr) -> Config {
    Config {
        listen,
        database: database.args(),
        redis: database.redis_args(),
        business: eris_platform::config::BusinessArgs::default(),
        auth: AuthArgs {
            jwt_private_key: None,
            access_token_ttl_seconds: 900,
            refresh_token_ttl_minutes: 720,
            free_attempts: 5,
            max_delay_seconds: 300,
            account_hourly_limit: 100,
            address_hourly_limit: 200,
            password_checks: 0,
            proxy_secret: None,
            trusted_proxies: vec!["127.0.0.1".parse().expect("an address"), "::1".parse().expect("an address")],
            contracts_beta_user_ids: Vec::new(),
        },
        shutdown: shutdown_args(),
        secret: service_secret_args(),
        metrics: Default::default(),
    }
}

/// Seeds the demo users and serves identity until the test ends; `adjust` changes the settings.
pub async fn spawn(database: &TestDatabase, adjust: impl FnOnce(&mut Config)) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let address = listener.local_addr().expect("bound");
    let mut config = config(database, address);
    adjust(&mut config);
    crate::seed::demo_users(&config.database, DEMO_PASSWORD).await.expect("demo users");
    tokio::spawn(crate::serve(config, listener, Box::pin(std::future::pending())));
    address
}
