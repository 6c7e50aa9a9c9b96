//! CallBankService: requests read into the domain's types, answers written back.

use std::{collections::HashMap, sync::Arc};

use eris_platform::{auth::caller, edits::Patch};
use eris_proto::crm::v1::{
    CallBank, CallBankCompany, CallBankCompanyStatus, CreateCallBankRequest, CreateCallBankResponse,
    DeleteCallBankRequest, DeleteCallBankResponse, GetCallBankRequest, GetCallBankResponse,
    ListCallBankCompaniesRequest, ListCallBankCompaniesResponse, ListCallBanksRequest, ListCallBanksResponse,
    SetCallBankCompaniesRequest, SetCallBankCompaniesResponse, UpdateCallBankCompanyRequest,
    UpdateCallBankCompanyResponse, UpdateCallBankRequest, UpdateCallBankResponse,
    call_bank_service_server::CallBankService,
};
use serde_json::json;
use tonic::{Request, Response, Status};

use super::{finish_page, name_position, page_size};
use crate::{
    State, access,
    db::{
        self,
        call_banks::{CallBankFields, CallBankRow},
    },
    domain::{
        call_banks::{REP_TYPES, SERVICE_TYPES, one_of},
        text,
    },
    error::{Error, Result, invalid},
    proto::{company_to_proto, date, optional_id, parse_date, timestamp},
};

pub(crate) struct CallBankApi(pub(crate) Arc<State>);

/// Every field a save may name.
const FIELDS: &[&str] = &["name", "service_type", "assignee_user_id", "rep_type", "due_date"];

fn call_bank_to_proto(row: CallBankRow) -> CallBank {
    let completion_percent =
        if row.company_count == 0 { 0 } else { (row.closed_count * 100 / row.company_count) as i32 };
    let fields = row.fields;
    CallBank {
        call_bank_id: row.call_bank_id,
        name: fields.name,
        service_type: fields.service_type,
        assignee_user_id: fields.assignee_user_id,
        rep_type: fields.rep_type,
        due_date: Some(date(fields.due_date)),
        company_count: row.company_count,
        closed_count: row.closed_count,
        completion_percent,
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
    }
}

fn status_name(status: i32) -> Option<&'static str> {
    match CallBankCompanyStatus::try_from(status).unwrap_or(CallBankCompanyStatus::Unspecified) {
        CallBankCompanyStatus::Open => Some("Open"),
        CallBankCompanyStatus::Closed => Some("Closed"),
        CallBankCompanyStatus::Unspecified => None,
    }
}

fn member_status(text: &str) -> CallBankCompanyStatus {
    if text == "Closed" { CallBankCompanyStatus::Closed } else { CallBankCompanyStatus::Open }
}

/// The named fields of a request's call bank, read and checked; the others are left empty.
fn fields_of(bank: &CallBank, named: &[String]) -> Result<CallBankFields> {
    let mut fields = CallBankFields {
        name: String::new(),
        service_type: String::new(),
        assignee_user_id: 0,
        rep_type: String::new(),
        due_date: chrono::NaiveDate::default(),
    };
    for field in named {
        match field.as_str() {
            "name" => fields.name = text::line(&bank.name, "Name", 200, true)?,
            "service_type" => {
                fields.service_type = one_of(
                    &bank.service_type,
                    SERVICE_TYPES,
                    "Service type must be Brokerage, Demand Response, Follow Up or Contract Renewal.",
                )?
            }
            "assignee_user_id" => {
                fields.assignee_user_id =
                    optional_id(bank.assignee_user_id).ok_or_else(|| invalid("Choose the assignee."))?
            }
            "rep_type" => {
                fields.rep_type = one_of(
                    &bank.rep_type,
                    REP_TYPES,
                    "Rep type must be Inside, Admin, Closer, Analyst or Customer Care.",
                )?
            }
            "due_date" => {
                fields.due_date =
                    parse_date("Due date", bank.due_date.as_ref())?.ok_or_else(|| invalid("Due date is required."))?
            }
            other => return Err(invalid(format!("{other} cannot be changed here."))),
        }
    }
    Ok(fields)
}

