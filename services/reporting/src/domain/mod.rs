//! The reporting service's rules and what each call does with them, in plain Rust types.

pub mod commissions;
pub mod contract_reports;
pub mod margin;
pub mod renewals;
pub mod revenue;
