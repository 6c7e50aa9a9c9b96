//! The pool hands out live connections: one that PostgreSQL dropped while it rested is replaced
//! before a call gets it. A service's `Db` keeps the connections of statements that ran to their
//! end in front of the pool, and gives back through the pool every other.

use std::time::Duration;

use eris_platform::{config::DatabaseArgs, db::Db, testing::TestDatabase};
use sqlx::Connection;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate::Migrator::DEFAULT;

#[tokio::test]
async fn a_connection_dropped_while_resting_is_replaced_before_use() {
    let database = TestDatabase::new().await;
    let args = DatabaseArgs { max_connections: 1, ..database.args() };
    let pool = eris_platform::db::connect(&args, "pool_test", &MIGRATOR).await.unwrap();
    let first: i32 = sqlx::query_scalar("select pg_backend_pid()").fetch_one(&pool).await.unwrap();

    // PostgreSQL ends the pool's only connection, as a restart or an administrator would.
    end_backend(&database, first).await;
    tokio::time::sleep(eris_platform::db::RESTED + Duration::from_millis(100)).await;

    let next: i32 = sqlx::query_scalar("select pg_backend_pid()").fetch_one(&pool).await.unwrap();
    assert_ne!(next, first, "the call was answered on a new connection");
}

/// A service's `Db` over a pool of at most `connections`, in a fresh database.
async fn db(database: &TestDatabase, connections: u32) -> Db {
    let args = DatabaseArgs { max_connections: connections, ..database.args() };
    Db::new(eris_platform::db::connect(&args, "pool_test", &MIGRATOR).await.unwrap())
}

/// Ends a server process as a restart or an administrator would, and waits until it has ended.
async fn end_backend(database: &TestDatabase, pid: i32) {
    let mut admin = sqlx::PgConnection::connect(&database.url()).await.unwrap();
    let ended: bool =
        sqlx::query_scalar("select pg_terminate_backend($1, 5000)").bind(pid).fetch_one(&mut admin).await.unwrap();
    assert!(ended);
}

async fn backend(db: &Db) -> i32 {
    sqlx::query_scalar("select pg_backend_pid()").fetch_one(db).await.unwrap()
}

#[tokio::test]
async fn a_statement_that_ran_to_its_end_keeps_its_connection_for_the_next() {
    let database = TestDatabase::new().await;
    let db = db(&database, 5).await;
    let first = backend(&db).await;
    assert_eq!(db.kept(), 1, "the connection is kept in front of the pool");
    assert_eq!(backend(&db).await, first, "the next statement runs on it");
    let rows: Vec<i32> = sqlx::query_scalar("select generate_series(1, 3)").fetch_all(&db).await.unwrap();
    assert_eq!(rows, [1, 2, 3]);
    assert_eq!(db.kept(), 1, "a statement read row by row keeps it too");
}

#[tokio::test]
async fn a_cancelled_statement_gives_its_connection_back_through_the_pool() {
    let database = TestDatabase::new().await;
    let db = db(&database, 1).await;
    backend(&db).await;
    let sleep = sqlx::query("select pg_sleep(0.5)").execute(&db);
    assert!(tokio::time::timeout(Duration::from_millis(100), sleep).await.is_err());
    assert_eq!(db.kept(), 0, "a connection with a statement in flight is not kept");
    // The pool's test on return waits for the statement's end, so the connection is either the
    // same one, ready, or a new one: either way the next statement is answered.
    assert!(backend(&db).await > 0);
}

#[tokio::test]
async fn a_dropped_transaction_releases_its_locks_without_a_further_statement() {
    let database = TestDatabase::new().await;
    let db = db(&database, 5).await;
    sqlx::query("create table pool_test.locked (id int primary key)").execute(&db).await.unwrap();
    sqlx::query("insert into pool_test.locked values (1)").execute(&db).await.unwrap();
    assert_eq!(db.kept(), 1);

    let mut transaction = db.begin().await.unwrap();
    assert_eq!(db.kept(), 0, "the transaction began on the kept connection");
    sqlx::query("select id from pool_test.locked where id = 1 for update").execute(&mut *transaction).await.unwrap();
    drop(transaction);

    // Nothing else uses `db`: the ROLLBACK must reach PostgreSQL on the connection's way back.
    let mut other = sqlx::PgConnection::connect(&database.url()).await.unwrap();
    sqlx::query("set lock_timeout = '2s'").execute(&mut other).await.unwrap();
    let locked: i32 = sqlx::query_scalar("select id from pool_test.locked where id = 1 for update")
        .fetch_one(&mut other)
        .await
        .expect("the dropped transaction's lock is released");
    assert_eq!(locked, 1);
    assert_eq!(db.kept(), 0, "a transaction's connection goes back through the pool");
}

