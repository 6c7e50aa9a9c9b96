//! Utilities, as the pickers and lists of the web app and existing clients read them.

use std::sync::Arc;

use axum::{Json, extract::State};
use eris_proto::sourcing::v1::{
    Commodity, ListUtilitiesRequest, Utility, utility_service_client::UtilityServiceClient,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    AppState,
    auth::CallContext,
    error::{ApiError, ApiResult, ErrorBody},
};

/// A utility as the REST surface shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct UtilityJson {
    pub utility_id: i64,
    pub utility: String,
    /// Electric, Gas or DR.
    pub commodity: String,
    pub state: String,
    pub zone: String,
    #[serde(rename = "RTO")]
    pub rto: String,
}

fn utility_json(utility: Utility) -> UtilityJson {
    let commodity = match utility.commodity() {
        Commodity::Electric => "Electric",
        Commodity::Gas => "Gas",
        Commodity::Dr => "DR",
        Commodity::Unspecified => "",
    };
    UtilityJson {
        utility_id: utility.utility_id,
        commodity: commodity.into(),
        utility: utility.name,
        state: utility.state,
        zone: utility.zone,
        rto: utility.rto,
    }
}

/// Every utility, by name.
#[utoipa::path(get, path = "/api/getUtilities", tag = "utilities",
    responses((status = 200, body = [UtilityJson]), (status = 401, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn get_utilities(State(state): State<Arc<AppState>>, ctx: CallContext) -> ApiResult<Json<Vec<UtilityJson>>> {
    let channel = state.upstreams.channel("sourcing");
    let request = ctx.request(ListUtilitiesRequest { commodity: Commodity::Unspecified.into() });
    let utilities = UtilityServiceClient::new(channel)
        .list_utilities(request)
        .await
        .map_err(|status| ApiError::from_status(&status, "sourcing"))?
        .into_inner()
        .utilities;
    Ok(Json(utilities.into_iter().map(utility_json).collect()))
}
