//! Who may do what with contracts: spec document 2, section 6, in one place.

use eris_platform::auth::Caller;
use eris_proto::identity::v1::Role;

/// Management, Admin and Customer Care make and change contracts, their files, payments, DR
/// payment history and hedges; Sales read those of the companies where they hold a team role
/// and change none.
pub fn may_change_contracts(caller: &Caller) -> bool {
    caller.role != Role::Sales
}

/// Only Management and Admin replace projected payments in bulk ('Update Proj. Payments').
pub fn may_update_projected_payments(caller: &Caller) -> bool {
    matches!(caller.role, Role::Management | Role::Admin)
}

/// The Contracts page's scope, date and export controls: Management, Admin and Customer Care.
pub fn may_filter_book(caller: &Caller) -> bool {
    caller.role != Role::Sales
}

/// The beta contract screens (every call they make, reads included, and hedges wherever they are
/// asked for) are for the configured users.
pub fn may_use_beta(caller: &Caller, beta_user_ids: &[i64]) -> bool {
    beta_user_ids.contains(&caller.user_id)
}

/// The one Sales visibility rule of contracts, for every list, export and single contract: a row
/// shows only what its reader can open. Sales see contracts of the companies crm lets them open
/// (where they hold a team role) and, in the book, of those only the contracts naming them; a
/// contract naming a rep does not open its company (docs/decisions.md, "Who sees a contract").
/// Every other role sees the whole book. True when the caller's rows must be limited so.
pub fn limited_to_open_companies(caller: &Caller) -> bool {
    caller.role == Role::Sales
}

/// Supplier commission statements are imported, linked and reverted by Management and Admin.
pub fn may_import_statements(caller: &Caller) -> bool {
    matches!(caller.role, Role::Management | Role::Admin)
}

/// Statements, the chase and its exceptions are read by Management, Admin and Customer Care;
/// Sales have no access to commission statements.
pub fn may_read_statements(caller: &Caller) -> bool {
    caller.role != Role::Sales
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
    fn every_role_but_sales_changes_contracts_and_filters_the_book() {
        for role in [Role::Management, Role::Admin, Role::CustomerCare] {
            assert!(may_change_contracts(&caller(role, 1)));
            assert!(may_filter_book(&caller(role, 1)));
        }
        assert!(!may_change_contracts(&caller(Role::Sales, 1)));
        assert!(!may_filter_book(&caller(Role::Sales, 1)));
    }

    #[test]
    fn only_management_and_admin_update_projected_payments() {
        assert!(may_update_projected_payments(&caller(Role::Management, 1)));
        assert!(may_update_projected_payments(&caller(Role::Admin, 1)));
        assert!(!may_update_projected_payments(&caller(Role::CustomerCare, 1)));
        assert!(!may_update_projected_payments(&caller(Role::Sales, 1)));
    }

    #[test]
    fn statements_are_imported_by_management_and_admin_and_read_by_care() {
        for (role, imports, reads) in [
            (Role::Management, true, true),
            (Role::Admin, true, true),
            (Role::CustomerCare, false, true),
            (Role::Sales, false, false),
        ] {
            assert_eq!(may_import_statements(&caller(role, 1)), imports);
            assert_eq!(may_read_statements(&caller(role, 1)), reads);
        }
    }

    #[test]
    fn the_beta_screens_are_for_the_configured_users() {
        assert!(may_use_beta(&caller(Role::Admin, 7), &[3, 7]));
        assert!(!may_use_beta(&caller(Role::Management, 8), &[3, 7]));
    }
}
