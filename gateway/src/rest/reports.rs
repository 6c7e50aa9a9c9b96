//! Reports: spec 2 section 7 ("Reports"), translated to the reporting service. Built so far:
//! Forecast and Actual Revenue By Supplier and the years they offer, Renewal Tracking and the
//! renewal alerts, and Margin Builder with its filter choices, a contract's payments and the
//! streamed export.

use axum::{
    Json,
    body::{Body, Bytes},
    extract::{Path, Query},
    http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE},
    response::{IntoResponse, Response},
};
use eris_platform::local::Channel;
use eris_proto::reporting::v1::{
    CommissionRow, CommissionTotals, ContractReportRow, CreateMarginExportRequest, ExportMarginRowsRequest,
    GetCommissionReconciliationRequest, GetRevenueBySupplierRequest, ListAutoInactiveContractsRequest,
    ListContractMarginPaymentsRequest, ListFirstMonthsBillingRequest, ListMarginOptionsRequest,
    ListMarginOptionsResponse, ListMarginRowsRequest, ListOpportunitiesRequest, ListRenewalAlertsRequest,
    ListRenewalsRequest, ListRevenueYearsRequest, ListStartMonthsRequest, ListSupplierOutreachRequest,
    ListWelcomeEmailsRequest, MarginFilter, MarginRow, OpportunityRow, PageDirection, RenewalAlert, RenewalRow,
    RevenueBasis, SupplierOption, SupplierRevenue, report_service_client::ReportServiceClient,
};
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Answer;
use super::leads::{iso, parse_iso};
use crate::{
    auth::CallContext,
    error::{ApiError, ApiResult, ErrorBody},
};

fn reports(ctx: &CallContext) -> ReportServiceClient<Channel> {
    ReportServiceClient::new(ctx.channel("reporting"))
}

/// The query of the revenue reports.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct YearQuery {
    /// The year (1900 to 2200).
    pub year: Option<String>,
}

view! {
    /// One supplier's revenue in the year.
    #[serde(rename_all = "PascalCase")]
    pub struct RevenueRow from row: SupplierRevenue {
        /// The supplier's name ("No supplier" for contracts that name none).
        supplier: String = row.supplier_name,
        /// Its id; 0 for contracts that name none.
        supplier_id: i64,
        /// Twelve amounts with 2 fraction digits, January first.
        monthly_revenues: Vec<String> = row.monthly,
        /// The year's total.
        total: String,
    }
}

async fn revenue(ctx: &CallContext, query: &YearQuery, basis: RevenueBasis) -> ApiResult<Json<Vec<RevenueRow>>> {
    let year = query
        .year
        .as_deref()
        .map(str::trim)
        .and_then(|text| text.parse::<i32>().ok())
        .ok_or_else(|| ApiError::bad_request("The year must be between 1900 and 2200."))?;
    let request = GetRevenueBySupplierRequest { year, basis: basis.into() };
    let report = reports(ctx).get_revenue_by_supplier(ctx.request(request)).await;
    let report = report.answer("reporting")?;
    Ok(Json(report.suppliers.into_iter().map(RevenueRow::from).collect()))
}

/// Forecast revenue by supplier: the year's projected payments by projected month, largest
/// supplier first. Management's report (spec 2 section 6): 403 for every other role.
#[utoipa::path(get, path = "/reports/revenueBySupplier", tag = "reports", params(YearQuery),
    responses((status = 200, body = Vec<RevenueRow>)))]
pub async fn revenue_by_supplier(ctx: CallContext, Query(query): Query<YearQuery>) -> ApiResult<Json<Vec<RevenueRow>>> {
    revenue(&ctx, &query, RevenueBasis::Forecast).await
}

/// Actual revenue by supplier: the payments received in the year, by the month received.
/// Management's report: 403 for every other role.
#[utoipa::path(get, path = "/reports/actualrevenueBySupplier", tag = "reports", params(YearQuery),
    responses((status = 200, body = Vec<RevenueRow>)))]
pub async fn actual_revenue_by_supplier(
    ctx: CallContext,
    Query(query): Query<YearQuery>,
) -> ApiResult<Json<Vec<RevenueRow>>> {
    revenue(&ctx, &query, RevenueBasis::Actual).await
}

