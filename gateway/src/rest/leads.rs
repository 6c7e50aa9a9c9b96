//! The lead (company) as the REST surface shows it: spec document 1, section 3, with team roles
//! by name and dates as ISO strings.

use chrono::NaiveDate;
use eris_proto::{
    common::v1::Date,
    crm::v1::{Company, PrimaryStatus},
};
use serde::Deserialize;

use super::{directory::Directory, id, text};
use crate::error::{ApiError, ApiResult};

view! {
    /// A lead. Dates are ISO (`YYYY-MM-DD`); usage numbers are decimal strings.
    #[derive(Default, Clone, Deserialize)]
    #[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
    pub struct Lead from company: Company, directory: &Directory {
        lead_id: i64 = company.company_id,
        name: String,
        address: String,
        city: String,
        state: String,
        zip: String,
        entry_date: Option<String> = iso(company.entry_date.as_ref()),
        primary_electric_status: Option<String> = status_name(company.primary_electric_status),
        secondary_electric_status: Vec<String> = company.secondary_electric_statuses,
        primary_gas_status: Option<String> = status_name(company.primary_gas_status),
        secondary_gas_status: Vec<String> = company.secondary_gas_statuses,
        primary_dr_status: Option<String> = status_name(company.primary_dr_status),
        secondary_dr_status: Vec<String> = company.secondary_dr_statuses,
        electric_contract_end_date: Option<String> = iso(company.electric_contract_end_date.as_ref()),
        gas_contract_end_date: Option<String> = iso(company.gas_contract_end_date.as_ref()),
        #[serde(rename = "DRContractEndDate")]
        dr_contract_end_date: Option<String> = iso(company.dr_contract_end_date.as_ref()),
        electric_usage: Option<String> = text(company.electric_usage),
        gas_usage: Option<String> = text(company.gas_usage),
        dr_reduction: Option<String> = text(company.dr_reduction),
        /// Annual kWh summed over the company's electric accounts (read-only; ignored on updates).
        total_kwh: Option<String> = text(company.total_kwh),
        /// Annual therms summed over the company's gas accounts (read-only; ignored on updates).
        total_therms: Option<String> = text(company.total_therms),
        /// Electric area (utility id).
        electric_area: Option<i64> = id(company.electric_area_utility_id),
        /// Gas area (utility id).
        gas_area: Option<i64> = id(company.gas_area_utility_id),
        /// DR area (utility id).
        #[serde(rename = "DRArea")]
        dr_area: Option<i64> = id(company.dr_area_utility_id),
        utilities: bool,
        /// Spelled as existing clients spell it.
        #[serde(rename = "BillManagment")]
        bill_management: bool,
        community_solar: bool,
        energy_efficiency: bool,
        #[serde(rename = "W9")]
        w9: bool,
        /// Team roles, by user name.
        inside: Option<String> = named(directory, company.inside_user_id),
        closer: Option<String> = named(directory, company.closer_user_id),
        analyst: Option<String> = named(directory, company.analyst_user_id),
        admin: Option<String> = named(directory, company.admin_user_id),
        customer_care: Option<String> = named(directory, company.customer_care_user_id),
        affiliate: Option<String> = text(company.affiliate),
        support_analyst1_id: Option<i64> = id(company.support_analyst1_user_id),
        support_analyst2_id: Option<i64> = id(company.support_analyst2_user_id),
        /// Send it back with an update: a field someone else changed since is refused (409), never
        /// overwritten; fields nobody else touched are saved.
        version: i64,
    }
}

const STATUSES: &[(PrimaryStatus, &str)] = &[
    (PrimaryStatus::Prospect, "Prospect"),
    (PrimaryStatus::Opportunity, "Opportunity"),
    (PrimaryStatus::Customer, "Customer"),
    (PrimaryStatus::FormerCustomer, "Former Customer"),
    (PrimaryStatus::Dead, "Dead"),
];

fn status_name(status: i32) -> Option<String> {
    STATUSES.iter().find(|(s, _)| i32::from(*s) == status).map(|(_, name)| (*name).to_owned())
}

fn status_value(name: Option<&str>) -> ApiResult<i32> {
    match name.map(str::trim).filter(|n| !n.is_empty()) {
        None => Ok(PrimaryStatus::Unspecified.into()),
        Some(name) => STATUSES
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(name))
            .map(|(s, _)| (*s).into())
            .ok_or_else(|| ApiError::bad_request(format!("{name} is not a status."))),
    }
}

/// A proto date as ISO text.
pub fn iso(date: Option<&Date>) -> Option<String> {
    date.and_then(|d| NaiveDate::from_ymd_opt(d.year, d.month as u32, d.day as u32)).map(|d| d.to_string())
}

/// Dates and instants from outside must fall within these years.
const YEARS: std::ops::RangeInclusive<i32> = 1900..=2200;

/// ISO text as a proto date: exactly `YYYY-MM-DD`, or a whole ISO date and time whose written date
/// is taken (what a JavaScript client's `toISOString()` sends for a date). Nothing may trail it.
pub fn parse_iso(label: &str, text: Option<&str>) -> ApiResult<Option<Date>> {
    use chrono::Datelike;
    Ok(parse_iso_date(label, text)?.map(|d| Date { year: d.year(), month: d.month() as i32, day: d.day() as i32 }))
}

