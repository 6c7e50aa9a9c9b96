//! Companies (leads) and affiliates.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use eris_proto::crm::v1::{
    AssignTeamsRequest, Company, CompanyFilter, CreateAffiliateRequest, CreateCompanyRequest, DeleteCompanyRequest,
    GetCompanyRequest, ListAffiliatesRequest, ListCompaniesRequest, TeamAssignment, TeamRole, UpdateCompanyRequest,
    company_service_client::CompanyServiceClient,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{crm_channel, crm_error, directory::Directory, leads::Lead};
use crate::{
    AppState,
    auth::CallContext,
    error::{ApiError, ApiResult, ErrorBody},
};

fn client(state: &AppState) -> CompanyServiceClient<tonic::transport::Channel> {
    CompanyServiceClient::new(crm_channel(state))
}

/// Every company the filter matches, page after page.
async fn all_companies(state: &AppState, ctx: &CallContext, filter: CompanyFilter) -> ApiResult<Vec<Company>> {
    let mut companies = Vec::new();
    let mut page_token = String::new();
    loop {
        let request = ListCompaniesRequest { page_size: 500, page_token, filter: Some(filter.clone()) };
        let page = client(state).list_companies(ctx.request(request)).await.map_err(crm_error)?.into_inner();
        companies.extend(page.companies);
        if page.next_page_token.is_empty() {
            return Ok(companies);
        }
        page_token = page.next_page_token;
    }
}

async fn leads(state: &AppState, ctx: &CallContext, filter: CompanyFilter) -> ApiResult<Json<Vec<Lead>>> {
    let (companies, directory) = tokio::try_join!(all_companies(state, ctx, filter), Directory::load(state, ctx))?;
    Ok(Json(companies.into_iter().map(|c| Lead::from_company(c, &directory)).collect()))
}

/// Every lead the caller may see, by name (Sales: their own).
#[utoipa::path(get, path = "/api/getAllLeads/", tag = "companies", responses((status = 200, body = [Lead])))]
pub async fn get_all_leads(State(state): State<Arc<AppState>>, ctx: CallContext) -> ApiResult<Json<Vec<Lead>>> {
    leads(&state, &ctx, CompanyFilter::default()).await
}

/// The leads where the named user holds a team role.
#[utoipa::path(get, path = "/api/getUserLeads/{userName}", tag = "companies",
    params(("userName" = String, Path, description = "A user's full name")),
    responses((status = 200, body = [Lead]), (status = 400, body = ErrorBody)))]
pub async fn get_user_leads(
    State(state): State<Arc<AppState>>,
    ctx: CallContext,
    Path(user_name): Path<String>,
) -> ApiResult<Json<Vec<Lead>>> {
    let directory = Directory::load_fresh(&state, &ctx).await?;
    let user_id = directory.id(&user_name)?;
    let filter = CompanyFilter { team_user_ids: vec![user_id], ..Default::default() };
    let companies = all_companies(&state, &ctx, filter).await?;
    Ok(Json(companies.into_iter().map(|c| Lead::from_company(c, &directory)).collect()))
}

async fn one_lead(state: &AppState, ctx: &CallContext, lead_id: i64) -> ApiResult<Lead> {
    let request = ctx.request(GetCompanyRequest { company_id: lead_id });
    let company = client(state).get_company(request).await.map_err(crm_error)?.into_inner().company;
    let company = company.ok_or_else(|| ApiError::new(StatusCode::BAD_GATEWAY, "No company."))?;
    let team = [
        company.inside_user_id,
        company.closer_user_id,
        company.analyst_user_id,
        company.admin_user_id,
        company.customer_care_user_id,
    ];
    let directory = Directory::load_with(state, ctx, &team).await?;
    Ok(Lead::from_company(company, &directory))
}

/// One lead, as a one-item array (as existing clients read it).
#[utoipa::path(get, path = "/api/getLeadById/{LeadId}", tag = "companies",
    params(("LeadId" = i64, Path, description = "The lead's id")),
    responses((status = 200, body = [Lead]), (status = 404, body = ErrorBody)))]
pub async fn get_lead_by_id(
    State(state): State<Arc<AppState>>,
    ctx: CallContext,
    Path(lead_id): Path<i64>,
) -> ApiResult<Json<Vec<Lead>>> {
    Ok(Json(vec![one_lead(&state, &ctx, lead_id).await?]))
}

