//! The snapshot service against the machine's PostgreSQL: answers stay under the size a client
//! accepts, and a snapshot that fails half-way ends in an error, never in what looks like the
//! whole of it.

use std::str::FromStr;

use eris_platform::{
    outbox::Event,
    snapshot::{BoxFuture, Part, Snapshots},
    testing::TestDatabase,
};
use eris_proto::events::v1::{SnapshotRequest, snapshot_service_client::SnapshotServiceClient};
use sqlx::{
    PgConnection, PgPool,
    postgres::{PgConnectOptions, PgPoolOptions},
};
use tonic::transport::{Channel, Server};

const SCHEMA: &str = "snapshottest";

/// A pool on a schema with `count` items of `size` bytes each.
async fn items(database: &TestDatabase, count: i64, size: i32) -> PgPool {
    let options = PgConnectOptions::from_str(&database.url()).unwrap().options([("search_path", SCHEMA)]);
    let pool = PgPoolOptions::new().max_connections(2).connect_with(options).await.unwrap();
    sqlx::query(&format!("create schema {SCHEMA}")).execute(&pool).await.unwrap();
    sqlx::query("create table item (item_id bigint primary key, body bytea not null)").execute(&pool).await.unwrap();
    sqlx::query("insert into item select g, convert_to(repeat('x', $2), 'UTF8') from generate_series(1, $1) as g")
        .bind(count)
        .bind(size)
        .execute(&pool)
        .await
        .unwrap();
    pool
}

fn all_items(conn: &mut PgConnection, after: i64, limit: i64) -> BoxFuture<'_, anyhow::Result<Vec<Event>>> {
    Box::pin(async move {
        let rows: Vec<(i64, Vec<u8>)> =
            sqlx::query_as("select item_id, body from item where item_id > $1 order by item_id limit $2")
                .bind(after)
                .bind(limit)
                .fetch_all(conn)
                .await?;
        Ok(rows.into_iter().map(|(id, body)| ("item.updated".to_owned(), id, body)).collect())
    })
}

/// Reads the first page, then fails as a lost connection would.
fn failing_items(conn: &mut PgConnection, after: i64, limit: i64) -> BoxFuture<'_, anyhow::Result<Vec<Event>>> {
    Box::pin(async move {
        if after > i64::MIN {
            anyhow::bail!("the connection broke");
        }
        all_items(conn, after, limit).await
    })
}

async fn serve(pool: PgPool, parts: &'static [Part]) -> Channel {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let incoming = tokio_stream::wrappers::TcpListenerStream::new(listener);
    let server = Server::builder().add_service(Snapshots::server(pool, parts)).serve_with_incoming(incoming);
    tokio::spawn(server);
    Channel::from_shared(format!("http://{address}")).unwrap().connect_lazy()
}

#[tokio::test]
async fn answers_stay_under_the_size_a_client_accepts_by_default() {
    let database = TestDatabase::new().await;
    // 1,000 items of 20 kB: 20 MB in all, far over 4 MiB in any 500 of them.
    let channel = serve(items(&database, 1000, 20_000).await, &[all_items]).await;
    let mut stream =
        SnapshotServiceClient::new(channel).snapshot(SnapshotRequest::default()).await.unwrap().into_inner();
    let (mut answers, mut ids) = (Vec::new(), Vec::new());
    while let Some(answer) = stream.message().await.expect("every answer decodes under the default limit") {
        answers.push((answer.position.is_empty(), answer.events.len()));
        ids.extend(answer.events.iter().map(|e| e.aggregate_id));
    }
    assert_eq!(ids, (1..=1000).collect::<Vec<_>>(), "every item once, in order");
    assert!(answers.len() > 5, "{answers:?}");
    assert!(!answers[0].0 && answers[1..].iter().all(|(empty, _)| *empty), "the position comes first, once");
}

#[tokio::test]
async fn a_snapshot_that_fails_half_way_ends_in_an_error() {
    let database = TestDatabase::new().await;
    let channel = serve(items(&database, 700, 10).await, &[failing_items]).await;
    let mut stream =
        SnapshotServiceClient::new(channel).snapshot(SnapshotRequest::default()).await.unwrap().into_inner();
    let mut read = 0;
    let failure = loop {
        match stream.message().await {
            Ok(Some(answer)) => read += answer.events.len(),
            Ok(None) => panic!("the snapshot ended as if whole after {read} items"),
            Err(status) => break status,
        }
    };
    assert_eq!(failure.code(), tonic::Code::Unavailable);
    assert!(read <= 500, "{read} items before the failure");
}
