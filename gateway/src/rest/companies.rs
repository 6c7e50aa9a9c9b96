//! Companies (leads) and affiliates.

use axum::{
    Json,
    body::{Body, Bytes},
    extract::Path,
    http::{StatusCode, header::CONTENT_TYPE},
    response::{IntoResponse, Response},
};
use eris_proto::crm::v1::{
    AssignTeamsRequest, CompanyFilter, CreateAffiliateRequest, CreateCompanyRequest, DeleteCompanyRequest,
    GetCompanyRequest, ListAffiliatesRequest, ListCompaniesRequest, TeamAssignment, TeamRole, UpdateCompanyRequest,
    company_service_client::CompanyServiceClient,
};
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Answer, Done, InsertId, created_id, done, missing};
use super::{directory::Directory, leads::Lead};
use crate::{
    auth::CallContext,
    error::{ApiError, ApiResult},
};

fn client(ctx: &CallContext) -> CompanyServiceClient<eris_platform::local::Channel> {
    CompanyServiceClient::new(ctx.channel("crm"))
}

/// Leads a page at a time.
const PAGE: i32 = 500;

/// The leads a filter matches, streamed as one JSON array a page at a time, so memory stays flat
/// however large the book. The first page is read before answering, so a refusal is a proper
/// error status; a failure later ends the stream early (the array is left unclosed).
async fn stream_leads(ctx: CallContext, filter: CompanyFilter) -> ApiResult<Response> {
    let first = lead_page(&ctx, &filter, String::new()).await?;
    let pages = futures::stream::unfold(Some(Ok(first)), move |page: Option<ApiResult<(Bytes, Option<String>)>>| {
        let (ctx, filter) = (ctx.clone(), filter.clone());
        async move {
            let (chunk, next) = match page? {
                Ok((chunk, next)) => (chunk, next),
                Err(error) => {
                    tracing::warn!(status = %error.status, error = %error.message, "a lead stream ended early");
                    return Some((Err(std::io::Error::other(error.message)), None));
                }
            };
            let following = match next {
                Some(token) => Some(lead_page(&ctx, &filter, token).await),
                None => None,
            };
            Some((Ok::<_, std::io::Error>(chunk), following))
        }
    });
    let body = futures::stream::iter([Ok(Bytes::from_static(b"["))])
        .chain(pages.enumerate().map(|(index, chunk)| {
            chunk.map(|chunk| if index == 0 || chunk.is_empty() { chunk } else { [&b","[..], &chunk].concat().into() })
        }))
        .chain(futures::stream::iter([Ok(Bytes::from_static(b"]"))]));
    Ok(([(CONTENT_TYPE, "application/json")], Body::from_stream(body)).into_response())
}

/// One page of leads as JSON array items (without brackets), and the next page's token.
async fn lead_page(
    ctx: &CallContext,
    filter: &CompanyFilter,
    page_token: String,
) -> ApiResult<(Bytes, Option<String>)> {
    let request =
        ListCompaniesRequest { page_size: PAGE, page_token, filter: Some(filter.clone()), ..Default::default() };
    let page = client(ctx).list_companies(ctx.request(request)).await.answer("crm")?;
    let ids: Vec<i64> = page.companies.iter().flat_map(Lead::team_ids).collect();
    let directory = Directory::for_ids(ctx, &ids).await?;
    let mut chunk = Vec::new();
    for (index, company) in page.companies.into_iter().enumerate() {
        if index > 0 {
            chunk.push(b',');
        }
        serde_json::to_writer(&mut chunk, &Lead::new(company, &directory))
            .map_err(|error| ApiError::internal(error.into()))?;
    }
    let next = (!page.next_page_token.is_empty()).then_some(page.next_page_token);
    Ok((chunk.into(), next))
}

/// Every lead the caller may see, by name (Sales: their own).
#[utoipa::path(get, path = "/getAllLeads/", tag = "companies", responses((status = 200, body = [Lead])))]
pub async fn get_all_leads(ctx: CallContext) -> ApiResult<Response> {
    stream_leads(ctx, CompanyFilter::default()).await
}

/// The leads where the named user holds a team role.
#[utoipa::path(get, path = "/getUserLeads/{userName}", tag = "companies", responses((status = 200, body = [Lead])))]
pub async fn get_user_leads(ctx: CallContext, Path(user_name): Path<String>) -> ApiResult<Response> {
    let user_id = Directory::for_names(&ctx, [user_name.as_str()]).await?.id(&user_name)?;
    if user_id == 0 {
        return Err(ApiError::bad_request("Name the user."));
    }
    let filter = CompanyFilter { team_user_ids: vec![user_id], ..Default::default() };
    stream_leads(ctx, filter).await
}

async fn one_lead(ctx: &CallContext, lead_id: i64) -> ApiResult<Lead> {
    let request = ctx.request(GetCompanyRequest { company_id: lead_id });
    let company = client(ctx).get_company(request).await.answer("crm")?.company;
    let company = company.ok_or_else(missing)?;
    let directory = Directory::for_ids(ctx, &Lead::team_ids(&company)).await?;
    Ok(Lead::new(company, &directory))
}

