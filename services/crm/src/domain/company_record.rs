//! A company as a record: its fields (listed once, below), statuses and their secondary options,
//! usage numbers, the orders a list may take and the field-by-field view that History, events and
//! field-level conflicts are made of.

use chrono::NaiveDate;
use eris_platform::edits::{self, Change};
use eris_proto::crm::v1::PrimaryStatus;
use rust_decimal::Decimal;

use crate::error::{Result, invalid};

/// Every company field, once: its name (the column, the proto field and the update-mask path), its
/// type, and how the API reads it (the converters of `proto.rs`). The record, its column list,
/// its SQL binds, its proto conversion and its History text all come from this table, so a new
/// field is a line here, a column in a migration, a proto field and the REST lead.
macro_rules! company_fields {
    ($then:ident) => {
        $then! {
            name: String => Text("Name", 300),
            address: String => Text("Address", 300),
            city: String => Text("City", 120),
            state: String => Code("State", 2),
            zip: String => Text("Zip", 10),
            entry_date: NaiveDate => RequiredDate("Entry date"),
            primary_electric_status: Option<String> => Status("Electric status"),
            secondary_electric_statuses: Vec<String> => Statuses("Electric secondary status"),
            primary_gas_status: Option<String> => Status("Gas status"),
            secondary_gas_statuses: Vec<String> => Statuses("Gas secondary status"),
            primary_dr_status: Option<String> => Status("DR status"),
            secondary_dr_statuses: Vec<String> => Statuses("DR secondary status"),
            electric_contract_end_date: Option<NaiveDate> => OptionalDate("Electric contract end date"),
            gas_contract_end_date: Option<NaiveDate> => OptionalDate("Gas contract end date"),
            dr_contract_end_date: Option<NaiveDate> => OptionalDate("DR contract end date"),
            electric_usage: Option<Decimal> => Amount("Electric usage", 14),
            gas_usage: Option<Decimal> => Amount("Gas usage", 14),
            dr_reduction: Option<Decimal> => Amount("DR reduction", 12),
            electric_area_utility_id: Option<i64> => Id("Electric area"),
            gas_area_utility_id: Option<i64> => Id("Gas area"),
            dr_area_utility_id: Option<i64> => Id("DR area"),
            utilities: bool => Flag,
            bill_management: bool => Flag,
            community_solar: bool => Flag,
            energy_efficiency: bool => Flag,
            w9: bool => Flag,
            inside_user_id: Option<i64> => Id("Inside"),
            closer_user_id: Option<i64> => Id("Closer"),
            analyst_user_id: Option<i64> => Id("Analyst"),
            admin_user_id: Option<i64> => Id("Admin"),
            customer_care_user_id: Option<i64> => Id("Customer Care"),
            support_analyst1_user_id: Option<i64> => Id("Support analyst 1"),
            support_analyst2_user_id: Option<i64> => Id("Support analyst 2"),
            affiliate: Option<String> => OptionalText("Affiliate", 200),
        }
    };
}
pub(crate) use company_fields;

/// The record, its field names and their text, from the table above.
macro_rules! define_record {
    ($($field:ident: $ty:ty => $convert:expr),* $(,)?) => {
        /// A company as stored and as the rules see it.
        #[derive(Debug, Clone, Default, PartialEq, sqlx::FromRow)]
        pub struct CompanyRecord {
            $(pub $field: $ty,)*
        }

        /// Every field's name, in the table's order.
        pub const FIELDS: &[&str] = &[$(stringify!($field)),*];

        /// Every field as text, for History, events and conflict checks.
        impl edits::Fields for CompanyRecord {
            fn field_values(&self) -> Vec<(&'static str, String)> {
                vec![$((stringify!($field), FieldText::text(&self.$field)),)*]
            }

            fn copy_field(&mut self, from: &Self, field: &str) -> bool {
                match field {
                    $(stringify!($field) => self.$field = from.$field.clone(),)*
                    _ => return false,
                }
                true
            }
        }
    };
}
company_fields!(define_record);

