//! gRPC adapters: read each request into the domain's types, call the domain, write the answer.

mod rate_types;
mod rfps;
pub(crate) mod snapshot;
mod suppliers;
mod utilities;

pub(crate) use rate_types::RateTypeApi;
pub(crate) use rfps::RfpApi;
pub(crate) use suppliers::SupplierApi;
pub(crate) use utilities::{SourcingApi, UtilityApi};
