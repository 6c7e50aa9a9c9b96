//! The contracts service's rules and what each call does with them, in plain Rust types.

pub mod contracts;
pub mod fields;
pub mod hedge_fields;
pub mod hedges;
pub mod kinds;
pub mod lifecycle;
pub mod numbers;
pub mod paste;
pub mod payment_fields;
pub mod payments;
pub mod spreadsheet;
pub mod statement_file;
pub mod statement_match;
pub mod statements;
pub mod vocabulary;
