//! Call banks and their companies.

use axum::{
    Json,
    extract::{Path, Query},
    http::StatusCode,
};
use eris_proto::crm::v1::{
    CallBank, CallBankCompany, CallBankCompanyStatus, CreateCallBankRequest, DeleteCallBankRequest,
    ListCallBankCompaniesRequest, ListCallBanksRequest, SetCallBankCompaniesRequest, UpdateCallBankCompanyRequest,
    UpdateCallBankRequest, call_bank_service_client::CallBankServiceClient,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{Answer, Done, done, missing, set};
use super::{
    directory::Directory,
    leads::{Lead, iso, parse_iso},
};
use crate::{
    auth::CallContext,
    error::{ApiError, ApiResult},
};

fn client(ctx: &CallContext) -> CallBankServiceClient<eris_platform::local::Channel> {
    CallBankServiceClient::new(ctx.channel("crm"))
}

view! {
    /// A call bank as the REST surface shows it.
    #[serde(rename_all = "PascalCase")]
    pub struct CallBankJson from bank: CallBank, directory: &Directory {
        call_bank_id: i64,
        name: String,
        service_type: String,
        count_of_companies: i64 = bank.company_count,
        /// Complete when every company is Closed, else Open.
        status: String =
            if bank.company_count > 0 && bank.closed_count == bank.company_count { "Complete" } else { "Open" }.into(),
        /// Closed companies as a whole percentage.
        completion: i32 = bank.completion_percent,
        /// ISO date.
        due_date: Option<String> = iso(bank.due_date.as_ref()),
        assignee_id: i64 = bank.assignee_user_id,
        assignee_name: String = directory.name(bank.assignee_user_id),
        rep_type: String,
        version: i64,
    }
}

fn bank_from(response: Option<CallBank>) -> ApiResult<CallBank> {
    response.ok_or_else(missing)
}

/// `GET /api/callbanks` query.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct CallBankQuery {
    /// Only this user's call banks (another user's: Management only).
    pub assignee_id: Option<i64>,
}

/// Call banks by due date.
#[utoipa::path(get, path = "/callbanks", tag = "call banks", params(CallBankQuery),
    responses((status = 200, body = [CallBankJson])))]
pub async fn list_call_banks(
    ctx: CallContext,
    Query(query): Query<CallBankQuery>,
) -> ApiResult<Json<Vec<CallBankJson>>> {
    let request = ctx.request(ListCallBanksRequest { assignee_user_id: query.assignee_id.unwrap_or(0) });
    let banks = client(&ctx).list_call_banks(request).await.answer("crm")?.call_banks;
    let assignees: Vec<i64> = banks.iter().map(|b| b.assignee_user_id).collect();
    let directory = Directory::for_ids(&ctx, &assignees).await?;
    Ok(Json(banks.into_iter().map(|b| CallBankJson::new(b, &directory)).collect()))
}

/// Call bank fields as clients send them; absent fields are left as they are on edits.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
pub struct CallBankFields {
    pub name: Option<String>,
    pub service_type: Option<String>,
    pub assignee_id: Option<i64>,
    pub rep_type: Option<String>,
    /// ISO date (a timestamp's date part is used).
    pub due_date: Option<String>,
    /// The version read; without it the call bank is taken as read now.
    pub version: Option<i64>,
}

/// Adds a call bank (Management only).
#[utoipa::path(post, path = "/callbanks", tag = "call banks", responses((status = 201, body = CallBankJson)))]
pub async fn create_call_bank(
    ctx: CallContext,
    Json(body): Json<CallBankFields>,
) -> ApiResult<(StatusCode, Json<CallBankJson>)> {
    let due_date = parse_iso("DueDate", body.due_date.as_deref())
        .map_err(|_| ApiError::bad_request("Due date must be a valid date."))?;
    let bank = CallBank {
        name: body.name.unwrap_or_default(),
        service_type: body.service_type.unwrap_or_default(),
        assignee_user_id: body.assignee_id.unwrap_or(0),
        rep_type: body.rep_type.unwrap_or_default(),
        due_date,
        ..Default::default()
    };
    let request = ctx.request(CreateCallBankRequest { call_bank: Some(bank) });
    let created = bank_from(client(&ctx).create_call_bank(request).await.answer("crm")?.call_bank)?;
    let directory = Directory::for_ids(&ctx, &[created.assignee_user_id]).await?;
    Ok((StatusCode::CREATED, Json(CallBankJson::new(created, &directory))))
}

/// Edits a call bank (Management only): the fields present in the body.
#[utoipa::path(patch, path = "/callbanks/{CallBankId}", tag = "call banks",
    responses((status = 200, body = CallBankJson)))]
pub async fn update_call_bank(
    ctx: CallContext,
    Path(call_bank_id): Path<i64>,
    Json(body): Json<CallBankFields>,
) -> ApiResult<Json<CallBankJson>> {
    // Without a version the service takes the call bank as read now.
    let version = body.version.unwrap_or(0);
    let mut bank = CallBank { call_bank_id, version, ..Default::default() };
    let mut paths = Vec::new();
    set(&mut paths, "name", body.name, &mut bank.name);
    set(&mut paths, "service_type", body.service_type, &mut bank.service_type);
    set(&mut paths, "assignee_user_id", body.assignee_id, &mut bank.assignee_user_id);
    set(&mut paths, "rep_type", body.rep_type, &mut bank.rep_type);
    if let Some(value) = body.due_date {
        bank.due_date =
            parse_iso("DueDate", Some(&value)).map_err(|_| ApiError::bad_request("Due date must be a valid date."))?;
        paths.push("due_date");
    }
    let update_mask = prost_types::FieldMask { paths: paths.into_iter().map(str::to_owned).collect() };
    let request = ctx.request(UpdateCallBankRequest { call_bank: Some(bank), update_mask: Some(update_mask) });
    let updated = bank_from(client(&ctx).update_call_bank(request).await.answer("crm")?.call_bank)?;
    let directory = Directory::for_ids(&ctx, &[updated.assignee_user_id]).await?;
    Ok(Json(CallBankJson::new(updated, &directory)))
}

