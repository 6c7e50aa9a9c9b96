//! SQL of the sourcing schema, one function per query.

pub mod utilities;
