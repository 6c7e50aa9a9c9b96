//! A reporting service for tests: on a fresh port, over a test database, with its projector.

use std::net::SocketAddr;

use eris_platform::testing::{TestDatabase, spawn_service_on};

use crate::Config;

/// Serves reporting (and runs its projector) on `listener` until the test ends, comparing its
/// read models with the contracts service at `contracts_url` every `reconcile_seconds` (0: never).
pub fn spawn_on(
    listener: tokio::net::TcpListener,
    database: &TestDatabase,
    identity_url: String,
    contracts_url: String,
    reconcile_seconds: u64,
) -> SocketAddr {
    spawn_service_on(listener, database, identity_url, move |s, listener| {
        let config = Config {
            listen: s.listen,
            projector: true,
            reconcile_seconds,
            service: s.service,
            sources: crate::sources::SourceArgs { contracts_url, ..Default::default() },
        };
        crate::serve(config, listener, Box::pin(std::future::pending()))
    })
}
