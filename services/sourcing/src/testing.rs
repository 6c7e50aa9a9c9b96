//! A sourcing service for tests: on a fresh port, over a test database, verifying tokens with the
//! identity service at `identity_url`.

use std::net::SocketAddr;

use eris_platform::testing::{TestDatabase, spawn_service};

use crate::Config;

/// Serves sourcing until the test ends.
pub async fn spawn(database: &TestDatabase, identity_url: String) -> SocketAddr {
    spawn_service(database, identity_url, |s, listener| {
        crate::serve(Config { listen: s.listen, service: s.service }, listener, Box::pin(std::future::pending()))
    })
    .await
}
