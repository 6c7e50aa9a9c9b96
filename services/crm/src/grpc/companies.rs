use std::sync::Arc;

use chrono::Utc;
use eris_platform::auth::{Caller, caller};
use eris_proto::{
    crm::v1::{
        AssignTeamsRequest, AssignTeamsResponse, Company, CompanyChange, CompanyEvent, CompanyFilter,
        CreateAffiliateRequest, CreateAffiliateResponse, CreateCompanyRequest, CreateCompanyResponse,
        DeleteCompanyRequest, DeleteCompanyResponse, FieldChange, GetCompanyRequest, GetCompanyResponse,
        ListAffiliatesRequest, ListAffiliatesResponse, ListCompaniesRequest, ListCompaniesResponse,
        ListCompanyChangesRequest, ListCompanyChangesResponse, PrimaryStatus, TeamRole, UpdateCompanyRequest,
        UpdateCompanyResponse, company_service_server::CompanyService,
    },
    identity::v1::Role,
};
use prost::Message;
use serde_json::json;
use sqlx::PgConnection;
use tonic::{Request, Response, Status};

use super::{decode_token, finish_page, name_position, page_size};
use crate::{
    State,
    convert::{optional_date, optional_id, parse_date, timestamp},
    db::{
        self,
        companies::{CompanyQuery, CompanyRow},
    },
    domain::{Commodity, CompanyRecord, company_not_found, parse_usage, primary_from_name, primary_name},
    error::{Error, Result, forbidden, invalid},
    may_edit_companies, visible_to,
};

pub(crate) struct CompanyApi(pub(crate) Arc<State>);

/// Most companies one mass update may change.
const MAX_BATCH: usize = 5000;

pub(crate) fn company_to_proto(row: CompanyRow) -> Company {
    let r = row.record;
    let decimal = |value: Option<rust_decimal::Decimal>| value.map(|v| v.normalize().to_string()).unwrap_or_default();
    Company {
        company_id: row.company_id,
        name: r.name,
        address: r.address,
        city: r.city,
        state: r.state,
        zip: r.zip,
        entry_date: Some(crate::convert::date(r.entry_date)),
        primary_electric_status: primary_from_name(r.primary_electric_status.as_deref()).into(),
        secondary_electric_statuses: r.secondary_electric_statuses,
        primary_gas_status: primary_from_name(r.primary_gas_status.as_deref()).into(),
        secondary_gas_statuses: r.secondary_gas_statuses,
        primary_dr_status: primary_from_name(r.primary_dr_status.as_deref()).into(),
        secondary_dr_statuses: r.secondary_dr_statuses,
        electric_contract_end_date: optional_date(r.electric_contract_end_date),
        gas_contract_end_date: optional_date(r.gas_contract_end_date),
        dr_contract_end_date: optional_date(r.dr_contract_end_date),
        electric_usage: decimal(r.electric_usage),
        gas_usage: decimal(r.gas_usage),
        dr_reduction: decimal(r.dr_reduction),
        electric_area_utility_id: r.electric_area_utility_id.unwrap_or(0),
        gas_area_utility_id: r.gas_area_utility_id.unwrap_or(0),
        dr_area_utility_id: r.dr_area_utility_id.unwrap_or(0),
        utilities: r.utilities,
        bill_management: r.bill_management,
        community_solar: r.community_solar,
        energy_efficiency: r.energy_efficiency,
        w9: r.w9,
        inside_user_id: r.inside_user_id.unwrap_or(0),
        closer_user_id: r.closer_user_id.unwrap_or(0),
        analyst_user_id: r.analyst_user_id.unwrap_or(0),
        admin_user_id: r.admin_user_id.unwrap_or(0),
        customer_care_user_id: r.customer_care_user_id.unwrap_or(0),
        support_analyst1_user_id: r.support_analyst1_user_id.unwrap_or(0),
        support_analyst2_user_id: r.support_analyst2_user_id.unwrap_or(0),
        affiliate: r.affiliate.unwrap_or_default(),
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
        update_user_id: row.updated_by.unwrap_or(0),
    }
}

fn primary(value: i32, label: &str) -> Result<Option<String>> {
    let status = PrimaryStatus::try_from(value).map_err(|_| invalid(format!("{label} is not a known status.")))?;
    Ok(primary_name(status).map(str::to_owned))
}

fn trimmed(value: &str, label: &str, max: usize) -> Result<String> {
    let value = value.trim();
    if value.chars().count() > max {
        return Err(invalid(format!("{label} is too long.")));
    }
    Ok(value.to_owned())
}

