//! A contract's editable fields, listed once.
//!
//! `contract_field_table!` is the table: each field's name (the column, the proto field and the
//! update-mask path), its kind (how it is stored, typed, checked and shown in History) and the
//! contracts it belongs to (every one, or only DR, or all but DR). The stored record
//! (`ContractFields`), the record as the caller typed it (`TypedContract`), the checks, History's
//! text, the merge of a partial update, the SQL columns and binds (`db/contracts.rs`) and the
//! proto conversions (`proto.rs`) are all generated from it. A new contract field is a line here,
//! a column and a proto field.

use chrono::NaiveDate;
use eris_platform::{edits, text};
use rust_decimal::Decimal;

use crate::{
    domain::{
        numbers,
        vocabulary::{Basis, Commodity, INACTIVE},
    },
    error::{Result, invalid},
};

macro_rules! contract_field_table {
    ($then:ident) => {
        $then! {
            inside_sales_user_id: Id, NotDr;
            closer1_user_id: Id, NotDr;
            closer2_user_id: Id, NotDr;
            analyst_user_id: Id, NotDr;
            support_analyst1_user_id: Id, All;
            support_analyst2_user_id: Id, All;
            affiliate: Line("Affiliate", 200), NotDr;
            commodity: CommodityKind, All;
            utility_id: Id, All;
            state: StateCode, All;
            date_signed: Day("Date Signed"), All;
            signed_through: Choice("Signed Through", &SIGNED_THROUGH), DrOnly;
            provider_supplier_id: Id, DrOnly;
            pricing_type: Choice("Pricing Type", &PRICING_TYPES), All;
            contract_type: Choice("Contract Type", &CONTRACT_TYPES), All;
            supplier_id: Id, NotDr;
            start_date: Day("Start Date"), All;
            term_months: Term, All;
            contract_rate: Rate("Contract Rate"), All;
            rate_type: Line("Rate Type", 100), All;
            fee: Rate("Fee"), NotDr;
            billing_type: Choice("Billing Type", &BILLING_TYPES), All;
            tax_exempt: Percent("Tax Exempt"), All;
            green_power: Flag, All;
            payment_schedule: Line("Payment Schedule", 100), All;
            revenue_split: Percent("Revenue Split"), All;
            notes: Paragraphs("Notes", 10_000), All;
            capacity_percentage: Percent("Capacity %"), DrOnly;
            energy_percentage: Percent("Energy %"), DrOnly;
            jmi_percentage: Percent("JMI %"), DrOnly;
            account_ids: Accounts, All;
            status: StatusIndex, All;
            projection_basis: BasisKind, All;
        }
    };
}
pub(crate) use contract_field_table;

pub const PRICING_TYPES: [&str; 3] = ["BOX", "Custom", "Matrix"];
pub const CONTRACT_TYPES: [&str; 5] = ["New", "Renewal", "Hedge", "B&E", "Regained"];
pub const HEDGE: &str = "Hedge";
pub const BILLING_TYPES: [&str; 3] = ["Dual", "Utility Consolidated", "Supplier Consolidated"];
pub const SIGNED_THROUGH: [&str; 2] = ["JMI", "Provider"];
/// The most accounts one contract covers.
pub const MAX_ACCOUNTS: usize = 5000;

impl ContractFields {
    /// The contract's fee or rate, whichever `basis` reads.
    pub fn price(&self, basis: Basis) -> Option<Decimal> {
        match basis {
            Basis::Fee => self.fee,
            Basis::Rate => self.contract_rate,
        }
    }
}

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

/// Which contracts keep a field: the DR form hides the team, supplier, fee and affiliate, the
/// Electric and Gas forms the DR fields. A field a contract does not keep is stored empty and
/// not checked.
#[derive(Clone, Copy)]
pub enum Scope {
    All,
    NotDr,
    DrOnly,
}

impl Scope {
    fn kept(self, dr: bool) -> bool {
        match self {
            Self::All => true,
            Self::NotDr => !dr,
            Self::DrOnly => dr,
        }
    }
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

/// The records, the checks and the merge, from the table.
macro_rules! define_records {
    ($($field:ident: $kind:ident $(($($arg:expr),*))?, $scope:ident;)*) => {
        /// A contract's editable fields as stored.
        #[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
        pub struct ContractFields {
            $(pub $field: <$kind as Kind>::Stored,)*
        }

        /// A contract's fields as the caller sent them (ids 0 and empty texts mean none).
        #[derive(Debug, Clone, Default)]
        pub struct TypedContract {
            $(pub $field: <$kind as Kind>::Typed,)*
        }

        /// Every field's name, in the table's order: the names an update may list.
        pub const FIELDS: &[&str] = &[$(stringify!($field)),*];

        /// A contract's fields as typed, checked. The commodity comes first: it decides which
        /// fields the contract keeps.
        pub fn contract_fields(typed: &TypedContract) -> Result<ContractFields> {
            let commodity = CommodityKind.check(&typed.commodity)?;
            let dr = Commodity::from_name(&commodity) == Some(Commodity::Dr);
            Ok(ContractFields {
                $($field: if Scope::$scope.kept(dr) { $kind $(($($arg),*))?.check(&typed.$field)? } else { Default::default() },)*
            })
        }

        /// Stored fields as the caller would type them.
        pub fn typed_from_stored(f: &ContractFields) -> TypedContract {
            TypedContract { $($field: $kind $(($($arg),*))?.typed(&f.$field),)* }
        }

        /// The stored fields as typed, with the named fields taken from `typed`: a save of some
        /// fields checks a whole, consistent contract.
        pub fn typed_with_stored(typed: &TypedContract, stored: &ContractFields, named: &[String]) -> TypedContract {
            let mut merged = typed_from_stored(stored);
            let named = |field: &str| named.iter().any(|n| n == field);
            $(if named(stringify!($field)) { merged.$field = typed.$field.clone(); })*
            merged
        }

        impl edits::Fields for ContractFields {
            fn field_values(&self) -> Vec<(&'static str, String)> {
                vec![$((stringify!($field), $kind $(($($arg),*))?.text(&self.$field)),)*]
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

contract_field_table!(define_records);