/// The years the revenue reports offer: those with payments, and this year, latest first
/// (Management's, like the reports: 403 for every other role).
#[utoipa::path(get, path = "/reports/contractYearOptions", tag = "reports", responses((status = 200, body = Vec<i32>)))]
pub async fn contract_year_options(ctx: CallContext) -> ApiResult<Json<Vec<i32>>> {
    let years = reports(&ctx).list_revenue_years(ctx.request(ListRevenueYearsRequest {})).await;
    Ok(Json(years.answer("reporting")?.years))
}

/// Renewal Tracking's filters (spec: filters.closer, filters.analyst, filters.endDate).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RenewalFilters {
    /// The company's closer (a user id); none for any. A Sales caller always gets their own.
    pub closer: Option<i64>,
    /// The company's analyst (a user id); none for any.
    pub analyst: Option<i64>,
    /// Contracts ending on or before this day (ISO date); none for every contract not yet ended.
    pub end_date: Option<String>,
}

/// The body of renewalTracking.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RenewalTrackingBody {
    /// The filters.
    #[serde(default)]
    pub filters: RenewalFilters,
}

view! {
    /// A contract coming up for renewal (spec 2 section 3, "Renewal").
    #[serde(rename_all = "PascalCase")]
    pub struct RenewalJson from r: RenewalRow {
        contract_id: i64,
        lead_id: i64 = r.company_id,
        name: String = r.company_name,
        lead_closer: String = r.company_closer,
        lead_analyst: String = r.company_analyst,
        affiliate: String,
        supplier: String,
        commodity: String,
        utility: String,
        /// ISO date.
        end_date: Option<String> = iso(r.end_date.as_ref()),
        contract_annual_volume: String = r.annual_volume,
        term_fee_total: String,
        contract_type: String,
        /// Whole months from today to the end date.
        remaining_months: i32,
    }
}

/// Renewal Tracking: contracts in force ending by the end date, the soonest first (at most 2,000;
/// the X-More-Rows header says when more match).
#[utoipa::path(post, path = "/reports/renewalTracking", tag = "reports",
    responses((status = 200, body = Vec<RenewalJson>)))]
pub async fn renewal_tracking(ctx: CallContext, Json(body): Json<RenewalTrackingBody>) -> ApiResult<Response> {
    let f = body.filters;
    let request = ListRenewalsRequest {
        closer_user_id: f.closer.unwrap_or_default(),
        analyst_user_id: f.analyst.unwrap_or_default(),
        end_date: parse_iso("End date", f.end_date.as_deref())?,
    };
    let found = reports(&ctx).list_renewals(ctx.request(request)).await.answer("reporting")?;
    let rows: Vec<RenewalJson> = found.rows.into_iter().map(RenewalJson::from).collect();
    Ok(([("x-more-rows", if found.more { "true" } else { "false" })], Json(rows)).into_response())
}

view! {
    /// A renewal alert on the caller's dashboard.
    #[serde(rename_all = "PascalCase")]
    pub struct RenewalAlertJson from a: RenewalAlert {
        contract_id: i64,
        lead_id: i64 = a.company_id,
        name: String = a.company_name,
        commodity: String,
        supplier: String,
        /// ISO date.
        end_date: Option<String> = iso(a.end_date.as_ref()),
        days_left: i32,
        /// The window it falls in: 14, 28 or 150 days.
        window_days: i32,
    }
}

/// The caller's active contracts (as a closer or the analyst) ending within 150 days.
#[utoipa::path(get, path = "/reports/renewalAlerts", tag = "reports",
    responses((status = 200, body = Vec<RenewalAlertJson>)))]
pub async fn renewal_alerts(ctx: CallContext) -> ApiResult<Json<Vec<RenewalAlertJson>>> {
    let found = reports(&ctx).list_renewal_alerts(ctx.request(ListRenewalAlertsRequest::default())).await;
    Ok(Json(found.answer("reporting")?.alerts.into_iter().map(RenewalAlertJson::from).collect()))
}

async fn margin_options(ctx: &CallContext) -> ApiResult<ListMarginOptionsResponse> {
    let found = reports(ctx).list_margin_options(ctx.request(ListMarginOptionsRequest {})).await;
    found.answer("reporting")
}

