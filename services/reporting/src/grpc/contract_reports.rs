//! The contract lists: Supplier Outreach, First Months Billing, Auto Inactive, Welcome E-mails and the Opportunity Tracker.

use super::*;
use crate::domain::contract_reports;

fn contract_rows(records: Vec<ContractRecord>) -> Vec<ContractReportRow> {
    records
        .into_iter()
        .map(|r| ContractReportRow {
            contract_id: r.contract_id,
            company_id: r.company_id,
            company_name: r.company_name,
            closer1: r.closer1,
            analyst: r.analyst,
            affiliate: r.affiliate,
            commodity: r.commodity,
            utility: r.utility,
            state: r.state,
            supplier: r.supplier,
            date_signed: optional_date(r.date_signed),
            start_date: optional_date(r.start_date),
            end_date: optional_date(r.end_date),
            term_months: r.term_months.unwrap_or_default(),
            contract_rate: r.contract_rate,
            contract_type: r.contract_type,
            billing_type: r.billing_type,
            tax_exempt: r.tax_exempt,
            account_count: r.account_count,
            annual_volume: r.annual_volume,
            term_fee_total: r.term_fee_total,
            status: r.status,
            previous_status: r.previous_status,
            auto_inactive_date: optional_date(r.auto_inactive_on),
            contact_first_name: r.contact_first_name,
            contact_last_name: r.contact_last_name,
            contact_email: r.contact_email,
        })
        .collect()
}

pub(super) async fn list_supplier_outreach(
    state: &State,
    request: Request<ListSupplierOutreachRequest>,
) -> Result<Response<ListSupplierOutreachResponse>, Status> {
    let caller = caller(&request)?;
    let start = parse_date("Start date", request.get_ref().start_date.as_ref())?;
    let today = state.business.today();
    let (rows, more) = contract_reports::supplier_outreach(&state.pool, caller, start, today).await?;
    Ok(Response::new(ListSupplierOutreachResponse { rows: contract_rows(rows), more }))
}

pub(super) async fn list_start_months(
    state: &State,
    request: Request<ListStartMonthsRequest>,
) -> Result<Response<ListStartMonthsResponse>, Status> {
    let months = contract_reports::start_months(&state.pool, caller(&request)?).await?;
    let start_months = months.into_iter().map(|first| first.format("%Y-%m").to_string()).collect();
    Ok(Response::new(ListStartMonthsResponse { start_months }))
}

pub(super) async fn list_first_months_billing(
    state: &State,
    request: Request<ListFirstMonthsBillingRequest>,
) -> Result<Response<ListFirstMonthsBillingResponse>, Status> {
    let caller = caller(&request)?;
    let month = &request.get_ref().start_month;
    let (rows, more) = contract_reports::first_months_billing(&state.pool, caller, month).await?;
    Ok(Response::new(ListFirstMonthsBillingResponse { rows: contract_rows(rows), more }))
}

pub(super) async fn list_auto_inactive_contracts(
    state: &State,
    request: Request<ListAutoInactiveContractsRequest>,
) -> Result<Response<ListAutoInactiveContractsResponse>, Status> {
    let caller = caller(&request)?;
    let day = parse_date("Date", request.get_ref().date.as_ref())?;
    let today = state.business.today();
    let (rows, more) = contract_reports::auto_inactive(&state.pool, caller, day, today).await?;
    Ok(Response::new(ListAutoInactiveContractsResponse { rows: contract_rows(rows), more }))
}

pub(super) async fn list_welcome_emails(
    state: &State,
    request: Request<ListWelcomeEmailsRequest>,
) -> Result<Response<ListWelcomeEmailsResponse>, Status> {
    let caller = caller(&request)?;
    let message = request.get_ref();
    let start = parse_date("Start Range", message.start_date.as_ref())?;
    let end = parse_date("End Range", message.end_date.as_ref())?;
    let (rows, more) = contract_reports::welcome_emails(&state.pool, caller, start, end).await?;
    Ok(Response::new(ListWelcomeEmailsResponse { rows: contract_rows(rows), more }))
}

pub(super) async fn list_opportunities(
    state: &State,
    request: Request<ListOpportunitiesRequest>,
) -> Result<Response<ListOpportunitiesResponse>, Status> {
    let caller = caller(&request)?;
    let message = request.get_ref();
    let start = parse_date("Start date", message.start_date.as_ref())?;
    let end = parse_date("End date", message.end_date.as_ref())?;
    let (rows, more) = contract_reports::opportunities(&state.pool, caller, start, end).await?;
    let rows = rows
        .into_iter()
        .map(|r| OpportunityRow {
            company_id: r.company_id,
            company_name: r.company_name,
            entry_date: optional_date(r.entry_date),
            inside: r.inside,
            closer: r.closer,
            analyst: r.analyst,
            affiliate: r.affiliate,
            utility: r.utility,
            annual_kwh: r.annual_kwh,
            annual_therms: r.annual_therms,
        })
        .collect();
    Ok(Response::new(ListOpportunitiesResponse { rows, more }))
}
