//! The change feed's one call: the batches of the caller's hub, filtered by what the caller sees.

use std::{sync::Arc, time::Duration};

use eris_platform::auth::caller;
use eris_proto::reporting::v1::{
    WatchChangesRequest, WatchChangesResponse, change_feed_service_server::ChangeFeedService,
};
use futures::{StreamExt, stream::BoxStream};
use tokio::{
    sync::{broadcast, watch},
    time::{Instant, Interval},
};
use tonic::{Request, Response, Status};

use crate::{
    access,
    changes::{Batch, ChangeHub},
};

/// How often a stream with nothing to say sends an empty batch.
pub const KEEPALIVE: Duration = Duration::from_secs(15);

pub(crate) struct ChangeFeedApi(pub(crate) ChangeHub);

type ChangeStream = BoxStream<'static, Result<WatchChangesResponse, Status>>;

#[tonic::async_trait]
impl ChangeFeedService for ChangeFeedApi {
    type WatchChangesStream = ChangeStream;

    async fn watch_changes(
        &self,
        request: Request<WatchChangesRequest>,
    ) -> Result<Response<Self::WatchChangesStream>, Status> {
        let caller = caller(&request)?;
        let left = Duration::from_secs(u64::try_from(caller.expires_at - chrono::Utc::now().timestamp()).unwrap_or(0));
        let watch = Watch {
            batches: self.0.subscribe(),
            stopped: self.0.stopped(),
            limited_to: access::companies_limited_to(caller),
            ends: Instant::now() + left,
            keepalive: tokio::time::interval(KEEPALIVE),
        };
        Ok(Response::new(watch.stream()))
    }
}

/// One caller's stream.
struct Watch {
    batches: broadcast::Receiver<Arc<Batch>>,
    stopped: watch::Receiver<bool>,
    limited_to: Option<i64>,
    /// When the caller's token expires.
    ends: Instant,
    /// Its first tick is at once: the caller learns the stream is open.
    keepalive: Interval,
}

impl Watch {
    fn stream(self) -> ChangeStream {
        futures::stream::unfold(self, |mut watch| async move {
            let next = watch.next().await?;
            Some((Ok(next), watch))
        })
        .boxed()
    }

    /// The next batch to send; none when the stream ends (the token expired, or the service stops).
    async fn next(&mut self) -> Option<WatchChangesResponse> {
        loop {
            if *self.stopped.borrow() {
                return None;
            }
            tokio::select! {
                _ = tokio::time::sleep_until(self.ends) => return None,
                _ = self.stopped.changed() => return None,
                _ = self.keepalive.tick() => return Some(WatchChangesResponse::default()),
                batch = self.batches.recv() => match batch {
                    Ok(batch) => {
                        let changes: Vec<_> = batch
                            .changes
                            .iter()
                            .filter(|routed| routed.visible_to(self.limited_to))
                            .map(|routed| routed.change.clone())
                            .collect();
                        if changes.is_empty() && !batch.missed {
                            continue;
                        }
                        self.keepalive.reset();
                        return Some(WatchChangesResponse { changes, missed: batch.missed });
                    }
                    // Fell behind the hub: what was dropped is unknown.
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        return Some(WatchChangesResponse { changes: Vec::new(), missed: true });
                    }
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
            }
        }
    }
}
