//! Supplier commission statements for other internal systems: post a statement's rows (or
//! preview them), list and read statements, link a row by hand, revert. The screens use the
//! same calls over gRPC-web.

use axum::{
    Json,
    extract::{FromRequest, Multipart, Path, Query, Request, multipart::MultipartError},
    http::{StatusCode, header::CONTENT_TYPE},
};
use eris_platform::local::Channel;
use eris_proto::{
    common::v1::Date,
    contracts::v1::{
        GetStatementRequest, ImportStatementRequest, ImportStatementResponse, LinkStatementRowRequest,
        ListStatementsRequest, MissingPayment, ReadStatementFileRequest, RevertStatementRequest, Statement,
        StatementBucket, StatementFile, StatementLine, StatementLines, StatementRow, StatementStatus,
        commission_statement_service_client::CommissionStatementServiceClient, import_statement_request::Source,
    },
};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::accounts::number_text;
use super::{
    Answer, id,
    leads::{iso, parse_iso},
    missing, text,
};
use crate::{
    auth::CallContext,
    error::{ApiError, ApiResult},
};

/// The largest statement answer or request (50,000 rows).
pub const MAX_MESSAGE_BYTES: usize = 33 * 1024 * 1024;

fn statements(ctx: &CallContext) -> CommissionStatementServiceClient<Channel> {
    CommissionStatementServiceClient::new(ctx.channel("contracts"))
        .max_decoding_message_size(MAX_MESSAGE_BYTES)
        .max_encoding_message_size(MAX_MESSAGE_BYTES)
}

fn status_name(status: i32) -> &'static str {
    match StatementStatus::try_from(status).unwrap_or_default() {
        StatementStatus::Unspecified => "Preview",
        StatementStatus::Applied => "Applied",
        StatementStatus::Reverted => "Reverted",
    }
}

fn bucket_name(bucket: i32) -> &'static str {
    match StatementBucket::try_from(bucket).unwrap_or_default() {
        StatementBucket::Matched => "Matched",
        StatementBucket::ShortOver => "Short/Over",
        StatementBucket::Unmatched => "Unmatched",
        StatementBucket::Duplicate => "Duplicate",
        StatementBucket::Linked => "Linked",
        StatementBucket::Unspecified => "",
    }
}

view! {
    /// A statement with its counts.
    #[serde(rename_all = "PascalCase")]
    pub struct StatementJson from s: Statement {
        /// 0 for a preview.
        statement_id: i64,
        supplier_id: i64,
        supplier_name: String,
        file_name: String,
        /// Preview, Applied or Reverted.
        status: String = status_name(s.status).to_owned(),
        row_count: i32,
        matched: i32,
        short_over: i32,
        unmatched: i32,
        duplicate: i32,
        linked: i32,
        missing: i32,
        /// Decimal text.
        received_total: String,
        applied_total: String,
        expected_total: String,
        missing_total: String,
        /// ISO date of the first service month.
        first_month: Option<String> = iso(s.first_month.as_ref()),
        last_month: Option<String> = iso(s.last_month.as_ref()),
        payment_month: i32,
        payment_year: i32,
        tolerance_percent: String,
        imported_by: i64,
        /// RFC 3339.
        imported_at: Option<String> = super::rfc3339(s.imported_at),
        reverted_by: Option<i64> = id(s.reverted_by),
        reverted_at: Option<String> = super::rfc3339(s.reverted_at),
    }
}

view! {
    /// A statement's row with its match.
    #[serde(rename_all = "PascalCase")]
    pub struct StatementRowJson from r: StatementRow {
        row_number: i32,
        account_number: String = r.line.as_ref().map(|l| l.account_number.clone()).unwrap_or_default(),
        /// ISO date.
        period_start: Option<String> = iso(r.line.as_ref().and_then(|l| l.period_start.as_ref())),
        period_end: Option<String> = iso(r.line.as_ref().and_then(|l| l.period_end.as_ref())),
        usage: Option<String> = text(r.line.as_ref().map(|l| l.usage.clone()).unwrap_or_default()),
        amount: String = r.line.as_ref().map(|l| l.amount.clone()).unwrap_or_default(),
        /// Matched, Short/Over, Unmatched, Duplicate or Linked.
        bucket: String = bucket_name(r.bucket).to_owned(),
        contract_id: Option<i64> = id(r.contract_id),
        payment_id: Option<i64> = id(r.payment_id),
        lead_id: Option<i64> = id(r.company_id),
        company_name: String,
        /// The projected payment of the month (decimal text).
        expected: Option<String> = text(r.expected),
        /// What the rows of that contract and month received together.
        received: Option<String> = text(r.received),
        difference: Option<String> = text(r.difference),
        /// ISO date of the service month.
        month: Option<String> = iso(r.month.as_ref()),
        note: String,
        /// Companies that may be the customer: (LeadId, CompanyName, Reason, ContractId).
        suggestions: Vec<SuggestionJson> = r.suggestions.into_iter().map(|s| SuggestionJson {
            lead_id: s.company_id,
            company_name: s.company_name,
            reason: s.reason,
            contract_id: id(s.contract_id),
        }).collect(),
    }
}

