//! gRPC adapters: read each request into the domain's types, call the domain, write the answer.

mod contracts;
mod hedges;
mod payments;
pub(crate) mod snapshot;

use eris_platform::auth::{BETA_SCREEN_HEADER, Caller};
use eris_proto::sourcing::v1::Commodity as ProtoCommodity;
use tonic::Request;

use crate::{
    State,
    access::{self, require},
    domain::vocabulary::Commodity,
    error::{Result, invalid},
};

pub(crate) use contracts::ContractApi;
pub(crate) use hedges::HedgeApi;
pub(crate) use payments::PaymentApi;

/// The caller of a request; a call from the beta screens (marked with `BETA_SCREEN_HEADER`) only
/// for the beta users, reads included.
fn screen_caller<'a, T>(state: &State, request: &'a Request<T>) -> Result<&'a Caller> {
    let caller = eris_platform::auth::caller(request)?;
    if request.metadata().contains_key(BETA_SCREEN_HEADER) {
        require(access::may_use_beta(caller, &state.beta_user_ids))?;
    }
    Ok(caller)
}

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
