//! SQL of the identity schema, one function per query.

pub mod keys;
pub mod users;
