//! Utilities: stored rows and the gRPC calls over them.

use eris_platform::error::Error;
use eris_proto::sourcing::v1::{
    Commodity, ListUtilitiesRequest, ListUtilitiesResponse, Utility, utility_service_server::UtilityService,
};
use sqlx::PgPool;
use tonic::{Request, Response, Status};

/// A commodity as stored.
fn commodity_name(commodity: Commodity) -> Option<&'static str> {
    match commodity {
        Commodity::Electric => Some("Electric"),
        Commodity::Gas => Some("Gas"),
        Commodity::Dr => Some("DR"),
        Commodity::Unspecified => None,
    }
}

fn commodity_from_name(name: &str) -> Commodity {
    match name {
        "Electric" => Commodity::Electric,
        "Gas" => Commodity::Gas,
        "DR" => Commodity::Dr,
        _ => Commodity::Unspecified,
    }
}

#[derive(Debug, sqlx::FromRow)]
struct UtilityRow {
    utility_id: i64,
    name: String,
    state: String,
    commodity: String,
    zone: String,
    rto: String,
}

/// Every utility of `commodity` (all when `None`), by name, then state.
pub async fn list_utilities(pool: &PgPool, commodity: Option<&str>) -> sqlx::Result<Vec<Utility>> {
    let rows: Vec<UtilityRow> = sqlx::query_as(
        "select utility_id, name, state, commodity, zone, rto from utility \
         where $1::text is null or commodity = $1 order by lower(name), state, commodity, utility_id",
    )
    .bind(commodity)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| Utility {
            utility_id: row.utility_id,
            commodity: commodity_from_name(&row.commodity).into(),
            name: row.name,
            state: row.state,
            zone: row.zone,
            rto: row.rto,
        })
        .collect())
}

/// The gRPC `UtilityService`.
pub struct UtilityApi {
    pub pool: PgPool,
}

#[tonic::async_trait]
impl UtilityService for UtilityApi {
    #[tracing::instrument(skip_all)]
    async fn list_utilities(
        &self,
        request: Request<ListUtilitiesRequest>,
    ) -> Result<Response<ListUtilitiesResponse>, Status> {
        let commodity = request.into_inner().commodity();
        let utilities = list_utilities(&self.pool, commodity_name(commodity)).await.map_err(Error::from)?;
        Ok(Response::new(ListUtilitiesResponse { utilities }))
    }
}