/// A company that may be an unmatched row's customer.
#[derive(Debug, serde::Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct SuggestionJson {
    pub lead_id: i64,
    pub company_name: String,
    pub reason: String,
    pub contract_id: Option<i64>,
}

view! {
    /// A projected payment no row paid.
    #[serde(rename_all = "PascalCase")]
    pub struct MissingJson from m: MissingPayment {
        payment_id: i64,
        contract_id: i64,
        lead_id: i64 = m.company_id,
        company_name: String,
        /// ISO date of the projected month.
        month: Option<String> = iso(m.month.as_ref()),
        /// Decimal text.
        expected: String,
    }
}

/// What an import answers: the statement's id and counts.
#[derive(Debug, serde::Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct ImportedJson {
    /// 0 for a ValidateOnly preview.
    pub statement_id: i64,
    pub row_count: i32,
    pub matched: i32,
    pub short_over: i32,
    pub unmatched: i32,
    pub duplicate: i32,
    pub missing: i32,
    /// Every row with its bucket.
    pub rows: Vec<StatementRowJson>,
}

/// A statement in full.
#[derive(Debug, serde::Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct StatementDetailJson {
    pub statement: StatementJson,
    pub rows: Vec<StatementRowJson>,
    pub missing: Vec<MissingJson>,
}

/// One row of a posted statement.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", deny_unknown_fields)]
pub struct StatementLineBody {
    pub account_number: String,
    /// ISO date.
    pub period_start: Option<String>,
    /// ISO date.
    #[serde(default)]
    pub period_end: Option<String>,
    #[serde(deserialize_with = "number_text", default)]
    #[schema(value_type = Option<String>)]
    pub usage: Option<String>,
    #[serde(deserialize_with = "number_text", default)]
    #[schema(value_type = String)]
    pub amount: Option<String>,
    #[serde(deserialize_with = "number_text", default)]
    #[schema(value_type = Option<String>)]
    pub fee: Option<String>,
    /// Electric, Gas or DR.
    #[serde(default)]
    pub commodity: String,
    /// Used to suggest companies for unmatched rows.
    #[serde(default)]
    pub customer_name: String,
}

/// The body of POST /api/commissionStatements.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", deny_unknown_fields)]
pub struct NewStatement {
    pub supplier_id: i64,
    #[serde(default)]
    pub file_name: String,
    pub rows: Vec<StatementLineBody>,
    /// Match and answer without storing or applying anything.
    #[serde(default)]
    pub validate_only: bool,
    /// The month and year the payments were received (default: this month).
    #[serde(default)]
    pub payment_month: i32,
    #[serde(default)]
    pub payment_year: i32,
    /// Percent; default 2.
    #[serde(deserialize_with = "number_text", default)]
    #[schema(value_type = Option<String>)]
    pub tolerance_percent: Option<String>,
}

fn line_of(number: usize, body: StatementLineBody) -> ApiResult<StatementLine> {
    let at = |label: &str| format!("Row {number}: {label}");
    Ok(StatementLine {
        account_number: body.account_number,
        period_start: parse_iso(&at("Period Start"), body.period_start.as_deref())?,
        period_end: parse_iso(&at("Period End"), body.period_end.as_deref())?,
        usage: body.usage.unwrap_or_default(),
        amount: body.amount.unwrap_or_default(),
        fee: body.fee.unwrap_or_default(),
        commodity: body.commodity,
        customer_name: body.customer_name,
    })
}

/// A supplier's statement file posted as `multipart/form-data`: its columns are read with the
/// mapping saved for the supplier when one of its files was imported on the Commissions screen.
#[derive(Debug, Default, ToSchema)]
#[schema(rename_all = "PascalCase")]
pub struct StatementUpload {
    pub supplier_id: i64,
    /// The statement: CSV or .xlsx, at most 32 MB. Its name is the part's file name.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
    /// Match and answer without storing or applying anything (`true` or `false`).
    pub validate_only: Option<bool>,
    /// The month and year the payments were received (default: this month).
    pub payment_month: Option<i32>,
    pub payment_year: Option<i32>,
    /// Percent; default 2.
    pub tolerance_percent: Option<String>,
    #[schema(ignore)]
    pub file_name: String,
}

