//! Reports: spec 2 section 7 ("Reports"), translated to the reporting service. Built so far:
//! Forecast and Actual Revenue By Supplier and the years they offer.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Query, State},
};
use eris_proto::reporting::v1::{
    GetRevenueBySupplierRequest, ListRevenueYearsRequest, RevenueBasis, report_service_client::ReportServiceClient,
};
use serde::{Deserialize, Serialize};
use tonic::transport::Channel;
use utoipa::ToSchema;

use crate::{
    AppState,
    auth::CallContext,
    error::{ApiError, ApiResult, ErrorBody},
};

fn reports(state: &AppState) -> ReportServiceClient<Channel> {
    ReportServiceClient::new(state.upstreams.channel("reporting"))
}

fn reporting_error(status: tonic::Status) -> ApiError {
    ApiError::from_status(&status, "reporting")
}

/// The query of the revenue reports.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct YearQuery {
    /// The year (1900 to 2200).
    pub year: Option<String>,
}

/// One supplier's revenue in the year.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct RevenueRow {
    /// The supplier's name ("No supplier" for contracts that name none).
    pub supplier: String,
    /// Its id; 0 for contracts that name none.
    pub supplier_id: i64,
    /// Twelve amounts with 2 fraction digits, January first.
    pub monthly_revenues: Vec<String>,
    /// The year's total.
    pub total: String,
}

async fn revenue(
    state: &AppState,
    ctx: &CallContext,
    query: &YearQuery,
    basis: RevenueBasis,
) -> ApiResult<Json<Vec<RevenueRow>>> {
    let year = query
        .year
        .as_deref()
        .map(str::trim)
        .and_then(|text| text.parse::<i32>().ok())
        .ok_or_else(|| ApiError::bad_request("The year must be between 1900 and 2200."))?;
    let request = GetRevenueBySupplierRequest { year, basis: basis.into() };
    let report = reports(state).get_revenue_by_supplier(ctx.request(request)).await;
    let report = report.map_err(reporting_error)?.into_inner();
    Ok(Json(
        report
            .suppliers
            .into_iter()
            .map(|row| RevenueRow {
                supplier: row.supplier_name,
                supplier_id: row.supplier_id,
                monthly_revenues: row.monthly,
                total: row.total,
            })
            .collect(),
    ))
}

/// Forecast revenue by supplier: the year's projected payments by projected month, largest
/// supplier first. Sales see the companies where they hold a team role.
#[utoipa::path(get, path = "/api/reports/revenueBySupplier", tag = "reports", params(YearQuery),
    responses((status = 200, body = Vec<RevenueRow>), (status = 400, body = ErrorBody)))]
pub async fn revenue_by_supplier(
    State(state): State<Arc<AppState>>,
    ctx: CallContext,
    Query(query): Query<YearQuery>,
) -> ApiResult<Json<Vec<RevenueRow>>> {
    revenue(&state, &ctx, &query, RevenueBasis::Forecast).await
}

/// Actual revenue by supplier: the payments received in the year, by the month received.
#[utoipa::path(get, path = "/api/reports/actualrevenueBySupplier", tag = "reports", params(YearQuery),
    responses((status = 200, body = Vec<RevenueRow>), (status = 400, body = ErrorBody)))]
pub async fn actual_revenue_by_supplier(
    State(state): State<Arc<AppState>>,
    ctx: CallContext,
    Query(query): Query<YearQuery>,
) -> ApiResult<Json<Vec<RevenueRow>>> {
    revenue(&state, &ctx, &query, RevenueBasis::Actual).await
}

/// The years the revenue reports offer: those with payments the caller may see, and this year,
/// latest first.
#[utoipa::path(get, path = "/api/reports/contractYearOptions", tag = "reports",
    responses((status = 200, body = Vec<i32>)))]
pub async fn contract_year_options(State(state): State<Arc<AppState>>, ctx: CallContext) -> ApiResult<Json<Vec<i32>>> {
    let years = reports(&state).list_revenue_years(ctx.request(ListRevenueYearsRequest {})).await;
    Ok(Json(years.map_err(reporting_error)?.into_inner().years))
}
