//! gRPC adapters: read each request into the domain's types, call the domain, write the answer.

use std::sync::Arc;

use chrono::Datelike;
use eris_platform::{
    auth::caller,
    values::{date, optional_date, parse_date, timestamp},
};
use eris_proto::reporting::v1::{
    CommissionRow, CommissionTotals, ContractReportRow, CreateMarginExportRequest, CreateMarginExportResponse,
    ExportMarginRowsRequest, ExportMarginRowsResponse, GetCommissionReconciliationRequest,
    GetCommissionReconciliationResponse, GetRevenueBySupplierRequest, GetRevenueBySupplierResponse,
    ListAutoInactiveContractsRequest, ListAutoInactiveContractsResponse, ListContractMarginPaymentsRequest,
    ListContractMarginPaymentsResponse, ListFirstMonthsBillingRequest, ListFirstMonthsBillingResponse,
    ListMarginOptionsRequest, ListMarginOptionsResponse, ListMarginRowsRequest, ListMarginRowsResponse,
    ListOpportunitiesRequest, ListOpportunitiesResponse, ListRenewalAlertsRequest, ListRenewalAlertsResponse,
    ListRenewalsRequest, ListRenewalsResponse, ListRevenueYearsRequest, ListRevenueYearsResponse,
    ListStartMonthsRequest, ListStartMonthsResponse, ListSupplierOutreachRequest, ListSupplierOutreachResponse,
    ListWelcomeEmailsRequest, ListWelcomeEmailsResponse, MarginFilter, MarginRow, OpportunityRow, PageDirection,
    RenewalAlert, RenewalRow, RevenueBasis, SupplierOption, SupplierRevenue, report_service_server::ReportService,
};
use futures::{StreamExt, stream::BoxStream};
use prost::Message;
use rust_decimal::Decimal;
use tonic::{Request, Response, Status};

use crate::{
    State,
    db::{contract_reports::ContractRecord, margin::MarginRecord},
    domain::{
        commissions::{self, Totals},
        contract_reports,
        margin::{self, Cursor, Filter, TypedFilter},
        renewals::{self, RenewalFilter},
        revenue,
    },
};

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

/// The Margin Builder filters as typed, checked.
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
    }
}

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

fn commission_totals(t: &Totals) -> CommissionTotals {
    CommissionTotals {
        supplier_id: t.supplier_id,
        supplier_name: t.name.clone(),
        projected: money(t.projected),
        actual: money(t.actual),
        variance: money(t.variance()),
        missing_months: t.missing_months as i32,
        missing_amount: money(t.missing_amount),
    }
}

#[tonic::async_trait]
impl ReportService for ReportingApi {
    async fn get_commission_reconciliation(
        &self,
        request: Request<GetCommissionReconciliationRequest>,
    ) -> Result<Response<GetCommissionReconciliationResponse>, Status> {
        let caller = caller(&request)?;
        let message = request.get_ref();
        let today = self.0.business.today();
        let year = commissions::reconcile(&self.0.pool, caller, message.year, message.supplier_id, today).await?;
        let text = |value: Option<Decimal>| value.map(|v| v.normalize().to_string()).unwrap_or_default();
        let rows = year
            .months
            .into_iter()
            .map(|m| CommissionRow {
                contract_id: m.contract_id,
                payment_id: m.payment_id,
                company_id: m.company_id,
                company_name: m.company_name,
                supplier: m.supplier,
                month: m.month,
                usage_variance: text(
                    m.usage_actual.zip(m.projected_usage).map(|(actual, projected)| actual - projected),
                ),
                projected_usage: text(m.projected_usage),
                usage_actual: text(m.usage_actual),
                projected_payment: money(m.projected_payment.unwrap_or_default()),
                payment_actual: m.payment_actual.map(money).unwrap_or_default(),
                variance: money(m.payment_actual.unwrap_or_default() - m.projected_payment.unwrap_or_default()),
                missing: m.missing,
            })
            .collect();
        Ok(Response::new(GetCommissionReconciliationResponse {
            year: year.year,
            suppliers: year.suppliers.iter().map(commission_totals).collect(),
            total: Some(commission_totals(&year.total)),
            rows,
            more: year.more,
        }))
    }