/// [`parse_iso`], as a calendar day.
pub fn parse_iso_date(label: &str, text: Option<&str>) -> ApiResult<Option<NaiveDate>> {
    use chrono::Datelike;
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    let date = if text.len() == 10 {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
    } else {
        parse_date_time(text).map(|(date_time, _)| date_time.date())
    };
    date.filter(|d| YEARS.contains(&d.year()))
        .map(Some)
        .ok_or_else(|| ApiError::bad_request(format!("{label} must be a date between 1900 and 2200 (YYYY-MM-DD).")))
}

/// An ISO date and time: with a zone (its written wall clock and the instant), or without one.
fn parse_date_time(text: &str) -> Option<(chrono::NaiveDateTime, Option<chrono::DateTime<chrono::Utc>>)> {
    if let Ok(zoned) = chrono::DateTime::parse_from_rfc3339(text) {
        return Some((zoned.naive_local(), Some(zoned.with_timezone(&chrono::Utc))));
    }
    ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%d %H:%M"]
        .iter()
        .find_map(|format| chrono::NaiveDateTime::parse_from_str(text, format).ok())
        .map(|local| (local, None))
}

/// An instant from ISO text: with a zone as written; without one in business time; a date alone
/// is 09:00 business time that day.
pub fn parse_instant(
    label: &str,
    text: &str,
    business: &eris_platform::time::BusinessTime,
) -> ApiResult<chrono::DateTime<chrono::Utc>> {
    use chrono::Datelike;
    let text = text.trim();
    let instant = if text.len() == 10 {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").ok().map(|date| business.due_on(date))
    } else {
        parse_date_time(text).map(|(local, zoned)| zoned.unwrap_or_else(|| business.instant(local)))
    };
    instant.filter(|at| YEARS.contains(&at.year())).ok_or_else(|| {
        ApiError::bad_request(format!(
            "{label} must be an ISO date (09:00 business time) or date and time between 1900 and 2200."
        ))
    })
}

fn named(directory: &Directory, user_id: i64) -> Option<String> {
    id(user_id).map(|id| directory.name(id))
}

impl Lead {
    /// The users a company names in its team roles.
    pub fn team_ids(company: &Company) -> [i64; 5] {
        [
            company.inside_user_id,
            company.closer_user_id,
            company.analyst_user_id,
            company.admin_user_id,
            company.customer_care_user_id,
        ]
    }

    /// The user names this lead gives its team roles.
    pub fn team_names(&self) -> impl Iterator<Item = &str> {
        [&self.inside, &self.closer, &self.analyst, &self.admin, &self.customer_care]
            .into_iter()
            .flatten()
            .map(String::as_str)
    }

    pub fn to_company(&self, directory: &Directory) -> ApiResult<Company> {
        Ok(Company {
            company_id: self.lead_id,
            name: self.name.clone(),
            address: self.address.clone(),
            city: self.city.clone(),
            state: self.state.clone(),
            zip: self.zip.clone(),
            entry_date: parse_iso("EntryDate", self.entry_date.as_deref())?,
            primary_electric_status: status_value(self.primary_electric_status.as_deref())?,
            secondary_electric_statuses: self.secondary_electric_status.clone(),
            primary_gas_status: status_value(self.primary_gas_status.as_deref())?,
            secondary_gas_statuses: self.secondary_gas_status.clone(),
            primary_dr_status: status_value(self.primary_dr_status.as_deref())?,
            secondary_dr_statuses: self.secondary_dr_status.clone(),
            electric_contract_end_date: parse_iso(
                "ElectricContractEndDate",
                self.electric_contract_end_date.as_deref(),
            )?,
            gas_contract_end_date: parse_iso("GasContractEndDate", self.gas_contract_end_date.as_deref())?,
            dr_contract_end_date: parse_iso("DRContractEndDate", self.dr_contract_end_date.as_deref())?,
            electric_usage: self.electric_usage.clone().unwrap_or_default(),
            gas_usage: self.gas_usage.clone().unwrap_or_default(),
            dr_reduction: self.dr_reduction.clone().unwrap_or_default(),
            electric_area_utility_id: self.electric_area.unwrap_or(0),
            gas_area_utility_id: self.gas_area.unwrap_or(0),
            dr_area_utility_id: self.dr_area.unwrap_or(0),
            utilities: self.utilities,
            bill_management: self.bill_management,
            community_solar: self.community_solar,
            energy_efficiency: self.energy_efficiency,
            w9: self.w9,
            inside_user_id: directory.id(self.inside.as_deref().unwrap_or(""))?,
            closer_user_id: directory.id(self.closer.as_deref().unwrap_or(""))?,
            analyst_user_id: directory.id(self.analyst.as_deref().unwrap_or(""))?,
            admin_user_id: directory.id(self.admin.as_deref().unwrap_or(""))?,
            customer_care_user_id: directory.id(self.customer_care.as_deref().unwrap_or(""))?,
            support_analyst1_user_id: self.support_analyst1_id.unwrap_or(0),
            support_analyst2_user_id: self.support_analyst2_id.unwrap_or(0),
            affiliate: self.affiliate.clone().unwrap_or_default(),
            version: self.version,
            update_time: None,
            update_user_id: 0,
            total_kwh: String::new(),
            total_therms: String::new(),
        })
    }
}
