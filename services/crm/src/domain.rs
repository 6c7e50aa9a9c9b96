//! The rules of a company: statuses and their secondary options, when areas may change, usage
//! numbers, and the field-by-field view that History and events are made of.

use std::str::FromStr;

use chrono::NaiveDate;
use eris_proto::crm::v1::PrimaryStatus;
use rust_decimal::Decimal;

use crate::error::{Error, Result, invalid};

/// Secondary options of the electric and gas statuses, by primary status.
pub fn secondary_options(primary: PrimaryStatus) -> &'static [&'static str] {
    match primary {
        PrimaryStatus::Prospect => &["New", "Hot Lead", "Research Needed", "Under Contract"],
        PrimaryStatus::Opportunity => &["New", "Pricing Sent", "Contract Sent", "On Hold", "Lost", "Under Contract"],
        PrimaryStatus::Customer => &["Contracted - New", "Contracted - Renewal"],
        PrimaryStatus::FormerCustomer => &["Under Contract"],
        PrimaryStatus::Dead => &[
            "Utilities Controlled by Landlord",
            "Utilities Controlled by Corporate",
            "Permanently Closed",
            "No Opportunity",
        ],
        PrimaryStatus::Unspecified => &[],
    }
}

/// Secondary options of the demand response status, whatever its primary (none without one).
pub const DR_SECONDARY_OPTIONS: &[&str] = &["New", "Contract Sent", "Under Contract", "Registered", "Not Registered"];

/// A primary status's stored name; `None` for no status.
pub fn primary_name(status: PrimaryStatus) -> Option<&'static str> {
    match status {
        PrimaryStatus::Prospect => Some("Prospect"),
        PrimaryStatus::Opportunity => Some("Opportunity"),
        PrimaryStatus::Customer => Some("Customer"),
        PrimaryStatus::FormerCustomer => Some("Former Customer"),
        PrimaryStatus::Dead => Some("Dead"),
        PrimaryStatus::Unspecified => None,
    }
}

/// A primary status from its stored name.
pub fn primary_from_name(name: Option<&str>) -> PrimaryStatus {
    match name {
        Some("Prospect") => PrimaryStatus::Prospect,
        Some("Opportunity") => PrimaryStatus::Opportunity,
        Some("Customer") => PrimaryStatus::Customer,
        Some("Former Customer") => PrimaryStatus::FormerCustomer,
        Some("Dead") => PrimaryStatus::Dead,
        _ => PrimaryStatus::Unspecified,
    }
}

/// One commodity's status columns.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Commodity {
    Electric,
    Gas,
    Dr,
}

impl Commodity {
    fn label(self) -> &'static str {
        match self {
            Self::Electric => "electric",
            Self::Gas => "gas",
            Self::Dr => "DR",
        }
    }
}

/// Checks secondary statuses against their primary: each must be an option of it, once.
pub fn check_secondaries(commodity: Commodity, primary: PrimaryStatus, secondaries: &[String]) -> Result<()> {
    let options = match (commodity, primary) {
        (_, PrimaryStatus::Unspecified) => &[][..],
        (Commodity::Dr, _) => DR_SECONDARY_OPTIONS,
        _ => secondary_options(primary),
    };
    for (index, secondary) in secondaries.iter().enumerate() {
        if !options.contains(&secondary.as_str()) {
            let primary = primary_name(primary).unwrap_or("no status");
            return Err(invalid(format!(
                "{secondary} is not a valid {} secondary status for {primary}.",
                commodity.label()
            )));
        }
        if secondaries[..index].contains(secondary) {
            return Err(invalid(format!("{secondary} is listed twice.")));
        }
    }
    Ok(())
}

/// A usage number as typed: thousands separators allowed, never negative. Empty means unknown.
pub fn parse_usage(label: &str, text: &str) -> Result<Option<Decimal>> {
    let cleaned: String = text.chars().filter(|c| *c != ',' && !c.is_whitespace()).collect();
    if cleaned.is_empty() {
        return Ok(None);
    }
    let value = Decimal::from_str(&cleaned).map_err(|_| invalid(format!("{label} must be a number.")))?;
    if value.is_sign_negative() {
        return Err(invalid(format!("{label} cannot be negative.")));
    }
    if value.scale() > 2 || value > Decimal::from(10_000_000_000_000_i64) {
        return Err(invalid(format!("{label} must have at most 2 decimals and be below 10 trillion.")));
    }
    Ok(Some(value))
}

