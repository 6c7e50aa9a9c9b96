//! The four services behind identity, each served on its own port in this test process with its
//! own settings (and so its own token checks), as `eris-stack` runs them.

#![allow(dead_code, reason = "each test binary uses part of the harness")]

use std::net::SocketAddr;

use eris_platform::service::ServiceArgs;

/// A port nothing listens on: the peers a service under test never reaches.
pub const NOWHERE: &str = "http://127.0.0.1:9";

pub fn crm(listen: SocketAddr, service: ServiceArgs) -> eris_crm::Config {
    eris_crm::Config { listen, service, sourcing_url: NOWHERE.into() }
}

pub fn contracts(listen: SocketAddr, service: ServiceArgs) -> eris_contracts::Config {
    eris_contracts::Config {
        listen,
        service,
        crm_url: NOWHERE.into(),
        sourcing_url: NOWHERE.into(),
        contracts_beta_user_ids: Vec::new(),
        files: eris_contracts::config::FileArgs {
            dir: std::env::temp_dir().join("eris-stack-test-contract-files"),
            bucket: None,
            upload_key: None,
        },
    }
}

pub fn sourcing(listen: SocketAddr, service: ServiceArgs) -> eris_sourcing::Config {
    eris_sourcing::Config { listen, service, crm_url: NOWHERE.into(), rfp_few_companies: 2000 }
}

pub fn reporting(listen: SocketAddr, service: ServiceArgs) -> eris_reporting::Config {
    eris_reporting::Config { listen, service, projector: true, reconcile_seconds: 0, sources: Default::default() }
}
