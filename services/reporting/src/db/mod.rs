//! SQL of the reporting schema, one function per query.

pub mod commissions;
pub mod contract_reports;
pub mod margin;
pub mod projection;
pub mod renewals;
pub mod revenue;
