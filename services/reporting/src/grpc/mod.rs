//! gRPC adapters: read each request into the domain's types, call the domain, write the answer.
//! One file a report; this one routes each call of the service to it.

mod changes;
mod commissions;
mod contract_reports;
mod margin;
mod renewals;
mod revenue;

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
    RenewalAlert, RenewalRow, RenewalWindowCount, RevenueBasis, SupplierOption, SupplierRevenue,
    report_service_server::ReportService,
};
use futures::{StreamExt, stream::BoxStream};
use prost::Message;
use rust_decimal::Decimal;
use tonic::{Request, Response, Status};

use crate::{
    State,
    db::{contract_reports::ContractRecord, margin::MarginRecord},
};

pub(crate) use changes::ChangeFeedApi;

/// The report calls.
pub(crate) struct ReportingApi(pub(crate) Arc<State>);

type ExportStream = BoxStream<'static, Result<ExportMarginRowsResponse, Status>>;

/// Amounts as the reports show them (see `eris_platform::money`).
use eris_platform::money::text as money;

fn months(values: [Decimal; 12]) -> Vec<String> {
    values.into_iter().map(money).collect()
}

#[tonic::async_trait]
impl ReportService for ReportingApi {
    type ExportMarginRowsStream = ExportStream;

    async fn get_commission_reconciliation(
        &self,
        request: Request<GetCommissionReconciliationRequest>,
    ) -> Result<Response<GetCommissionReconciliationResponse>, Status> {
        commissions::get_commission_reconciliation(&self.0, request).await
    }

    async fn list_supplier_outreach(
        &self,
        request: Request<ListSupplierOutreachRequest>,
    ) -> Result<Response<ListSupplierOutreachResponse>, Status> {
        contract_reports::list_supplier_outreach(&self.0, request).await
    }

    async fn list_start_months(
        &self,
        request: Request<ListStartMonthsRequest>,
    ) -> Result<Response<ListStartMonthsResponse>, Status> {
        contract_reports::list_start_months(&self.0, request).await
    }

    async fn list_first_months_billing(
        &self,
        request: Request<ListFirstMonthsBillingRequest>,
    ) -> Result<Response<ListFirstMonthsBillingResponse>, Status> {
        contract_reports::list_first_months_billing(&self.0, request).await
    }

    async fn list_auto_inactive_contracts(
        &self,
        request: Request<ListAutoInactiveContractsRequest>,
    ) -> Result<Response<ListAutoInactiveContractsResponse>, Status> {
        contract_reports::list_auto_inactive_contracts(&self.0, request).await
    }

    async fn list_welcome_emails(
        &self,
        request: Request<ListWelcomeEmailsRequest>,
    ) -> Result<Response<ListWelcomeEmailsResponse>, Status> {
        contract_reports::list_welcome_emails(&self.0, request).await
    }

    async fn list_opportunities(
        &self,
        request: Request<ListOpportunitiesRequest>,
    ) -> Result<Response<ListOpportunitiesResponse>, Status> {
        contract_reports::list_opportunities(&self.0, request).await
    }

    async fn list_margin_rows(
        &self,
        request: Request<ListMarginRowsRequest>,
    ) -> Result<Response<ListMarginRowsResponse>, Status> {
        margin::list_margin_rows(&self.0, request).await
    }

    async fn create_margin_export(
        &self,
        request: Request<CreateMarginExportRequest>,
    ) -> Result<Response<CreateMarginExportResponse>, Status> {
        margin::create_margin_export(&self.0, request).await
    }

    async fn export_margin_rows(
        &self,
        request: Request<ExportMarginRowsRequest>,
    ) -> Result<Response<Self::ExportMarginRowsStream>, Status> {
        margin::export_margin_rows(&self.0, request).await
    }

    async fn list_margin_options(
        &self,
        request: Request<ListMarginOptionsRequest>,
    ) -> Result<Response<ListMarginOptionsResponse>, Status> {
        margin::list_margin_options(&self.0, request).await
    }

    async fn list_contract_margin_payments(
        &self,
        request: Request<ListContractMarginPaymentsRequest>,
    ) -> Result<Response<ListContractMarginPaymentsResponse>, Status> {
        margin::list_contract_margin_payments(&self.0, request).await
    }

    async fn list_renewals(
        &self,
        request: Request<ListRenewalsRequest>,
    ) -> Result<Response<ListRenewalsResponse>, Status> {
        renewals::list_renewals(&self.0, request).await
    }

    async fn list_renewal_alerts(
        &self,
        request: Request<ListRenewalAlertsRequest>,
    ) -> Result<Response<ListRenewalAlertsResponse>, Status> {
        renewals::list_renewal_alerts(&self.0, request).await
    }

    async fn get_revenue_by_supplier(
        &self,
        request: Request<GetRevenueBySupplierRequest>,
    ) -> Result<Response<GetRevenueBySupplierResponse>, Status> {
        revenue::get_revenue_by_supplier(&self.0, request).await
    }

    async fn list_revenue_years(
        &self,
        request: Request<ListRevenueYearsRequest>,
    ) -> Result<Response<ListRevenueYearsResponse>, Status> {
        revenue::list_revenue_years(&self.0, request).await
    }
}
