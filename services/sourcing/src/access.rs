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
}
