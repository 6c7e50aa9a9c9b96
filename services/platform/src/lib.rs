//! Machinery every Eris service shares: configuration, telemetry, the database pool and
//! migrations, token verification and role checks, errors mapped to gRPC codes, serving with
//! health and reflection, and test helpers.

pub mod auth;
pub mod config;
pub mod cpu;
pub mod db;
pub mod edits;
pub mod error;
pub mod export;
pub mod kv;
pub mod local;
pub mod metrics;
pub mod money;
pub mod outbox;
pub mod relay;
pub mod serve;
pub mod service;
pub mod snapshot;
pub mod telemetry;
#[cfg(feature = "testing")]
pub mod testing;
pub mod text;
pub mod time;
pub mod values;
pub mod vocabulary;

pub use error::{Error, Result};