    async fn list_supplier_outreach(
        &self,
        request: Request<ListSupplierOutreachRequest>,
    ) -> Result<Response<ListSupplierOutreachResponse>, Status> {
        let caller = caller(&request)?;
        let start = parse_date("Start date", request.get_ref().start_date.as_ref())?;
        let today = self.0.business.today();
        let (rows, more) = contract_reports::supplier_outreach(&self.0.pool, caller, start, today).await?;
        Ok(Response::new(ListSupplierOutreachResponse { rows: contract_rows(rows), more }))
    }

    async fn list_start_months(
        &self,
        request: Request<ListStartMonthsRequest>,
    ) -> Result<Response<ListStartMonthsResponse>, Status> {
        let months = contract_reports::start_months(&self.0.pool, caller(&request)?).await?;
        let start_months = months.into_iter().map(|first| first.format("%Y-%m").to_string()).collect();
        Ok(Response::new(ListStartMonthsResponse { start_months }))
    }

    async fn list_first_months_billing(
        &self,
        request: Request<ListFirstMonthsBillingRequest>,
    ) -> Result<Response<ListFirstMonthsBillingResponse>, Status> {
        let caller = caller(&request)?;
        let month = &request.get_ref().start_month;
        let (rows, more) = contract_reports::first_months_billing(&self.0.pool, caller, month).await?;
        Ok(Response::new(ListFirstMonthsBillingResponse { rows: contract_rows(rows), more }))
    }

    async fn list_auto_inactive_contracts(
        &self,
        request: Request<ListAutoInactiveContractsRequest>,
    ) -> Result<Response<ListAutoInactiveContractsResponse>, Status> {
        let caller = caller(&request)?;
        let day = parse_date("Date", request.get_ref().date.as_ref())?;
        let today = self.0.business.today();
        let (rows, more) = contract_reports::auto_inactive(&self.0.pool, caller, day, today).await?;
        Ok(Response::new(ListAutoInactiveContractsResponse { rows: contract_rows(rows), more }))
    }

    async fn list_welcome_emails(
        &self,
        request: Request<ListWelcomeEmailsRequest>,
    ) -> Result<Response<ListWelcomeEmailsResponse>, Status> {
        let caller = caller(&request)?;
        let message = request.get_ref();
        let start = parse_date("Start Range", message.start_date.as_ref())?;
        let end = parse_date("End Range", message.end_date.as_ref())?;
        let (rows, more) = contract_reports::welcome_emails(&self.0.pool, caller, start, end).await?;
        Ok(Response::new(ListWelcomeEmailsResponse { rows: contract_rows(rows), more }))
    }

