//! An account's record rules: its fields as History shows them, the commodity and capacity
//! vocabularies, the checks every stored account keeps, and the usage and load factor arithmetic.

use chrono::NaiveDate;
use eris_platform::edits;
use eris_proto::sourcing::v1::Commodity as DirectoryCommodity;
use rust_decimal::{Decimal, RoundingStrategy};

use crate::{
    db::accounts::{AccountFields, UsageMonthRow},
    domain::company_record::{US_STATES, parse_decimal},
    error::{Result, invalid},
};

/// Hours in a 30-day month and in a year: the spec's load factor divisors.
pub const MONTH_HOURS: u32 = 720;
pub const YEAR_HOURS: u32 = 8760;
/// The fields a save may name.
pub const FIELDS: &[&str] = &[
    "name",
    "len",
    "account_number",
    "secondary_account_number",
    "utility_id",
    "zone",
    "supplier_id",
    "commodity",
    "rate_class",
    "address",
    "city",
    "state",
    "zip",
    "open_state",
    "tax_exempt_percent",
    "contract_end_date",
    "plc",
    "nspl",
    "is_dr",
    "dr_status",
    "dr_provider_supplier_id",
    "summer_registered_kw",
    "winter_registered_kw",
];

/// An account's commodity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountCommodity {
    Electric,
    Gas,
}

impl AccountCommodity {
    pub fn name(self) -> &'static str {
        match self {
            Self::Electric => "Electric",
            Self::Gas => "Gas",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        [Self::Electric, Self::Gas].into_iter().find(|c| c.name() == name)
    }

    /// The directory commodity of the account's utility and supplier.
    pub fn directory(self) -> DirectoryCommodity {
        match self {
            Self::Electric => DirectoryCommodity::Electric,
            Self::Gas => DirectoryCommodity::Gas,
        }
    }
}

/// The capacity histories, by their stored names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CapacityKind {
    Plc,
    Nspl,
    SummerKw,
    WinterKw,
}

impl CapacityKind {
    pub fn name(self) -> &'static str {
        match self {
            Self::Plc => "PLC",
            Self::Nspl => "NSPL",
            Self::SummerKw => "SummerKW",
            Self::WinterKw => "WinterKW",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        [Self::Plc, Self::Nspl, Self::SummerKw, Self::WinterKw].into_iter().find(|k| k.name() == name)
    }
}

fn text_of<T: ToString>(value: &Option<T>) -> String {
    value.as_ref().map(ToString::to_string).unwrap_or_default()
}

fn decimal_text(value: &Option<Decimal>) -> String {
    value.map(|v| v.normalize().to_string()).unwrap_or_default()
}

impl edits::Fields for AccountFields {
    fn field_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("name", self.name.clone()),
            ("len", self.len.clone()),
            ("account_number", self.account_number.clone()),
            ("secondary_account_number", self.secondary_account_number.clone()),
            ("utility_id", text_of(&self.utility_id)),
            ("zone", self.zone.clone()),
            ("supplier_id", text_of(&self.supplier_id)),
            ("commodity", self.commodity.clone()),
            ("rate_class", self.rate_class.clone()),
            ("address", self.address.clone()),
            ("city", self.city.clone()),
            ("state", self.state.clone()),
            ("zip", self.zip.clone()),
            ("open_state", self.open_state.clone()),
            ("tax_exempt_percent", decimal_text(&self.tax_exempt_percent)),
            ("contract_end_date", text_of(&self.contract_end_date)),
            ("plc", decimal_text(&self.plc)),
            ("nspl", decimal_text(&self.nspl)),
            ("is_dr", self.is_dr.to_string()),
            ("dr_status", text_of(&self.dr_status)),
            ("dr_provider_supplier_id", text_of(&self.dr_provider_supplier_id)),
            ("summer_registered_kw", decimal_text(&self.summer_registered_kw)),
            ("winter_registered_kw", decimal_text(&self.winter_registered_kw)),
        ]
    }

    fn copy_field(&mut self, from: &Self, field: &str) -> bool {
        match field {
            "name" => self.name.clone_from(&from.name),
            "len" => self.len.clone_from(&from.len),
            "account_number" => self.account_number.clone_from(&from.account_number),
            "secondary_account_number" => self.secondary_account_number.clone_from(&from.secondary_account_number),
            "utility_id" => self.utility_id = from.utility_id,
            "zone" => self.zone.clone_from(&from.zone),
            "supplier_id" => self.supplier_id = from.supplier_id,
            "commodity" => self.commodity.clone_from(&from.commodity),
            "rate_class" => self.rate_class.clone_from(&from.rate_class),
            "address" => self.address.clone_from(&from.address),
            "city" => self.city.clone_from(&from.city),
            "state" => self.state.clone_from(&from.state),
            "zip" => self.zip.clone_from(&from.zip),
            "open_state" => self.open_state.clone_from(&from.open_state),
            "tax_exempt_percent" => self.tax_exempt_percent = from.tax_exempt_percent,
            "contract_end_date" => self.contract_end_date = from.contract_end_date,
            "plc" => self.plc = from.plc,
            "nspl" => self.nspl = from.nspl,
            "is_dr" => self.is_dr = from.is_dr,
            "dr_status" => self.dr_status.clone_from(&from.dr_status),
            "dr_provider_supplier_id" => self.dr_provider_supplier_id = from.dr_provider_supplier_id,
            "summer_registered_kw" => self.summer_registered_kw = from.summer_registered_kw,
            "winter_registered_kw" => self.winter_registered_kw = from.winter_registered_kw,
            _ => return false,
        }
        true
    }
}