/// One lead (clients read its Name), as a one-item array.
#[utoipa::path(get, path = "/api/lead/{LeadId}", tag = "companies",
    params(("LeadId" = i64, Path, description = "The lead's id")),
    responses((status = 200, body = [Lead]), (status = 404, body = ErrorBody)))]
pub async fn lead(
    State(state): State<Arc<AppState>>,
    ctx: CallContext,
    Path(lead_id): Path<i64>,
) -> ApiResult<Json<Vec<Lead>>> {
    Ok(Json(vec![one_lead(&state, &ctx, lead_id).await?]))
}

/// What a change answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct Done {
    pub message: String,
}

/// Deletes a lead and everything that belongs to it (Management only).
#[utoipa::path(get, path = "/api/deleteLead/{LeadId}", tag = "companies",
    params(("LeadId" = i64, Path, description = "The lead's id")),
    responses((status = 200, body = Done), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_lead(
    State(state): State<Arc<AppState>>,
    ctx: CallContext,
    Path(lead_id): Path<i64>,
) -> ApiResult<Json<Done>> {
    client(&state)
        .delete_company(ctx.request(DeleteCompanyRequest { company_id: lead_id }))
        .await
        .map_err(crm_error)?;
    Ok(Json(Done { message: "Company Deleted!".into() }))
}

/// The id of a created record.
#[derive(Debug, Serialize, ToSchema)]
pub struct InsertId {
    #[serde(rename = "insertId")]
    pub insert_id: i64,
}

/// Adds a lead.
#[utoipa::path(post, path = "/api/newLead", tag = "companies", request_body = Lead,
    responses((status = 201, body = InsertId), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn new_lead(
    State(state): State<Arc<AppState>>,
    ctx: CallContext,
    Json(lead): Json<Lead>,
) -> ApiResult<(StatusCode, Json<InsertId>)> {
    let directory = Directory::load_fresh(&state, &ctx).await?;
    let company = lead.to_company(&directory)?;
    let created = client(&state)
        .create_company(ctx.request(CreateCompanyRequest { company: Some(company) }))
        .await
        .map_err(crm_error)?
        .into_inner()
        .company
        .ok_or_else(|| ApiError::new(StatusCode::BAD_GATEWAY, "No company."))?;
    Ok((StatusCode::CREATED, Json(InsertId { insert_id: created.company_id })))
}

/// The fields of `candidate` that differ from `current`: what the caller changed.
fn changed_paths(current: &Company, candidate: &Company) -> Vec<String> {
    macro_rules! differing {
        ($($field:ident),* $(,)?) => {{
            let mut paths = Vec::new();
            $(if current.$field != candidate.$field { paths.push(stringify!($field).to_owned()); })*
            paths
        }};
    }
    differing!(
        name,
        address,
        city,
        state,
        zip,
        entry_date,
        primary_electric_status,
        secondary_electric_statuses,
        primary_gas_status,
        secondary_gas_statuses,
        primary_dr_status,
        secondary_dr_statuses,
        electric_contract_end_date,
        gas_contract_end_date,
        dr_contract_end_date,
        electric_usage,
        gas_usage,
        dr_reduction,
        electric_area_utility_id,
        gas_area_utility_id,
        dr_area_utility_id,
        utilities,
        bill_management,
        community_solar,
        energy_efficiency,
        w9,
        inside_user_id,
        closer_user_id,
        analyst_user_id,
        admin_user_id,
        customer_care_user_id,
        support_analyst1_user_id,
        support_analyst2_user_id,
        affiliate,
    )
}

/// Saves a whole lead. Only the fields that differ from the stored lead are written, and only if
/// nobody changed the lead since the caller read it (its `Version`); otherwise 409.
#[utoipa::path(post, path = "/api/updateLead", tag = "companies", request_body = Lead,
    responses((status = 200, body = Lead), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn update_lead(
    State(state): State<Arc<AppState>>,
    ctx: CallContext,
    Json(lead): Json<Lead>,
) -> ApiResult<Json<Lead>> {
    if lead.version <= 0 {
        return Err(ApiError::bad_request("Send the lead's Version as read from getLeadById."));
    }
    let directory = Directory::load_fresh(&state, &ctx).await?;
    let candidate = lead.to_company(&directory)?;
    let current = client(&state)
        .get_company(ctx.request(GetCompanyRequest { company_id: lead.lead_id }))
        .await
        .map_err(crm_error)?
        .into_inner()
        .company
        .ok_or_else(|| ApiError::new(StatusCode::BAD_GATEWAY, "No company."))?;
    if current.version != lead.version {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "This company was changed by someone else. The screen now shows the latest values.",
        ));
    }
    let paths = changed_paths(&current, &candidate);
    if paths.is_empty() {
        return Ok(Json(Lead::from_company(current, &directory)));
    }
    let request =
        UpdateCompanyRequest { company: Some(candidate), update_mask: Some(prost_types::FieldMask { paths }) };
    let updated = client(&state)
        .update_company(ctx.request(request))
        .await
        .map_err(crm_error)?
        .into_inner()
        .company
        .ok_or_else(|| ApiError::new(StatusCode::BAD_GATEWAY, "No company."))?;
    Ok(Json(Lead::from_company(updated, &directory)))
}

/// `PATCH /api/massUpdateLeads`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MassUpdate {
    pub company_ids: Vec<i64>,
    /// Admin, Closer, Analyst, Inside: a user's name, or RESET to clear the role.
    pub updated_fields: MassFields,
}

