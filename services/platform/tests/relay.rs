//! The outbox relay against the machine's PostgreSQL and Redis: rows that commit late are
//! published, not skipped; a relay killed at any point loses and doubles nothing; only one relay
//! publishes at a time.

use std::{collections::HashSet, str::FromStr, time::Duration};

use eris_platform::{
    kv::Kv,
    relay::{Entry, Relay},
    testing::TestDatabase,
};
use rand::Rng;
use sqlx::{
    PgPool,
    postgres::{PgConnectOptions, PgPoolOptions},
};

const SERVICE: &str = "relaytest";

/// A pool on a schema with an outbox like every service's.
async fn outbox_pool(database: &TestDatabase) -> PgPool {
    let options = PgConnectOptions::from_str(&database.url()).unwrap().options([("search_path", SERVICE)]);
    let pool = PgPoolOptions::new().max_connections(30).connect_with(options).await.unwrap();
    sqlx::query(&format!("create schema {SERVICE}")).execute(&pool).await.unwrap();
    sqlx::query(
        "create table outbox (outbox_id bigint generated always as identity primary key, \
         event_type text not null, aggregate_id bigint not null, payload bytea not null, \
         created_at timestamptz not null default now(), txid xid8 not null default pg_current_xact_id())",
    )
    .execute(&pool)
    .await
    .unwrap();
    sqlx::raw_sql(include_str!("../../crm/migrations/0005_outbox_kept.sql")).execute(&pool).await.unwrap();
    pool
}

fn relay(pool: &PgPool, database: &TestDatabase) -> Relay {
    Relay::new(pool.clone(), Kv::new(&database.redis_args()).unwrap(), SERVICE)
}

async fn insert(executor: impl sqlx::PgExecutor<'_>, name: &str) {
    eris_platform::outbox::insert(executor, &[(name.to_owned(), 1, name.as_bytes().to_vec())]).await.unwrap();
}

async fn published(database: &TestDatabase) -> Vec<Entry> {
    database.published_events(SERVICE).await
}

fn names(entries: &[Entry]) -> Vec<String> {
    entries.iter().map(|e| e.event_type.clone()).collect()
}

#[tokio::test]
async fn a_row_that_commits_after_a_later_id_is_published_not_skipped() {
    let database = TestDatabase::new().await;
    let pool = outbox_pool(&database).await;
    let relay = relay(&pool, &database);

    // The long transaction takes the first id and commits last.
    let mut long = pool.begin().await.unwrap();
    insert(&mut *long, "long").await;
    let long_txid: String =
        sqlx::query_scalar("select pg_current_xact_id()::text").fetch_one(&mut *long).await.unwrap();
    insert(&pool, "short").await;
    assert_eq!(relay.publish_pending().await.unwrap(), 1);
    long.commit().await.unwrap();
    assert_eq!(relay.publish_pending().await.unwrap(), 1);
    insert(&pool, "after").await;
    assert_eq!(relay.publish_pending().await.unwrap(), 1);

    let entries = published(&database).await;
    assert_eq!(names(&entries), ["short", "long", "after"]);
    assert_eq!(entries[1].event_id, format!("{SERVICE}:1"), "the long transaction's id");
    assert_eq!(entries[1].txid, long_txid, "the id of the transaction that wrote it");
    assert_ne!(entries[0].txid, entries[1].txid, "each event carries its own transaction's id");
    assert!(entries.iter().all(|e| e.txid.parse::<u64>().is_ok()), "xid8 as decimal text");
    assert_eq!(entries[0].payload, b"short");
    assert!(entries[0].created_ms > 0);
}

