//! Who may do what with sourcing's data: spec section 6, in one place.

use eris_platform::auth::Caller;
use eris_proto::identity::v1::Role;

/// Every signed-in user reads the directories (utilities, suppliers, rate types): pickers and
/// lists everywhere name them.
pub fn may_read_directories(_caller: &Caller) -> bool {
    true
}

/// Management and Admin change the directories (the overview spec hides supplier and utility
/// edits from Sales, and Rate Types is a Management and Admin screen).
pub fn may_change_directories(caller: &Caller) -> bool {
    matches!(caller.role, Role::Management | Role::Admin)
}

/// Management, Admin and Customer Care make and change RFPs; Sales read those of the companies
/// where they hold a team role (crm answers which) and change none (spec 2 section 6).
pub fn may_change_rfps(caller: &Caller) -> bool {
    caller.role != Role::Sales
}

/// Only Management looks at another user's RFPs on the calendar.
pub fn may_see_others_calendar(caller: &Caller) -> bool {
    caller.role == Role::Management
}

/// Refuses unless `allowed`.
pub fn require(allowed: bool) -> crate::error::Result<()> {
    if allowed { Ok(()) } else { Err(eris_platform::Error::forbidden().into()) }
}

#[cfg(test)]
mod tests {
    use eris_platform::testing::caller;

    use super::*;

    #[test]
    fn every_role_reads_the_directories() {
        for role in [Role::Management, Role::Admin, Role::Sales, Role::CustomerCare] {
            assert!(may_read_directories(&caller(role, 1)));
        }
    }

    #[test]
    fn only_management_and_admin_change_the_directories() {
        assert!(may_change_directories(&caller(Role::Management, 1)));
        assert!(may_change_directories(&caller(Role::Admin, 1)));
        assert!(!may_change_directories(&caller(Role::Sales, 1)));
        assert!(!may_change_directories(&caller(Role::CustomerCare, 1)));
    }

    #[test]
    fn every_role_but_sales_changes_rfps_and_only_management_reads_another_calendar() {
        for role in [Role::Management, Role::Admin, Role::CustomerCare] {
            assert!(may_change_rfps(&caller(role, 1)));
        }
        assert!(!may_change_rfps(&caller(Role::Sales, 1)));
        assert!(may_see_others_calendar(&caller(Role::Management, 1)));
        for role in [Role::Admin, Role::Sales, Role::CustomerCare] {
            assert!(!may_see_others_calendar(&caller(role, 1)));
        }
    }
}
