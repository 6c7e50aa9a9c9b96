//! Users named in requests (task assignees, call bank assignees, team members) must be existing,
//! active users: identity is asked, on the caller's behalf.

use std::collections::HashSet;

use eris_platform::auth::Caller;
use eris_proto::identity::v1::{BatchGetUsersRequest, UserStatus, user_service_client::UserServiceClient};

use crate::{
    State,
    error::{Result, invalid},
};

/// The message for an id that is not an active user.
pub const NOT_AN_ACTIVE_USER: &str = "Choose active users only: a chosen user does not exist or is inactive.";

impl State {
    /// Refuses unless every id is an existing, active user.
    pub(crate) async fn require_active_users(&self, caller: &Caller, ids: impl IntoIterator<Item = i64>) -> Result<()> {
        let mut ids: Vec<i64> = ids.into_iter().collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            return Ok(());
        }
        if ids.iter().any(|id| *id <= 0) {
            return Err(invalid(NOT_AN_ACTIVE_USER));
        }
        let request = caller.request(BatchGetUsersRequest { user_ids: ids.clone(), names: Vec::new() });
        let found = UserServiceClient::new(self.identity.clone()).batch_get_users(request).await.map_err(|status| {
            tracing::warn!(%status, "identity could not check users");
            eris_platform::Error::Unavailable(eris_platform::error::UNAVAILABLE_MESSAGE.into())
        })?;
        let active: HashSet<i64> = found
            .into_inner()
            .users
            .into_iter()
            .filter(|user| user.status() == UserStatus::Active)
            .map(|user| user.user_id)
            .collect();
        if ids.iter().all(|id| active.contains(id)) { Ok(()) } else { Err(invalid(NOT_AN_ACTIVE_USER)) }
    }
}