view! {
    /// A supplier to filter by.
    #[serde(rename_all = "PascalCase")]
    pub struct ReportSupplier from s: SupplierOption {
        supplier_id: i64,
        supplier_name: String = s.name,
        commodity: String,
    }
}

/// Every supplier, by name (Margin Builder's supplier filter).
#[utoipa::path(get, path = "/reports/getSuppliers", tag = "reports",
    responses((status = 200, body = Vec<ReportSupplier>)))]
pub async fn get_suppliers(ctx: CallContext) -> ApiResult<Json<Vec<ReportSupplier>>> {
    let options = margin_options(&ctx).await?;
    Ok(Json(options.suppliers.into_iter().map(ReportSupplier::from).collect()))
}

/// Years with a received payment, latest first.
#[utoipa::path(get, path = "/reports/getPaymentYears", tag = "reports", responses((status = 200, body = Vec<i32>)))]
pub async fn get_payment_years(ctx: CallContext) -> ApiResult<Json<Vec<i32>>> {
    Ok(Json(margin_options(&ctx).await?.payment_years))
}

/// Years with a projected payment, latest first.
#[utoipa::path(get, path = "/reports/getProjectedYears", tag = "reports", responses((status = 200, body = Vec<i32>)))]
pub async fn get_projected_years(ctx: CallContext) -> ApiResult<Json<Vec<i32>>> {
    Ok(Json(margin_options(&ctx).await?.projected_years))
}

/// Months in which a contract starts (`yyyy-MM`), latest first (First Months Billing's choices).
#[utoipa::path(get, path = "/reports/getStartMonths", tag = "reports", responses((status = 200, body = Vec<String>)))]
pub async fn get_start_months(ctx: CallContext) -> ApiResult<Json<Vec<String>>> {
    let found = reports(&ctx).list_start_months(ctx.request(ListStartMonthsRequest {})).await;
    Ok(Json(found.answer("reporting")?.start_months))
}

/// Margin Builder's filters, as JSON in the address (each left out selects everything).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MarginFilters {
    /// A supplier id.
    pub supplier: Option<i64>,
    pub projected_month: Option<i32>,
    pub projected_year: Option<i32>,
    /// `yyyy-MM`.
    pub start_month: Option<String>,
    /// Part of the company's name.
    pub company_name: Option<String>,
    pub payment_month: Option<i32>,
    pub payment_year: Option<i32>,
    /// ISO date.
    pub date_signed_start: Option<String>,
    /// ISO date.
    pub date_signed_end: Option<String>,
}

impl MarginFilters {
    /// Filters from the address's JSON text (empty or `{}` for none).
    fn from_text(text: &str) -> ApiResult<Self> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(Self::default());
        }
        serde_json::from_str(text)
            .map_err(|error| ApiError::bad_request(format!("The filters are not valid: {error}.")))
    }

    fn to_proto(&self) -> ApiResult<MarginFilter> {
        Ok(MarginFilter {
            supplier_id: self.supplier.unwrap_or_default(),
            projected_month: self.projected_month.unwrap_or_default(),
            projected_year: self.projected_year.unwrap_or_default(),
            start_month: self.start_month.clone().unwrap_or_default(),
            company_name: self.company_name.clone().unwrap_or_default(),
            payment_month: self.payment_month.unwrap_or_default(),
            payment_year: self.payment_year.unwrap_or_default(),
            date_signed_start: parse_iso("Date signed start", self.date_signed_start.as_deref())?,
            date_signed_end: parse_iso("Date signed end", self.date_signed_end.as_deref())?,
        })
    }
}

view! {
    /// A Margin Builder row (spec 2 section 3, "Margin Builder").
    #[serde(rename_all = "PascalCase")]
    pub struct MarginRowJson from r: MarginRow {
        contract_id: i64,
        payment_id: i64,
        lead_id: i64 = r.company_id,
        cust_name: String = r.customer_name,
        state: String,
        commodity: String,
        utility: String,
        contract_type: String,
        inside_sales: String,
        closer1: String,
        closer2: String,
        analyst: String,
        support_analyst1: String,
        support_analyst2: String,
        pricing_type: String,
        supplier: String,
        date_signed: Option<String> = iso(r.date_signed.as_ref()),
        start_date: Option<String> = iso(r.start_date.as_ref()),
        fee: String,
        projected_month: i32,
        projected_year: i32,
        revenue_split: String,
        projected_usage: String,
        projected_payment: String,
        payment_month: i32,
        usage_actual: String,
        payment_actual: String,
        payment_year: i32,
        payment_type: String,
        affiliate: String,
    }
}