/// The roles of a mass update; absent roles are left as they are.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default)]
pub struct MassFields {
    pub admin: Option<String>,
    pub closer: Option<String>,
    pub analyst: Option<String>,
    pub inside: Option<String>,
}

/// How many companies changed.
#[derive(Debug, Serialize, ToSchema)]
pub struct Updated {
    pub updated: i64,
}

/// Sets or clears (RESET) team roles on many companies in one transaction.
#[utoipa::path(patch, path = "/api/massUpdateLeads", tag = "companies", request_body = MassUpdate,
    responses((status = 200, body = Updated), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn mass_update_leads(
    State(state): State<Arc<AppState>>,
    ctx: CallContext,
    Json(body): Json<MassUpdate>,
) -> ApiResult<Json<Updated>> {
    let directory = Directory::load_fresh(&state, &ctx).await?;
    let fields = body.updated_fields;
    let mut assignments = Vec::new();
    for (role, value) in [
        (TeamRole::Admin, fields.admin),
        (TeamRole::Closer, fields.closer),
        (TeamRole::Analyst, fields.analyst),
        (TeamRole::Inside, fields.inside),
    ] {
        let Some(value) = value.filter(|v| !v.trim().is_empty()) else { continue };
        let user_id = if value.trim().eq_ignore_ascii_case("RESET") { 0 } else { directory.id(&value)? };
        assignments.push(TeamAssignment { role: role.into(), user_id });
    }
    let request = AssignTeamsRequest { company_ids: body.company_ids, assignments };
    let response = client(&state).assign_teams(ctx.request(request)).await.map_err(crm_error)?.into_inner();
    Ok(Json(Updated { updated: response.updated_count }))
}

/// An affiliate.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct Affiliate {
    pub name: String,
}

/// Affiliates, alphabetical.
#[utoipa::path(get, path = "/api/affiliates", tag = "companies", responses((status = 200, body = [Affiliate])))]
pub async fn affiliates(State(state): State<Arc<AppState>>, ctx: CallContext) -> ApiResult<Json<Vec<Affiliate>>> {
    let names = client(&state)
        .list_affiliates(ctx.request(ListAffiliatesRequest {}))
        .await
        .map_err(crm_error)?
        .into_inner()
        .names;
    Ok(Json(names.into_iter().map(|name| Affiliate { name }).collect()))
}

/// `POST /api/addAffiliate`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewAffiliate {
    pub affiliate: String,
}

/// Adds an affiliate (Management only).
#[utoipa::path(post, path = "/api/addAffiliate", tag = "companies", request_body = NewAffiliate,
    responses((status = 201, body = Affiliate), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn add_affiliate(
    State(state): State<Arc<AppState>>,
    ctx: CallContext,
    Json(body): Json<NewAffiliate>,
) -> ApiResult<(StatusCode, Json<Affiliate>)> {
    let name = client(&state)
        .create_affiliate(ctx.request(CreateAffiliateRequest { name: body.affiliate }))
        .await
        .map_err(crm_error)?
        .into_inner()
        .name;
    Ok((StatusCode::CREATED, Json(Affiliate { name })))
}
