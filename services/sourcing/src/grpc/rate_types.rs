//! RateTypeService.

use std::sync::Arc;

use eris_platform::auth::caller;
use eris_proto::sourcing::v1::{
    CreateRateTypeRequest, CreateRateTypeResponse, DeleteRateTypeRequest, DeleteRateTypeResponse, ListRateTypesRequest,
    ListRateTypesResponse, RateType, rate_type_service_server::RateTypeService,
};
use tonic::{Request, Response, Status};

use crate::{State, domain::rate_types::rate_type_name, error::invalid};

pub(crate) struct RateTypeApi(pub(crate) Arc<State>);

#[tonic::async_trait]
impl RateTypeService for RateTypeApi {
    #[tracing::instrument(skip_all)]
    async fn list_rate_types(
        &self,
        request: Request<ListRateTypesRequest>,
    ) -> Result<Response<ListRateTypesResponse>, Status> {
        let caller = caller(&request)?.clone();
        let names = self.0.list_rate_types(&caller).await?;
        Ok(Response::new(ListRateTypesResponse {
            rate_types: names.into_iter().map(|name| RateType { name }).collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_rate_type(
        &self,
        request: Request<CreateRateTypeRequest>,
    ) -> Result<Response<CreateRateTypeResponse>, Status> {
        let caller = caller(&request)?.clone();
        let rate_type = request.into_inner().rate_type.ok_or_else(|| invalid("rate_type is required."))?;
        let name = self.0.create_rate_type(&caller, rate_type_name(&rate_type.name)?).await?;
        Ok(Response::new(CreateRateTypeResponse { rate_type: Some(RateType { name }) }))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_rate_type(
        &self,
        request: Request<DeleteRateTypeRequest>,
    ) -> Result<Response<DeleteRateTypeResponse>, Status> {
        let caller = caller(&request)?.clone();
        let name = rate_type_name(&request.get_ref().name)?;
        self.0.delete_rate_type(&caller, &name).await?;
        Ok(Response::new(DeleteRateTypeResponse {}))
    }
}