/// Where a Margin Builder page after the first starts.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AfterQuery {
    /// The X-Next-Cursor header of the page before.
    pub after: Option<String>,
    /// true: also count the matching rows, answered in the X-Total-Count header.
    pub count: Option<bool>,
}

/// A page of Margin Builder rows (Management), in (contract, payment) order: page N as the spec
/// asks (by position, up to row 100,000), or, faster on deep pages, the page after the
/// X-Next-Cursor header of the page before, sent as `after` (the page number is then ignored).
/// With `count=true` the X-Total-Count header says how many rows match.
#[utoipa::path(get, path = "/reports/margin_builder/{page}/{itemsPerPage}/{filters}", tag = "reports",
    params(("page" = i32, Path, description = "The page number (1 for the first)"),
        ("itemsPerPage" = i32, Path, description = "5, 10, 25 or 50"),
        ("filters" = String, Path, description = "The filters as JSON (MarginFilters), {} for none"), AfterQuery),
    responses((status = 200, body = Vec<MarginRowJson>)))]
pub async fn margin_builder(
    ctx: CallContext,
    Path((page, items_per_page, filters)): Path<(String, String, String)>,
    Query(query): Query<AfterQuery>,
) -> ApiResult<Response> {
    let page: i32 = page
        .trim()
        .parse()
        .ok()
        .filter(|p| *p >= 1)
        .ok_or_else(|| ApiError::bad_request("The page must be a number from 1."))?;
    let size: i32 =
        items_per_page.trim().parse().map_err(|_| ApiError::bad_request("The page size must be 5, 10, 25 or 50."))?;
    let cursor = query.after.unwrap_or_default();
    let request = ListMarginRowsRequest {
        filter: Some(MarginFilters::from_text(&filters)?.to_proto()?),
        page_size: size,
        page_number: if cursor.is_empty() { page } else { 1 },
        cursor,
        direction: PageDirection::Forward.into(),
        include_total_size: query.count.unwrap_or(false),
    };
    let found = reports(&ctx).list_margin_rows(ctx.request(request)).await.answer("reporting")?;
    let next = if found.has_next { found.last_cursor.clone() } else { String::new() };
    let mut response =
        ([("x-next-cursor", next)], Json(found.rows.into_iter().map(MarginRowJson::from).collect::<Vec<_>>()))
            .into_response();
    if query.count == Some(true) {
        response.headers_mut().insert("x-total-count", http::HeaderValue::from(found.total_size));
    }
    Ok(response)
}

/// One contract's payments as Margin Builder rows (Management).
#[utoipa::path(get, path = "/reports/contractMarginPayments/{contractId}", tag = "reports",
    responses((status = 200, body = Vec<MarginRowJson>)))]
pub async fn contract_margin_payments(
    ctx: CallContext,
    Path(contract_id): Path<i64>,
) -> ApiResult<Json<Vec<MarginRowJson>>> {
    let request = ctx.request(ListContractMarginPaymentsRequest { contract_id });
    let found = reports(&ctx).list_contract_margin_payments(request).await.answer("reporting")?;
    Ok(Json(found.rows.into_iter().map(MarginRowJson::from).collect()))
}

/// The body of marginBuilderExport.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportBody {
    /// Which rows.
    #[serde(default)]
    pub filters: MarginFilters,
}

/// Where to download an export.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportAddress {
    /// GET it (no Authorization needed) within a minute, once.
    pub url: String,
}

async fn create_export(ctx: &CallContext, filters: &MarginFilters) -> ApiResult<String> {
    let request = CreateMarginExportRequest { filter: Some(filters.to_proto()?) };
    let made = reports(ctx).create_margin_export(ctx.request(request)).await.answer("reporting")?;
    Ok(made.ticket)
}

/// A single-use address, good for a minute, from which a browser downloads MarginBuilder.csv
/// straight to disk (Management).
#[utoipa::path(post, path = "/reports/marginBuilderExport", tag = "reports",
    responses((status = 200, body = ExportAddress)))]
