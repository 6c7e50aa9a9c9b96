//! A contracts service for tests: on a fresh port, over a test database, verifying tokens with
//! the identity service at `identity_url` and asking crm and sourcing at the addresses given.

use std::{net::SocketAddr, path::PathBuf};

use eris_platform::testing::{TestDatabase, spawn_service_on};

use crate::{Config, config::FileArgs};

/// Where the test service keeps contract files: a directory of its own under the system's
/// temporary directory.
pub fn files_dir() -> PathBuf {
    std::env::temp_dir().join(format!("eris-contract-files-{}", uuid::Uuid::new_v4().simple()))
}

/// Serves contracts on `listener` until the test ends; `beta_user_ids` use the beta screens.
pub fn spawn_on(
    listener: tokio::net::TcpListener,
    database: &TestDatabase,
    identity_url: String,
    crm_url: String,
    sourcing_url: String,
    beta_user_ids: Vec<i64>,
) -> SocketAddr {
    spawn_service_on(listener, database, identity_url, |s, listener| {
        let config = Config {
            listen: s.listen,
            crm_url,
            sourcing_url,
            contracts_beta_user_ids: beta_user_ids,
            files: FileArgs { dir: files_dir(), bucket: None, upload_key: None },
            service: s.service,
        };
        crate::serve(config, listener, Box::pin(std::future::pending()))
    })
}
