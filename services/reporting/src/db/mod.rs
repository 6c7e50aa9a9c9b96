//! SQL of the reporting schema, one function per query.

pub mod projection;
pub mod revenue;
