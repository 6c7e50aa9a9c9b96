//! gRPC adapters: read each request into the domain's types, call the domain, write the answer.

mod contracts;
mod hedges;
mod payments;
pub(crate) mod snapshot;
mod statements;

use eris_platform::auth::{BETA_SCREEN_HEADER, Caller};
use tonic::Request;

use crate::{
    State,
    access::{self, require},
    error::Result,
};

pub(crate) use contracts::ContractApi;
pub(crate) use hedges::HedgeApi;
pub(crate) use payments::PaymentApi;
pub(crate) use statements::StatementApi;

/// The caller of a request; a call from the beta screens (marked with `BETA_SCREEN_HEADER`) only
/// for the beta users, reads included.
fn screen_caller<'a, T>(state: &State, request: &'a Request<T>) -> Result<&'a Caller> {
    let caller = eris_platform::auth::caller(request)?;
    if request.metadata().contains_key(BETA_SCREEN_HEADER) {
        require(access::may_use_beta(caller, &state.beta_user_ids))?;
    }
    Ok(caller)
}
