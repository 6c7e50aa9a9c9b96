//! The pool hands out live connections: one that PostgreSQL dropped while it rested is replaced
//! before a call gets it.

use eris_platform::{config::DatabaseArgs, testing::TestDatabase};
use sqlx::Connection;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate::Migrator::DEFAULT;

#[tokio::test]
async fn a_connection_dropped_while_resting_is_replaced_before_use() {
    let database = TestDatabase::new().await;
    let args = DatabaseArgs { max_connections: 1, ..database.args() };
    let pool = eris_platform::db::connect(&args, "pool_test", &MIGRATOR).await.unwrap();
    let first: i32 = sqlx::query_scalar("select pg_backend_pid()").fetch_one(&pool).await.unwrap();

    // PostgreSQL ends the pool's only connection, as a restart or an administrator would.
    let mut admin = sqlx::PgConnection::connect(&database.url()).await.unwrap();
    let ended: bool =
        sqlx::query_scalar("select pg_terminate_backend($1)").bind(first).fetch_one(&mut admin).await.unwrap();
    assert!(ended);
    tokio::time::sleep(eris_platform::db::RESTED + std::time::Duration::from_millis(100)).await;

    let next: i32 = sqlx::query_scalar("select pg_backend_pid()").fetch_one(&pool).await.unwrap();
    assert_ne!(next, first, "the call was answered on a new connection");
}
