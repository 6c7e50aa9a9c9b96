//! A sourcing service for tests: on a fresh port, over a test database, verifying tokens with the
//! identity service at `identity_url`.

use std::net::SocketAddr;

use eris_platform::testing::{TestDatabase, spawn_service, spawn_service_on};

use crate::Config;

/// Serves sourcing until the test ends; RFPs cannot check their companies and accounts (no crm
/// service), so tests of RFPs use `spawn_with_crm`.
pub async fn spawn(database: &TestDatabase, identity_url: String) -> SocketAddr {
    spawn_with_crm(database, identity_url, "http://127.0.0.1:9".into()).await
}

/// Serves sourcing until the test ends, asking the crm service at `crm_url` about companies and
/// accounts.
pub async fn spawn_with_crm(database: &TestDatabase, identity_url: String, crm_url: String) -> SocketAddr {
    spawn_service(database, identity_url, |s, listener| {
        let config = Config { listen: s.listen, crm_url, rfp_few_companies: 2000, service: s.service };
        crate::serve(config, listener, Box::pin(std::future::pending()))
    })
    .await
}

/// Serves sourcing on `listener` (bound before, so crm can be told its address first), asking
/// the crm service at `crm_url`; Sales users seeing more than `rfp_few_companies` companies have
/// RFP lists filtered by crm page by page.
pub fn spawn_on(
    listener: tokio::net::TcpListener,
    database: &TestDatabase,
    identity_url: String,
    crm_url: String,
    rfp_few_companies: i32,
) -> SocketAddr {
    spawn_service_on(listener, database, identity_url, |s, listener| {
        let config = Config { listen: s.listen, crm_url, rfp_few_companies, service: s.service };
        crate::serve(config, listener, Box::pin(std::future::pending()))
    })
}