#[tokio::test]
async fn kept_connections_go_back_to_the_pool_once_rested() {
    let database = TestDatabase::new().await;
    let db = db(&database, 1).await;
    backend(&db).await;
    assert_eq!(db.kept(), 1);
    tokio::time::sleep(eris_platform::db::RESTED * 2 + Duration::from_millis(100)).await;
    assert_eq!(db.kept(), 0, "an idle service holds no connection out of its pool");
    // The pool's only connection is free for its own callers.
    let mut connection = tokio::time::timeout(Duration::from_millis(500), db.pool().acquire()).await.unwrap().unwrap();
    sqlx::query("select 1").execute(&mut *connection).await.unwrap();
}

#[tokio::test]
async fn callers_waiting_in_the_pool_are_served_in_turn() {
    let database = TestDatabase::new().await;
    let db = db(&database, 1).await;
    // Twenty statements at once on one connection: each waits in the pool for the one before.
    // Were the connection kept instead of handed to the next waiter, each would wait for it to
    // rest, and the last would pass the pool's 3 s acquire timeout.
    let statements: Vec<_> = (0..20)
        .map(|_| {
            let db = db.clone();
            tokio::spawn(async move { sqlx::query("select pg_sleep(0.02)").execute(&db).await.map(|_| ()) })
        })
        .collect();
    for statement in statements {
        statement.await.unwrap().expect("every waiting statement is answered");
    }
}

#[tokio::test]
async fn a_kept_connection_that_postgres_ended_is_replaced() {
    let database = TestDatabase::new().await;
    let db = db(&database, 1).await;
    let first = backend(&db).await;
    let mut admin = sqlx::PgConnection::connect(&database.url()).await.unwrap();
    let ended: bool =
        sqlx::query_scalar("select pg_terminate_backend($1, 5000)").bind(first).fetch_one(&mut admin).await.unwrap();
    assert!(ended);
    // The statement that meets the ended connection fails, as one would on a pooled connection
    // used within its rest; it is not kept, and the next runs on a new connection.
    let failed = sqlx::query_scalar::<_, i32>("select pg_backend_pid()").fetch_one(&db).await;
    assert!(failed.is_err());
    assert_eq!(db.kept(), 0);
    let next = backend(&db).await;
    assert_ne!(next, first);
}

/// Thirty-two callers each reading one row at a time until `until`; each answers how many reads
/// it made, or the first that failed.
fn readers(
    db: &Db,
    until: std::time::Instant,
) -> impl Iterator<Item = tokio::task::JoinHandle<Result<usize, String>>> + use<> {
    let db = db.clone();
    (0..32).map(move |_| {
        let db = db.clone();
        tokio::spawn(async move {
            let mut answered = 0;
            while std::time::Instant::now() < until {
                sqlx::query("select 1").execute(&db).await.map_err(|e| format!("a read: {e}"))?;
                answered += 1;
            }
            Ok(answered)
        })
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_pool_answers_every_caller_while_reads_and_transactions_crowd_it() {
    let database = TestDatabase::new().await;
    let db = db(&database, 3).await;
    let until = std::time::Instant::now() + Duration::from_secs(5);
    // Thirty-two callers reading one row at a time, and four transactions that each hold their
    // connection a while, as getLeadById beside company searches does.
    let readers = readers(&db, until);
    let writers = (0..4).map(|_| {
        let db = db.clone();
        tokio::spawn(async move {
            let mut answered = 0;
            while std::time::Instant::now() < until {
                let mut transaction = db.begin().await.map_err(|e| format!("a transaction: {e}"))?;
                sqlx::query("select pg_sleep(0.01)").execute(&mut *transaction).await.map_err(|e| e.to_string())?;
                transaction.commit().await.map_err(|e| e.to_string())?;
                answered += 1;
            }
            Ok::<_, String>(answered)
        })
    });
    let callers: Vec<_> = readers.chain(writers).collect();
    for caller in callers {
        let answered = caller.await.unwrap().expect("every call is answered within the pool's acquire timeout");
        assert!(answered > 0, "every caller is served in turn");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pools_own_callers_are_served_while_statements_keep_every_connection_busy() {
    let database = TestDatabase::new().await;
    let db = db(&database, 3).await;
    let until = std::time::Instant::now() + Duration::from_secs(4);
    // Thirty-two callers reading one row at a time: there is always a statement waiting for the
    // next connection a statement hands back.
    let readers: Vec<_> = readers(&db, until).collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    // What asks the pool itself (the outbox relay, the health check, snapshots) gets a connection
    // in turn, not once the statements stop.
    for _ in 0..5 {
        let asked = std::time::Instant::now();
        let mut connection = tokio::time::timeout(Duration::from_secs(1), db.pool().acquire())
            .await
            .expect("a caller of the pool itself is served within a second")
            .expect("a caller of the pool itself gets a connection");
        sqlx::query("select 1").execute(&mut *connection).await.unwrap();
        assert!(asked.elapsed() < Duration::from_secs(1));
    }
    for reader in readers {
        reader.await.unwrap().expect("every read is answered");
    }
}
