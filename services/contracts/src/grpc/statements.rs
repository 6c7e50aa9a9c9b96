//! CommissionStatementService: supplier commission statements, their matching, revert and chase.

use std::sync::Arc;

use eris_platform::{
    auth::caller,
    money,
    values::{date, decimal_text, optional_date, parse_date, timestamp},
};
use eris_proto::contracts::v1::{
    ChaseLine, ColumnMapping, ExportChaseExceptionsRequest, ExportChaseExceptionsResponse, GetCommissionChaseRequest,
    GetCommissionChaseResponse, GetStatementRequest, GetStatementResponse, GetStatementSummaryRequest,
    GetStatementSummaryResponse, ImportStatementRequest, ImportStatementResponse, LinkStatementRowRequest,
    LinkStatementRowResponse, ListStatementsRequest, ListStatementsResponse, MissingPayment, ReadStatementFileRequest,
    ReadStatementFileResponse, RevertStatementRequest, RevertStatementResponse, SampleRow, Statement, StatementBucket,
    StatementLine, StatementRow as ProtoRow, StatementStatus, Suggestion as ProtoSuggestion,
    commission_statement_service_server::CommissionStatementService, import_statement_request,
};
use tonic::{Request, Response, Status};

use crate::{
    State,
    db::statements::StoredRow,
    domain::{
        statement_file::{Line, Mapping, SAMPLE_ROWS},
        statement_match::{Bucket, RowMatch, Slot, Suggestion},
        statements::{ImportAsked, Source, StatementView},
    },
    error::{Result, invalid},
};

pub(crate) struct StatementApi(pub(crate) Arc<State>);

fn mapping_of(proto: Option<ColumnMapping>) -> Mapping {
    let proto = proto.unwrap_or_default();
    Mapping {
        account_number: proto.account_number,
        period_start: proto.period_start,
        period_end: proto.period_end,
        period_month: proto.period_month,
        usage: proto.usage,
        amount: proto.amount,
        fee: proto.fee,
        commodity: proto.commodity,
        customer_name: proto.customer_name,
    }
}

fn mapping_to_proto(mapping: Mapping) -> ColumnMapping {
    ColumnMapping {
        account_number: mapping.account_number,
        period_start: mapping.period_start,
        period_end: mapping.period_end,
        period_month: mapping.period_month,
        usage: mapping.usage,
        amount: mapping.amount,
        fee: mapping.fee,
        commodity: mapping.commodity,
        customer_name: mapping.customer_name,
    }
}

/// A posted line, checked field by field (the row number names it).
fn line_of(number: usize, line: StatementLine) -> Result<Line> {
    let at = |error: eris_platform::Error| invalid(format!("Row {number}: {}", error_text(error)));
    let period_start = parse_date("Period Start", line.period_start.as_ref())
        .map_err(at)?
        .ok_or_else(|| invalid(format!("Row {number}: Period Start is required.")))?;
    let period_end = parse_date("Period End", line.period_end.as_ref()).map_err(at)?;
    let number_of = |label: &str, text: &str, digits: u32, scale: usize| {
        money::signed(label, text, digits, scale)
            .map_err(|_| invalid(format!("Row {number}: {label} \"{text}\" is not a number.")))
    };
    let amount = number_of("Amount", &line.amount, 14, 6)?
        .map(crate::domain::statement_file::in_cents)
        .ok_or_else(|| invalid(format!("Row {number}: Amount is required.")))?;
    let commodity = crate::domain::statement_file::commodity_name(&line.commodity).ok_or_else(|| {
        invalid(format!("Row {number}: Commodity \"{}\" is not Electric, Gas or DR.", line.commodity))
    })?;
    Ok(Line {
        account_number: line.account_number.trim().to_owned(),
        period_start,
        period_end,
        usage: number_of("Usage", &line.usage, 14, 4)?,
        amount,
        fee: number_of("Fee", &line.fee, 7, 8)?.map(|f| f.round_dp(5)),
        commodity: commodity.to_owned(),
        customer_name: line.customer_name.trim().chars().take(200).collect(),
    })
}

fn error_text(error: eris_platform::Error) -> String {
    match error {
        eris_platform::Error::InvalidArgument(text) => text,
        other => other.to_string(),
    }
}

fn line_to_proto(line: &Line) -> StatementLine {
    StatementLine {
        account_number: line.account_number.clone(),
        period_start: Some(date(line.period_start)),
        period_end: optional_date(line.period_end),
        usage: decimal_text(line.usage),
        amount: money::text(line.amount),
        fee: decimal_text(line.fee),
        commodity: line.commodity.clone(),
        customer_name: line.customer_name.clone(),
    }
}

fn bucket_to_proto(bucket: Bucket) -> StatementBucket {
    match bucket {
        Bucket::Matched => StatementBucket::Matched,
        Bucket::ShortOver => StatementBucket::ShortOver,
        Bucket::Unmatched => StatementBucket::Unmatched,
        Bucket::Duplicate => StatementBucket::Duplicate,
        Bucket::Linked => StatementBucket::Linked,
    }
}