pub async fn margin_builder_export(ctx: CallContext, Json(body): Json<ExportBody>) -> ApiResult<Json<ExportAddress>> {
    let ticket = create_export(&ctx, &body.filters).await?;
    Ok(Json(ExportAddress { url: format!("/api/reports/marginBuilderExport/{ticket}") }))
}

/// MarginBuilder.csv, streamed as the database reads it, from an address of marginBuilderExport.
#[utoipa::path(get, path = "/reports/marginBuilderExport/{ticket}", tag = "reports",
    params(("ticket" = String, Path, description = "From marginBuilderExport")),
    responses((status = 200, content_type = "text/csv", body = String), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn margin_builder_download(ctx: CallContext, Path(ticket): Path<String>) -> ApiResult<Response> {
    stream_export(&ctx, ticket).await
}

/// Every Margin Builder row the filters select, as MarginBuilder.csv streamed as the database
/// reads it (Management).
#[utoipa::path(get, path = "/reports/getAllPayments/{filters}", tag = "reports",
    params(("filters" = String, Path, description = "The filters as JSON (MarginFilters), {} for none")),
    responses((status = 200, content_type = "text/csv", body = String)))]
pub async fn get_all_payments(ctx: CallContext, Path(filters): Path<String>) -> ApiResult<Response> {
    let ticket = create_export(&ctx, &MarginFilters::from_text(&filters)?).await?;
    stream_export(&ctx, ticket).await
}

/// The export's chunks as the response body, passed on as they come: the gateway holds one chunk
/// at a time. The first chunk is awaited before answering, so a refused ticket is a proper error;
/// a failure later ends the download early (the browser reports it as failed).
async fn stream_export(ctx: &CallContext, ticket: String) -> ApiResult<Response> {
    let request = ExportMarginRowsRequest { ticket };
    let mut chunks = reports(ctx).export_margin_rows(ctx.request(request)).await.answer("reporting")?;
    let first = chunks.message().await.map_err(|s| crate::error::ApiError::from_status(&s, "reporting"))?;
    let rest = futures::stream::unfold(chunks, |mut chunks| async move {
        match chunks.message().await {
            Ok(Some(chunk)) => Some((Ok(Bytes::from(chunk.csv)), chunks)),
            Ok(None) => None,
            Err(status) => {
                tracing::warn!(%status, "a Margin Builder export ended early");
                Some((Err(std::io::Error::other(status.message().to_owned())), chunks))
            }
        }
    });
    let body = futures::stream::iter(first.map(|chunk| Ok(Bytes::from(chunk.csv)))).chain(rest);
    Ok((
        [
            (CONTENT_TYPE, "text/csv; charset=utf-8"),
            (CONTENT_DISPOSITION, "attachment; filename=\"MarginBuilder.csv\""),
            (CACHE_CONTROL, "no-store"),
        ],
        Body::from_stream(body),
    )
        .into_response())
}

view! {
    /// A contract in Supplier Outreach, First Months Billing, Auto Inactive Contracts and Welcome
    /// E-mails (spec 2 section 3: the Welcome e-mail and First-month billing rows).
    #[serde(rename_all = "PascalCase")]
    pub struct ContractReportJson from r: ContractReportRow {
        contract_id: i64,
        lead_id: i64 = r.company_id,
        /// The company's name.
        name: String = r.company_name,
        closer1: String,
        analyst: String,
        affiliate: String,
        commodity: String,
        utility: String,
        state: String,
        supplier: String,
        date_signed: Option<String> = iso(r.date_signed.as_ref()),
        start_date: Option<String> = iso(r.start_date.as_ref()),
        end_date: Option<String> = iso(r.end_date.as_ref()),
        term_length: i32 = r.term_months,
        contract_rate: String,
        contract_type: String,
        billing_type: String,
        tax_exempt: String,
        account_count: i32,
        contract_annual_volume: String = r.annual_volume,
        term_fee_total: String,
        /// 0 Active, 1 Active - Renewed, 2 Active - Lost, 3 Inactive.
        status: i32,
        previous_status: i32,
        /// The day it was made Inactive because its end date had passed.
        auto_inactive_date: Option<String> = iso(r.auto_inactive_date.as_ref()),
        contact_first_name: String,
        contact_last_name: String,
        contact_email: String,
    }
}