/// One lead, as a one-item array (as existing clients read it).
#[utoipa::path(get, path = "/getLeadById/{LeadId}", tag = "companies", responses((status = 200, body = [Lead])))]
pub async fn get_lead_by_id(ctx: CallContext, Path(lead_id): Path<i64>) -> ApiResult<Json<Vec<Lead>>> {
    Ok(Json(vec![one_lead(&ctx, lead_id).await?]))
}

/// One lead (clients read its Name), as a one-item array.
#[utoipa::path(get, path = "/lead/{LeadId}", tag = "companies", responses((status = 200, body = [Lead])))]
pub async fn lead(ctx: CallContext, Path(lead_id): Path<i64>) -> ApiResult<Json<Vec<Lead>>> {
    Ok(Json(vec![one_lead(&ctx, lead_id).await?]))
}

/// Deletes a lead and everything that belongs to it (Management only).
#[utoipa::path(get, path = "/deleteLead/{LeadId}", tag = "companies", responses((status = 200, body = Done)))]
pub async fn delete_lead(ctx: CallContext, Path(lead_id): Path<i64>) -> ApiResult<Json<Done>> {
    client(&ctx).delete_company(ctx.request(DeleteCompanyRequest { company_id: lead_id })).await.answer("crm")?;
    done("Company Deleted!")
}

/// Adds a lead.
#[utoipa::path(post, path = "/newLead", tag = "companies", responses((status = 201, body = InsertId)))]
pub async fn new_lead(ctx: CallContext, Json(lead): Json<Lead>) -> ApiResult<(StatusCode, Json<InsertId>)> {
    let directory = Directory::for_names(&ctx, lead.team_names()).await?;
    let company = lead.to_company(&directory)?;
    let request = ctx.request(CreateCompanyRequest { company: Some(company) });
    let created = client(&ctx).create_company(request).await.answer("crm")?.company.ok_or_else(missing)?;
    created_id(created.company_id)
}

/// Saves a whole lead. Fields the caller changed are written unless someone else changed the same
/// field after the caller's `Version` (409, nothing written); fields sent back as read keep any
/// newer value. Without a `Version` the lead is taken as read now: every field that differs is written.
#[utoipa::path(post, path = "/updateLead", tag = "companies", responses((status = 200, body = Lead)))]
pub async fn update_lead(ctx: CallContext, Json(lead): Json<Lead>) -> ApiResult<Json<Lead>> {
    let directory = Directory::for_names(&ctx, lead.team_names()).await?;
    let company = lead.to_company(&directory)?;
    let request = UpdateCompanyRequest {
        company: Some(company),
        update_mask: Some(prost_types::FieldMask { paths: vec!["*".into()] }),
    };
    let updated = client(&ctx).update_company(ctx.request(request)).await.answer("crm")?.company.ok_or_else(missing)?;
    let directory = Directory::for_ids(&ctx, &Lead::team_ids(&updated)).await?;
    Ok(Json(Lead::new(updated, &directory)))
}

/// `PATCH /api/massUpdateLeads`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MassUpdate {
    pub company_ids: Vec<i64>,
    /// Admin, Closer, Analyst, Inside: a user's name, or RESET to clear the role.
    pub updated_fields: MassFields,
}

/// The roles of a mass update; absent roles are left as they are.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
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
#[utoipa::path(patch, path = "/massUpdateLeads", tag = "companies", responses((status = 200, body = Updated)))]
pub async fn mass_update_leads(ctx: CallContext, Json(body): Json<MassUpdate>) -> ApiResult<Json<Updated>> {
    let fields = body.updated_fields;
    let named = [&fields.admin, &fields.closer, &fields.analyst, &fields.inside];
    let directory = Directory::for_names(&ctx, named.into_iter().flatten().map(String::as_str)).await?;
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
    let response = client(&ctx).assign_teams(ctx.request(request)).await.answer("crm")?;
    Ok(Json(Updated { updated: response.updated_count }))
}

/// An affiliate.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct Affiliate {
    pub name: String,
}

/// Affiliates, alphabetical.
#[utoipa::path(get, path = "/affiliates", tag = "companies", responses((status = 200, body = [Affiliate])))]
pub async fn affiliates(ctx: CallContext) -> ApiResult<Json<Vec<Affiliate>>> {
    let names = client(&ctx).list_affiliates(ctx.request(ListAffiliatesRequest {})).await.answer("crm")?.names;
    Ok(Json(names.into_iter().map(|name| Affiliate { name }).collect()))
}

/// `POST /api/addAffiliate`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewAffiliate {
    pub affiliate: String,
}

/// Adds an affiliate (Management only).
#[utoipa::path(post, path = "/addAffiliate", tag = "companies", responses((status = 201, body = Affiliate)))]
pub async fn add_affiliate(
    ctx: CallContext,
    Json(body): Json<NewAffiliate>,
) -> ApiResult<(StatusCode, Json<Affiliate>)> {
    let request = ctx.request(CreateAffiliateRequest { name: body.affiliate });
    let name = client(&ctx).create_affiliate(request).await.answer("crm")?.name;
    Ok((StatusCode::CREATED, Json(Affiliate { name })))
}
