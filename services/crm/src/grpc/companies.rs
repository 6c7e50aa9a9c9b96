//! CompanyService: requests read into the domain's types, answers written back.

use std::sync::Arc;

use eris_platform::{auth::caller, edits::Patch};
use eris_proto::crm::v1::{
    AssignTeamsRequest, AssignTeamsResponse, CompanyChange, CompanyFilter, CreateAffiliateRequest,
    CreateAffiliateResponse, CreateCompanyRequest, CreateCompanyResponse, DeleteCompanyRequest, DeleteCompanyResponse,
    FieldChange, FilterVisibleCompanyIdsRequest, FilterVisibleCompanyIdsResponse, GetCompanyRequest,
    GetCompanyResponse, ListAffiliatesRequest, ListAffiliatesResponse, ListCompaniesRequest, ListCompaniesResponse,
    ListCompanyChangesRequest, ListCompanyChangesResponse, ListVisibleCompanyIdsRequest, ListVisibleCompanyIdsResponse,
    TeamRole, UpdateCompanyRequest, UpdateCompanyResponse, company_service_server::CompanyService,
};
use serde_json::{Value, json};
use tonic::{Request, Response, Status};

use super::{decode_token, encode_token, finish_page, page_size};
use crate::{
    State,
    db::{
        self,
        companies::{CompanyQuery, Position},
    },
    domain::{
        companies::Counting,
        company_record::{CompanyOrder, FIELDS, TeamAssignment, Visible, parse_amount},
        text,
    },
    error::{Error, Result, invalid},
    proto::{Converter, Status as StatusConverter, company_fields_of, company_to_proto, parse_date, timestamp},
};

pub(crate) struct CompanyApi(pub(crate) Arc<State>);

/// Most filter values one list of ids or statuses may name.
const MAX_FILTER_VALUES: usize = 500;

fn query_from_filter(filter: CompanyFilter) -> Result<CompanyQuery> {
    let bounded = |count: usize| {
        if count > MAX_FILTER_VALUES {
            Err(invalid(format!("A filter names at most {MAX_FILTER_VALUES} values.")))
        } else {
            Ok(())
        }
    };
    for count in [
        filter.primary_electric_statuses.len(),
        filter.primary_gas_statuses.len(),
        filter.secondary_electric_statuses.len(),
        filter.secondary_gas_statuses.len(),
        filter.electric_area_utility_ids.len(),
        filter.gas_area_utility_ids.len(),
        filter.dr_area_utility_ids.len(),
        filter.team_user_ids.len(),
    ] {
        bounded(count)?;
    }
    let statuses = |values: &[i32], label: &'static str| -> Result<Vec<String>> {
        values.iter().filter_map(|v| StatusConverter(label).parse(v).transpose()).collect()
    };
    let name = text::line(&filter.name_query, "Search", 300, false)?;
    Ok(CompanyQuery {
        name_query: (!name.is_empty()).then_some(name),
        primary_electric: statuses(&filter.primary_electric_statuses, "Electric status")?,
        secondary_electric: filter.secondary_electric_statuses,
        primary_gas: statuses(&filter.primary_gas_statuses, "Gas status")?,
        secondary_gas: filter.secondary_gas_statuses,
        min_electric_usage: parse_amount("Minimum kWh", &filter.min_electric_usage, 14)?,
        max_electric_usage: parse_amount("Maximum kWh", &filter.max_electric_usage, 14)?,
        min_gas_usage: parse_amount("Minimum therms", &filter.min_gas_usage, 14)?,
        max_gas_usage: parse_amount("Maximum therms", &filter.max_gas_usage, 14)?,
        electric_areas: filter.electric_area_utility_ids,
        gas_areas: filter.gas_area_utility_ids,
        dr_areas: filter.dr_area_utility_ids,
        electric_end_from: parse_date("Electric end from", filter.electric_contract_end_from.as_ref())?,
        electric_end_to: parse_date("Electric end to", filter.electric_contract_end_to.as_ref())?,
        gas_end_from: parse_date("Gas end from", filter.gas_contract_end_from.as_ref())?,
        gas_end_to: parse_date("Gas end to", filter.gas_contract_end_to.as_ref())?,
        team_user_ids: filter.team_user_ids,
        account_number: Some(text::line(&filter.account_number, "Account #", 100, false)?).filter(|n| !n.is_empty()),
        visible_to: None,
    })
}