/// Every field a request may name, in the order they are applied.
const FIELDS: &[&str] = &[
    "name",
    "address",
    "city",
    "state",
    "zip",
    "entry_date",
    "primary_electric_status",
    "secondary_electric_statuses",
    "primary_gas_status",
    "secondary_gas_statuses",
    "primary_dr_status",
    "secondary_dr_statuses",
    "electric_contract_end_date",
    "gas_contract_end_date",
    "dr_contract_end_date",
    "electric_usage",
    "gas_usage",
    "dr_reduction",
    "electric_area_utility_id",
    "gas_area_utility_id",
    "dr_area_utility_id",
    "utilities",
    "bill_management",
    "community_solar",
    "energy_efficiency",
    "w9",
    "inside_user_id",
    "closer_user_id",
    "analyst_user_id",
    "admin_user_id",
    "customer_care_user_id",
    "support_analyst1_user_id",
    "support_analyst2_user_id",
    "affiliate",
];

/// Copies one named field of the request into the record.
fn apply_field(record: &mut CompanyRecord, path: &str, c: &Company) -> Result<()> {
    match path {
        "name" => record.name = trimmed(&c.name, "Name", 300)?,
        "address" => record.address = trimmed(&c.address, "Address", 300)?,
        "city" => record.city = trimmed(&c.city, "City", 120)?,
        "state" => record.state = c.state.trim().to_uppercase(),
        "zip" => record.zip = trimmed(&c.zip, "Zip", 10)?,
        "entry_date" => {
            record.entry_date = parse_date("Entry date", c.entry_date.as_ref())?.unwrap_or(record.entry_date)
        }
        "primary_electric_status" => {
            record.primary_electric_status = primary(c.primary_electric_status, "Electric status")?
        }
        "secondary_electric_statuses" => record.secondary_electric_statuses = c.secondary_electric_statuses.clone(),
        "primary_gas_status" => record.primary_gas_status = primary(c.primary_gas_status, "Gas status")?,
        "secondary_gas_statuses" => record.secondary_gas_statuses = c.secondary_gas_statuses.clone(),
        "primary_dr_status" => record.primary_dr_status = primary(c.primary_dr_status, "DR status")?,
        "secondary_dr_statuses" => record.secondary_dr_statuses = c.secondary_dr_statuses.clone(),
        "electric_contract_end_date" => {
            record.electric_contract_end_date =
                parse_date("Electric contract end date", c.electric_contract_end_date.as_ref())?
        }
        "gas_contract_end_date" => {
            record.gas_contract_end_date = parse_date("Gas contract end date", c.gas_contract_end_date.as_ref())?
        }
        "dr_contract_end_date" => {
            record.dr_contract_end_date = parse_date("DR contract end date", c.dr_contract_end_date.as_ref())?
        }
        "electric_usage" => record.electric_usage = parse_usage("Electric usage", &c.electric_usage)?,
        "gas_usage" => record.gas_usage = parse_usage("Gas usage", &c.gas_usage)?,
        "dr_reduction" => record.dr_reduction = parse_usage("DR reduction", &c.dr_reduction)?,
        "electric_area_utility_id" => record.electric_area_utility_id = optional_id(c.electric_area_utility_id),
        "gas_area_utility_id" => record.gas_area_utility_id = optional_id(c.gas_area_utility_id),
        "dr_area_utility_id" => record.dr_area_utility_id = optional_id(c.dr_area_utility_id),
        "utilities" => record.utilities = c.utilities,
        "bill_management" => record.bill_management = c.bill_management,
        "community_solar" => record.community_solar = c.community_solar,
        "energy_efficiency" => record.energy_efficiency = c.energy_efficiency,
        "w9" => record.w9 = c.w9,
        "inside_user_id" => record.inside_user_id = optional_id(c.inside_user_id),
        "closer_user_id" => record.closer_user_id = optional_id(c.closer_user_id),
        "analyst_user_id" => record.analyst_user_id = optional_id(c.analyst_user_id),
        "admin_user_id" => record.admin_user_id = optional_id(c.admin_user_id),
        "customer_care_user_id" => record.customer_care_user_id = optional_id(c.customer_care_user_id),
        "support_analyst1_user_id" => record.support_analyst1_user_id = optional_id(c.support_analyst1_user_id),
        "support_analyst2_user_id" => record.support_analyst2_user_id = optional_id(c.support_analyst2_user_id),
        "affiliate" => {
            let name = trimmed(&c.affiliate, "Affiliate", 200)?;
            record.affiliate = (!name.is_empty()).then_some(name);
        }
        other => return Err(invalid(format!("{other} is not a company field."))),
    }
    Ok(())
}

