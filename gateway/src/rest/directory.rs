//! User names and ids: the REST surface shows and filters team roles by name, the services
//! store ids.

use std::collections::HashMap;

use eris_proto::identity::v1::{ListUsersRequest, user_service_client::UserServiceClient};

use crate::{
    AppState,
    auth::CallContext,
    error::{ApiError, ApiResult},
};

/// Every user's name by id, read once per request.
pub struct Directory {
    names: HashMap<i64, String>,
}

impl Directory {
    pub async fn load(state: &AppState, ctx: &CallContext) -> ApiResult<Self> {
        let mut client = UserServiceClient::new(state.upstreams.identity());
        let mut names = HashMap::new();
        let mut page_token = String::new();
        loop {
            let page = client
                .list_users(ctx.request(ListUsersRequest { page_size: 1000, page_token, active_only: false }))
                .await
                .map_err(|status| ApiError::from_status(&status, "identity"))?
                .into_inner();
            names.extend(page.users.into_iter().map(|user| (user.user_id, user.name)));
            if page.next_page_token.is_empty() {
                return Ok(Self { names });
            }
            page_token = page.next_page_token;
        }
    }

    /// The user's name; empty for none or an unknown id.
    pub fn name(&self, user_id: i64) -> String {
        self.names.get(&user_id).cloned().unwrap_or_default()
    }

    /// The id of the user with this exact name (case-insensitive); 0 for an empty name.
    pub fn id(&self, name: &str) -> ApiResult<i64> {
        let name = name.trim();
        if name.is_empty() {
            return Ok(0);
        }
        let matches: Vec<i64> =
            self.names.iter().filter(|(_, n)| n.eq_ignore_ascii_case(name)).map(|(id, _)| *id).collect();
        match matches.as_slice() {
            [id] => Ok(*id),
            [] => Err(ApiError::bad_request(format!("No user is named {name}."))),
            _ => Err(ApiError::bad_request(format!("More than one user is named {name}; use the user id."))),
        }
    }
}