/// A page token: by name `[name, id]`; in another order `{"o": order, "v": value, "i": id}`, so
/// a token cannot be used with an order it was not made for.
fn page_token(order: CompanyOrder, position: &Position) -> String {
    if order.is_by_name() {
        return encode_token(&json!([position.value, position.company_id]));
    }
    let direction = if order.descending { " desc" } else { "" };
    encode_token(&json!({"o": format!("{}{direction}", order.field), "v": position.value, "i": position.company_id}))
}

fn position_of(order: CompanyOrder, token: &str) -> Result<Option<Position>> {
    let refused = || invalid("page_token is not valid for this order.");
    let Some(value) = decode_token(token)? else { return Ok(None) };
    let (text, id) = if order.is_by_name() {
        (value.get(0).cloned(), value.get(1).and_then(Value::as_i64))
    } else {
        let made_for = value.get("o").and_then(Value::as_str).map(CompanyOrder::parse).transpose()?;
        if made_for != Some(order) {
            return Err(refused());
        }
        (value.get("v").cloned(), value.get("i").and_then(Value::as_i64))
    };
    let value = match text {
        Some(Value::String(text)) => Some(text),
        Some(Value::Null) if !order.is_by_name() => None,
        _ => return Err(refused()),
    };
    let company_id = id.ok_or_else(refused)?;
    Ok(Some(Position { value, company_id }))
}

/// The team role a mass assignment names, as its field.
fn team_role_field(role: i32) -> Result<&'static str> {
    match TeamRole::try_from(role).unwrap_or(TeamRole::Unspecified) {
        TeamRole::Inside => Ok("inside_user_id"),
        TeamRole::Closer => Ok("closer_user_id"),
        TeamRole::Analyst => Ok("analyst_user_id"),
        TeamRole::Admin => Ok("admin_user_id"),
        TeamRole::CustomerCare => Ok("customer_care_user_id"),
        TeamRole::Unspecified => Err(invalid("Each assignment needs a role.")),
    }
}

