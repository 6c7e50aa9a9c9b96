//! The PostgreSQL pool of a service: the database is created if missing, the service's schema
//! too, every connection's `search_path` is that schema, and its migrations run at start.

use std::{str::FromStr, time::Duration};

use sqlx::{
    ConnectOptions, Connection, PgConnection, PgPool,
    migrate::Migrator,
    postgres::{PgConnectOptions, PgPoolOptions},
};

use crate::config::DatabaseArgs;

mod front;

pub use front::Db;

/// How long a pooled connection may rest before it is tested again before use.
pub const RESTED: Duration = Duration::from_millis(250);

/// Connects a service to its schema and brings the schema up to date.
pub async fn connect(args: &DatabaseArgs, schema: &'static str, migrator: &Migrator) -> anyhow::Result<PgPool> {
    anyhow::ensure!(
        schema.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
        "schema names are lowercase identifiers"
    );
    let options = PgConnectOptions::from_str(args.database_url.expose())?;
    ensure_database(&options).await?;
    let options = options
        .options([("search_path", schema)])
        .log_slow_statements(tracing::log::LevelFilter::Warn, Duration::from_millis(250));
    let pool = PgPoolOptions::new()
        .max_connections(args.max_connections)
        // While PostgreSQL is down or restarting a call fails within this, not at its deadline.
        .acquire_timeout(Duration::from_secs(3))
        // A connection that has rested is tested before use, so one that a restart or a dropped
        // link broke meanwhile is replaced, not handed to a call. One in steady use is not: sqlx
        // tests every connection as it comes back to the pool anyway, and testing it again before
        // each use was a third round trip for a call that reads one row (about 13% of
        // `getLeadById`'s rate; benchmarks.md).
        .test_before_acquire(false)
        .before_acquire(|connection, meta| {
            Box::pin(async move {
                if meta.idle_for >= RESTED {
                    connection.ping().await?;
                }
                Ok(true)
            })
        })
        .connect_with(options.clone())
        .await?;
    // Replicas of a service (and seeders) may start at once: concurrent `create schema if not exists`
    // can fail on the catalogue's unique index, so the schema is made and migrated under a lock, held
    // on a connection of its own so that a pool of one connection can still run the migrations.
    let mut lock = PgConnection::connect_with(&options).await?;
    sqlx::query("select pg_advisory_lock(hashtext($1))").bind(schema).execute(&mut lock).await?;
    let prepared = prepare_schema(&pool, schema, migrator).await;
    lock.close().await?;
    prepared?;
    Ok(pool)
}

async fn prepare_schema(pool: &PgPool, schema: &str, migrator: &Migrator) -> anyhow::Result<()> {
    sqlx::query(&format!("create schema if not exists {schema}")).execute(pool).await?;
    migrator.run(pool).await?;
    Ok(())
}

/// Creates the database named in the options when it does not exist yet. Several services may
/// start at once, so losing the race to another creator is fine.
pub async fn ensure_database(options: &PgConnectOptions) -> anyhow::Result<()> {
    let name = options.get_database().unwrap_or("postgres").to_owned();
    let mut admin = PgConnection::connect_with(&options.clone().database("postgres")).await?;
    let exists: bool = sqlx::query_scalar("select exists (select 1 from pg_database where datname = $1)")
        .bind(&name)
        .fetch_one(&mut admin)
        .await?;
    if !exists {
        let created =
            sqlx::query(&format!("create database \"{}\"", name.replace('"', "\"\""))).execute(&mut admin).await;
        match created {
            Ok(_) => tracing::info!(database = %name, "created the database"),
            Err(sqlx::Error::Database(error)) if error.code().as_deref() == Some("42P04") => {}
            Err(error) => return Err(error.into()),
        }
    }
    admin.close().await?;
    Ok(())
}

/// Escapes LIKE wildcards so a search for "50%" means the text "50%".
pub fn like_escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}