    async fn list_opportunities(
        &self,
        request: Request<ListOpportunitiesRequest>,
    ) -> Result<Response<ListOpportunitiesResponse>, Status> {
        let caller = caller(&request)?;
        let message = request.get_ref();
        let start = parse_date("Start date", message.start_date.as_ref())?;
        let end = parse_date("End date", message.end_date.as_ref())?;
        let (rows, more) = contract_reports::opportunities(&self.0.pool, caller, start, end).await?;
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

    type ExportMarginRowsStream = BoxStream<'static, Result<ExportMarginRowsResponse, Status>>;

    async fn list_margin_rows(
        &self,
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
        let page = margin::page(&self.0.pool, caller, &filter, message.page_size, at).await?;
        let first_cursor = page.rows.first().map(|row| Cursor::of(row).encode()).unwrap_or_default();
        let last_cursor = page.rows.last().map(|row| Cursor::of(row).encode()).unwrap_or_default();
        Ok(Response::new(ListMarginRowsResponse {
            rows: page.rows.into_iter().map(margin_row).collect(),
            first_cursor,
            last_cursor,
            has_previous: page.has_previous,
            has_next: page.has_next,
        }))
    }

    async fn create_margin_export(
        &self,
        request: Request<CreateMarginExportRequest>,
    ) -> Result<Response<CreateMarginExportResponse>, Status> {
        let caller = caller(&request)?;
        let filter = request.get_ref().filter.clone().unwrap_or_default();
        margin_filter(Some(&filter))?;
        let (ticket, expires_at) = margin::create_export(&self.0.pool, caller, &filter.encode_to_vec()).await?;
        Ok(Response::new(CreateMarginExportResponse { ticket, expire_time: Some(timestamp(expires_at)) }))
    }

    async fn export_margin_rows(
        &self,
        request: Request<ExportMarginRowsRequest>,
    ) -> Result<Response<Self::ExportMarginRowsStream>, Status> {
        let encoded = margin::redeem_export(&self.0.pool, &request.get_ref().ticket).await?;
        let filter =
            MarginFilter::decode(encoded.as_slice()).map_err(|_| Status::internal("An export ticket is damaged."))?;
        let chunks = margin::export(self.0.pool.clone(), margin_filter(Some(&filter))?);
        Ok(Response::new(
            chunks.map(|chunk| chunk.map(|csv| ExportMarginRowsResponse { csv }).map_err(Status::from)).boxed(),
        ))
    }

    async fn list_margin_options(
        &self,
        request: Request<ListMarginOptionsRequest>,
    ) -> Result<Response<ListMarginOptionsResponse>, Status> {
        let options = margin::options(&self.0.pool, caller(&request)?).await?;
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

    async fn list_contract_margin_payments(
        &self,
        request: Request<ListContractMarginPaymentsRequest>,
    ) -> Result<Response<ListContractMarginPaymentsResponse>, Status> {
        let caller = caller(&request)?;
        let rows = margin::contract_payments(&self.0.pool, caller, request.get_ref().contract_id).await?;
        Ok(Response::new(ListContractMarginPaymentsResponse { rows: rows.into_iter().map(margin_row).collect() }))
    }

    async fn list_renewals(
        &self,
        request: Request<ListRenewalsRequest>,
    ) -> Result<Response<ListRenewalsResponse>, Status> {
        let caller = caller(&request)?;
        let message = request.get_ref();
        let filter = RenewalFilter {
            closer_user_id: message.closer_user_id,
            analyst_user_id: message.analyst_user_id,
            until: parse_date("End date", message.end_date.as_ref())?,
        };
        let today = self.0.business.today();
        let (rows, more) = renewals::renewals(&self.0.pool, caller, &filter, today).await?;
        Ok(Response::new(ListRenewalsResponse {
            rows: rows
                .into_iter()
                .map(|row| {
                    let r = row.record;
                    RenewalRow {
                        contract_id: r.contract_id,
                        company_id: r.company_id,
                        company_name: r.company_name,
                        company_closer: r.company_closer,
                        company_analyst: r.company_analyst,
                        affiliate: r.affiliate,
                        supplier: r.supplier,
                        commodity: r.commodity,
                        utility: r.utility,
                        end_date: Some(date(r.end_date)),
                        annual_volume: r.annual_volume,
                        term_fee_total: r.term_fee_total,
                        contract_type: r.contract_type,
                        remaining_months: row.remaining_months,
                    }
                })
                .collect(),
            more,
        }))
    }

    async fn list_renewal_alerts(
        &self,
        request: Request<ListRenewalAlertsRequest>,
    ) -> Result<Response<ListRenewalAlertsResponse>, Status> {
        let caller = caller(&request)?;
        let alerts = renewals::alerts(&self.0.pool, caller, self.0.business.today()).await?;
        Ok(Response::new(ListRenewalAlertsResponse {
            alerts: alerts
                .into_iter()
                .map(|alert| RenewalAlert {
                    contract_id: alert.record.contract_id,
                    company_id: alert.record.company_id,
                    company_name: alert.record.company_name,
                    commodity: alert.record.commodity,
                    supplier: alert.record.supplier,
                    end_date: Some(date(alert.record.end_date)),
                    days_left: alert.days_left,
                    window_days: alert.window_days,
                })
                .collect(),
        }))
    }

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