#[tonic::async_trait]
impl CompanyService for CompanyApi {
    #[tracing::instrument(skip_all)]
    async fn get_company(&self, request: Request<GetCompanyRequest>) -> Result<Response<GetCompanyResponse>, Status> {
        let caller = caller(&request)?;
        let row = self.0.readable_company(caller, request.get_ref().company_id).await?;
        Ok(Response::new(GetCompanyResponse { company: Some(company_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_companies(
        &self,
        request: Request<ListCompaniesRequest>,
    ) -> Result<Response<ListCompaniesResponse>, Status> {
        let caller = caller(&request)?.clone();
        let ListCompaniesRequest {
            page_size: size,
            page_token: token,
            filter,
            order_by,
            include_total_size,
            total_size_limit,
        } = request.into_inner();
        let limit = page_size(size, 50, 500)?;
        let counting = match (include_total_size, total_size_limit) {
            (false, _) => Counting::No,
            (true, 0) => Counting::All,
            (true, most) if most > 0 => Counting::UpTo(i64::from(most)),
            (true, _) => return Err(invalid("total_size_limit cannot be negative.").into()),
        };
        let order = CompanyOrder::parse(&order_by)?;
        let after = position_of(order, &token)?;
        let query = query_from_filter(filter.unwrap_or_default())?;
        let page = self.0.list_companies(&caller, query, order, after, limit, counting).await?;
        let next_page_token = page.next.map(|last| page_token(order, &Position::of(&last, order))).unwrap_or_default();
        Ok(Response::new(ListCompaniesResponse {
            companies: page.rows.into_iter().map(company_to_proto).collect(),
            next_page_token,
            total_size: page.total.map_or(0, |total| total.size),
            total_size_exceeds_limit: page.total.is_some_and(|total| total.exceeds),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_company(
        &self,
        request: Request<CreateCompanyRequest>,
    ) -> Result<Response<CreateCompanyResponse>, Status> {
        let caller = caller(&request)?.clone();
        let company = request.into_inner().company.ok_or_else(|| invalid("company is required."))?;
        let named: Vec<String> = FIELDS.iter().map(|f| (*f).to_owned()).collect();
        let fields = company_fields_of(&company, &named)?;
        let row = self.0.create_company(&caller, fields).await?;
        Ok(Response::new(CreateCompanyResponse { company: Some(company_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_company(
        &self,
        request: Request<UpdateCompanyRequest>,
    ) -> Result<Response<UpdateCompanyResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateCompanyRequest { company, update_mask } = request.into_inner();
        let company = company.ok_or_else(|| invalid("company is required."))?;
        let mut named = update_mask.map(|mask| mask.paths).unwrap_or_default();
        // AIP-134: "*" names every field (a whole record, as REST saves send it).
        if named.iter().any(|path| path == "*") {
            named = FIELDS.iter().map(|f| (*f).to_owned()).collect();
        }
        named.sort_unstable();
        named.dedup();
        let fields = company_fields_of(&company, &named)?;
        let patch = Patch { record_id: company.company_id, version: company.version, fields, named };
        let row = self.0.update_company(&caller, patch).await?;
        Ok(Response::new(UpdateCompanyResponse { company: Some(company_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_company(
        &self,
        request: Request<DeleteCompanyRequest>,
    ) -> Result<Response<DeleteCompanyResponse>, Status> {
        let caller = caller(&request)?.clone();
        self.0.delete_company(&caller, request.get_ref().company_id).await?;
        Ok(Response::new(DeleteCompanyResponse {}))
    }

    #[tracing::instrument(skip_all)]
    async fn assign_teams(
        &self,
        request: Request<AssignTeamsRequest>,
    ) -> Result<Response<AssignTeamsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let AssignTeamsRequest { company_ids, assignments } = request.into_inner();
        let assignments = assignments
            .iter()
            .map(|a| {
                if a.user_id < 0 {
                    return Err(invalid("A user id cannot be negative."));
                }
                Ok(TeamAssignment { field: team_role_field(a.role)?, user_id: (a.user_id > 0).then_some(a.user_id) })
            })
            .collect::<Result<Vec<_>>>()?;
        let updated_count = self.0.assign_teams(&caller, &company_ids, &assignments).await?;
        Ok(Response::new(AssignTeamsResponse { updated_count }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_company_changes(
        &self,
        request: Request<ListCompanyChangesRequest>,
    ) -> Result<Response<ListCompanyChangesResponse>, Status> {
        let caller = caller(&request)?.clone();
        let ListCompanyChangesRequest { company_id, page_size: size, page_token } = request.into_inner();
        self.0.readable_company(&caller, company_id).await?;
        let limit = page_size(size, 100, 500)?;
        let before = decode_token(&page_token)?.and_then(|value| value.as_i64());
        let mut rows =
            db::companies::list_changes(&self.0.pool, company_id, before, limit + 1).await.map_err(Error::from)?;
        let next_page_token = finish_page(&mut rows, limit, |last| json!(last.company_change_id));
        let changes = rows
            .into_iter()
            .map(|row| CompanyChange {
                change_id: row.company_change_id,
                change_time: Some(timestamp(row.changed_at)),
                user_id: row.user_id,
                kind: row.kind,
                fields: row
                    .fields
                    .0
                    .into_iter()
                    .map(|(field, old_value, new_value)| FieldChange { field, old_value, new_value })
                    .collect(),
            })
            .collect();
        Ok(Response::new(ListCompanyChangesResponse { changes, next_page_token }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_affiliates(
        &self,
        request: Request<ListAffiliatesRequest>,
    ) -> Result<Response<ListAffiliatesResponse>, Status> {
        caller(&request)?;
        let names = db::companies::list_affiliates(&self.0.pool).await.map_err(Error::from)?;
        Ok(Response::new(ListAffiliatesResponse { names }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_affiliate(
        &self,
        request: Request<CreateAffiliateRequest>,
    ) -> Result<Response<CreateAffiliateResponse>, Status> {
        let caller = caller(&request)?.clone();
        let name = text::line(&request.get_ref().name, "Affiliate", 200, false)?;
        let name = self.0.create_affiliate(&caller, name).await?;
        Ok(Response::new(CreateAffiliateResponse { name }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_visible_company_ids(
        &self,
        request: Request<ListVisibleCompanyIdsRequest>,
    ) -> Result<Response<ListVisibleCompanyIdsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let max = usize::try_from(request.get_ref().max_ids).ok().filter(|max| *max > 0);
        let visible = self.0.visible_company_ids(&caller, max).await?;
        Ok(Response::new(match visible {
            Visible::All => ListVisibleCompanyIdsResponse { all: true, ..Default::default() },
            Visible::These(company_ids) => ListVisibleCompanyIdsResponse { company_ids, ..Default::default() },
            Visible::Many => ListVisibleCompanyIdsResponse { more: true, ..Default::default() },
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn filter_visible_company_ids(
        &self,
        request: Request<FilterVisibleCompanyIdsRequest>,
    ) -> Result<Response<FilterVisibleCompanyIdsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let company_ids = self.0.filter_visible(&caller, &request.get_ref().company_ids).await?;
        Ok(Response::new(FilterVisibleCompanyIdsResponse { company_ids }))
    }
}