fn contract_rows(rows: Vec<ContractReportRow>, more: bool) -> Response {
    let rows: Vec<ContractReportJson> = rows.into_iter().map(ContractReportJson::from).collect();
    ([("x-more-rows", if more { "true" } else { "false" })], Json(rows)).into_response()
}

/// A date in an address: ISO, or `null`, `undefined` or `-` for none (a cleared picker).
fn path_date(label: &str, text: &str) -> ApiResult<Option<eris_proto::common::v1::Date>> {
    match text.trim() {
        "null" | "undefined" | "-" => Ok(None),
        text => parse_iso(label, Some(text)),
    }
}

/// Supplier Outreach's filter.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OutreachFilters {
    /// The first start date (ISO); none for the first of this month.
    pub start_date: Option<String>,
}

/// The body of supplierOutreach.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OutreachBody {
    #[serde(default)]
    pub filters: OutreachFilters,
}

/// Supplier Outreach: contracts starting from the start date through the end of its month
/// (Management, Customer Care).
#[utoipa::path(post, path = "/reports/supplierOutreach/", tag = "reports",
    responses((status = 200, body = Vec<ContractReportJson>)))]
pub async fn supplier_outreach(ctx: CallContext, Json(body): Json<OutreachBody>) -> ApiResult<Response> {
    let request =
        ListSupplierOutreachRequest { start_date: parse_iso("Start date", body.filters.start_date.as_deref())? };
    let found = reports(&ctx).list_supplier_outreach(ctx.request(request)).await.answer("reporting")?;

    Ok(contract_rows(found.rows, found.more))
}

/// First Months Billing: contracts starting in the month, with the company's first contact
/// (Management, Customer Care).
#[utoipa::path(get, path = "/reports/firstMonthsBilling/{startMonth}", tag = "reports",
    params(("startMonth" = String, Path, description = "yyyy-MM")),
    responses((status = 200, body = Vec<ContractReportJson>)))]
pub async fn first_months_billing(ctx: CallContext, Path(start_month): Path<String>) -> ApiResult<Response> {
    let request = ListFirstMonthsBillingRequest { start_month };
    let found = reports(&ctx).list_first_months_billing(ctx.request(request)).await.answer("reporting")?;

    Ok(contract_rows(found.rows, found.more))
}

/// Auto Inactive Contracts: contracts made Inactive on the day because their end date had passed
/// (Management).
#[utoipa::path(get, path = "/reports/getAutoInactiveContracts/{date}", tag = "reports",
    params(("date" = String, Path, description = "ISO date")),
    responses((status = 200, body = Vec<ContractReportJson>)))]
pub async fn auto_inactive_contracts(ctx: CallContext, Path(date): Path<String>) -> ApiResult<Response> {
    let request = ListAutoInactiveContractsRequest { date: path_date("Date", &date)? };
    let found = reports(&ctx).list_auto_inactive_contracts(ctx.request(request)).await.answer("reporting")?;

    Ok(contract_rows(found.rows, found.more))
}

/// Customer Care Welcome E-mails: contracts signed within the range, with whom to write to
/// (Management, Customer Care). A blank end or the same day twice is refused with the spec's
/// words.
#[utoipa::path(get, path = "/reports/welcomeEmails/{startDate}/{endDate}", tag = "reports",
    params(("startDate" = String, Path, description = "ISO date"),
        ("endDate" = String, Path, description = "ISO date")),
    responses((status = 200, body = Vec<ContractReportJson>)))]
pub async fn welcome_emails(ctx: CallContext, Path((start, end)): Path<(String, String)>) -> ApiResult<Response> {
    let request = ListWelcomeEmailsRequest {
        start_date: path_date("Start Range", &start)?,
        end_date: path_date("End Range", &end)?,
    };
    let found = reports(&ctx).list_welcome_emails(ctx.request(request)).await.answer("reporting")?;

    Ok(contract_rows(found.rows, found.more))
}

