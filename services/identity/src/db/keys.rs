use eris_platform::db::Db;

#[tracing::instrument(skip_all)]
pub async fn select_signing_key(pool: &Db) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("select private_key_pem from signing_key where signing_key_id = 1").fetch_optional(pool).await
}

#[tracing::instrument(skip_all)]
pub async fn insert_signing_key(pool: &Db, algorithm: &str, private_key_pem: &str) -> sqlx::Result<()> {
    sqlx::query("insert into signing_key (algorithm, private_key_pem) values ($1, $2) on conflict do nothing")
        .bind(algorithm)
        .bind(private_key_pem)
        .execute(pool)
        .await?;
    Ok(())
}
