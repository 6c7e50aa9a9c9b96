//! Sourcing's rules and what each call does with them, in plain Rust types.

pub mod rate_types;
pub mod record;
pub mod rfp_record;
pub mod rfps;
pub mod spreadsheet;
pub mod supplier_record;
pub mod suppliers;
pub mod utilities;
pub mod utility_record;
pub mod vocabulary;
