//! Forecast and Actual Revenue by supplier, and the years they cover.

use super::*;
use crate::domain::revenue;

pub(super) async fn get_revenue_by_supplier(
    state: &State,
    request: Request<GetRevenueBySupplierRequest>,
) -> Result<Response<GetRevenueBySupplierResponse>, Status> {
    let caller = caller(&request)?;
    let message = request.get_ref();
    let actual = message.basis == RevenueBasis::Actual as i32;
    let report = revenue::revenue_by_supplier(&state.pool, caller, message.year, actual).await?;
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

pub(super) async fn list_revenue_years(
    state: &State,
    request: Request<ListRevenueYearsRequest>,
) -> Result<Response<ListRevenueYearsResponse>, Status> {
    let caller = caller(&request)?;
    let this_year = state.business.today().year();
    let years = revenue::revenue_years(&state.pool, caller, this_year).await?;
    Ok(Response::new(ListRevenueYearsResponse { years }))
}
