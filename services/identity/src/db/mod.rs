//! SQL of the identity schema, one function per query.

pub mod keys;
pub mod sessions;
pub mod users;
