use std::{collections::HashMap, sync::Arc};

use eris_platform::auth::{Caller, caller};
use eris_proto::{
    crm::v1::{
        CallBank, CallBankCompany, CallBankCompanyStatus, CreateCallBankRequest, CreateCallBankResponse,
        DeleteCallBankRequest, DeleteCallBankResponse, GetCallBankRequest, GetCallBankResponse,
        ListCallBankCompaniesRequest, ListCallBankCompaniesResponse, ListCallBanksRequest, ListCallBanksResponse,
        SetCallBankCompaniesRequest, SetCallBankCompaniesResponse, UpdateCallBankCompanyRequest,
        UpdateCallBankCompanyResponse, UpdateCallBankRequest, UpdateCallBankResponse,
        call_bank_service_server::CallBankService,
    },
    identity::v1::Role,
};
use serde_json::json;
use tonic::{Request, Response, Status};

use super::{companies::company_to_proto, finish_page, name_position, page_size};
use crate::{
    State,
    convert::{date, optional_id, parse_date, timestamp},
    db::{
        self,
        call_banks::{CallBankFields, CallBankRow},
    },
    error::{Error, Result, forbidden, invalid},
};

pub(crate) struct CallBankApi(pub(crate) Arc<State>);

/// The kinds of call bank.
pub const SERVICE_TYPES: &[&str] = &["Brokerage", "Demand Response", "Follow Up", "Contract Renewal"];
/// The team roles a call bank is for.
pub const REP_TYPES: &[&str] = &["Inside", "Admin", "Closer", "Analyst", "Customer Care"];
/// Most companies one call bank holds.
const MAX_COMPANIES: usize = 10_000;

fn call_bank_to_proto(row: CallBankRow) -> CallBank {
    let completion_percent =
        if row.company_count == 0 { 0 } else { (row.closed_count * 100 / row.company_count) as i32 };
    CallBank {
        call_bank_id: row.call_bank_id,
        name: row.name,
        service_type: row.service_type,
        assignee_user_id: row.assignee_user_id,
        rep_type: row.rep_type,
        due_date: Some(date(row.due_date)),
        company_count: row.company_count,
        closed_count: row.closed_count,
        completion_percent,
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
    }
}

fn status_name(status: i32) -> Result<Option<&'static str>> {
    match CallBankCompanyStatus::try_from(status).unwrap_or(CallBankCompanyStatus::Unspecified) {
        CallBankCompanyStatus::Open => Ok(Some("Open")),
        CallBankCompanyStatus::Closed => Ok(Some("Closed")),
        CallBankCompanyStatus::Unspecified => Ok(None),
    }
}

fn member_status(text: &str) -> CallBankCompanyStatus {
    if text == "Closed" { CallBankCompanyStatus::Closed } else { CallBankCompanyStatus::Open }
}

fn one_of<'a>(value: &str, options: &'a [&'a str], message: &str) -> Result<&'a str> {
    options.iter().find(|option| **option == value.trim()).copied().ok_or_else(|| invalid(message))
}

/// A call bank's fields from a request, checked.
fn checked_fields(bank: &CallBank) -> Result<CallBankFields<'_>> {
    let name = bank.name.trim();
    if name.is_empty() {
        return Err(invalid("Name is required."));
    }
    if name.chars().count() > 200 {
        return Err(invalid("Name is too long."));
    }
    Ok(CallBankFields {
        name,
        service_type: one_of(
            &bank.service_type,
            SERVICE_TYPES,
            "Service type must be Brokerage, Demand Response, Follow Up or Contract Renewal.",
        )?,
        assignee_user_id: optional_id(bank.assignee_user_id).ok_or_else(|| invalid("Choose the assignee."))?,
        rep_type: one_of(
            &bank.rep_type,
            REP_TYPES,
            "Rep type must be Inside, Admin, Closer, Analyst or Customer Care.",
        )?,
        due_date: parse_date("Due date", bank.due_date.as_ref())?
            .ok_or_else(|| invalid("Due date must be a valid date."))?,
    })
}

impl State {
    /// A call bank the caller may see: Management any, others their own.
    async fn visible_call_bank(&self, caller: &Caller, call_bank_id: i64) -> Result<CallBankRow> {
        let bank = db::call_banks::select_call_bank(&self.pool, call_bank_id).await?;
        bank.filter(|bank| caller.role == Role::Management || bank.assignee_user_id == caller.user_id)
            .ok_or_else(|| Error::Platform(eris_platform::Error::not_found("Call bank")))
    }

    async fn call_bank(&self, call_bank_id: i64) -> Result<CallBankRow> {
        db::call_banks::select_call_bank(&self.pool, call_bank_id)
            .await?
            .ok_or_else(|| Error::Platform(eris_platform::Error::not_found("Call bank")))
    }
}

