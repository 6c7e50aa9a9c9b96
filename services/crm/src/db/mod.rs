//! SQL of the crm schema, one function per query.

pub mod accounts;
pub mod call_banks;
pub mod companies;
pub mod contacts;
pub mod notes;
pub mod tasks;
