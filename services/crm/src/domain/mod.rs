//! The crm's rules and what each call does with them, in plain Rust types: requests arrive here
//! already read from their protos (`grpc/`), and storage is `db/`.

pub mod call_banks;
pub mod companies;
pub mod notes;
pub mod tasks;
pub mod text;
pub mod users;
