//! AccountService: accounts, usage, capacity histories and imports.

use std::sync::Arc;

use eris_platform::{
    auth::caller,
    edits::{Patch, named_fields},
    text,
};
use eris_proto::crm::v1::{
    AccountFilter, AccountMatch, AccountRef, AccountUsage, BatchGetUsageRequest, BatchGetUsageResponse,
    CapacityKind as ProtoKind, CapacityRecord, CompanyRef, CreateAccountRequest, CreateAccountResponse,
    CreateCapacityRecordRequest, CreateCapacityRecordResponse, DeleteAccountRequest, DeleteAccountResponse,
    DeleteCapacityRecordRequest, DeleteCapacityRecordResponse, GetAccountRequest, GetAccountResponse, GetUsageRequest,
    GetUsageResponse, ImportAccountsRequest, ImportAccountsResponse, ImportProblem, ListAccountsRequest,
    ListAccountsResponse, ListCapacityRecordsRequest, ListCapacityRecordsResponse, LookupAccountsRequest,
    LookupAccountsResponse, SearchAccountsRequest, SearchAccountsResponse, UpdateAccountRequest, UpdateAccountResponse,
    UpdateUsageRequest, UpdateUsageResponse, UsageMonth, account_service_server::AccountService,
};
use serde_json::json;
use tonic::{Request, Response, Status};

use super::{decode_token, finish_page, name_position, page_size};
use crate::{
    State, access,
    db::accounts::{AccountQuery, CapacityRow, UsageMonthRow},
    domain::{
        account_record::{
            AccountCommodity, CapacityKind, FIELDS, TypedMonth, capacity_dates, monthly_load_factor, parse_kw,
        },
        import,
    },
    error::{Result, invalid},
    proto::{account_fields_of, account_to_proto, decimal, optional_date, optional_decimal, parse_date},
};

pub(crate) struct AccountApi(pub(crate) Arc<State>);

fn usage_to_proto(commodity: &str, month: UsageMonthRow) -> UsageMonth {
    let electric = commodity == AccountCommodity::Electric.name();
    UsageMonth {
        month: i32::from(month.month),
        value: optional_decimal(month.value),
        kw: if electric { optional_decimal(month.kw) } else { String::new() },
        load_factor: if electric {
            optional_decimal(monthly_load_factor(month.value, month.kw))
        } else {
            String::new()
        },
        entry_date: optional_date(month.entry_date),
    }
}

fn capacity_kind(value: i32) -> Result<Option<CapacityKind>> {
    match ProtoKind::try_from(value) {
        Ok(ProtoKind::Plc) => Ok(Some(CapacityKind::Plc)),
        Ok(ProtoKind::Nspl) => Ok(Some(CapacityKind::Nspl)),
        Ok(ProtoKind::SummerKw) => Ok(Some(CapacityKind::SummerKw)),
        Ok(ProtoKind::WinterKw) => Ok(Some(CapacityKind::WinterKw)),
        Ok(ProtoKind::Unspecified) => Ok(None),
        Err(_) => Err(invalid("kind is not a capacity history.")),
    }
}

fn capacity_to_proto(row: CapacityRow) -> CapacityRecord {
    let kind = match CapacityKind::from_name(&row.kind) {
        Some(CapacityKind::Plc) => ProtoKind::Plc,
        Some(CapacityKind::Nspl) => ProtoKind::Nspl,
        Some(CapacityKind::SummerKw) => ProtoKind::SummerKw,
        Some(CapacityKind::WinterKw) => ProtoKind::WinterKw,
        None => ProtoKind::Unspecified,
    };
    CapacityRecord {
        capacity_record_id: row.capacity_record_id,
        account_id: row.account_id,
        kind: kind.into(),
        value: decimal(row.value),
        start_date: optional_date(Some(row.start_date)),
        end_date: optional_date(Some(row.end_date)),
    }
}

fn all_fields() -> Vec<String> {
    FIELDS.iter().map(|field| (*field).to_owned()).collect()
}

