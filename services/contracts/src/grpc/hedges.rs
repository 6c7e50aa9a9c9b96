//! HedgeService: hedges of Hedge contracts.

use std::sync::Arc;

use eris_platform::auth::caller;
use eris_proto::contracts::v1::{
    CreateHedgeRequest, CreateHedgeResponse, DeleteHedgeRequest, DeleteHedgeResponse, GetHedgeRequest,
    GetHedgeResponse, ListHedgesRequest, ListHedgesResponse, UpdateHedgeRequest, UpdateHedgeResponse,
    hedge_service_server::HedgeService,
};
use tonic::{Request, Response, Status};

use crate::{
    State,
    error::{Result, invalid},
    proto::{hedge_to_proto, typed_hedge},
};

pub(crate) struct HedgeApi(pub(crate) Arc<State>);

#[tonic::async_trait]
impl HedgeService for HedgeApi {
    async fn list_hedges(&self, request: Request<ListHedgesRequest>) -> Result<Response<ListHedgesResponse>, Status> {
        let caller = caller(&request)?;
        let rows = self.0.list_hedges(caller, request.get_ref().contract_id).await?;
        Ok(Response::new(ListHedgesResponse { hedges: rows.into_iter().map(hedge_to_proto).collect() }))
    }

    async fn get_hedge(&self, request: Request<GetHedgeRequest>) -> Result<Response<GetHedgeResponse>, Status> {
        let caller = caller(&request)?;
        let row = self.0.get_hedge(caller, request.get_ref().hedge_id).await?;
        Ok(Response::new(GetHedgeResponse { hedge: Some(hedge_to_proto(row)) }))
    }

    async fn create_hedge(
        &self,
        request: Request<CreateHedgeRequest>,
    ) -> Result<Response<CreateHedgeResponse>, Status> {
        let caller = caller(&request)?;
        let hedge = request.get_ref().hedge.as_ref().ok_or_else(|| invalid("hedge is required."))?;
        let row = self.0.create_hedge(caller, hedge.contract_id, &typed_hedge(hedge)?).await?;
        Ok(Response::new(CreateHedgeResponse { hedge: Some(hedge_to_proto(row)) }))
    }

    async fn update_hedge(
        &self,
        request: Request<UpdateHedgeRequest>,
    ) -> Result<Response<UpdateHedgeResponse>, Status> {
        let caller = caller(&request)?;
        let hedge = request.get_ref().hedge.as_ref().ok_or_else(|| invalid("hedge is required."))?;
        let row = self.0.update_hedge(caller, hedge.hedge_id, hedge.version, &typed_hedge(hedge)?).await?;
        Ok(Response::new(UpdateHedgeResponse { hedge: Some(hedge_to_proto(row)) }))
    }

    async fn delete_hedge(
        &self,
        request: Request<DeleteHedgeRequest>,
    ) -> Result<Response<DeleteHedgeResponse>, Status> {
        let caller = caller(&request)?;
        self.0.delete_hedge(caller, request.get_ref().hedge_id).await?;
        Ok(Response::new(DeleteHedgeResponse {}))
    }
}