/// A kW, PLC or NSPL value as typed: up to 10 digits and 4 decimals.
pub fn parse_kw(label: &str, text: &str) -> Result<Option<Decimal>> {
    parse_decimal(label, text, 10, 4)
}

/// A percent as typed, 0 to 100, with or without a % sign.
pub fn parse_percent(label: &str, text: &str) -> Result<Option<Decimal>> {
    let value = parse_decimal(label, text.trim().trim_end_matches('%'), 3, 2)?;
    if value.is_some_and(|v| v > Decimal::ONE_HUNDRED) {
        return Err(invalid(format!("{label} must be a percent from 0 to 100.")));
    }
    Ok(value)
}

/// The rules every stored account keeps (its text fields are checked where they are read).
pub fn validate(fields: &AccountFields) -> Result<()> {
    let commodity =
        AccountCommodity::from_name(&fields.commodity).ok_or_else(|| invalid("Commodity must be Electric or Gas."))?;
    if !fields.state.is_empty() && !US_STATES.contains(&fields.state.as_str()) {
        return Err(invalid("State must be a two-letter US state code."));
    }
    if !["Open", "Closed"].contains(&fields.open_state.as_str()) {
        return Err(invalid("Open State must be Open or Closed."));
    }
    if commodity == AccountCommodity::Gas && (fields.plc.is_some() || fields.nspl.is_some() || fields.is_dr) {
        return Err(invalid("PLC, NSPL and DR apply to electric accounts only."));
    }
    let dr_details = fields.dr_status.is_some()
        || fields.dr_provider_supplier_id.is_some()
        || fields.summer_registered_kw.is_some()
        || fields.winter_registered_kw.is_some();
    if !fields.is_dr && dr_details {
        return Err(invalid("DR status, provider and registered kW apply to DR accounts only."));
    }
    if fields.dr_status.as_deref().is_some_and(|s| !["Registered", "Unregistered"].contains(&s)) {
        return Err(invalid("DR Status must be Registered or Unregistered."));
    }
    Ok(())
}

/// Rounds a ratio to the 4 decimals the screens show.
fn four_decimals(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(4, RoundingStrategy::MidpointAwayFromZero)
}

/// A month's load factor: kWh / kW / 720, to 4 decimals; `None` without both or with no kW.
pub fn monthly_load_factor(kwh: Option<Decimal>, kw: Option<Decimal>) -> Option<Decimal> {
    match (kwh, kw) {
        (Some(kwh), Some(kw)) if !kw.is_zero() => Some(four_decimals(kwh / kw / Decimal::from(MONTH_HOURS))),
        _ => None,
    }
}

/// The annual load factor: annual kWh / (peak monthly kW x 8760), to 4 decimals.
pub fn annual_load_factor(annual_kwh: Decimal, peak_kw: Option<Decimal>) -> Option<Decimal> {
    match peak_kw {
        Some(peak) if !peak.is_zero() => Some(four_decimals(annual_kwh / (peak * Decimal::from(YEAR_HOURS)))),
        _ => None,
    }
}

/// The 12 months of an account's usage, months never entered empty.
pub fn twelve_months(stored: &[UsageMonthRow]) -> Vec<UsageMonthRow> {
    (1..=12)
        .map(|month| {
            stored.iter().find(|m| m.month == month).cloned().unwrap_or(UsageMonthRow {
                month,
                value: None,
                kw: None,
                entry_date: None,
            })
        })
        .collect()
}

/// One month as typed: its number, value and kW.
#[derive(Debug, Clone, PartialEq)]
pub struct TypedMonth {
    pub month: i32,
    pub value: String,
    pub kw: String,
}

/// A checked month: its number, value and kW.
pub type CheckedMonth = (i16, Option<Decimal>, Option<Decimal>);

/// Months as typed, checked: each month 1 to 12 once, values numbers, kW only for electric.
pub fn usage_months(commodity: AccountCommodity, typed: &[TypedMonth]) -> Result<Vec<CheckedMonth>> {
    if typed.len() > 12 {
        return Err(invalid("Usage has 12 months at most."));
    }
    let mut months = Vec::with_capacity(typed.len());
    for month in typed {
        if !(1..=12).contains(&month.month) {
            return Err(invalid("Month must be 1 to 12."));
        }
        let number = month.month as i16;
        if months.iter().any(|(m, _, _)| *m == number) {
            return Err(invalid(format!("Month {number} is given twice.")));
        }
        let name = month_name(number);
        let unit = if commodity == AccountCommodity::Electric { "kWh" } else { "therms" };
        let value = parse_decimal(&format!("{name} {unit}"), &month.value, 14, 2)?;
        let kw = parse_kw(&format!("{name} kW"), &month.kw)?;
        if commodity == AccountCommodity::Gas && kw.is_some() {
            return Err(invalid("Gas usage has no kW."));
        }
        months.push((number, value, kw));
    }
    Ok(months)
}

/// January to December.
pub fn month_name(month: i16) -> &'static str {
    const NAMES: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    NAMES.get((month - 1) as usize).copied().unwrap_or("Month")
}

/// A capacity record's dates: both required, start not after end.
pub fn capacity_dates(start: Option<NaiveDate>, end: Option<NaiveDate>) -> Result<(NaiveDate, NaiveDate)> {
    let start = start.ok_or_else(|| invalid("Start Date is required."))?;
    let end = end.ok_or_else(|| invalid("End Date is required."))?;
    if start > end {
        return Err(invalid("Start Date must not be after End Date."));
    }
    Ok((start, end))
}