/// A field's value as History shows it.
trait FieldText {
    fn text(&self) -> String;
}

impl FieldText for String {
    fn text(&self) -> String {
        self.clone()
    }
}

impl FieldText for bool {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl FieldText for NaiveDate {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl FieldText for Vec<String> {
    fn text(&self) -> String {
        self.join(", ")
    }
}

impl<T: ToString> FieldText for Option<T> {
    fn text(&self) -> String {
        self.as_ref().map(ToString::to_string).unwrap_or_default()
    }
}

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
    pub fn label(self) -> &'static str {
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

/// An amount as typed: thousands separators allowed where they belong ("1,250,000", not "1,2,3"),
/// never negative, at most 2 decimals and `digits` digits before the point (the column's range).
/// Empty means unknown.
pub fn parse_amount(label: &str, text: &str, digits: u32) -> Result<Option<Decimal>> {
    parse_decimal(label, text, digits, 2)
}

/// A number as typed, like `parse_amount` but with at most `scale` decimals.
pub fn parse_decimal(label: &str, text: &str, digits: u32, scale: usize) -> Result<Option<Decimal>> {
    Ok(eris_platform::values::parse_decimal(label, text, digits, scale)?)
}

/// Which companies a caller sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Visible {
    /// Every company.
    All,
    /// These only.
    These(Vec<i64>),
    /// More than were asked for (and not all).
    Many,
}

/// The two-letter codes of the US states, DC and territories (59).
pub const US_STATES: &[&str] = &[
    "AK", "AL", "AR", "AS", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "FM", "GA", "GU", "HI", "IA", "ID", "IL", "IN",
    "KS", "KY", "LA", "MA", "MD", "ME", "MH", "MI", "MN", "MO", "MP", "MS", "MT", "NC", "ND", "NE", "NH", "NJ", "NM",
    "NV", "NY", "OH", "OK", "OR", "PA", "PR", "PW", "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VI", "VT", "WA", "WI",
    "WV", "WY",
];

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

    /// The fields that differ from `before`, with their old and new values.
    pub fn changes_since(&self, before: &Self) -> Vec<Change> {
        edits::changes(before, self)
    }
}

/// What a company list is ordered by: one field, then the id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompanyOrder {
    /// The column (one of `SORTABLE`).
    pub field: &'static str,
    pub descending: bool,
}

impl CompanyOrder {
    /// The fields a list can be ordered by.
    pub const SORTABLE: &[&str] = &[
        "name",
        "city",
        "state",
        "zip",
        "entry_date",
        "electric_usage",
        "gas_usage",
        "dr_reduction",
        "electric_contract_end_date",
        "gas_contract_end_date",
        "dr_contract_end_date",
        "primary_electric_status",
        "primary_gas_status",
        "primary_dr_status",
    ];

    /// By name, A to Z: the default.
    pub const BY_NAME: Self = Self { field: "name", descending: false };

    /// Reads "field" or "field desc" (AIP-132); empty means by name.
    pub fn parse(text: &str) -> Result<Self> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (field, descending) = match words.as_slice() {
            [] => return Ok(Self::BY_NAME),
            [field] => (*field, false),
            [field, direction] if direction.eq_ignore_ascii_case("desc") => (*field, true),
            [field, direction] if direction.eq_ignore_ascii_case("asc") => (*field, false),
            _ => return Err(invalid("order_by is one field, optionally followed by desc.")),
        };
        let field = Self::SORTABLE
            .iter()
            .find(|sortable| **sortable == field)
            .ok_or_else(|| invalid(format!("Companies cannot be ordered by {field}.")))?;
        Ok(Self { field, descending })
    }

    /// Whether this is the name order the name index serves.
    pub fn is_by_name(&self) -> bool {
        *self == Self::BY_NAME
    }
}

/// A team role a mass update sets, and to whom (`None` clears it).
#[derive(Debug, Clone, Copy)]
pub struct TeamAssignment {
    /// The role's field, e.g. "inside_user_id".
    pub field: &'static str,
    pub user_id: Option<i64>,
}