/// Posts a supplier's statement, as rows in JSON or as the raw file (multipart, read with the
/// supplier's saved mapping): its rows are matched to the supplier's contracts and projected
/// payments; Matched and Short/Over rows are applied to the payments (201). With ValidateOnly
/// nothing is stored (200). The same content posted again is refused (409, naming the earlier
/// statement). Management and Admin.
#[utoipa::path(post, path = "/commissionStatements", tag = "commissions",
    request_body(content(
        (NewStatement = "application/json"),
        (StatementUpload = "multipart/form-data"),
    )),
    responses((status = 201, body = ImportedJson), (status = 200, body = ImportedJson)))]
pub async fn post_statement(ctx: CallContext, request: Request) -> ApiResult<(StatusCode, Json<ImportedJson>)> {
    let multipart = request
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.trim_start().to_ascii_lowercase().starts_with("multipart/form-data"));
    let request = match multipart {
        true => upload_request(&ctx, upload_of(request).await?).await?,
        false => {
            let Json(body) = Json::<NewStatement>::from_request(request, &())
                .await
                .map_err(|rejection| ApiError::bad_request(rejection.body_text()))?;
            rows_request(body)?
        }
    };
    let validate_only = request.validate_only;
    let answer: ImportStatementResponse =
        statements(&ctx).import_statement(ctx.request(request)).await.answer("contracts")?;
    let statement = answer.statement.ok_or_else(missing)?;
    let status = if validate_only { StatusCode::OK } else { StatusCode::CREATED };
    Ok((
        status,
        Json(ImportedJson {
            statement_id: statement.statement_id,
            row_count: statement.row_count,
            matched: statement.matched,
            short_over: statement.short_over,
            unmatched: statement.unmatched,
            duplicate: statement.duplicate,
            missing: statement.missing,
            rows: answer.rows.into_iter().map(StatementRowJson::from).collect(),
        }),
    ))
}

fn rows_request(body: NewStatement) -> ApiResult<ImportStatementRequest> {
    if body.rows.len() > 50_000 {
        return Err(ApiError::bad_request(format!(
            "A statement can have at most 50,000 rows; this one has {}.",
            body.rows.len()
        )));
    }
    let lines = body.rows.into_iter().enumerate().map(|(i, row)| line_of(i + 1, row)).collect::<ApiResult<Vec<_>>>()?;
    Ok(ImportStatementRequest {
        supplier_id: body.supplier_id,
        file_name: body.file_name,
        source: Some(Source::Lines(StatementLines { lines })),
        validate_only: body.validate_only,
        payment_month: body.payment_month,
        payment_year: body.payment_year,
        tolerance_percent: body.tolerance_percent.unwrap_or_default(),
    })
}

fn bad_form(error: MultipartError) -> ApiError {
    ApiError::bad_request(format!("The form could not be read: {}", error.body_text()))
}

/// Reads the multipart form of a statement upload.
async fn upload_of(request: Request) -> ApiResult<StatementUpload> {
    let mut form = Multipart::from_request(request, &())
        .await
        .map_err(|rejection| ApiError::bad_request(rejection.body_text()))?;
    let mut upload = StatementUpload::default();
    let (mut supplier, mut file) = (false, false);
    let number = |label: &str, text: &str| {
        text.trim().parse::<i64>().map_err(|_| ApiError::bad_request(format!("{label} must be a whole number.")))
    };
    while let Some(field) = form.next_field().await.map_err(bad_form)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "File" {
            upload.file_name = field.file_name().unwrap_or_default().to_owned();
            upload.file = field.bytes().await.map_err(bad_form)?.to_vec();
            file = true;
            continue;
        }
        let text = field.text().await.map_err(bad_form)?;
        match name.as_str() {
            "SupplierId" => {
                upload.supplier_id = number("SupplierId", &text)?;
                supplier = true;
            }
            "ValidateOnly" => {
                upload.validate_only = Some(match text.trim() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(ApiError::bad_request("ValidateOnly must be true or false.")),
                })
            }
            "PaymentMonth" => upload.payment_month = Some(number("PaymentMonth", &text)?.clamp(-1, 13) as i32),
            "PaymentYear" => upload.payment_year = Some(number("PaymentYear", &text)?.clamp(-1, 10_000) as i32),
            "TolerancePercent" => upload.tolerance_percent = Some(text),
            other => {
                return Err(ApiError::bad_request(format!(
                    "{} is not a field of a statement upload.",
                    other.chars().filter(|c| !c.is_control()).take(40).collect::<String>()
                )));
            }
        }
    }
    if !supplier {
        return Err(ApiError::bad_request("SupplierId is required."));
    }
    if !file {
        return Err(ApiError::bad_request("File is required: the supplier's statement, CSV or .xlsx."));
    }
    Ok(upload)
}

