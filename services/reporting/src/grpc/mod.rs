//! gRPC adapters: read each request into the domain's types, call the domain, write the answer.

use std::sync::Arc;

use chrono::Datelike;
use eris_platform::auth::caller;
use eris_proto::reporting::v1::{
    GetRevenueBySupplierRequest, GetRevenueBySupplierResponse, ListRevenueYearsRequest, ListRevenueYearsResponse,
    RevenueBasis, SupplierRevenue, report_service_server::ReportService,
};
use rust_decimal::Decimal;
use tonic::{Request, Response, Status};

use crate::{State, domain::revenue};

/// The report calls.
pub(crate) struct ReportingApi(pub(crate) Arc<State>);

/// Money as the reports show it: two fraction digits.
fn money(value: Decimal) -> String {
    let mut cents = value.round_dp(2);
    cents.rescale(2);
    cents.to_string()
}

fn months(values: [Decimal; 12]) -> Vec<String> {
    values.into_iter().map(money).collect()
}

#[tonic::async_trait]
impl ReportService for ReportingApi {
    async fn get_revenue_by_supplier(
        &self,
        request: Request<GetRevenueBySupplierRequest>,
    ) -> Result<Response<GetRevenueBySupplierResponse>, Status> {
        let caller = caller(&request)?;
        let message = request.get_ref();
        let actual = message.basis == RevenueBasis::Actual as i32;
        let report = revenue::revenue_by_supplier(&self.0.pool, caller, message.year, actual).await?;
        Ok(Response::new(GetRevenueBySupplierResponse {
            year: report.year,
            suppliers: report
                .suppliers
                .into_iter()
                .map(|row| SupplierRevenue {
                    supplier_id: row.supplier_id,
                    supplier_name: row.name,
                    monthly: months(row.monthly),
                    total: money(row.total),
                })
                .collect(),
            month_totals: months(report.month_totals),
            total: money(report.total),
        }))
    }

    async fn list_revenue_years(
        &self,
        request: Request<ListRevenueYearsRequest>,
    ) -> Result<Response<ListRevenueYearsResponse>, Status> {
        let caller = caller(&request)?;
        let this_year = self.0.business.today().year();
        let years = revenue::revenue_years(&self.0.pool, caller, this_year).await?;
        Ok(Response::new(ListRevenueYearsResponse { years }))
    }
}