view! {
    /// A company in the Opportunity Tracker (spec 2 section 3, "Opportunity").
    #[serde(rename_all = "PascalCase")]
    pub struct OpportunityJson from r: OpportunityRow {
        lead_id: i64 = r.company_id,
        company_name: String,
        entry_date: Option<String> = iso(r.entry_date.as_ref()),
        inside: String,
        closer: String,
        analyst: String,
        affiliate: String,
        utility: String,
        #[serde(rename = "AnnualKwH")]
        annual_kwh: String,
        annual_therms: String,
    }
}

/// The Opportunity Tracker: companies entered within the range, latest first; either end may be
/// `null` (Management, Customer Care, Admin).
#[utoipa::path(get, path = "/reports/opportunityTracker/{startDate}/{endDate}", tag = "reports",
    params(("startDate" = String, Path, description = "ISO date or null"),
        ("endDate" = String, Path, description = "ISO date or null")),
    responses((status = 200, body = Vec<OpportunityJson>)))]
pub async fn opportunity_tracker(ctx: CallContext, Path((start, end)): Path<(String, String)>) -> ApiResult<Response> {
    let request = ListOpportunitiesRequest {
        start_date: path_date("Start date", &start)?,
        end_date: path_date("End date", &end)?,
    };
    let found = reports(&ctx).list_opportunities(ctx.request(request)).await.answer("reporting")?;
    let rows: Vec<OpportunityJson> = found.rows.into_iter().map(OpportunityJson::from).collect();
    Ok(([("x-more-rows", if found.more { "true" } else { "false" })], Json(rows)).into_response())
}

/// The query of commissionReconciliation.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct CommissionQuery {
    /// The projected year (1900 to 2200).
    pub year: Option<String>,
    /// One supplier's id; none for all.
    pub supplier: Option<String>,
}

view! {
    /// A supplier's year, or the whole year's.
    #[serde(rename_all = "PascalCase")]
    pub struct CommissionTotalsJson from t: CommissionTotals {
        supplier_id: i64,
        supplier: String = t.supplier_name,
        projected: String,
        actual: String,
        variance: String,
        /// Months whose projected month has passed with nothing received.
        missing_months: i32,
        missing_amount: String,
    }
}

view! {
    /// A contract month that differs from its projection.
    #[serde(rename_all = "PascalCase")]
    pub struct CommissionRowJson from r: CommissionRow {
        contract_id: i64,
        payment_id: i64,
        lead_id: i64 = r.company_id,
        name: String = r.company_name,
        supplier: String,
        month: i32,
        projected_usage: String,
        usage_actual: String,
        usage_variance: String,
        projected_payment: String,
        payment_actual: String,
        variance: String,
        missing: bool,
    }
}

/// Commission reconciliation of a year.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct CommissionJson {
    pub year: i32,
    pub suppliers: Vec<CommissionTotalsJson>,
    pub total: Option<CommissionTotalsJson>,
    /// Missing months first, then the largest differences; at most 2,000.
    pub months: Vec<CommissionRowJson>,
    pub more_months: bool,
}

/// Commission reconciliation (Management): a year's projected payments against those received,
/// per supplier, with the months due and not paid and the contract months that differ most.
#[utoipa::path(get, path = "/reports/commissionReconciliation", tag = "reports", params(CommissionQuery),
    responses((status = 200, body = CommissionJson)))]
pub async fn commission_reconciliation(
    ctx: CallContext,
    Query(query): Query<CommissionQuery>,
) -> ApiResult<Json<CommissionJson>> {
    let year = query
        .year
        .as_deref()
        .and_then(|text| text.trim().parse::<i32>().ok())
        .ok_or_else(|| ApiError::bad_request("The year must be between 1900 and 2200."))?;
    let supplier_id = match query.supplier.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => 0,
        Some(text) => {
            text.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::bad_request("Supplier not found."))?
        }
    };
    let request = GetCommissionReconciliationRequest { year, supplier_id };
    let found = reports(&ctx).get_commission_reconciliation(ctx.request(request)).await.answer("reporting")?;

    Ok(Json(CommissionJson {
        year: found.year,
        suppliers: found.suppliers.into_iter().map(CommissionTotalsJson::from).collect(),
        total: found.total.map(CommissionTotalsJson::from),
        months: found.rows.into_iter().map(CommissionRowJson::from).collect(),
        more_months: found.more,
    }))
}
