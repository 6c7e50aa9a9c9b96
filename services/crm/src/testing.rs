//! A crm service for tests: on a fresh port, over a test database, verifying tokens with the
//! identity service at `identity_url`.

use std::net::SocketAddr;

use eris_platform::{
    config::TokenArgs,
    testing::{TestDatabase, redis_args, shutdown_args},
};

use crate::Config;

/// Serves crm until the test ends.
pub async fn spawn(database: &TestDatabase, identity_url: String) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let address = listener.local_addr().expect("bound");
    let config = Config {
        listen: address,
        database: database.args(),
        redis: redis_args(),
        token: TokenArgs { identity_url, jwt_public_key: None },
        shutdown: shutdown_args(),
    };
    tokio::spawn(crate::serve(config, listener, std::future::pending()));
    address
}
