//! The change feed, over the real services: what commits reaches open streams, as the caller may
//! see it.

mod support;

use std::time::Duration;

use eris_proto::reporting::v1::{
    Change, WatchChangesRequest, WatchChangesResponse, change_feed_service_client::ChangeFeedServiceClient,
};
use support::{as_user, spawn_app};
use tonic::Streaming;

/// Reads the stream until `done` holds for what was heard (up to 10 s), and answers all of it.
async fn hear_until(stream: &mut Streaming<WatchChangesResponse>, done: impl Fn(&[Change]) -> bool) -> Vec<Change> {
    let mut heard = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !done(&heard) {
        let batch = tokio::time::timeout_at(deadline, stream.message())
            .await
            .unwrap_or_else(|_| panic!("not heard in time; heard {heard:?}"))
            .unwrap()
            .expect("the stream stays open");
        heard.extend(batch.changes);
    }
    heard
}

fn has(heard: &[Change], kind: &str, contract_id: i64) -> bool {
    heard.iter().any(|change| change.kind == kind && change.contract_id == contract_id)
}

#[tokio::test]
async fn open_streams_hear_of_each_change_as_it_commits_and_sales_only_of_their_companies() {
    let app = spawn_app().await;
    let feed = ChangeFeedServiceClient::new(app.reports.clone());
    let mut manager = feed.clone().watch_changes(app.authed(WatchChangesRequest {})).await.unwrap().into_inner();
    let mut sales =
        feed.clone().watch_changes(as_user(&app.sales.0, WatchChangesRequest {})).await.unwrap().into_inner();
    // The first batch is empty at once: the stream is open.
    for stream in [&mut manager, &mut sales] {
        let opened = tokio::time::timeout(Duration::from_secs(5), stream.message()).await.unwrap().unwrap().unwrap();
        assert_eq!(opened, WatchChangesResponse::default());
    }

    let theirs = app.contract_of("Theirs", app.sales.1, "Keystone").await;
    let other = app.contract_of("Other", 0, "").await;
    app.add_payment(other.contract_id, 1, "10.00").await;
    app.add_payment(theirs.contract_id, 1, "10.00").await;

    let both = |heard: &[Change]| {
        has(heard, "contract.payment_added", theirs.contract_id)
            && has(heard, "contract.payment_added", other.contract_id)
    };
    let heard = hear_until(&mut manager, both).await;
    let added =
        heard.iter().find(|c| c.kind == "contract.payment_added" && c.contract_id == other.contract_id).unwrap();
    assert_eq!(
        (added.source.as_str(), added.company_id, added.user_id),
        ("contracts", other.company_id, app.management_id)
    );
    assert!(added.commit_time.is_some());
    for kind in ["company.created", "account.created"] {
        assert!(heard.iter().any(|c| c.kind == kind && c.company_id == other.company_id), "{kind}: {heard:?}");
    }

    let heard = hear_until(&mut sales, |heard| has(heard, "contract.payment_added", theirs.contract_id)).await;
    assert!(
        heard.iter().all(|c| c.company_id != other.company_id),
        "Sales hear nothing of another team's company: {heard:?}"
    );
    assert!(heard.iter().any(|c| c.kind == "contract.contract_created" && c.company_id == theirs.company_id));
    assert!(heard.iter().any(|c| c.kind.starts_with("supplier.") && c.company_id == 0), "the directory is everyone's");
}

#[tokio::test]
async fn a_stream_needs_a_valid_token() {
    let app = spawn_app().await;
    let mut feed = ChangeFeedServiceClient::new(app.reports.clone());
    let refused = feed.watch_changes(as_user("not-a-token", WatchChangesRequest {})).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::Unauthenticated);
}
