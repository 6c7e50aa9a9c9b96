//! Who may do what with the reporting service's data: spec document 2, section 6, in one place.

use eris_platform::auth::Caller;
use eris_proto::identity::v1::Role;

/// Sales see only the contracts of companies where they hold a team role, as everywhere; every
/// other role sees the whole book. Answers the user a report must be limited to.
pub fn companies_limited_to(caller: &Caller) -> Option<i64> {
    (caller.role == Role::Sales).then_some(caller.user_id)
}
