//! An account's record rules: its fields as History shows them, the commodity and capacity
//! vocabularies, the checks every stored account keeps, and the usage and load factor arithmetic.

use chrono::NaiveDate;
use eris_platform::edits;
use eris_proto::sourcing::v1::Commodity as DirectoryCommodity;
use rust_decimal::{Decimal, RoundingStrategy};

use crate::{
    domain::company_record::{US_STATES, parse_decimal},
    error::{Result, invalid},
};

/// Hours in a 30-day month and in a year: the spec's load factor divisors.
pub const MONTH_HOURS: u32 = 720;
pub const YEAR_HOURS: u32 = 8760;

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

/// Every account field, once: its name (the column, the proto field and the update-mask path), its
/// stored type, and how the API reads and writes it (the converters of `proto.rs`). The record,
/// its History text, its SQL columns and binds (`db/accounts.rs`), its proto conversion and the
/// update-mask reader are all made from this table.
macro_rules! account_fields {
    ($then:ident) => {
        $then! {
            name: String => Text("Name", 300),
            len: String => Text("LEN", 300),
            account_number: String => Text("Account #", 100),
            secondary_account_number: String => Text("Secondary #", 100),
            utility_id: Option<i64> => Id("Utility"),
            zone: String => Text("Zone", 100),
            supplier_id: Option<i64> => Id("Supplier"),
            commodity: String => AccountCommodityName,
            rate_class: String => Text("Rate Class", 100),
            address: String => Text("Address", 300),
            city: String => Text("City", 120),
            state: String => Code("State", 2),
            zip: String => Text("Zip", 10),
            open_state: String => OpenStateName,
            tax_exempt_percent: Option<Decimal> => Percent("Tax Exempt Status"),
            contract_end_date: Option<NaiveDate> => OptionalDate("Contract End Date"),
            plc: Option<Decimal> => Kw("PLC"),
            nspl: Option<Decimal> => Kw("NSPL"),
            is_dr: bool => Flag,
            dr_status: Option<String> => DrStatusName,
            dr_provider_supplier_id: Option<i64> => Id("Provider"),
            summer_registered_kw: Option<Decimal> => Kw("Summer Registered kW"),
            winter_registered_kw: Option<Decimal> => Kw("Winter Registered kW"),
        }
    };
}
pub(crate) use account_fields;

/// The record, its field names and their text, from the table above.
macro_rules! define_account {
    ($($field:ident: $ty:ty => $convert:expr),* $(,)?) => {
        /// An account's editable fields, as stored.
        #[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
        pub struct AccountFields {
            $(pub $field: $ty,)*
        }

        /// The fields a save may name, in the table's order.
        pub const FIELDS: &[&str] = &[$(stringify!($field)),*];

        /// Every field as text, for History, events and conflict checks.
        impl edits::Fields for AccountFields {
            fn field_values(&self) -> Vec<(&'static str, String)> {
                vec![$((stringify!($field), AccountText::text(&self.$field)),)*]
            }

            fn copy_field(&mut self, from: &Self, field: &str) -> bool {
                match field {
                    $(stringify!($field) => self.$field.clone_from(&from.$field),)*
                    _ => return false,
                }
                true
            }
        }
    };
}
account_fields!(define_account);

/// A field's value as History shows it: decimals without trailing zeros, none as empty.
trait AccountText {
    fn text(&self) -> String;
}

impl AccountText for String {
    fn text(&self) -> String {
        self.clone()
    }
}

impl AccountText for bool {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl AccountText for Option<Decimal> {
    fn text(&self) -> String {
        self.map(|v| v.normalize().to_string()).unwrap_or_default()
    }
}

macro_rules! optional_text {
    ($($ty:ty),*) => {$(
        impl AccountText for Option<$ty> {
            fn text(&self) -> String {
                self.as_ref().map(ToString::to_string).unwrap_or_default()
            }
        }
    )*};
}
optional_text!(i64, String, NaiveDate);

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
    eris_platform::vocabulary::MONTHS.get((month - 1) as usize).copied().unwrap_or("Month")
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
