//! Margin Builder: its rows, options, export and one contract's payments.

use super::*;
use eris_proto::contracts::v1::Contract;

use crate::domain::margin::{self, Cursor, Filter, TypedFilter};

fn margin_filter(filter: Option<&MarginFilter>) -> Result<Filter, Status> {
    let Some(f) = filter else { return Ok(Filter::default()) };
    Ok(Filter::parse(&TypedFilter {
        supplier_id: f.supplier_id,
        projected_month: f.projected_month,
        projected_year: f.projected_year,
        start_month: &f.start_month,
        company_name: &f.company_name,
        payment_month: f.payment_month,
        payment_year: f.payment_year,
        signed_from: parse_date("Date signed start", f.date_signed_start.as_ref())?,
        signed_to: parse_date("Date signed end", f.date_signed_end.as_ref())?,
    })?)
}

fn margin_row(r: MarginRecord) -> MarginRow {
    MarginRow {
        contract_id: r.contract_id,
        payment_id: r.payment_id,
        company_id: r.company_id,
        customer_name: r.customer_name,
        state: r.state,
        commodity: r.commodity,
        utility: r.utility,
        contract_type: r.contract_type,
        inside_sales: r.inside_sales,
        closer1: r.closer1,
        closer2: r.closer2,
        analyst: r.analyst,
        support_analyst1: r.support_analyst1,
        support_analyst2: r.support_analyst2,
        pricing_type: r.pricing_type,
        supplier: r.supplier,
        date_signed: optional_date(r.date_signed),
        start_date: optional_date(r.start_date),
        fee: r.fee,
        projected_month: r.projected_month,
        projected_year: r.projected_year,
        revenue_split: r.revenue_split,
        projected_usage: r.projected_usage,
        projected_payment: r.projected_payment,
        payment_month: r.payment_month,
        usage_actual: r.usage_actual,
        payment_actual: r.payment_actual,
        payment_year: r.payment_year,
        payment_type: r.payment_type,
        affiliate: r.affiliate,
        contract: r.record.and_then(|record| Contract::decode(record.as_slice()).ok()),
    }
}

pub(super) async fn list_margin_rows(
    state: &State,
    request: Request<ListMarginRowsRequest>,
) -> Result<Response<ListMarginRowsResponse>, Status> {
    let caller = caller(&request)?;
    let message = request.get_ref();
    let filter = margin_filter(message.filter.as_ref())?;
    let cursor = Cursor::decode(&message.cursor)?;
    let backward = message.direction == PageDirection::Backward as i32;
    let at = if cursor.is_none() && !backward && message.page_number > 1 {
        margin::At::Number(message.page_number)
    } else {
        margin::At::Cursor { cursor, backward }
    };
    let page = margin::page(&state.pool, caller, &filter, message.page_size, at);
    let total_size = async {
        match message.include_total_size {
            true => margin::count(&state.pool, caller, &filter).await,
            false => Ok(0),
        }
    };
    let (page, total_size) = tokio::try_join!(page, total_size)?;
    let first_cursor = page.rows.first().map(|row| Cursor::of(row).encode()).unwrap_or_default();
    let last_cursor = page.rows.last().map(|row| Cursor::of(row).encode()).unwrap_or_default();
    Ok(Response::new(ListMarginRowsResponse {
        rows: page.rows.into_iter().map(margin_row).collect(),
        first_cursor,
        last_cursor,
        has_previous: page.has_previous,
        has_next: page.has_next,
        total_size,
    }))
}

pub(super) async fn create_margin_export(
    state: &State,
    request: Request<CreateMarginExportRequest>,
) -> Result<Response<CreateMarginExportResponse>, Status> {
    let caller = caller(&request)?;
    let filter = request.get_ref().filter.clone().unwrap_or_default();
    margin_filter(Some(&filter))?;
    let (ticket, expires_at) = margin::create_export(&state.pool, caller, &filter.encode_to_vec()).await?;
    Ok(Response::new(CreateMarginExportResponse { ticket, expire_time: Some(timestamp(expires_at)) }))
}

pub(super) async fn export_margin_rows(
    state: &State,
    request: Request<ExportMarginRowsRequest>,
) -> Result<Response<super::ExportStream>, Status> {
    let encoded = margin::redeem_export(&state.pool, &request.get_ref().ticket).await?;
    let filter =
        MarginFilter::decode(encoded.as_slice()).map_err(|_| Status::internal("An export ticket is damaged."))?;
    let chunks = margin::export(state.pool.pool().clone(), margin_filter(Some(&filter))?);
    Ok(Response::new(
        chunks.map(|chunk| chunk.map(|csv| ExportMarginRowsResponse { csv }).map_err(Status::from)).boxed(),
    ))
}

pub(super) async fn list_margin_options(
    state: &State,
    request: Request<ListMarginOptionsRequest>,
) -> Result<Response<ListMarginOptionsResponse>, Status> {
    let options = margin::options(&state.pool, caller(&request)?).await?;
    Ok(Response::new(ListMarginOptionsResponse {
        suppliers: options
            .suppliers
            .into_iter()
            .map(|(supplier_id, name, commodity)| SupplierOption { supplier_id, name, commodity })
            .collect(),
        payment_years: options.payment_years,
        projected_years: options.projected_years,
        start_months: options.start_months.into_iter().map(|first| first.format("%Y-%m").to_string()).collect(),
    }))
}

pub(super) async fn list_contract_margin_payments(
    state: &State,
    request: Request<ListContractMarginPaymentsRequest>,
) -> Result<Response<ListContractMarginPaymentsResponse>, Status> {
    let caller = caller(&request)?;
    let rows = margin::contract_payments(&state.pool, caller, request.get_ref().contract_id).await?;
    Ok(Response::new(ListContractMarginPaymentsResponse { rows: rows.into_iter().map(margin_row).collect() }))
}