#[tokio::test]
async fn a_relay_stopped_between_publishing_and_marking_doubles_nothing() {
    let database = TestDatabase::new().await;
    let pool = outbox_pool(&database).await;
    for name in ["one", "two", "three"] {
        insert(&pool, name).await;
    }
    assert_eq!(relay(&pool, &database).publish_without_marking().await.unwrap(), 3);
    insert(&pool, "four").await;
    // The next relay marks the three the stream already has and publishes the fourth.
    assert_eq!(relay(&pool, &database).publish_pending().await.unwrap(), 1);
    let entries = published(&database).await;
    assert_eq!(names(&entries), ["one", "two", "three", "four"]);
    assert_eq!(entries.iter().map(|e| e.seq).collect::<Vec<_>>(), [1, 2, 3, 4], "numbered without holes");
    let kept: i64 = sqlx::query_scalar("select count(*) from outbox").fetch_one(&pool).await.unwrap();
    assert_eq!(kept, 4, "published rows stay until the consumer has applied them");
}

#[tokio::test]
async fn relays_killed_at_random_while_transactions_interleave_lose_and_double_nothing() {
    let database = TestDatabase::new().await;
    let pool = outbox_pool(&database).await;
    // 20 writers, 50 transactions each, held open for random times: ids commit out of order.
    let writers: Vec<_> = (0..20)
        .map(|writer| {
            let pool = pool.clone();
            tokio::spawn(async move {
                for n in 0..50 {
                    let mut tx = pool.begin().await.unwrap();
                    insert(&mut *tx, &format!("{writer}-{n}")).await;
                    let held = rand::thread_rng().gen_range(0..15);
                    tokio::time::sleep(Duration::from_millis(held)).await;
                    tx.commit().await.unwrap();
                }
            })
        })
        .collect();
    // Relays (two at a time, as two replicas would) killed after random times until the writers end.
    let writing = futures::future::join_all(writers);
    tokio::pin!(writing);
    loop {
        let first = relay(&pool, &database).spawn();
        let second = relay(&pool, &database).spawn();
        let lived = Duration::from_millis(rand::thread_rng().gen_range(1..40));
        tokio::select! {
            done = &mut writing => {
                assert!(done.iter().all(Result::is_ok));
                drop((first, second));
                break;
            }
            () = tokio::time::sleep(lived) => drop((first, second)),
        }
    }
    // The killed relays' sessions end, and their locks with them, within moments.
    loop {
        relay(&pool, &database).publish_pending().await.unwrap();
        let left: i64 = sqlx::query_scalar("select count(*) from outbox where published_at is null")
            .fetch_one(&pool)
            .await
            .unwrap();
        if left == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let entries = published(&database).await;
    let ids: HashSet<&str> = entries.iter().map(|e| e.event_id.as_str()).collect();
    assert_eq!(ids.len(), entries.len(), "an event published twice");
    let seqs: Vec<i64> = entries.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (1..=1000).collect::<Vec<_>>(), "numbers in stream order, without holes");
    let expected: HashSet<String> = (0..20).flat_map(|w| (0..50).map(move |n| format!("{w}-{n}"))).collect();
    let got: HashSet<String> = names(&entries).into_iter().collect();
    assert_eq!(got, expected, "every event, once");
    // Each writer's events are in the order it committed them.
    for writer in 0..20 {
        let own: Vec<usize> =
            entries.iter().filter_map(|e| e.event_type.strip_prefix(&format!("{writer}-"))?.parse().ok()).collect();
        assert!(own.windows(2).all(|w| w[0] < w[1]), "writer {writer}: {own:?}");
    }
}

/// The keys a consumer writes beside the stream.
async fn redis_set(database: &TestDatabase, name: &str, value: i64) {
    let args = database.redis_args();
    let client = redis::Client::open(args.redis_url.as_str()).unwrap();
    let mut conn = client.get_multiplexed_async_connection().await.unwrap();
    let key = format!("{}events:{SERVICE}:{name}", args.redis_prefix);
    redis::cmd("SET").arg(key).arg(value).query_async::<()>(&mut conn).await.unwrap();
}

fn seqs(entries: &[Entry]) -> Vec<i64> {
    entries.iter().map(|e| e.seq).collect()
}