/// The import of an uploaded file, read with the supplier's saved mapping.
async fn upload_request(ctx: &CallContext, upload: StatementUpload) -> ApiResult<ImportStatementRequest> {
    let read = ReadStatementFileRequest {
        supplier_id: upload.supplier_id,
        file_name: upload.file_name.clone(),
        content: upload.file.clone(),
    };
    let read = statements(ctx).read_statement_file(ctx.request(read)).await.answer("contracts")?;
    let mapping = read.saved_mapping.filter(|mapping| !mapping.account_number.is_empty()).ok_or_else(|| {
        ApiError::bad_request(
            "No column mapping is saved for this supplier yet: import one of its files on the Commissions \
             screen first, or post the rows as JSON.",
        )
    })?;
    Ok(ImportStatementRequest {
        supplier_id: upload.supplier_id,
        file_name: upload.file_name,
        source: Some(Source::File(StatementFile { content: upload.file, mapping: Some(mapping) })),
        validate_only: upload.validate_only.unwrap_or_default(),
        payment_month: upload.payment_month.unwrap_or_default(),
        payment_year: upload.payment_year.unwrap_or_default(),
        tolerance_percent: upload.tolerance_percent.unwrap_or_default(),
    })
}

/// Which statements.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StatementsQuery {
    /// Only this supplier's.
    #[serde(default)]
    pub supplier_id: Option<i64>,
    /// Only statements with rows of this service month: YYYY-MM.
    #[serde(default)]
    pub month: Option<String>,
}

fn month_of(text: Option<&str>) -> ApiResult<Option<Date>> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    let day = if text.len() == 7 { format!("{text}-01") } else { text.to_owned() };
    parse_iso("Month", Some(&day)).map_err(|_| ApiError::bad_request("Month must be a month as YYYY-MM."))
}

/// Statements, latest first (at most 500). Management, Admin and Customer Care.
#[utoipa::path(get, path = "/commissionStatements", tag = "commissions", params(StatementsQuery),
    responses((status = 200, body = Vec<StatementJson>)))]
pub async fn list_statements(
    ctx: CallContext,
    Query(query): Query<StatementsQuery>,
) -> ApiResult<Json<Vec<StatementJson>>> {
    let request = ListStatementsRequest {
        supplier_id: query.supplier_id.unwrap_or_default(),
        month: month_of(query.month.as_deref())?,
    };
    let found = statements(&ctx).list_statements(ctx.request(request)).await.answer("contracts")?;
    Ok(Json(found.statements.into_iter().map(StatementJson::from).collect()))
}

/// A statement with every row, its bucket, contract, payment, expected amount and difference,
/// and the projected payments of its months still missing.
#[utoipa::path(get, path = "/commissionStatements/{statementId}", tag = "commissions",
    responses((status = 200, body = StatementDetailJson)))]
pub async fn get_statement(ctx: CallContext, Path(statement_id): Path<i64>) -> ApiResult<Json<StatementDetailJson>> {
    let found =
        statements(&ctx).get_statement(ctx.request(GetStatementRequest { statement_id })).await.answer("contracts")?;
    Ok(Json(StatementDetailJson {
        statement: StatementJson::from(found.statement.ok_or_else(missing)?),
        rows: found.rows.into_iter().map(StatementRowJson::from).collect(),
        missing: found.missing.into_iter().map(MissingJson::from).collect(),
    }))
}

/// The body of a link by hand.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", deny_unknown_fields)]
pub struct LinkBody {
    pub contract_id: i64,
    pub projected_month: i32,
    pub projected_year: i32,
}

/// Links an Unmatched row to a contract of the statement's supplier and a projected month, and
/// applies it. Management and Admin.
#[utoipa::path(post, path = "/commissionStatements/{statementId}/rows/{rowNumber}/link", tag = "commissions",
    responses((status = 200, body = StatementRowJson)))]
pub async fn link_row(
    ctx: CallContext,
    Path((statement_id, row_number)): Path<(i64, i32)>,
    Json(body): Json<LinkBody>,
) -> ApiResult<Json<StatementRowJson>> {
    let request = LinkStatementRowRequest {
        statement_id,
        row_number,
        contract_id: body.contract_id,
        projected_month: body.projected_month,
        projected_year: body.projected_year,
    };
    let linked = statements(&ctx).link_statement_row(ctx.request(request)).await.answer("contracts")?;
    Ok(Json(StatementRowJson::from(linked.row.ok_or_else(missing)?)))
}

/// Reverts a statement as a whole: its payments hold again what they held before. Refused (409)
/// when someone changed one of them since. Management and Admin.
#[utoipa::path(post, path = "/commissionStatements/{statementId}/revert", tag = "commissions",
    responses((status = 200, body = StatementJson)))]
pub async fn revert_statement(ctx: CallContext, Path(statement_id): Path<i64>) -> ApiResult<Json<StatementJson>> {
    let reverted = statements(&ctx)
        .revert_statement(ctx.request(RevertStatementRequest { statement_id }))
        .await
        .answer("contracts")?;
    Ok(Json(StatementJson::from(reverted.statement.ok_or_else(missing)?)))
}
