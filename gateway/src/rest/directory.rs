//! User names and ids: the REST surface shows and takes team roles by name, the services store
//! ids. Names of ids come from a short-lived shared cache (misses in one identity call); ids of
//! names are always asked of identity, in one call, so a user added a moment ago is found.

use std::{
    collections::HashMap,
    sync::RwLock,
    time::{Duration, Instant},
};

use eris_proto::identity::v1::{BatchGetUsersRequest, User, user_service_client::UserServiceClient};

use super::Answer;
use crate::{
    auth::CallContext,
    error::{ApiError, ApiResult},
};

/// How long a cached name serves before it is asked again.
const FRESH_FOR: Duration = Duration::from_secs(5);
/// Most ids or names identity takes in one call.
const MOST_AT_ONCE: usize = 1000;

/// Names by id, shared by every request.
#[derive(Default)]
pub struct DirectoryCache(RwLock<HashMap<i64, (String, Instant)>>);

/// The users one request needs.
#[derive(Default)]
pub struct Directory {
    names: HashMap<i64, String>,
}

impl Directory {
    /// A directory that names every id given (0 and unknown ids name nobody).
    pub async fn for_ids(ctx: &CallContext, user_ids: &[i64]) -> ApiResult<Self> {
        let mut names = HashMap::new();
        let mut missing = Vec::new();
        {
            let cache = ctx.state.directory.0.read().unwrap_or_else(|poisoned| poisoned.into_inner());
            for id in user_ids.iter().copied().filter(|id| *id > 0) {
                match cache.get(&id).filter(|(_, read_at)| read_at.elapsed() < FRESH_FOR) {
                    Some((name, _)) => {
                        names.insert(id, name.clone());
                    }
                    None => missing.push(id),
                }
            }
        }
        missing.sort_unstable();
        missing.dedup();
        for chunk in missing.chunks(MOST_AT_ONCE) {
            let users = lookup(ctx, chunk.to_vec(), Vec::new()).await?;
            let now = Instant::now();
            let mut cache = ctx.state.directory.0.write().unwrap_or_else(|poisoned| poisoned.into_inner());
            for user in users {
                cache.insert(user.user_id, (user.name.clone(), now));
                names.insert(user.user_id, user.name);
            }
        }
        Ok(Self { names })
    }

    /// A directory of the users with these names (exact, case-insensitive), asked of identity now.
    pub async fn for_names<'a>(ctx: &CallContext, names: impl IntoIterator<Item = &'a str>) -> ApiResult<Self> {
        let mut asked: Vec<String> =
            names.into_iter().map(str::trim).filter(|n| !n.is_empty()).map(str::to_owned).collect();
        asked.sort_unstable();
        asked.dedup();
        if asked.is_empty() {
            return Ok(Self::default());
        }
        if asked.len() > MOST_AT_ONCE {
            return Err(ApiError::bad_request(format!("Name at most {MOST_AT_ONCE} users at once.")));
        }
        let users = lookup(ctx, Vec::new(), asked).await?;
        Ok(Self { names: users.into_iter().map(|user| (user.user_id, user.name)).collect() })
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
            self.names.iter().filter(|(_, n)| n.to_lowercase() == name.to_lowercase()).map(|(id, _)| *id).collect();
        match matches.as_slice() {
            [id] => Ok(*id),
            [] => Err(ApiError::bad_request(format!("No user is named {name}."))),
            _ => Err(ApiError::bad_request(format!("More than one user is named {name}; use the user id."))),
        }
    }
}

async fn lookup(ctx: &CallContext, user_ids: Vec<i64>, names: Vec<String>) -> ApiResult<Vec<User>> {
    let request = ctx.request(BatchGetUsersRequest { user_ids, names });
    let response =
        UserServiceClient::new(ctx.state.upstreams.identity()).batch_get_users(request).await.answer("identity")?;
    Ok(response.users)
}
