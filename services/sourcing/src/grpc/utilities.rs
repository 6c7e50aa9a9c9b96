//! UtilityService, and SourcingService whose calls arrive with requests for pricing.

use std::sync::Arc;

use eris_platform::{
    auth::caller,
    edits::{Patch, named_fields},
};
use eris_proto::sourcing::v1::{
    CreateUtilityRequest, CreateUtilityResponse, GetUtilityRequest, GetUtilityResponse, ListRateCodesRequest,
    ListRateCodesResponse, ListUtilitiesRequest, ListUtilitiesResponse, RateCode, ReplaceRateCodesRequest,
    ReplaceRateCodesResponse, UpdateUtilityRequest, UpdateUtilityResponse, sourcing_service_server::SourcingService,
    utility_service_server::UtilityService,
};
use tonic::{Request, Response, Status};

use crate::{
    State,
    db::utilities::{RateCodeRow, UtilityFields},
    domain::utilities as domain,
    domain::vocabulary::Commodity,
    error::invalid,
    proto::{ProtoFields, rate_code_to_proto, utility_to_proto},
};

pub(crate) struct UtilityApi(pub(crate) Arc<State>);

/// The service's calls that have not yet moved to their own service (requests for pricing arrive
/// with their feature).
pub(crate) struct SourcingApi;

#[tonic::async_trait]
impl SourcingService for SourcingApi {}

fn rate_codes_to_proto(rows: Vec<RateCodeRow>) -> Vec<RateCode> {
    rows.into_iter().map(rate_code_to_proto).collect()
}

#[tonic::async_trait]
impl UtilityService for UtilityApi {
    #[tracing::instrument(skip_all)]
    async fn list_utilities(
        &self,
        request: Request<ListUtilitiesRequest>,
    ) -> Result<Response<ListUtilitiesResponse>, Status> {
        let caller = caller(&request)?.clone();
        let rows = self.0.list_utilities(&caller, Commodity::from_proto(request.get_ref().commodity)?).await?;
        Ok(Response::new(ListUtilitiesResponse { utilities: rows.into_iter().map(utility_to_proto).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_utility(&self, request: Request<GetUtilityRequest>) -> Result<Response<GetUtilityResponse>, Status> {
        let caller = caller(&request)?.clone();
        let row = self.0.get_utility(&caller, request.get_ref().utility_id).await?;
        Ok(Response::new(GetUtilityResponse { utility: Some(utility_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_utility(
        &self,
        request: Request<CreateUtilityRequest>,
    ) -> Result<Response<CreateUtilityResponse>, Status> {
        let caller = caller(&request)?.clone();
        let utility = request.into_inner().utility.ok_or_else(|| invalid("utility is required."))?;
        let fields = UtilityFields::read(&utility, UtilityFields::FIELDS)?;
        let row = self.0.create_utility(&caller, fields).await?;
        Ok(Response::new(CreateUtilityResponse { utility: Some(utility_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_utility(
        &self,
        request: Request<UpdateUtilityRequest>,
    ) -> Result<Response<UpdateUtilityResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateUtilityRequest { utility, update_mask } = request.into_inner();
        let utility = utility.ok_or_else(|| invalid("utility is required."))?;
        let named = named_fields(update_mask.map(|mask| mask.paths).unwrap_or_default());
        let fields = UtilityFields::read(&utility, &named)?;
        let patch = Patch { record_id: utility.utility_id, version: utility.version, fields, named };
        let row = self.0.update_utility(&caller, patch).await?;
        Ok(Response::new(UpdateUtilityResponse { utility: Some(utility_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_rate_codes(
        &self,
        request: Request<ListRateCodesRequest>,
    ) -> Result<Response<ListRateCodesResponse>, Status> {
        let caller = caller(&request)?.clone();
        let rows = self.0.list_rate_codes(&caller, request.get_ref().utility_id).await?;
        Ok(Response::new(ListRateCodesResponse { rate_codes: rate_codes_to_proto(rows) }))
    }

    #[tracing::instrument(skip_all)]
    async fn replace_rate_codes(
        &self,
        request: Request<ReplaceRateCodesRequest>,
    ) -> Result<Response<ReplaceRateCodesResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let typed: Vec<(String, String, String)> =
            request.rate_codes.into_iter().map(|code| (code.matrix, code.tariff, code.description)).collect();
        let codes = domain::rate_codes(&typed)?;
        let rows = self.0.replace_rate_codes(&caller, request.utility_id, codes).await?;
        Ok(Response::new(ReplaceRateCodesResponse { rate_codes: rate_codes_to_proto(rows) }))
    }
}
