//! Who may do what with the crm's data: spec section 6 (both documents), in one place. Every
//! handler asks here; nothing below decides a role question of its own.

use eris_platform::auth::Caller;
use eris_proto::identity::v1::Role;

use crate::error::{Result, forbidden};

/// Sales see only companies where they hold a team role (either support analyst included); every
/// other role sees every company. Answers the user a list must be limited to.
pub fn companies_limited_to(caller: &Caller) -> Option<i64> {
    (caller.role == Role::Sales).then_some(caller.user_id)
}

/// Company details are read-only for Sales; every other role edits them, adds notes, and adds
/// tasks about companies.
pub fn may_edit_companies(caller: &Caller) -> bool {
    caller.role != Role::Sales
}

/// Only Management deletes a company (with all data associated with it).
pub fn may_delete_companies(caller: &Caller) -> bool {
    caller.role == Role::Management
}

/// Only Management adds an affiliate.
pub fn may_add_affiliates(caller: &Caller) -> bool {
    caller.role == Role::Management
}

/// Mass team assignment (Admin → Companies) is for Management and Admin.
pub fn may_assign_teams(caller: &Caller) -> bool {
    matches!(caller.role, Role::Management | Role::Admin)
}

/// Only Management picks another user in the dashboard tabs (their tasks, their call banks).
pub fn may_view_others_work(caller: &Caller) -> bool {
    caller.role == Role::Management
}

/// Management sees every task; others tasks assigned to or written by them, and tasks of
/// companies they may read (checked by the caller of this with the company).
pub fn sees_every_task(caller: &Caller) -> bool {
    caller.role == Role::Management
}

/// Sales change only tasks assigned to or written by them (to close them, say); other roles any
/// task they can see.
pub fn may_change_task(caller: &Caller, assignee_user_ids: &[i64], author_user_id: i64) -> bool {
    caller.role != Role::Sales || assignee_user_ids.contains(&caller.user_id) || author_user_id == caller.user_id
}

/// A Sales user who did not write a task (only holds it as an assignee) changes its status and
/// adds to its description (a comment), nothing else.
pub fn changes_only_status_and_comments(caller: &Caller, author_user_id: i64) -> bool {
    caller.role == Role::Sales && author_user_id != caller.user_id
}

/// Call banks are created, edited, filled and deleted by Management.
pub fn may_manage_call_banks(caller: &Caller) -> bool {
    caller.role == Role::Management
}

/// A call bank is read (and its companies' statuses set) by its assignee and by Management.
pub fn may_work_call_bank(caller: &Caller, assignee_user_id: i64) -> bool {
    caller.role == Role::Management || assignee_user_id == caller.user_id
}

/// Accounts, their usage and histories are changed by Management, Admin and Customer Care; Sales
/// read the accounts of their companies (spec 2 section 6: no Actions column for Sales).
pub fn may_change_accounts(caller: &Caller) -> bool {
    caller.role != Role::Sales
}

/// Every role adds, edits and deletes the contacts of the companies it may read (spec 2 section
/// 6: contacts add/edit/delete for all roles).
pub fn may_change_contacts(_caller: &Caller) -> bool {
    true
}

/// Refuses the call unless the rule allows it.
pub fn require(allowed: bool) -> Result<()> {
    if allowed { Ok(()) } else { Err(forbidden()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(role: Role, user_id: i64) -> Caller {
        eris_platform::testing::caller(role, user_id)
    }

    const ROLES: [Role; 4] = [Role::Management, Role::Admin, Role::Sales, Role::CustomerCare];

    fn allowed(rule: impl Fn(&Caller) -> bool) -> Vec<Role> {
        ROLES.into_iter().filter(|role| rule(&user(*role, 1))).collect()
    }

    #[test]
    fn sales_see_only_their_own_companies() {
        assert_eq!(companies_limited_to(&user(Role::Sales, 7)), Some(7));
        for role in [Role::Management, Role::Admin, Role::CustomerCare] {
            assert_eq!(companies_limited_to(&user(role, 7)), None);
        }
    }

    #[test]
    fn company_details_are_read_only_for_sales() {
        assert_eq!(allowed(may_edit_companies), [Role::Management, Role::Admin, Role::CustomerCare]);
    }

    #[test]
    fn only_management_deletes_companies_and_adds_affiliates() {
        assert_eq!(allowed(may_delete_companies), [Role::Management]);
        assert_eq!(allowed(may_add_affiliates), [Role::Management]);
    }

    #[test]
    fn management_and_admin_assign_teams() {
        assert_eq!(allowed(may_assign_teams), [Role::Management, Role::Admin]);
    }

    #[test]
    fn only_management_views_another_users_tasks_and_call_banks() {
        assert_eq!(allowed(may_view_others_work), [Role::Management]);
        assert_eq!(allowed(sees_every_task), [Role::Management]);
    }

    #[test]
    fn sales_change_only_their_own_tasks() {
        let sales = user(Role::Sales, 5);
        assert!(may_change_task(&sales, &[5], 9));
        assert!(may_change_task(&sales, &[8], 5));
        assert!(!may_change_task(&sales, &[8], 9));
        assert!(may_change_task(&user(Role::CustomerCare, 5), &[8], 9));
        assert!(changes_only_status_and_comments(&sales, 9));
        assert!(!changes_only_status_and_comments(&sales, 5));
        assert!(!changes_only_status_and_comments(&user(Role::Admin, 5), 9));
    }

    #[test]
    fn call_banks_are_managed_by_management_and_worked_by_their_assignee() {
        assert_eq!(allowed(may_manage_call_banks), [Role::Management]);
        assert!(may_work_call_bank(&user(Role::Sales, 3), 3));
        assert!(!may_work_call_bank(&user(Role::Admin, 3), 4));
        assert!(may_work_call_bank(&user(Role::Management, 3), 4));
    }

    #[test]
    fn sales_read_accounts_and_every_other_role_changes_them() {
        assert!(!may_change_accounts(&user(Role::Sales, 1)));
        for role in [Role::Management, Role::Admin, Role::CustomerCare] {
            assert!(may_change_accounts(&user(role, 1)));
        }
    }

    #[test]
    fn every_role_changes_contacts() {
        for role in [Role::Management, Role::Admin, Role::Sales, Role::CustomerCare] {
            assert!(may_change_contacts(&user(role, 1)));
        }
    }
}
