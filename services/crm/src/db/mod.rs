//! SQL of the crm schema, one function per query.

pub mod call_banks;
pub mod companies;
pub mod notes;
pub mod tasks;