/// A company as stored and as the rules see it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct CompanyRecord {
    pub name: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub entry_date: NaiveDate,
    pub primary_electric_status: Option<String>,
    pub secondary_electric_statuses: Vec<String>,
    pub primary_gas_status: Option<String>,
    pub secondary_gas_statuses: Vec<String>,
    pub primary_dr_status: Option<String>,
    pub secondary_dr_statuses: Vec<String>,
    pub electric_contract_end_date: Option<NaiveDate>,
    pub gas_contract_end_date: Option<NaiveDate>,
    pub dr_contract_end_date: Option<NaiveDate>,
    pub electric_usage: Option<Decimal>,
    pub gas_usage: Option<Decimal>,
    pub dr_reduction: Option<Decimal>,
    pub electric_area_utility_id: Option<i64>,
    pub gas_area_utility_id: Option<i64>,
    pub dr_area_utility_id: Option<i64>,
    pub utilities: bool,
    pub bill_management: bool,
    pub community_solar: bool,
    pub energy_efficiency: bool,
    pub w9: bool,
    pub inside_user_id: Option<i64>,
    pub closer_user_id: Option<i64>,
    pub analyst_user_id: Option<i64>,
    pub admin_user_id: Option<i64>,
    pub customer_care_user_id: Option<i64>,
    pub support_analyst1_user_id: Option<i64>,
    pub support_analyst2_user_id: Option<i64>,
    pub affiliate: Option<String>,
}

/// The two-letter codes of the US states, DC and territories (59).
pub const US_STATES: &[&str] = &[
    "AK", "AL", "AR", "AS", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "FM", "GA", "GU", "HI", "IA", "ID", "IL", "IN",
    "KS", "KY", "LA", "MA", "MD", "ME", "MH", "MI", "MN", "MO", "MP", "MS", "MT", "NC", "ND", "NE", "NH", "NJ", "NM",
    "NV", "NY", "OH", "OK", "OR", "PA", "PR", "PW", "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VI", "VT", "WA", "WI",
    "WV", "WY",
];

fn text<T: ToString>(value: &Option<T>) -> String {
    value.as_ref().map(ToString::to_string).unwrap_or_default()
}

impl CompanyRecord {
    /// Checks every rule a stored company keeps.
    pub fn validate(&self) -> Result<()> {
        if self.name.trim().is_empty() {
            return Err(invalid("Name is required."));
        }
        if self.name.chars().count() > 300 {
            return Err(invalid("Name is too long."));
        }
        if !self.state.is_empty() && !US_STATES.contains(&self.state.as_str()) {
            return Err(invalid(format!("{} is not a US state or territory code.", self.state)));
        }
        for (commodity, primary, secondaries) in [
            (Commodity::Electric, &self.primary_electric_status, &self.secondary_electric_statuses),
            (Commodity::Gas, &self.primary_gas_status, &self.secondary_gas_statuses),
            (Commodity::Dr, &self.primary_dr_status, &self.secondary_dr_statuses),
        ] {
            check_secondaries(commodity, primary_from_name(primary.as_deref()), secondaries)?;
        }
        Ok(())
    }

    /// Whether the area of a commodity may be set: only while its primary status is Prospect.
    pub fn area_editable(&self, commodity: Commodity) -> bool {
        let primary = match commodity {
            Commodity::Electric => &self.primary_electric_status,
            Commodity::Gas => &self.primary_gas_status,
            Commodity::Dr => &self.primary_dr_status,
        };
        primary.as_deref() == Some("Prospect")
    }

