//! The contract's vocabularies: its commodity (shared with sourcing), its statuses and its
//! projection basis, each named once.

use eris_proto::crm::v1::AccountFilter;

pub use eris_platform::vocabulary::CONTRACT_STATUSES as STATUSES;
pub use eris_proto::contracts::v1::ContractStatus;
/// A contract no longer in force.
pub const INACTIVE: i16 = ContractStatus::Inactive as i16;
pub use eris_platform::vocabulary::Commodity;

/// A month as screens and messages name it: "March 2026".
pub fn month_year(month: chrono::NaiveDate) -> String {
    use chrono::Datelike;
    format!("{} {}", eris_platform::vocabulary::MONTHS[month.month0() as usize], month.year())
}

/// The accounts a contract of `commodity` covers: DR contracts cover Electric accounts.
pub fn account_filter(commodity: Commodity) -> AccountFilter {
    match commodity {
        Commodity::Gas => AccountFilter::Gas,
        Commodity::Electric | Commodity::Dr => AccountFilter::Electric,
    }
}

/// What a contract's projected payments are computed from: a property of the contract, set by
/// the screen that made it and changed only by an update that names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// usage x split / 100 x the contract's fee (the lead contracts screen).
    Fee,
    /// usage x split / 100 x the contract's rate, rounded to cents (the beta form).
    Rate,
}

impl Basis {
    pub fn name(self) -> &'static str {
        match self {
            Self::Fee => "Fee",
            Self::Rate => "Rate",
        }
    }

    /// A stored name; anything else reads as the fee, the older screen's formula.
    pub fn from_name(name: &str) -> Self {
        if name == "Rate" { Self::Rate } else { Self::Fee }
    }

    /// The basis a screen gives the contracts it makes.
    pub fn of_form(beta: bool) -> Self {
        if beta { Self::Rate } else { Self::Fee }
    }
}

/// What a payment is (the labels of the proto's `PaymentType`).
pub const PAYMENT_TYPES: [&str; 5] = eris_proto::contracts::v1::PaymentType::LABELS;

pub use eris_platform::vocabulary::MONTHS;

#[cfg(test)]
mod tests {
    use eris_proto::contracts::v1::{BillingType, ContractType, PaymentType, PricingType};

    use super::*;
    use crate::domain::fields::{BILLING_TYPES, CONTRACT_TYPES, HEDGE, PRICING_TYPES};

    #[test]
    fn the_vocabularies_are_the_labels_of_their_proto_enums_in_the_specs_words() {
        assert_eq!(STATUSES, ["Active", "Active - Renewed", "Active - Lost", "Inactive"]);
        assert_eq!(PRICING_TYPES, ["BOX", "Custom", "Matrix"]);
        assert_eq!(CONTRACT_TYPES, ["New", "Renewal", "Hedge", "B&E", "Regained"]);
        assert_eq!(HEDGE, "Hedge");
        assert_eq!(BILLING_TYPES, ["Dual", "Utility Consolidated", "Supplier Consolidated"]);
        assert_eq!(PAYMENT_TYPES, ["Residual", "Upfront", "True-up", "Affiliate", "Drop"]);
        // A status's number is its position: every number has its label, and no more.
        for (number, label) in STATUSES.iter().enumerate() {
            assert_eq!(ContractStatus::try_from(number as i32).map(ContractStatus::label), Ok(*label));
        }
        assert!(ContractStatus::try_from(STATUSES.len() as i32).is_err(), "no status without a label");
    }

    #[test]
    fn a_label_names_its_value_exactly_and_none_has_the_empty_label() {
        assert_eq!(ContractType::from_label("B&E"), Some(ContractType::BlendAndExtend));
        assert_eq!(PaymentType::from_label("True-up"), Some(PaymentType::TrueUp));
        assert_eq!(ContractStatus::from_label("Active - Lost"), Some(ContractStatus::ActiveLost));
        assert_eq!(BillingType::from_label("dual"), None);
        assert_eq!(PricingType::from_label(""), None);
        assert_eq!(PricingType::Unspecified.label(), "");
        assert_eq!(PaymentType::Drop.label(), "Drop");
    }
}