/// Applies the named fields to `before` with the status rules: a changed primary status clears
/// its secondaries (unless new ones are named too), and an area changes only under Prospect.
fn apply_changes(before: &CompanyRecord, paths: &[String], c: &Company) -> Result<CompanyRecord> {
    let mut after = before.clone();
    for path in paths {
        apply_field(&mut after, path, c)?;
    }
    let named = |field: &str| paths.iter().any(|p| p == field);
    for (primary, secondaries, old_primary, field) in [
        (
            &after.primary_electric_status,
            &mut after.secondary_electric_statuses,
            &before.primary_electric_status,
            "secondary_electric_statuses",
        ),
        (
            &after.primary_gas_status,
            &mut after.secondary_gas_statuses,
            &before.primary_gas_status,
            "secondary_gas_statuses",
        ),
        (
            &after.primary_dr_status,
            &mut after.secondary_dr_statuses,
            &before.primary_dr_status,
            "secondary_dr_statuses",
        ),
    ] {
        if primary != old_primary && !named(field) {
            secondaries.clear();
        }
    }
    for (commodity, field, label) in [
        (Commodity::Electric, "electric_area_utility_id", "electric"),
        (Commodity::Gas, "gas_area_utility_id", "gas"),
        (Commodity::Dr, "dr_area_utility_id", "DR"),
    ] {
        let changed = match commodity {
            Commodity::Electric => after.electric_area_utility_id != before.electric_area_utility_id,
            Commodity::Gas => after.gas_area_utility_id != before.gas_area_utility_id,
            Commodity::Dr => after.dr_area_utility_id != before.dr_area_utility_id,
        };
        if named(field) && changed && !after.area_editable(commodity) {
            return Err(invalid(format!("The {label} area can be changed only while the {label} status is Prospect.")));
        }
    }
    after.validate()?;
    Ok(after)
}

fn empty_record() -> CompanyRecord {
    CompanyRecord {
        name: String::new(),
        address: String::new(),
        city: String::new(),
        state: String::new(),
        zip: String::new(),
        entry_date: Utc::now().date_naive(),
        primary_electric_status: None,
        secondary_electric_statuses: Vec::new(),
        primary_gas_status: None,
        secondary_gas_statuses: Vec::new(),
        primary_dr_status: None,
        secondary_dr_statuses: Vec::new(),
        electric_contract_end_date: None,
        gas_contract_end_date: None,
        dr_contract_end_date: None,
        electric_usage: None,
        gas_usage: None,
        dr_reduction: None,
        electric_area_utility_id: None,
        gas_area_utility_id: None,
        dr_area_utility_id: None,
        utilities: false,
        bill_management: false,
        community_solar: false,
        energy_efficiency: false,
        w9: false,
        inside_user_id: None,
        closer_user_id: None,
        analyst_user_id: None,
        admin_user_id: None,
        customer_care_user_id: None,
        support_analyst1_user_id: None,
        support_analyst2_user_id: None,
        affiliate: None,
    }
}

/// Writes the History entry and the outbox event of a change, in the caller's transaction.
async fn record_change(
    tx: &mut PgConnection,
    kind: &str,
    caller: &Caller,
    company_id: i64,
    fields: &[(String, String, String)],
    after: Option<Company>,
) -> Result<()> {
    if kind != "deleted" {
        db::companies::insert_change(&mut *tx, company_id, kind, caller.user_id, fields).await?;
    }
    let event = CompanyEvent {
        company_id,
        kind: kind.to_owned(),
        user_id: caller.user_id,
        event_time: Some(timestamp(Utc::now())),
        fields: fields
            .iter()
            .map(|(field, old, new)| FieldChange {
                field: field.clone(),
                old_value: old.clone(),
                new_value: new.clone(),
            })
            .collect(),
        company: after,
    };
    db::companies::insert_outbox(
        &mut *tx,
        &format!("company.{}", kind.replace(' ', "_")),
        company_id,
        &event.encode_to_vec(),
    )
    .await?;
    Ok(())
}