#[tokio::test]
async fn a_stream_redis_lost_is_published_again_above_the_consumers_watermark() {
    let database = TestDatabase::new().await;
    let pool = outbox_pool(&database).await;
    let relay = relay(&pool, &database);
    for name in ["one", "two", "three", "four"] {
        insert(&pool, name).await;
    }
    assert_eq!(relay.publish_pending().await.unwrap(), 4);

    // Redis restarts empty after the consumer had applied two and repeated its watermark.
    database.flush_redis().await;
    redis_set(&database, "applied", 2).await;
    insert(&pool, "five").await;
    relay.publish_pending().await.unwrap();
    let entries = published(&database).await;
    assert_eq!(names(&entries), ["three", "four", "five"]);
    assert_eq!(seqs(&entries), [3, 4, 5]);

    // Without any watermark (it was lost too): every row kept is published again.
    database.flush_redis().await;
    relay.publish_pending().await.unwrap();
    assert_eq!(seqs(&published(&database).await), [1, 2, 3, 4, 5]);
}

#[tokio::test]
async fn a_consumer_that_found_a_gap_gets_everything_above_its_watermark_again() {
    let database = TestDatabase::new().await;
    let pool = outbox_pool(&database).await;
    let relay = relay(&pool, &database);
    for name in ["one", "two", "three"] {
        insert(&pool, name).await;
    }
    relay.publish_pending().await.unwrap();
    redis_set(&database, "replay", 1).await;
    insert(&pool, "four").await;
    relay.publish_pending().await.unwrap();
    assert_eq!(seqs(&published(&database).await), [1, 2, 3, 2, 3, 4], "two and three again, then four");
}

#[tokio::test]
async fn a_relay_that_lost_its_lock_cannot_publish_behind_the_one_that_took_it() {
    let database = TestDatabase::new().await;
    let pool = outbox_pool(&database).await;
    insert(&pool, "one").await;
    relay(&pool, &database).publish_pending().await.unwrap();
    insert(&pool, "two").await;
    relay(&pool, &database).publish_pending().await.unwrap();
    // A relay that still believes "one" was the last published (it lost its lock unnoticed while
    // another relay published "two") is refused by the stream.
    assert_eq!(relay(&pool, &database).publish_as_if_last(1).await.unwrap(), -1);
    assert_eq!(seqs(&published(&database).await), [1, 2], "nothing published twice");
}

#[tokio::test]
async fn applied_rows_go_after_the_retention_and_no_others() {
    let database = TestDatabase::new().await;
    let pool = outbox_pool(&database).await;
    for name in ["one", "two", "three"] {
        insert(&pool, name).await;
    }
    let relay = relay(&pool, &database).with_retention(Duration::ZERO);
    relay.publish_pending().await.unwrap();
    let mut conn = pool.acquire().await.unwrap();
    assert_eq!(relay.prune(&mut conn).await.unwrap(), 0, "no watermark known: nothing goes");
    redis_set(&database, "applied", 2).await;
    assert_eq!(relay.prune(&mut conn).await.unwrap(), 2);
    let left: Vec<String> = sqlx::query_scalar("select event_type from outbox").fetch_all(&pool).await.unwrap();
    assert_eq!(left, ["three"]);
    let kept = relay_with_retention(&pool, &database, Duration::from_secs(3600));
    redis_set(&database, "applied", 3).await;
    assert_eq!(kept.prune(&mut conn).await.unwrap(), 0, "within the retention");
}

fn relay_with_retention(pool: &PgPool, database: &TestDatabase, retention: Duration) -> Relay {
    relay(pool, database).with_retention(retention)
}

#[tokio::test]
async fn a_commit_wakes_the_relay_without_waiting_for_its_poll() {
    let database = TestDatabase::new().await;
    let pool = outbox_pool(&database).await;
    let _relay = relay(&pool, &database).with_poll(Duration::from_secs(3600)).spawn();
    // Give it time to take its lock and wait.
    tokio::time::sleep(Duration::from_millis(500)).await;
    insert(&pool, "woken").await;
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        let left: i64 = sqlx::query_scalar("select count(*) from outbox where published_at is null")
            .fetch_one(&pool)
            .await
            .unwrap();
        if left == 0 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the relay was not woken by the commit");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(names(&published(&database).await), ["woken"]);
}
