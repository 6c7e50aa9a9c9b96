//! A reporting service for tests: on a fresh port, over a test database, with its projector.

use std::net::SocketAddr;

use eris_platform::testing::{TestDatabase, spawn_service_on};

use crate::Config;

/// Serves reporting (and runs its projector) on `listener` until the test ends.
pub fn spawn_on(listener: tokio::net::TcpListener, database: &TestDatabase, identity_url: String) -> SocketAddr {
    spawn_service_on(listener, database, identity_url, |s, listener| {
        let config = Config {
            listen: s.listen,
            projector: true,
            metrics_listen: None,
            service: s.service,
            sources: Default::default(),
        };
        crate::serve(config, listener, Box::pin(std::future::pending()))
    })
}
