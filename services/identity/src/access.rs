//! Who may do what with users: spec section 6, in one place.

use eris_platform::auth::Caller;
use eris_proto::identity::v1::Role;

use crate::error::{Error, Result};

/// Only Management adds, edits and resets users (the Admin menu is Management's).
pub fn may_administer_users(caller: &Caller) -> bool {
    caller.role == Role::Management
}

/// Every signed-in user reads names and roles: every screen's user pickers need them.
pub fn may_read_users(_caller: &Caller) -> bool {
    true
}

/// Management cannot lock themselves out: not deactivate their own account, nor drop their own
/// Management role.
pub fn check_not_locking_out(caller: &Caller, user_id: i64, new_role: Option<Role>, deactivates: bool) -> Result<()> {
    let demotes = new_role.is_some_and(|role| role != Role::Management);
    if user_id == caller.user_id && (deactivates || demotes) { Err(Error::SelfLockout) } else { Ok(()) }
}

/// Refuses the call unless the rule allows it.
pub fn require(allowed: bool) -> Result<()> {
    if allowed { Ok(()) } else { Err(eris_platform::Error::forbidden().into()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(role: Role, user_id: i64) -> Caller {
        eris_platform::testing::caller(role, user_id)
    }

    #[test]
    fn only_management_administers_users() {
        assert!(may_administer_users(&user(Role::Management, 1)));
        for role in [Role::Admin, Role::Sales, Role::CustomerCare] {
            assert!(!may_administer_users(&user(role, 1)));
            assert!(may_read_users(&user(role, 1)));
        }
    }

    #[test]
    fn management_cannot_lock_themselves_out() {
        let manager = user(Role::Management, 4);
        assert!(check_not_locking_out(&manager, 4, Some(Role::Sales), false).is_err());
        assert!(check_not_locking_out(&manager, 4, None, true).is_err());
        assert!(check_not_locking_out(&manager, 4, Some(Role::Management), false).is_ok());
        assert!(check_not_locking_out(&manager, 5, Some(Role::Sales), true).is_ok());
    }
}
