//! gRPC adapters: read each request into the domain's types, call the domain, write the answer.

mod rate_types;
mod rfps;
pub(crate) mod snapshot;
mod suppliers;
mod utilities;

use eris_proto::sourcing::v1::Commodity as ProtoCommodity;

use crate::{
    domain::vocabulary::Commodity,
    error::{Result, invalid},
};

pub(crate) use rate_types::RateTypeApi;
pub(crate) use rfps::{RfpApi, quote_to_proto, rfp_to_proto};
pub(crate) use suppliers::{SupplierApi, supplier_contact_to_proto, supplier_to_proto};
pub(crate) use utilities::{SourcingApi, UtilityApi, rate_code_to_proto, utility_to_proto};

pub(crate) use eris_platform::values::timestamp;

/// A proto commodity as the domain's; `None` for unspecified.
fn commodity(value: i32) -> Result<Option<Commodity>> {
    match ProtoCommodity::try_from(value) {
        Ok(ProtoCommodity::Electric) => Ok(Some(Commodity::Electric)),
        Ok(ProtoCommodity::Gas) => Ok(Some(Commodity::Gas)),
        Ok(ProtoCommodity::Dr) => Ok(Some(Commodity::Dr)),
        Ok(ProtoCommodity::Unspecified) => Ok(None),
        Err(_) => Err(invalid("Commodity must be Electric, Gas or DR.")),
    }
}

/// A stored commodity name as the proto's.
fn commodity_to_proto(name: &str) -> ProtoCommodity {
    match Commodity::from_name(name) {
        Some(Commodity::Electric) => ProtoCommodity::Electric,
        Some(Commodity::Gas) => ProtoCommodity::Gas,
        Some(Commodity::Dr) => ProtoCommodity::Dr,
        None => ProtoCommodity::Unspecified,
    }
}
