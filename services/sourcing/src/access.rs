//! Who may do what with sourcing's data: spec section 6, in one place.

use eris_platform::auth::Caller;

/// Every signed-in user reads utilities: the company screens' area pickers need them.
pub fn may_read_utilities(_caller: &Caller) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use eris_proto::identity::v1::Role;

    use super::*;

    #[test]
    fn every_role_reads_utilities() {
        for role in [Role::Management, Role::Admin, Role::Sales, Role::CustomerCare] {
            assert!(may_read_utilities(&eris_platform::testing::caller(role, 1)));
        }
    }
}
