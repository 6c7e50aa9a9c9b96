//! How a record's field is stored, typed by the caller, checked and shown in History: one kind a
//! sort of value, for the field tables of contracts (`fields.rs`) and payments
//! (`payment_fields.rs`). The proto side of each kind is in `proto.rs`.

use chrono::{Datelike, NaiveDate};
use eris_platform::{money, text};
use rust_decimal::Decimal;

use crate::{
    domain::{
        numbers,
        vocabulary::{Basis, Commodity, INACTIVE},
    },
    error::{Result, invalid},
};

/// How a field is stored, typed, checked and written in History.
pub trait Kind {
    /// As the contract row keeps it.
    type Stored: Clone + Default + PartialEq + std::fmt::Debug;
    /// As the caller sent it (ids 0 and empty texts mean none).
    type Typed: Clone + Default + std::fmt::Debug;
    /// The typed value checked.
    fn check(&self, typed: &Self::Typed) -> Result<Self::Stored>;
    /// The stored value as the caller would type it.
    fn typed(&self, stored: &Self::Stored) -> Self::Typed;
    /// The stored value as History shows it.
    fn text(&self, stored: &Self::Stored) -> String;
}

/// A user, supplier, utility or provider id; none below 1.
pub struct Id;
/// One line of text.
pub struct Line(pub &'static str, pub usize);
/// Text that may run over several lines.
pub struct Paragraphs(pub &'static str, pub usize);
/// One of a list, or empty.
pub struct Choice(pub &'static str, pub &'static [&'static str]);
/// A state's two letters, or empty.
pub struct StateCode;
/// A day, or none.
pub struct Day(pub &'static str);
/// Months of supply, 1 to 240, or none.
pub struct Term;
/// A rate or fee per kWh or therm.
pub struct Rate(pub &'static str);
/// A percentage from 0 to 100.
pub struct Percent(pub &'static str);
/// Yes or no.
pub struct Flag;
/// The accounts covered: distinct, at most `MAX_ACCOUNTS`.
pub struct Accounts;
/// Electric, Gas or DR; required.
pub struct CommodityKind;
/// An index into `STATUSES`.
pub struct StatusIndex;
/// The projection basis; the form's own when none is named.
pub struct BasisKind;

impl Kind for Id {
    type Stored = Option<i64>;
    type Typed = i64;
    fn check(&self, typed: &i64) -> Result<Option<i64>> {
        Ok((*typed > 0).then_some(*typed))
    }
    fn typed(&self, stored: &Option<i64>) -> i64 {
        stored.unwrap_or(0)
    }
    fn text(&self, stored: &Option<i64>) -> String {
        stored.map(|v| v.to_string()).unwrap_or_default()
    }
}

/// A kind stored as the text the caller typed, once checked.
macro_rules! text_kind {
    ($kind:ty, |$self:ident, $typed:ident| $check:expr) => {
        impl Kind for $kind {
            type Stored = String;
            type Typed = String;
            fn check(&$self, $typed: &String) -> Result<String> {
                $check
            }
            fn typed(&self, stored: &String) -> String {
                stored.clone()
            }
            fn text(&self, stored: &String) -> String {
                stored.clone()
            }
        }
    };
}

text_kind!(Line, |self, typed| Ok(text::line(typed, self.0, self.1, false)?));
text_kind!(Paragraphs, |self, typed| Ok(text::paragraphs(typed, self.0, self.1, false)?));
text_kind!(Choice, |self, typed| {
    let value = typed.trim();
    if value.is_empty() {
        return Ok(String::new());
    }
    self.1
        .iter()
        .find(|c| c.eq_ignore_ascii_case(value))
        .map(|c| (*c).to_owned())
        .ok_or_else(|| invalid(format!("{} must be one of: {}.", self.0, self.1.join(", "))))
});
text_kind!(StateCode, |self, typed| {
    let state = text::line(typed, "State", 2, false)?.to_uppercase();
    let two_letters = state.len() == 2 && state.chars().all(|c| c.is_ascii_uppercase());
    if !state.is_empty() && !two_letters {
        return Err(invalid("State must be two letters."));
    }
    Ok(state)
});

impl Kind for Day {
    type Stored = Option<NaiveDate>;
    type Typed = Option<NaiveDate>;
    fn check(&self, typed: &Option<NaiveDate>) -> Result<Option<NaiveDate>> {
        Ok(*typed)
    }
    fn typed(&self, stored: &Option<NaiveDate>) -> Option<NaiveDate> {
        *stored
    }
    fn text(&self, stored: &Option<NaiveDate>) -> String {
        stored.map(|v| v.to_string()).unwrap_or_default()
    }
}

impl Kind for Term {
    type Stored = Option<i32>;
    type Typed = i32;
    fn check(&self, typed: &i32) -> Result<Option<i32>> {
        match *typed {
            0 => Ok(None),
            months @ 1..=240 => Ok(Some(months)),
            _ => Err(invalid("Term length must be between 1 and 240 months.")),
        }
    }
    fn typed(&self, stored: &Option<i32>) -> i32 {
        stored.unwrap_or(0)
    }
    fn text(&self, stored: &Option<i32>) -> String {
        stored.map(|v| v.to_string()).unwrap_or_default()
    }
}

/// A kind stored as an exact decimal, typed as its text.
macro_rules! decimal_kind {
    ($kind:ty, $parse:path) => {
        impl Kind for $kind {
            type Stored = Option<Decimal>;
            type Typed = String;
            fn check(&self, typed: &String) -> Result<Option<Decimal>> {
                $parse(self.0, typed)
            }
            fn typed(&self, stored: &Option<Decimal>) -> String {
                eris_platform::values::decimal_text(*stored)
            }
            fn text(&self, stored: &Option<Decimal>) -> String {
                eris_platform::values::decimal_text(*stored)
            }
        }
    };
}

decimal_kind!(Rate, numbers::rate);
decimal_kind!(Percent, numbers::percent);

impl Kind for Flag {
    type Stored = bool;
    type Typed = bool;
    fn check(&self, typed: &bool) -> Result<bool> {
        Ok(*typed)
    }
    fn typed(&self, stored: &bool) -> bool {
        *stored
    }
    fn text(&self, stored: &bool) -> String {
        stored.to_string()
    }
}

/// The most accounts one contract covers.
pub const MAX_ACCOUNTS: usize = 5000;

impl Kind for Accounts {
    type Stored = Vec<i64>;
    type Typed = Vec<i64>;
    fn check(&self, typed: &Vec<i64>) -> Result<Vec<i64>> {
        // The cap comes before any work on the list, repeated ids included.
        if typed.len() > MAX_ACCOUNTS {
            return Err(invalid(format!("A contract covers at most {MAX_ACCOUNTS} accounts.")));
        }
        let mut seen = std::collections::HashSet::with_capacity(typed.len());
        let distinct: Vec<i64> = typed.iter().copied().filter(|value| seen.insert(*value)).collect();
        if distinct.iter().any(|a| *a <= 0) {
            return Err(invalid("Choose accounts from the company's list."));
        }
        Ok(distinct)
    }
    fn typed(&self, stored: &Vec<i64>) -> Vec<i64> {
        stored.clone()
    }
    fn text(&self, stored: &Vec<i64>) -> String {
        stored.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    }
}

impl Kind for CommodityKind {
    type Stored = String;
    type Typed = Option<Commodity>;
    fn check(&self, typed: &Option<Commodity>) -> Result<String> {
        typed.map(|c| c.name().to_owned()).ok_or_else(|| invalid("Commodity must be Electric, Gas or DR."))
    }
    fn typed(&self, stored: &String) -> Option<Commodity> {
        Commodity::from_name(stored)
    }
    fn text(&self, stored: &String) -> String {
        stored.clone()
    }
}

impl Kind for StatusIndex {
    type Stored = i16;
    type Typed = i32;
    fn check(&self, typed: &i32) -> Result<i16> {
        i16::try_from(*typed)
            .ok()
            .filter(|s| (0..=INACTIVE).contains(s))
            .ok_or_else(|| invalid("Status must be one of: Active, Active - Renewed, Active - Lost, Inactive."))
    }
    fn typed(&self, stored: &i16) -> i32 {
        i32::from(*stored)
    }
    fn text(&self, stored: &i16) -> String {
        stored.to_string()
    }
}

impl Kind for BasisKind {
    type Stored = String;
    type Typed = Option<Basis>;
    fn check(&self, typed: &Option<Basis>) -> Result<String> {
        Ok(typed.unwrap_or(Basis::Fee).name().to_owned())
    }
    fn typed(&self, stored: &String) -> Option<Basis> {
        Some(Basis::from_name(stored))
    }
    fn text(&self, stored: &String) -> String {
        stored.clone()
    }
}

/// A month from 1 to 12, required.
pub struct RequiredMonth(pub &'static str);
/// A month from 1 to 12, or none (0).
pub struct OptionalMonth(pub &'static str);
/// A year from 1900 to 2200, required.
pub struct RequiredYear(pub &'static str);
/// A year from 1900 to 2200, or none (0).
pub struct OptionalYear(pub &'static str);
/// A usage that may be negative: 14 digits before the point, 4 after.
pub struct Usage(pub &'static str);
/// Money that may be negative, in cents (`eris_platform::money`).
pub struct Money(pub &'static str);

fn month(label: &str, value: i32) -> Result<i16> {
    match value {
        1..=12 => Ok(value as i16),
        _ => Err(invalid(format!("{label} must be a month from 1 to 12."))),
    }
}

fn year(label: &str, value: i32) -> Result<i32> {
    match value {
        1900..=2200 => Ok(value),
        _ => Err(invalid(format!("{label} must be a year between 1900 and 2200."))),
    }
}

impl Kind for RequiredMonth {
    type Stored = i16;
    type Typed = i32;
    fn check(&self, typed: &i32) -> Result<i16> {
        month(self.0, *typed)
    }
    fn typed(&self, stored: &i16) -> i32 {
        i32::from(*stored)
    }
    fn text(&self, stored: &i16) -> String {
        stored.to_string()
    }
}

impl Kind for OptionalMonth {
    type Stored = Option<i16>;
    type Typed = i32;
    fn check(&self, typed: &i32) -> Result<Option<i16>> {
        if *typed == 0 { Ok(None) } else { month(self.0, *typed).map(Some) }
    }
    fn typed(&self, stored: &Option<i16>) -> i32 {
        stored.map(i32::from).unwrap_or(0)
    }
    fn text(&self, stored: &Option<i16>) -> String {
        stored.map(|v| v.to_string()).unwrap_or_default()
    }
}

impl Kind for RequiredYear {
    type Stored = i32;
    type Typed = i32;
    fn check(&self, typed: &i32) -> Result<i32> {
        year(self.0, *typed)
    }
    fn typed(&self, stored: &i32) -> i32 {
        *stored
    }
    fn text(&self, stored: &i32) -> String {
        stored.to_string()
    }
}

impl Kind for OptionalYear {
    type Stored = Option<i32>;
    type Typed = i32;
    fn check(&self, typed: &i32) -> Result<Option<i32>> {
        if *typed == 0 { Ok(None) } else { year(self.0, *typed).map(Some) }
    }
    fn typed(&self, stored: &Option<i32>) -> i32 {
        stored.unwrap_or(0)
    }
    fn text(&self, stored: &Option<i32>) -> String {
        stored.map(|v| v.to_string()).unwrap_or_default()
    }
}

/// A hedge's block type: blank or one of `BLOCK_TYPES`.
pub struct BlockType;
/// A month, kept as its first day, or none.
pub struct MonthStart(pub &'static str);
/// A hedge's months, 0 to 240.
pub struct HedgeTerm;

/// The block types of a hedge.
pub const BLOCK_TYPES: [&str; 3] = ["", "Load Following Block", "Flat Block"];

text_kind!(BlockType, |self, typed| {
    BLOCK_TYPES
        .iter()
        .find(|b| b.eq_ignore_ascii_case(typed.trim()))
        .map(|b| (*b).to_owned())
        .ok_or_else(|| invalid("Block Type must be blank, Load Following Block or Flat Block."))
});

impl Kind for MonthStart {
    type Stored = Option<NaiveDate>;
    type Typed = Option<NaiveDate>;
    fn check(&self, typed: &Option<NaiveDate>) -> Result<Option<NaiveDate>> {
        Ok(typed.and_then(|day| day.with_day(1)))
    }
    fn typed(&self, stored: &Option<NaiveDate>) -> Option<NaiveDate> {
        *stored
    }
    fn text(&self, stored: &Option<NaiveDate>) -> String {
        stored.map(|v| v.to_string()).unwrap_or_default()
    }
}

impl Kind for HedgeTerm {
    type Stored = i32;
    type Typed = i32;
    fn check(&self, typed: &i32) -> Result<i32> {
        if (0..=240).contains(typed) { Ok(*typed) } else { Err(invalid("Term must be between 0 and 240 months.")) }
    }
    fn typed(&self, stored: &i32) -> i32 {
        *stored
    }
    fn text(&self, stored: &i32) -> String {
        stored.to_string()
    }
}

fn usage(label: &str, text: &str) -> Result<Option<Decimal>> {
    Ok(money::signed(label, text, 14, 4)?)
}

fn amount(label: &str, text: &str) -> Result<Option<Decimal>> {
    Ok(money::parse(label, text)?)
}

decimal_kind!(Usage, usage);
decimal_kind!(Money, amount);

/// A record's stored values, its values as typed and their check, from a field table:
/// `table!(record_values, Values, Typed, check)`.
macro_rules! record_values {
    ($values:ident, $typed:ident, $check:ident | $($field:ident: $kind:ident $(($($arg:expr),*))?;)*) => {
        /// The values as stored.
        #[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
        pub struct $values {
            $(pub $field: <$kind as Kind>::Stored,)*
        }

        /// The values as the caller sent them (0 and empty texts mean none).
        #[derive(Debug, Clone, Default)]
        pub struct $typed {
            $(pub $field: <$kind as Kind>::Typed,)*
        }

        /// The values as typed, checked.
        pub fn $check(typed: &$typed) -> Result<$values> {
            Ok($values { $($field: $kind $(($($arg),*))?.check(&typed.$field)?,)* })
        }
    };
}
pub(crate) use record_values;
