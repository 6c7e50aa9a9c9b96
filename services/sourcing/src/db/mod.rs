//! SQL of the sourcing schema, one function per query.

pub mod rate_types;
pub mod rfps;
pub mod suppliers;
pub mod utilities;
