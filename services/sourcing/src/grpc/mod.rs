//! gRPC adapters: read each request into the domain's types, call the domain, write the answer.

mod utilities;

pub(crate) use utilities::{SourcingApi, UtilityApi};