fn suggestion_to_proto(s: Suggestion) -> ProtoSuggestion {
    ProtoSuggestion {
        company_id: s.company_id,
        company_name: s.company_name,
        reason: s.reason,
        contract_id: s.contract_id,
    }
}

fn row_to_proto(row: RowMatch) -> ProtoRow {
    let difference = row.difference();
    ProtoRow {
        row_number: row.row_number,
        line: Some(line_to_proto(&row.line)),
        bucket: bucket_to_proto(row.bucket).into(),
        contract_id: row.contract_id.unwrap_or_default(),
        payment_id: row.payment_id.unwrap_or_default(),
        company_id: row.company_id.unwrap_or_default(),
        company_name: row.company_name,
        expected: money::optional_text(row.expected),
        received: money::optional_text(row.received),
        difference: money::optional_text(difference),
        month: Some(date(row.month)),
        note: row.note,
        suggestions: row.suggestions.into_iter().map(suggestion_to_proto).collect(),
    }
}

fn stored_to_proto(row: StoredRow) -> ProtoRow {
    let line = row.line();
    row_to_proto(RowMatch {
        row_number: row.row_number,
        line,
        bucket: Bucket::from_number(row.bucket),
        contract_id: row.contract_id,
        payment_id: row.payment_id,
        company_id: row.company_id,
        company_name: row.company_name,
        month: row.month,
        expected: row.expected,
        received: row.received,
        note: row.note,
        suggestions: row.suggestions.0,
    })
}

fn missing_to_proto(slot: Slot) -> MissingPayment {
    MissingPayment {
        payment_id: slot.payment_id,
        contract_id: slot.contract_id,
        company_id: slot.company_id,
        company_name: slot.company_name,
        month: Some(date(slot.month)),
        expected: money::optional_text(slot.projected_payment),
    }
}

fn statement_to_proto(view: StatementView) -> Statement {
    let row = view.row;
    let status = match (row.statement_id, row.reverted_at) {
        (0, _) => StatementStatus::Unspecified,
        (_, None) => StatementStatus::Applied,
        (_, Some(_)) => StatementStatus::Reverted,
    };
    Statement {
        statement_id: row.statement_id,
        supplier_id: row.supplier_id,
        supplier_name: view.supplier_name,
        file_name: row.file_name,
        status: status.into(),
        row_count: row.row_count,
        matched: row.matched,
        short_over: row.short_over,
        unmatched: row.unmatched,
        duplicate: row.duplicate,
        linked: row.linked,
        missing: row.missing,
        received_total: money::text(row.received_total),
        applied_total: money::text(row.applied_total),
        expected_total: money::text(row.expected_total),
        missing_total: money::text(row.missing_total),
        first_month: optional_date(row.first_month),
        last_month: optional_date(row.last_month),
        payment_month: i32::from(row.payment_month),
        payment_year: row.payment_year,
        tolerance_percent: row.tolerance_percent.normalize().to_string(),
        imported_by: row.imported_by,
        imported_at: Some(timestamp(row.imported_at)),
        reverted_by: row.reverted_by.unwrap_or_default(),
        reverted_at: row.reverted_at.map(timestamp),
    }
}