#[tonic::async_trait]
impl CallBankService for CallBankApi {
    #[tracing::instrument(skip_all)]
    async fn list_call_banks(
        &self,
        request: Request<ListCallBanksRequest>,
    ) -> Result<Response<ListCallBanksResponse>, Status> {
        let caller = caller(&request)?;
        let rows = self.0.list_call_banks(caller, optional_id(request.get_ref().assignee_user_id)).await?;
        Ok(Response::new(ListCallBanksResponse { call_banks: rows.into_iter().map(call_bank_to_proto).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_call_bank(
        &self,
        request: Request<GetCallBankRequest>,
    ) -> Result<Response<GetCallBankResponse>, Status> {
        let caller = caller(&request)?;
        let row = self.0.workable_call_bank(caller, request.get_ref().call_bank_id).await?;
        Ok(Response::new(GetCallBankResponse { call_bank: Some(call_bank_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_call_bank(
        &self,
        request: Request<CreateCallBankRequest>,
    ) -> Result<Response<CreateCallBankResponse>, Status> {
        let caller = caller(&request)?.clone();
        let bank = request.into_inner().call_bank.ok_or_else(|| invalid("call_bank is required."))?;
        let named: Vec<String> = FIELDS.iter().map(|f| (*f).to_owned()).collect();
        let row = self.0.create_call_bank(&caller, fields_of(&bank, &named)?).await?;
        Ok(Response::new(CreateCallBankResponse { call_bank: Some(call_bank_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_call_bank(
        &self,
        request: Request<UpdateCallBankRequest>,
    ) -> Result<Response<UpdateCallBankResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateCallBankRequest { call_bank, update_mask } = request.into_inner();
        let bank = call_bank.ok_or_else(|| invalid("call_bank is required."))?;
        let mut named = update_mask.map(|mask| mask.paths).unwrap_or_default();
        named.sort_unstable();
        named.dedup();
        let fields = fields_of(&bank, &named)?;
        let patch = Patch { record_id: bank.call_bank_id, version: bank.version, fields, named };
        let row = self.0.update_call_bank(&caller, patch).await?;
        Ok(Response::new(UpdateCallBankResponse { call_bank: Some(call_bank_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_call_bank(
        &self,
        request: Request<DeleteCallBankRequest>,
    ) -> Result<Response<DeleteCallBankResponse>, Status> {
        let caller = caller(&request)?;
        self.0.delete_call_bank(caller, request.get_ref().call_bank_id).await?;
        Ok(Response::new(DeleteCallBankResponse {}))
    }

    #[tracing::instrument(skip_all)]
    async fn list_call_bank_companies(
        &self,
        request: Request<ListCallBankCompaniesRequest>,
    ) -> Result<Response<ListCallBankCompaniesResponse>, Status> {
        let caller = caller(&request)?.clone();
        let ListCallBankCompaniesRequest { call_bank_id, include_company, page_size: size, page_token } =
            request.into_inner();
        let bank = self.0.workable_call_bank(&caller, call_bank_id).await?;
        let limit = page_size(size, 50, 500)?;
        let after = name_position(&page_token)?;
        let mut rows = db::call_banks::list_members(
            &self.0.pool,
            call_bank_id,
            access::companies_limited_to(&caller),
            after,
            limit + 1,
        )
        .await
        .map_err(Error::from)?;
        let next_page_token = finish_page(&mut rows, limit, |last| json!([last.company_name, last.company_id]));
        // Only the companies the caller may see are listed (a Sales assignee's own).
        let mut companies: HashMap<i64, _> = if include_company {
            let ids: Vec<i64> = rows.iter().map(|row| row.company_id).collect();
            let found = db::call_banks::select_companies(&self.0.pool, &ids).await.map_err(Error::from)?;
            found.into_iter().map(|row| (row.company_id, company_to_proto(row))).collect()
        } else {
            HashMap::new()
        };
        let companies = rows
            .into_iter()
            .map(|row| CallBankCompany {
                company_id: row.company_id,
                status: member_status(&row.status).into(),
                company: companies.remove(&row.company_id),
            })
            .collect();
        let total_size = match access::companies_limited_to(&caller) {
            Some(user_id) => {
                db::call_banks::count_visible_members(&self.0.pool, call_bank_id, user_id).await.map_err(Error::from)?
            }
            None => bank.company_count,
        };
        Ok(Response::new(ListCallBankCompaniesResponse { companies, next_page_token, total_size }))
    }

    #[tracing::instrument(skip_all)]
    async fn set_call_bank_companies(
        &self,
        request: Request<SetCallBankCompaniesRequest>,
    ) -> Result<Response<SetCallBankCompaniesResponse>, Status> {
        let caller = caller(&request)?.clone();
        let SetCallBankCompaniesRequest { call_bank_id, companies } = request.into_inner();
        let ids: Vec<i64> = companies.iter().map(|c| c.company_id).collect();
        let statuses: Vec<Option<String>> =
            companies.iter().map(|c| status_name(c.status).map(str::to_owned)).collect();
        let row = self.0.set_call_bank_companies(&caller, call_bank_id, &ids, &statuses).await?;
        Ok(Response::new(SetCallBankCompaniesResponse { call_bank: Some(call_bank_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_call_bank_company(
        &self,
        request: Request<UpdateCallBankCompanyRequest>,
    ) -> Result<Response<UpdateCallBankCompanyResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateCallBankCompanyRequest { call_bank_id, company_id, status } = request.into_inner();
        let status = status_name(status).ok_or_else(|| invalid("Status must be Open or Closed."))?;
        let row = self.0.set_call_bank_company_status(&caller, call_bank_id, company_id, status).await?;
        Ok(Response::new(UpdateCallBankCompanyResponse { call_bank: Some(call_bank_to_proto(row)) }))
    }
}
