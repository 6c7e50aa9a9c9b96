//! The crm's rules and what each call does with them, in plain Rust types: requests arrive here
//! already read from their protos (`grpc/`), and storage is `db/`.

pub mod account_record;
pub mod accounts;
pub mod call_banks;
pub mod companies;
pub mod company_record;
pub mod contact_record;
pub mod contacts;
pub mod directory;
pub mod import;
pub mod notes;
pub mod tasks;
pub mod users;

pub use eris_platform::text;
