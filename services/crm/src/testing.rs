//! A crm service for tests: on a fresh port, over a test database, verifying tokens with the
//! identity service at `identity_url`.

use std::net::SocketAddr;

use eris_platform::testing::{TestDatabase, spawn_service};

use crate::Config;

/// Serves crm until the test ends; accounts' utilities and suppliers cannot be checked (no
/// sourcing service), so tests of accounts use `spawn_with_sourcing`.
pub async fn spawn(database: &TestDatabase, identity_url: String) -> SocketAddr {
    spawn_with_sourcing(database, identity_url, "http://127.0.0.1:9".into()).await
}

/// Serves crm until the test ends, checking directories with the sourcing service at
/// `sourcing_url`.
pub async fn spawn_with_sourcing(database: &TestDatabase, identity_url: String, sourcing_url: String) -> SocketAddr {
    spawn_service(database, identity_url, |s, listener| {
        let config = Config { listen: s.listen, sourcing_url, service: s.service };
        crate::serve(config, listener, Box::pin(std::future::pending()))
    })
    .await
}
