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

/// What a payment is.
pub const PAYMENT_TYPES: [&str; 5] = ["Residual", "Upfront", "True-up", "Affiliate", "Drop"];

pub use eris_platform::vocabulary::MONTHS;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_of_the_proto_has_its_label_in_order() {
        let named: Vec<&str> = (0..STATUSES.len() as i32)
            .map(|n| ContractStatus::try_from(n).expect("a ContractStatus for each label").as_str_name())
            .collect();
        assert_eq!(
            named,
            [
                "CONTRACT_STATUS_ACTIVE",
                "CONTRACT_STATUS_ACTIVE_RENEWED",
                "CONTRACT_STATUS_ACTIVE_LOST",
                "CONTRACT_STATUS_INACTIVE"
            ]
        );
        assert!(ContractStatus::try_from(STATUSES.len() as i32).is_err(), "no status without a label");
    }
}
