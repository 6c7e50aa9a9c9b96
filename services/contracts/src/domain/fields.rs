//! A contract's editable fields, listed once.
//!
//! `contract_field_table!` is the table: each field's name (the column, the proto field and the
//! update-mask path), its kind (how it is stored, typed, checked and shown in History) and the
//! contracts it belongs to (every one, or only DR, or all but DR). The stored record
//! (`ContractFields`), the record as the caller typed it (`TypedContract`), the checks, History's
//! text, the merge of a partial update, the SQL columns and binds (`db/contracts.rs`) and the
//! proto conversions (`proto.rs`) are all generated from it. A new contract field is a line here,
//! a column and a proto field.

use eris_platform::edits;
use eris_proto::contracts::v1::{BillingType, ContractType, PricingType};
use rust_decimal::Decimal;

use crate::{
    domain::{
        kinds::*,
        vocabulary::{Basis, Commodity},
    },
    error::Result,
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

pub const PRICING_TYPES: [&str; 3] = PricingType::LABELS;
pub const CONTRACT_TYPES: [&str; 5] = ContractType::LABELS;
pub const HEDGE: &str = ContractType::Hedge.label();
pub const BILLING_TYPES: [&str; 3] = BillingType::LABELS;
pub const SIGNED_THROUGH: [&str; 2] = ["JMI", "Provider"];

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

impl ContractFields {
    /// The contract's fee or rate, whichever `basis` reads.
    pub fn price(&self, basis: Basis) -> Option<Decimal> {
        match basis {
            Basis::Fee => self.fee,
            Basis::Rate => self.contract_rate,
        }
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