fn query_from_filter(filter: CompanyFilter) -> Result<CompanyQuery> {
    let statuses = |values: &[i32], label: &str| -> Result<Vec<String>> {
        values.iter().filter_map(|v| primary(*v, label).transpose()).collect()
    };
    let name = filter.name_query.trim();
    Ok(CompanyQuery {
        name_query: (!name.is_empty()).then(|| name.to_owned()),
        primary_electric: statuses(&filter.primary_electric_statuses, "Electric status")?,
        secondary_electric: filter.secondary_electric_statuses,
        primary_gas: statuses(&filter.primary_gas_statuses, "Gas status")?,
        secondary_gas: filter.secondary_gas_statuses,
        min_electric_usage: parse_usage("Minimum kWh", &filter.min_electric_usage)?,
        max_electric_usage: parse_usage("Maximum kWh", &filter.max_electric_usage)?,
        min_gas_usage: parse_usage("Minimum therms", &filter.min_gas_usage)?,
        max_gas_usage: parse_usage("Maximum therms", &filter.max_gas_usage)?,
        electric_areas: filter.electric_area_utility_ids,
        gas_areas: filter.gas_area_utility_ids,
        dr_areas: filter.dr_area_utility_ids,
        electric_end_from: parse_date("Electric end from", filter.electric_contract_end_from.as_ref())?,
        electric_end_to: parse_date("Electric end to", filter.electric_contract_end_to.as_ref())?,
        gas_end_from: parse_date("Gas end from", filter.gas_contract_end_from.as_ref())?,
        gas_end_to: parse_date("Gas end to", filter.gas_contract_end_to.as_ref())?,
        team_user_ids: filter.team_user_ids,
        visible_to: None,
    })
}

impl State {
    /// A company the caller may read.
    pub(crate) async fn readable_company(&self, caller: &Caller, company_id: i64) -> Result<CompanyRow> {
        db::companies::select_company(&self.pool, company_id, visible_to(caller)).await?.ok_or_else(company_not_found)
    }

    async fn create_company(&self, caller: &Caller, company: Company) -> Result<CompanyRow> {
        if !may_edit_companies(caller) {
            return Err(forbidden());
        }
        let named: Vec<String> = FIELDS.iter().map(|f| (*f).to_owned()).collect();
        let record = apply_changes(&empty_record(), &named, &company)?;
        let mut tx = self.pool.begin().await?;
        let row = db::companies::insert_company(&mut *tx, &record, caller.user_id).await?;
        let fields = record.changes_since(&CompanyRecord { entry_date: record.entry_date, ..empty_record() });
        record_change(&mut tx, "created", caller, row.company_id, &fields, Some(company_to_proto(row.clone()))).await?;
        tx.commit().await?;
        tracing::info!(company_id = row.company_id, by = caller.user_id, "created company");
        Ok(row)
    }

    async fn update_company(&self, caller: &Caller, company: Company, paths: &[String]) -> Result<CompanyRow> {
        if !may_edit_companies(caller) {
            return Err(forbidden());
        }
        if paths.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        if company.version <= 0 {
            return Err(invalid("The version of the company being changed is required."));
        }
        let mut tx = self.pool.begin().await?;
        let before = db::companies::select_company_for_update(&mut *tx, company.company_id)
            .await?
            .ok_or_else(company_not_found)?;
        if before.version != company.version {
            return Err(Error::StaleCompany);
        }
        let after = apply_changes(&before.record, paths, &company)?;
        let fields = after.changes_since(&before.record);
        if fields.is_empty() {
            return Ok(before);
        }
        let row = db::companies::update_company(&mut *tx, company.company_id, company.version, &after, caller.user_id)
            .await?
            .ok_or(Error::StaleCompany)?;
        record_change(&mut tx, "updated", caller, row.company_id, &fields, Some(company_to_proto(row.clone()))).await?;
        tx.commit().await?;
        Ok(row)
    }

    async fn delete_company(&self, caller: &Caller, company_id: i64) -> Result<()> {
        caller.require_role(&[Role::Management])?;
        let mut tx = self.pool.begin().await?;
        if !db::companies::delete_company(&mut *tx, company_id).await? {
            return Err(company_not_found());
        }
        record_change(&mut tx, "deleted", caller, company_id, &[], None).await?;
        tx.commit().await?;
        tracing::info!(company_id, by = caller.user_id, "deleted company with its notes, tasks and call bank entries");
        Ok(())
    }