#[tonic::async_trait]
impl AccountService for AccountApi {
    #[tracing::instrument(skip_all)]
    async fn list_accounts(
        &self,
        request: Request<ListAccountsRequest>,
    ) -> Result<Response<ListAccountsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let limit = page_size(request.page_size, 500, 5000)?;
        let filter = match AccountFilter::try_from(request.filter) {
            Ok(AccountFilter::Unspecified) => None,
            Ok(AccountFilter::Electric) => Some("Electric"),
            Ok(AccountFilter::Gas) => Some("Gas"),
            Ok(AccountFilter::Dr) => Some("DR"),
            Err(_) => return Err(invalid("filter is not valid.").into()),
        };
        let text = text::line(&request.query, "Search", 200, false)?;
        let query = AccountQuery { company_id: request.company_id, filter, text: (!text.is_empty()).then_some(text) };
        let after = name_position(&request.page_token)?;
        let (mut rows, totals) = self.0.list_accounts(&caller, &query, after, limit + 1).await?;
        let next_page_token =
            finish_page(&mut rows, limit, |row| json!([row.fields.name.to_lowercase(), row.account_id]));
        Ok(Response::new(ListAccountsResponse {
            accounts: rows.into_iter().map(account_to_proto).collect(),
            next_page_token,
            total_size: i32::try_from(totals.count).unwrap_or(i32::MAX),
            total_kwh: decimal(totals.total_kwh),
            total_plc: decimal(totals.total_plc),
            total_therms: decimal(totals.total_therms),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn search_accounts(
        &self,
        request: Request<SearchAccountsRequest>,
    ) -> Result<Response<SearchAccountsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let limit = page_size(request.page_size, 50, 200)?;
        let text = text::line(&request.query, "Search", 200, false)?;
        if text.chars().count() < 2 {
            return Err(invalid("Type at least 2 characters to find an account.").into());
        }
        let after = decode_token(&request.page_token)?
            .map(|value| {
                let part = |index: usize| value.get(index).and_then(|v| v.as_str()).map(str::to_owned);
                let id = value.get(2).and_then(serde_json::Value::as_i64);
                match (part(0), part(1), id) {
                    (Some(company), Some(name), Some(id)) => Ok((company, name, id)),
                    _ => Err(invalid("page_token is not valid.")),
                }
            })
            .transpose()?;
        let mut rows = self.0.search_accounts(&caller, &text, after, limit + 1).await?;
        let next_page_token = finish_page(&mut rows, limit, |row| {
            json!([row.company_name.to_lowercase(), row.account.fields.name.to_lowercase(), row.account.account_id])
        });
        let matches = rows
            .into_iter()
            .map(|row| AccountMatch { company_name: row.company_name, account: Some(account_to_proto(row.account)) })
            .collect();
        Ok(Response::new(SearchAccountsResponse { matches, next_page_token }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_account(&self, request: Request<GetAccountRequest>) -> Result<Response<GetAccountResponse>, Status> {
        let caller = caller(&request)?.clone();
        let row = self.0.readable_account(&caller, request.get_ref().account_id).await?;
        Ok(Response::new(GetAccountResponse { account: Some(account_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_account(
        &self,
        request: Request<CreateAccountRequest>,
    ) -> Result<Response<CreateAccountResponse>, Status> {
        let caller = caller(&request)?.clone();
        let account = request.into_inner().account.ok_or_else(|| invalid("account is required."))?;
        let fields = account_fields_of(&account, &all_fields())?;
        let row = self.0.create_account(&caller, account.company_id, fields).await?;
        Ok(Response::new(CreateAccountResponse { account: Some(account_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_account(
        &self,
        request: Request<UpdateAccountRequest>,
    ) -> Result<Response<UpdateAccountResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateAccountRequest { account, update_mask } = request.into_inner();
        let account = account.ok_or_else(|| invalid("account is required."))?;
        let named = named_fields(update_mask.map(|mask| mask.paths).unwrap_or_default());
        let fields = account_fields_of(&account, &named)?;
        let patch = Patch { record_id: account.account_id, version: account.version, fields, named };
        let row = self.0.update_account(&caller, patch).await?;
        Ok(Response::new(UpdateAccountResponse { account: Some(account_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_account(
        &self,
        request: Request<DeleteAccountRequest>,
    ) -> Result<Response<DeleteAccountResponse>, Status> {
        let caller = caller(&request)?.clone();
        self.0.delete_account(&caller, request.get_ref().account_id).await?;
        Ok(Response::new(DeleteAccountResponse {}))
    }

    #[tracing::instrument(skip_all)]
    async fn get_usage(&self, request: Request<GetUsageRequest>) -> Result<Response<GetUsageResponse>, Status> {
        let caller = caller(&request)?.clone();
        let (months, account) = self.0.usage(&caller, request.get_ref().account_id).await?;
        let commodity = account.fields.commodity.clone();
        Ok(Response::new(GetUsageResponse {
            months: months.into_iter().map(|m| usage_to_proto(&commodity, m)).collect(),
            account: Some(account_to_proto(account)),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn batch_get_usage(
        &self,
        request: Request<BatchGetUsageRequest>,
    ) -> Result<Response<BatchGetUsageResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let found = self.0.batch_usage(&caller, request.company_id, &request.account_ids).await?;
        let usages = found
            .into_iter()
            .map(|(account, months)| {
                let commodity = account.fields.commodity.clone();
                AccountUsage {
                    months: months.into_iter().map(|m| usage_to_proto(&commodity, m)).collect(),
                    account: Some(account_to_proto(account)),
                }
            })
            .collect();
        Ok(Response::new(BatchGetUsageResponse { usages }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_usage(
        &self,
        request: Request<UpdateUsageRequest>,
    ) -> Result<Response<UpdateUsageResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let typed: Vec<TypedMonth> =
            request.months.into_iter().map(|m| TypedMonth { month: m.month, value: m.value, kw: m.kw }).collect();
        let (months, account) = self.0.update_usage(&caller, request.account_id, &typed).await?;
        let commodity = account.fields.commodity.clone();
        Ok(Response::new(UpdateUsageResponse {
            months: months.into_iter().map(|m| usage_to_proto(&commodity, m)).collect(),
            account: Some(account_to_proto(account)),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_capacity_records(
        &self,
        request: Request<ListCapacityRecordsRequest>,
    ) -> Result<Response<ListCapacityRecordsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.get_ref();
        let kind = capacity_kind(request.kind)?
            .ok_or_else(|| invalid("Name the history: PLC, NSPL, SummerKW or WinterKW."))?;
        let rows = self.0.capacity_records(&caller, request.account_id, kind).await?;
        Ok(Response::new(ListCapacityRecordsResponse { records: rows.into_iter().map(capacity_to_proto).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_capacity_record(
        &self,
        request: Request<CreateCapacityRecordRequest>,
    ) -> Result<Response<CreateCapacityRecordResponse>, Status> {
        let caller = caller(&request)?.clone();
        let record = request.into_inner().record.ok_or_else(|| invalid("record is required."))?;
        let kind =
            capacity_kind(record.kind)?.ok_or_else(|| invalid("Name the history: PLC, NSPL, SummerKW or WinterKW."))?;
        let value =
            parse_kw(kind.name(), &record.value)?.ok_or_else(|| invalid(format!("{} is required.", kind.name())))?;
        let dates = capacity_dates(
            parse_date("Start Date", record.start_date.as_ref())?,
            parse_date("End Date", record.end_date.as_ref())?,
        )?;
        let row = self.0.add_capacity_record(&caller, record.account_id, kind, value, dates).await?;
        Ok(Response::new(CreateCapacityRecordResponse { record: Some(capacity_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_capacity_record(
        &self,
        request: Request<DeleteCapacityRecordRequest>,
    ) -> Result<Response<DeleteCapacityRecordResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.get_ref();
        let kind = capacity_kind(request.kind)?;
        self.0.delete_capacity_record(&caller, request.capacity_record_id, kind).await?;
        Ok(Response::new(DeleteCapacityRecordResponse {}))
    }

    #[tracing::instrument(skip_all)]
    async fn lookup_accounts(
        &self,
        request: Request<LookupAccountsRequest>,
    ) -> Result<Response<LookupAccountsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let (accounts, companies) = self
            .0
            .lookup_accounts(&caller, &request.account_numbers, &request.account_ids, &request.company_names)
            .await?;
        Ok(Response::new(LookupAccountsResponse {
            accounts: accounts
                .into_iter()
                .map(|a| AccountRef {
                    account_id: a.account_id,
                    company_id: a.company_id,
                    company_name: a.company_name,
                    account_number: a.account_number,
                    secondary_account_number: a.secondary_account_number,
                    number_key: a.number_key,
                    secondary_number_key: a.secondary_number_key,
                })
                .collect(),
            companies: companies
                .into_iter()
                .map(|(asked, company_id, company_name)| CompanyRef { asked, company_id, company_name })
                .collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn import_accounts(
        &self,
        request: Request<ImportAccountsRequest>,
    ) -> Result<Response<ImportAccountsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        self.0.readable_company(&caller, request.company_id).await?;
        access::require(access::may_change_accounts(&caller))?;
        let rows: Vec<Vec<String>> = if request.rows.is_empty() {
            // Parsing and checking thousands of rows runs off the async threads.
            let csv = request.csv;
            eris_platform::cpu::run("account import", move || import::read_csv(&csv)).await??
        } else {
            if request.rows.len() > import::MAX_ROWS + 1 {
                return Err(invalid(format!("An import takes at most {} accounts.", import::MAX_ROWS)).into());
            }
            request.rows.into_iter().map(|row| row.cells).collect()
        };
        let row_count = i32::try_from(rows.len().saturating_sub(1)).unwrap_or(i32::MAX);
        let directory = self.0.directory(&caller).await?;
        let checked = eris_platform::cpu::run("account import", move || import::check_rows(&rows, &directory));
        let (accounts, problems) = checked.await?;
        let problems: Vec<ImportProblem> = problems
            .into_iter()
            .map(|p| ImportProblem {
                row: i32::try_from(p.row).unwrap_or(i32::MAX),
                column: p.column,
                message: p.message,
            })
            .collect();
        let imported = if problems.is_empty() && !request.validate_only {
            self.0.import_accounts(&caller, request.company_id, &accounts).await?
        } else {
            Vec::new()
        };
        Ok(Response::new(ImportAccountsResponse {
            problems,
            row_count,
            accounts: imported.into_iter().map(account_to_proto).collect(),
        }))
    }
}
