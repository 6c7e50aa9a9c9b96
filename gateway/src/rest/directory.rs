//! User names and ids: the REST surface shows and filters team roles by name, the services
//! store ids.

use std::{
    collections::HashMap,
    sync::Arc,
    time::{Duration, Instant},
};

use eris_proto::identity::v1::{ListUsersRequest, user_service_client::UserServiceClient};

use crate::{
    AppState,
    auth::CallContext,
    error::{ApiError, ApiResult},
};

/// How long a read directory serves before it is read again.
const FRESH_FOR: Duration = Duration::from_secs(5);

/// Every user's name by id.
#[derive(Clone)]
pub struct Directory {
    names: Arc<HashMap<i64, String>>,
}

/// The last directory read, shared by every request: names change rarely and reading them on
/// every lead call would double its cost.
#[derive(Default)]
pub struct DirectoryCache(tokio::sync::Mutex<Option<(Instant, Directory)>>);

impl Directory {
    /// The cached directory while fresh, else a new read.
    pub async fn load(state: &AppState, ctx: &CallContext) -> ApiResult<Self> {
        let mut cached = state.directory.0.lock().await;
        if let Some((_, directory)) = cached.as_ref().filter(|(read_at, _)| read_at.elapsed() < FRESH_FOR) {
            return Ok(directory.clone());
        }
        let directory = Self::read(state, ctx).await?;
        *cached = Some((Instant::now(), directory.clone()));
        Ok(directory)
    }

    /// A directory that knows every id given (read again when a new user is missing).
    pub async fn load_with(state: &AppState, ctx: &CallContext, user_ids: &[i64]) -> ApiResult<Self> {
        let directory = Self::load(state, ctx).await?;
        if user_ids.iter().all(|id| *id <= 0 || directory.names.contains_key(id)) {
            return Ok(directory);
        }
        Self::load_fresh(state, ctx).await
    }

    /// A new read, for name lookups and writes, which must see users added a moment ago.
    pub async fn load_fresh(state: &AppState, ctx: &CallContext) -> ApiResult<Self> {
        let fresh = Self::read(state, ctx).await?;
        *state.directory.0.lock().await = Some((Instant::now(), fresh.clone()));
        Ok(fresh)
    }

    async fn read(state: &AppState, ctx: &CallContext) -> ApiResult<Self> {
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
                return Ok(Self { names: Arc::new(names) });
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