#[tonic::async_trait]
impl CommissionStatementService for StatementApi {
    #[tracing::instrument(skip_all)]
    async fn read_statement_file(
        &self,
        request: Request<ReadStatementFileRequest>,
    ) -> Result<Response<ReadStatementFileResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let read =
            self.0.read_statement_file(&caller, request.supplier_id, &request.file_name, request.content).await?;
        Ok(Response::new(ReadStatementFileResponse {
            headers: read.table.headers,
            sample_rows: read
                .table
                .rows
                .iter()
                .take(SAMPLE_ROWS)
                .map(|cells| SampleRow { cells: cells.clone() })
                .collect(),
            row_count: read.table.rows.len() as i32,
            saved_mapping: read.saved.map(mapping_to_proto),
            suggested_mapping: Some(mapping_to_proto(read.suggested)),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn import_statement(
        &self,
        request: Request<ImportStatementRequest>,
    ) -> Result<Response<ImportStatementResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let source = match request.source {
            Some(import_statement_request::Source::File(file)) => Source::File {
                file_name: request.file_name.clone(),
                content: file.content,
                mapping: Box::new(mapping_of(file.mapping)),
            },
            Some(import_statement_request::Source::Lines(lines)) => {
                if lines.lines.len() > crate::domain::statement_file::MAX_ROWS {
                    return Err(crate::domain::statement_file::too_many_rows(lines.lines.len()).into());
                }
                let lines =
                    lines.lines.into_iter().enumerate().map(|(i, line)| line_of(i + 1, line)).collect::<Result<_>>()?;
                Source::Lines(lines)
            }
            None => return Err(invalid("Send the statement's file or its rows.").into()),
        };
        let asked = ImportAsked {
            supplier_id: request.supplier_id,
            file_name: request.file_name,
            source,
            validate_only: request.validate_only,
            payment_month: request.payment_month,
            payment_year: request.payment_year,
            tolerance_percent: request.tolerance_percent,
        };
        let (view, outcome) = self.0.import_statement(&caller, asked).await?;
        Ok(Response::new(ImportStatementResponse {
            statement: Some(statement_to_proto(view)),
            rows: outcome.rows.into_iter().map(row_to_proto).collect(),
            missing: outcome.missing.into_iter().map(missing_to_proto).collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_statements(
        &self,
        request: Request<ListStatementsRequest>,
    ) -> Result<Response<ListStatementsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let month = match &request.month {
            Some(_) => Some(crate::domain::statement_file::first_of_month(parse_date_lenient(
                "Month",
                request.month.as_ref(),
            )?)),
            None => None,
        };
        let views = self.0.list_statements(&caller, request.supplier_id, month).await?;
        Ok(Response::new(ListStatementsResponse { statements: views.into_iter().map(statement_to_proto).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_statement(
        &self,
        request: Request<GetStatementRequest>,
    ) -> Result<Response<GetStatementResponse>, Status> {
        let caller = caller(&request)?.clone();
        let (view, rows, missing) = self.0.get_statement(&caller, request.into_inner().statement_id).await?;
        Ok(Response::new(GetStatementResponse {
            statement: Some(statement_to_proto(view)),
            rows: rows.into_iter().map(stored_to_proto).collect(),
            missing: missing.into_iter().map(missing_to_proto).collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn link_statement_row(
        &self,
        request: Request<LinkStatementRowRequest>,
    ) -> Result<Response<LinkStatementRowResponse>, Status> {
        let caller = caller(&request)?.clone();
        let r = request.into_inner();
        let (view, row) = self
            .0
            .link_statement_row(
                &caller,
                r.statement_id,
                r.row_number,
                r.contract_id,
                r.projected_month,
                r.projected_year,
            )
            .await?;
        Ok(Response::new(LinkStatementRowResponse {
            statement: Some(statement_to_proto(view)),
            row: Some(row_to_proto(row)),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn revert_statement(
        &self,
        request: Request<RevertStatementRequest>,
    ) -> Result<Response<RevertStatementResponse>, Status> {
        let caller = caller(&request)?.clone();
        let (view, restored) = self.0.revert_statement(&caller, request.into_inner().statement_id).await?;
        Ok(Response::new(RevertStatementResponse {
            statement: Some(statement_to_proto(view)),
            payments_restored: restored,
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_commission_chase(
        &self,
        request: Request<GetCommissionChaseRequest>,
    ) -> Result<Response<GetCommissionChaseResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let lines = self.0.commission_chase(&caller, request.year, request.supplier_id).await?;
        Ok(Response::new(GetCommissionChaseResponse {
            lines: lines
                .into_iter()
                .map(|(row, supplier_name)| ChaseLine {
                    supplier_id: row.supplier_id,
                    supplier_name,
                    month: Some(date(row.month)),
                    expected: money::text(row.expected),
                    received: money::text(row.received),
                    short: money::text(row.short),
                    missing_count: row.missing_count as i32,
                    missing_amount: money::text(row.missing_amount),
                    statements: row.statements as i32,
                })
                .collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn export_chase_exceptions(
        &self,
        request: Request<ExportChaseExceptionsRequest>,
    ) -> Result<Response<ExportChaseExceptionsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let month = parse_date_lenient("Month", request.month.as_ref())?;
        let (file_name, content_type, content) =
            self.0.chase_exceptions(&caller, request.supplier_id, month, &request.format).await?;
        Ok(Response::new(ExportChaseExceptionsResponse { file_name, content_type: content_type.to_owned(), content }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_statement_summary(
        &self,
        request: Request<GetStatementSummaryRequest>,
    ) -> Result<Response<GetStatementSummaryResponse>, Status> {
        let caller = caller(&request)?.clone();
        let (unreconciled, missing, amount) = self.0.statement_summary(&caller).await?;
        Ok(Response::new(GetStatementSummaryResponse {
            unreconciled_statements: unreconciled as i32,
            missing_payments: missing as i32,
            missing_amount: money::text(amount),
        }))
    }
}

/// A month given as a date whose day may be 0 or left out.
fn parse_date_lenient(label: &str, value: Option<&eris_proto::common::v1::Date>) -> Result<chrono::NaiveDate> {
    let value = value.ok_or_else(|| invalid(format!("{label} is required.")))?;
    let day = if value.day == 0 { 1 } else { value.day };
    let fixed = eris_proto::common::v1::Date { day, ..*value };
    parse_date(label, Some(&fixed))?.ok_or_else(|| invalid(format!("{label} is required.")))
}