#[tonic::async_trait]
impl CallBankService for CallBankApi {
    #[tracing::instrument(skip_all)]
    async fn list_call_banks(
        &self,
        request: Request<ListCallBanksRequest>,
    ) -> Result<Response<ListCallBanksResponse>, Status> {
        let caller = caller(&request)?;
        let asked = optional_id(request.get_ref().assignee_user_id);
        let assignee = match caller.role {
            Role::Management => asked,
            _ if asked.is_some_and(|id| id != caller.user_id) => return Err(forbidden().into()),
            _ => Some(caller.user_id),
        };
        let rows = db::call_banks::list_call_banks(&self.0.pool, assignee).await.map_err(Error::from)?;
        Ok(Response::new(ListCallBanksResponse { call_banks: rows.into_iter().map(call_bank_to_proto).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_call_bank(
        &self,
        request: Request<GetCallBankRequest>,
    ) -> Result<Response<GetCallBankResponse>, Status> {
        let caller = caller(&request)?;
        let row = self.0.visible_call_bank(caller, request.get_ref().call_bank_id).await?;
        Ok(Response::new(GetCallBankResponse { call_bank: Some(call_bank_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_call_bank(
        &self,
        request: Request<CreateCallBankRequest>,
    ) -> Result<Response<CreateCallBankResponse>, Status> {
        let caller = caller(&request)?.clone();
        caller.require_role(&[Role::Management])?;
        let bank = request.into_inner().call_bank.ok_or_else(|| invalid("call_bank is required."))?;
        let fields = checked_fields(&bank)?;
        let id = db::call_banks::insert_call_bank(&self.0.pool, &fields, caller.user_id).await.map_err(Error::from)?;
        let row = self.0.call_bank(id).await?;
        Ok(Response::new(CreateCallBankResponse { call_bank: Some(call_bank_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_call_bank(
        &self,
        request: Request<UpdateCallBankRequest>,
    ) -> Result<Response<UpdateCallBankResponse>, Status> {
        let caller = caller(&request)?.clone();
        caller.require_role(&[Role::Management])?;
        let UpdateCallBankRequest { call_bank, update_mask } = request.into_inner();
        let bank = call_bank.ok_or_else(|| invalid("call_bank is required."))?;
        let paths = update_mask.map(|mask| mask.paths).unwrap_or_default();
        if paths.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask.").into());
        }
        let current = self.0.call_bank(bank.call_bank_id).await?;
        if current.version != bank.version {
            return Err(Error::StaleCallBank.into());
        }
        let mut merged = call_bank_to_proto(current);
        for path in &paths {
            match path.as_str() {
                "name" => merged.name = bank.name.clone(),
                "service_type" => merged.service_type = bank.service_type.clone(),
                "assignee_user_id" => merged.assignee_user_id = bank.assignee_user_id,
                "rep_type" => merged.rep_type = bank.rep_type.clone(),
                "due_date" => merged.due_date = bank.due_date,
                other => return Err(invalid(format!("{other} cannot be changed here.")).into()),
            }
        }
        let fields = checked_fields(&merged)?;
        if !db::call_banks::update_call_bank(&self.0.pool, bank.call_bank_id, bank.version, &fields, caller.user_id)
            .await
            .map_err(Error::from)?
        {
            return Err(Error::StaleCallBank.into());
        }
        let row = self.0.call_bank(bank.call_bank_id).await?;
        Ok(Response::new(UpdateCallBankResponse { call_bank: Some(call_bank_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_call_bank(
        &self,
        request: Request<DeleteCallBankRequest>,
    ) -> Result<Response<DeleteCallBankResponse>, Status> {
        caller(&request)?.require_role(&[Role::Management])?;
        if !db::call_banks::delete_call_bank(&self.0.pool, request.get_ref().call_bank_id).await.map_err(Error::from)? {
            return Err(Error::Platform(eris_platform::Error::not_found("Call bank")).into());
        }
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
        let bank = self.0.visible_call_bank(&caller, call_bank_id).await?;
        let limit = page_size(size, 50, 500)?;
        let after = name_position(&page_token)?;
        let mut rows =
            db::call_banks::list_members(&self.0.pool, call_bank_id, after, limit + 1).await.map_err(Error::from)?;
        let next_page_token = finish_page(&mut rows, limit, |last| json!([last.company_name, last.company_id]));
        // The call bank's assignee sees its companies' details whatever their team roles.
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
        Ok(Response::new(ListCallBankCompaniesResponse { companies, next_page_token, total_size: bank.company_count }))
    }

    #[tracing::instrument(skip_all)]
    async fn set_call_bank_companies(
        &self,
        request: Request<SetCallBankCompaniesRequest>,
    ) -> Result<Response<SetCallBankCompaniesResponse>, Status> {
        let caller = caller(&request)?.clone();
        caller.require_role(&[Role::Management])?;
        let SetCallBankCompaniesRequest { call_bank_id, companies } = request.into_inner();
        self.0.call_bank(call_bank_id).await?;
        if companies.len() > MAX_COMPANIES {
            return Err(invalid(format!("A call bank holds at most {MAX_COMPANIES} companies.")).into());
        }
        let ids: Vec<i64> = companies.iter().map(|c| c.company_id).collect();
        let statuses = companies
            .iter()
            .map(|c| status_name(c.status).map(|s| s.map(str::to_owned)))
            .collect::<Result<Vec<_>>>()?;
        let mut tx = self.0.pool.begin().await.map_err(Error::from)?;
        db::call_banks::set_members(&mut tx, call_bank_id, &ids, &statuses, caller.user_id)
            .await
            .map_err(Error::from)?;
        tx.commit().await.map_err(Error::from)?;
        let row = self.0.call_bank(call_bank_id).await?;
        Ok(Response::new(SetCallBankCompaniesResponse { call_bank: Some(call_bank_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_call_bank_company(
        &self,
        request: Request<UpdateCallBankCompanyRequest>,
    ) -> Result<Response<UpdateCallBankCompanyResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateCallBankCompanyRequest { call_bank_id, company_id, status } = request.into_inner();
        self.0.visible_call_bank(&caller, call_bank_id).await?;
        let status = status_name(status)?.ok_or_else(|| invalid("Status must be Open or Closed."))?;
        if !db::call_banks::update_member_status(&self.0.pool, call_bank_id, company_id, status, caller.user_id)
            .await
            .map_err(Error::from)?
        {
            return Err(Error::Platform(eris_platform::Error::not_found("Company in this call bank")).into());
        }
        let row = self.0.call_bank(call_bank_id).await?;
        Ok(Response::new(UpdateCallBankCompanyResponse { call_bank: Some(call_bank_to_proto(row)) }))
    }
}
