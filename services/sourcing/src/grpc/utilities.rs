//! UtilityService, and SourcingService whose calls arrive with suppliers, rate types and RFPs.

use std::sync::Arc;

use eris_platform::auth::caller;
use eris_proto::sourcing::v1::{
    Commodity as ProtoCommodity, ListUtilitiesRequest, ListUtilitiesResponse, Utility,
    sourcing_service_server::SourcingService, utility_service_server::UtilityService,
};
use tonic::{Request, Response, Status};

use crate::{State, db::utilities::UtilityRow, domain::utilities::Commodity};

pub(crate) struct UtilityApi(pub(crate) Arc<State>);

/// The service's calls that have not yet moved to their own service (suppliers, rate types and
/// requests for pricing arrive with their features).
pub(crate) struct SourcingApi;

#[tonic::async_trait]
impl SourcingService for SourcingApi {}

fn commodity(value: ProtoCommodity) -> Option<Commodity> {
    match value {
        ProtoCommodity::Electric => Some(Commodity::Electric),
        ProtoCommodity::Gas => Some(Commodity::Gas),
        ProtoCommodity::Dr => Some(Commodity::Dr),
        ProtoCommodity::Unspecified => None,
    }
}

fn utility_to_proto(row: UtilityRow) -> Utility {
    let commodity = match Commodity::from_name(&row.commodity) {
        Some(Commodity::Electric) => ProtoCommodity::Electric,
        Some(Commodity::Gas) => ProtoCommodity::Gas,
        Some(Commodity::Dr) => ProtoCommodity::Dr,
        None => ProtoCommodity::Unspecified,
    };
    Utility {
        utility_id: row.utility_id,
        commodity: commodity.into(),
        name: row.name,
        state: row.state,
        zone: row.zone,
        rto: row.rto,
    }
}

#[tonic::async_trait]
impl UtilityService for UtilityApi {
    #[tracing::instrument(skip_all)]
    async fn list_utilities(
        &self,
        request: Request<ListUtilitiesRequest>,
    ) -> Result<Response<ListUtilitiesResponse>, Status> {
        let caller = caller(&request)?.clone();
        let rows = self.0.list_utilities(&caller, commodity(request.get_ref().commodity())).await?;
        Ok(Response::new(ListUtilitiesResponse { utilities: rows.into_iter().map(utility_to_proto).collect() }))
    }
}