/// Deletes a call bank and its company list (Management only).
#[utoipa::path(delete, path = "/callbanks/{CallBankId}", tag = "call banks", responses((status = 200, body = Done)))]
pub async fn delete_call_bank(ctx: CallContext, Path(call_bank_id): Path<i64>) -> ApiResult<Json<Done>> {
    client(&ctx).delete_call_bank(ctx.request(DeleteCallBankRequest { call_bank_id })).await.answer("crm")?;
    done("Call Bank Deleted Successfully !")
}

/// A company of a call bank, with the lead's fields when asked for.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct CallBankCompanyJson {
    pub company_id: i64,
    /// Open or Closed.
    pub status: String,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub company: Option<Lead>,
}

/// `GET /api/callbanks/{id}/companies` query.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct CompaniesQuery {
    /// 1 to include each company's fields.
    pub populate_company_data: Option<u8>,
}

fn status_text(status: CallBankCompanyStatus) -> String {
    if status == CallBankCompanyStatus::Closed { "Closed" } else { "Open" }.into()
}

fn status_value(text: Option<&str>) -> ApiResult<i32> {
    match text {
        None => Ok(CallBankCompanyStatus::Unspecified.into()),
        Some("Open") => Ok(CallBankCompanyStatus::Open.into()),
        Some("Closed") => Ok(CallBankCompanyStatus::Closed.into()),
        Some(_) => Err(ApiError::bad_request("Status must be Open or Closed.")),
    }
}

/// A call bank's companies by name.
#[utoipa::path(get, path = "/callbanks/{CallBankId}/companies", tag = "call banks", params(CompaniesQuery),
    responses((status = 200, body = [CallBankCompanyJson])))]
pub async fn list_call_bank_companies(
    ctx: CallContext,
    Path(call_bank_id): Path<i64>,
    Query(query): Query<CompaniesQuery>,
) -> ApiResult<Json<Vec<CallBankCompanyJson>>> {
    let include_company = query.populate_company_data == Some(1);
    let mut companies = Vec::new();
    let mut page_token = String::new();
    loop {
        let request = ListCallBankCompaniesRequest { call_bank_id, include_company, page_size: 500, page_token };
        let page = client(&ctx).list_call_bank_companies(ctx.request(request)).await.answer("crm")?;
        let team: Vec<i64> =
            page.companies.iter().filter_map(|m| m.company.as_ref()).flat_map(Lead::team_ids).collect();
        let directory = if include_company { Some(Directory::for_ids(&ctx, &team).await?) } else { None };
        companies.extend(page.companies.into_iter().map(|member| CallBankCompanyJson {
            company_id: member.company_id,
            status: status_text(member.status()),
            company: member.company.zip(directory.as_ref()).map(|(company, directory)| Lead::new(company, directory)),
        }));
        if page.next_page_token.is_empty() {
            return Ok(Json(companies));
        }
        page_token = page.next_page_token;
    }
}

/// One company of a replaced list.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", deny_unknown_fields)]
pub struct MemberFields {
    pub company_id: i64,
    /// Open or Closed; a new company without one starts Open, a kept one keeps its status.
    #[serde(default)]
    pub status: Option<String>,
}

/// Replaces a call bank's companies (Management only).
#[utoipa::path(put, path = "/callbanks/{CallBankId}/companies", tag = "call banks", request_body = [MemberFields],
    responses((status = 200, body = CallBankJson)))]
pub async fn set_call_bank_companies(
    ctx: CallContext,
    Path(call_bank_id): Path<i64>,
    Json(body): Json<Vec<MemberFields>>,
) -> ApiResult<Json<CallBankJson>> {
    let companies = body
        .into_iter()
        .map(|m| {
            Ok(CallBankCompany { company_id: m.company_id, status: status_value(m.status.as_deref())?, company: None })
        })
        .collect::<ApiResult<Vec<_>>>()?;
    let request = ctx.request(SetCallBankCompaniesRequest { call_bank_id, companies });
    let bank = bank_from(client(&ctx).set_call_bank_companies(request).await.answer("crm")?.call_bank)?;
    let directory = Directory::for_ids(&ctx, &[bank.assignee_user_id]).await?;
    Ok(Json(CallBankJson::new(bank, &directory)))
}

/// `PUT /api/callbanks/{id}/companies/{LeadId}`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", deny_unknown_fields)]
pub struct MemberStatus {
    /// Open or Closed.
    pub status: String,
}

/// Sets one company's status in a call bank (its assignee or Management).
#[utoipa::path(put, path = "/callbanks/{CallBankId}/companies/{LeadId}", tag = "call banks",
    responses((status = 200, body = CallBankJson)))]
pub async fn update_call_bank_company(
    ctx: CallContext,
    Path((call_bank_id, company_id)): Path<(i64, i64)>,
    Json(body): Json<MemberStatus>,
) -> ApiResult<Json<CallBankJson>> {
    let status = status_value(Some(body.status.as_str()))?;
    let request = ctx.request(UpdateCallBankCompanyRequest { call_bank_id, company_id, status });
    let bank = bank_from(client(&ctx).update_call_bank_company(request).await.answer("crm")?.call_bank)?;
    let directory = Directory::for_ids(&ctx, &[bank.assignee_user_id]).await?;
    Ok(Json(CallBankJson::new(bank, &directory)))
}