    async fn assign_teams(&self, caller: &Caller, request: AssignTeamsRequest) -> Result<i64> {
        caller.require_role(&[Role::Management, Role::Admin])?;
        if request.company_ids.is_empty() || request.company_ids.len() > MAX_BATCH {
            return Err(invalid(format!("Select between 1 and {MAX_BATCH} companies.")));
        }
        if request.assignments.is_empty() {
            return Err(invalid("Choose at least one role to set."));
        }
        let mut paths = Vec::new();
        let mut template = Company::default();
        for assignment in &request.assignments {
            let (field, path) = match TeamRole::try_from(assignment.role).unwrap_or(TeamRole::Unspecified) {
                TeamRole::Inside => (&mut template.inside_user_id, "inside_user_id"),
                TeamRole::Closer => (&mut template.closer_user_id, "closer_user_id"),
                TeamRole::Analyst => (&mut template.analyst_user_id, "analyst_user_id"),
                TeamRole::Admin => (&mut template.admin_user_id, "admin_user_id"),
                TeamRole::CustomerCare => (&mut template.customer_care_user_id, "customer_care_user_id"),
                TeamRole::Unspecified => return Err(invalid("Each assignment needs a role.")),
            };
            *field = assignment.user_id.max(0);
            paths.push(path.to_owned());
        }
        let mut tx = self.pool.begin().await?;
        let rows = db::companies::select_companies_for_update(&mut *tx, &request.company_ids).await?;
        if rows.len() != {
            let mut ids = request.company_ids.clone();
            ids.sort_unstable();
            ids.dedup();
            ids.len()
        } {
            return Err(company_not_found());
        }
        let mut updated = 0;
        for row in rows {
            let after = apply_changes(&row.record, &paths, &template)?;
            let fields = after.changes_since(&row.record);
            if fields.is_empty() {
                continue;
            }
            let saved = db::companies::update_company(&mut *tx, row.company_id, row.version, &after, caller.user_id)
                .await?
                .ok_or(Error::StaleCompany)?;
            record_change(&mut tx, "teams assigned", caller, row.company_id, &fields, Some(company_to_proto(saved)))
                .await?;
            updated += 1;
        }
        tx.commit().await?;
        tracing::info!(updated, by = caller.user_id, "assigned teams");
        Ok(updated)
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
        let visible = visible_to(caller(&request)?);
        let ListCompaniesRequest { page_size: size, page_token, filter } = request.into_inner();
        let limit = page_size(size, 50, 500)?;
        let after = name_position(&page_token)?;
        let mut query = query_from_filter(filter.unwrap_or_default())?;
        query.visible_to = visible;
        // The count comes first: it is shown anyway, and it tells which way the page is found quickest.
        let total_size = db::companies::count_companies(&self.0.pool, &query).await.map_err(Error::from)?;
        let mut rows = if total_size == 0 {
            Vec::new()
        } else {
            let from = db::companies::PageFrom::for_total(total_size);
            db::companies::list_companies(&self.0.pool, &query, after, limit + 1, from).await.map_err(Error::from)?
        };
        let next_page_token = finish_page(&mut rows, limit, |last| json!([last.record.name, last.company_id]));
        Ok(Response::new(ListCompaniesResponse {
            companies: rows.into_iter().map(company_to_proto).collect(),
            next_page_token,
            total_size,
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_company(
        &self,
        request: Request<CreateCompanyRequest>,
    ) -> Result<Response<CreateCompanyResponse>, Status> {
        let caller = caller(&request)?.clone();
        let company = request.into_inner().company.ok_or_else(|| invalid("company is required."))?;
        let row = self.0.create_company(&caller, company).await?;
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
        let paths = update_mask.map(|mask| mask.paths).unwrap_or_default();
        let row = self.0.update_company(&caller, company, &paths).await?;
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
        let updated_count = self.0.assign_teams(&caller, request.into_inner()).await?;
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
        caller.require_role(&[Role::Management])?;
        let name = trimmed(&request.get_ref().name, "Affiliate", 200)?;
        if name.is_empty() {
            return Err(invalid("Enter the affiliate's name.").into());
        }
        if db::companies::affiliate_exists(&self.0.pool, &name).await.map_err(Error::from)? {
            return Err(Error::AffiliateExists.into());
        }
        let name = db::companies::insert_affiliate(&self.0.pool, &name, caller.user_id).await.map_err(|error| {
            if eris_platform::error::is_constraint_violation(&error, db::companies::AFFILIATE_NAME_KEY) {
                Error::AffiliateExists
            } else {
                error.into()
            }
        })?;
        Ok(Response::new(CreateAffiliateResponse { name }))
    }
}
