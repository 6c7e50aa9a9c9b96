//! Storage of the contracts schema: one module per table family, plain SQL.

pub mod contracts;
pub mod hedges;
pub mod payments;
