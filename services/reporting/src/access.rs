//! Who may do what with the reporting service's data: spec document 2, section 6, in one place.

use eris_platform::auth::Caller;
use eris_proto::identity::v1::Role;

/// The report cards of spec 2 section 6, and the reports beyond them, by who may open them. A
/// report's calls (its rows, options, years and exports) answer only those roles, whichever way
/// they are called (REST, gRPC-web or gRPC).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Report {
    ForecastRevenue,
    ActualRevenue,
    RenewalTracker,
    SupplierOutreach,
    MarginBuilder,
    WelcomeEmails,
    FirstMonthsBilling,
    OpportunityTracker,
    AutoInactive,
    /// Beyond the spec: projected commissions against those received, beside the revenue reports.
    CommissionReconciliation,
}

impl Report {
    /// Management ten cards, Customer Care six, Admin two, Sales two (RFPs, served by sourcing,
    /// and the Renewal Tracker).
    pub fn roles(self) -> &'static [Role] {
        use Role::{Admin, CustomerCare, Management, Sales};
        match self {
            Self::ForecastRevenue | Self::ActualRevenue | Self::MarginBuilder | Self::AutoInactive => &[Management],
            Self::CommissionReconciliation => &[Management],
            Self::RenewalTracker => &[Management, CustomerCare, Admin, Sales],
            Self::SupplierOutreach | Self::WelcomeEmails | Self::FirstMonthsBilling => &[Management, CustomerCare],
            Self::OpportunityTracker => &[Management, CustomerCare, Admin],
        }
    }
}

/// The caller may open `report`, or the call is refused (403).
pub fn require(caller: &Caller, report: Report) -> eris_platform::Result<()> {
    caller.require_role(report.roles())
}

/// Sales see only the contracts of companies where they hold a team role, as everywhere; every
/// other role sees the whole book. Answers the user a report must be limited to.
pub fn companies_limited_to(caller: &Caller) -> Option<i64> {
    (caller.role == Role::Sales).then_some(caller.user_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_role_opens_the_cards_spec_2_gives_it() {
        let all = [
            Report::ForecastRevenue,
            Report::ActualRevenue,
            Report::RenewalTracker,
            Report::SupplierOutreach,
            Report::MarginBuilder,
            Report::WelcomeEmails,
            Report::FirstMonthsBilling,
            Report::OpportunityTracker,
            Report::AutoInactive,
        ];
        let count = |role: Role| all.iter().filter(|report| report.roles().contains(&role)).count();
        // RFPs, the tenth card of Management, the sixth of Customer Care and the second of Sales,
        // is sourcing's.
        assert_eq!(count(Role::Management), 9);
        assert_eq!(count(Role::CustomerCare), 5);
        assert_eq!(count(Role::Admin), 2);
        assert_eq!(count(Role::Sales), 1);
        for revenue in [Report::ForecastRevenue, Report::ActualRevenue] {
            assert_eq!(revenue.roles(), [Role::Management], "revenue is Management's alone");
        }
    }
}