    /// Every field as text, for History and events.
    pub fn field_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("name", self.name.clone()),
            ("address", self.address.clone()),
            ("city", self.city.clone()),
            ("state", self.state.clone()),
            ("zip", self.zip.clone()),
            ("entry_date", self.entry_date.to_string()),
            ("primary_electric_status", text(&self.primary_electric_status)),
            ("secondary_electric_statuses", self.secondary_electric_statuses.join(", ")),
            ("primary_gas_status", text(&self.primary_gas_status)),
            ("secondary_gas_statuses", self.secondary_gas_statuses.join(", ")),
            ("primary_dr_status", text(&self.primary_dr_status)),
            ("secondary_dr_statuses", self.secondary_dr_statuses.join(", ")),
            ("electric_contract_end_date", text(&self.electric_contract_end_date)),
            ("gas_contract_end_date", text(&self.gas_contract_end_date)),
            ("dr_contract_end_date", text(&self.dr_contract_end_date)),
            ("electric_usage", text(&self.electric_usage)),
            ("gas_usage", text(&self.gas_usage)),
            ("dr_reduction", text(&self.dr_reduction)),
            ("electric_area_utility_id", text(&self.electric_area_utility_id)),
            ("gas_area_utility_id", text(&self.gas_area_utility_id)),
            ("dr_area_utility_id", text(&self.dr_area_utility_id)),
            ("utilities", self.utilities.to_string()),
            ("bill_management", self.bill_management.to_string()),
            ("community_solar", self.community_solar.to_string()),
            ("energy_efficiency", self.energy_efficiency.to_string()),
            ("w9", self.w9.to_string()),
            ("inside_user_id", text(&self.inside_user_id)),
            ("closer_user_id", text(&self.closer_user_id)),
            ("analyst_user_id", text(&self.analyst_user_id)),
            ("admin_user_id", text(&self.admin_user_id)),
            ("customer_care_user_id", text(&self.customer_care_user_id)),
            ("support_analyst1_user_id", text(&self.support_analyst1_user_id)),
            ("support_analyst2_user_id", text(&self.support_analyst2_user_id)),
            ("affiliate", text(&self.affiliate)),
        ]
    }

    /// The fields that differ from `before`, with their old and new values.
    pub fn changes_since(&self, before: &Self) -> Vec<(String, String, String)> {
        before
            .field_values()
            .into_iter()
            .zip(self.field_values())
            .filter(|((_, old), (_, new))| old != new)
            .map(|((field, old), (_, new))| (field.to_owned(), old, new))
            .collect()
    }
}

/// An error for a company that is not there or not visible to the caller; both read the same.
pub fn company_not_found() -> Error {
    Error::Platform(eris_platform::Error::not_found("Company"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secondary_statuses_must_belong_to_their_primary() {
        let ok = check_secondaries(Commodity::Electric, PrimaryStatus::Opportunity, &["Pricing Sent".into()]);
        assert!(ok.is_ok());
        let wrong = check_secondaries(Commodity::Electric, PrimaryStatus::Customer, &["Hot Lead".into()]);
        assert_eq!(wrong.unwrap_err().to_string(), "Hot Lead is not a valid electric secondary status for Customer.");
        let none = check_secondaries(Commodity::Gas, PrimaryStatus::Unspecified, &["New".into()]);
        assert!(none.is_err(), "no options without a primary status");
        assert!(check_secondaries(Commodity::Dr, PrimaryStatus::Dead, &["Registered".into()]).is_ok());
        assert!(check_secondaries(Commodity::Dr, PrimaryStatus::Prospect, &["Hot Lead".into()]).is_err());
    }

    #[test]
    fn usage_accepts_thousands_separators_and_refuses_nonsense() {
        assert_eq!(parse_usage("Electric usage", "1,250,000").unwrap(), Some(Decimal::from(1_250_000)));
        assert_eq!(parse_usage("Electric usage", " ").unwrap(), None);
        assert_eq!(parse_usage("Gas usage", "12.5").unwrap(), Some(Decimal::new(125, 1)));
        assert!(parse_usage("Gas usage", "-3").is_err());
        assert_eq!(parse_usage("Gas usage", "lots").unwrap_err().to_string(), "Gas usage must be a number.");
    }

    #[test]
    fn there_are_59_state_codes() {
        assert_eq!(US_STATES.len(), 59);
        assert!(US_STATES.contains(&"DC") && US_STATES.contains(&"PR"));
    }
}
