//! Demo users, one per role (two Sales), made only by the demo seed of `eris-stack --demo`.

use eris_platform::config::DatabaseArgs;

use crate::{db, events::UserEventKind, password};

/// A demo user: name, email, job, role.
pub const DEMO_USERS: &[(&str, &str, &str, &str)] = &[
    ("Dana Whitfield", "management@eris.test", "Managing Director", "Management"),
    ("Priya Natarajan", "admin@eris.test", "Operations Administrator", "Admin"),
    ("Marcus Bell", "sales@eris.test", "Energy Advisor", "Sales"),
    ("Elena Ruiz", "sales2@eris.test", "Energy Advisor", "Sales"),
    ("Sam Okafor", "care@eris.test", "Customer Care Specialist", "Customer Care"),
];

/// Creates the demo users, or makes existing ones active again with the demo password.
pub async fn demo_users(database: &DatabaseArgs, demo_password: &str) -> anyhow::Result<Vec<db::users::UserRow>> {
    let pool = eris_platform::db::connect(database, crate::SCHEMA, &crate::MIGRATOR).await?;
    let hash =
        password::Hasher::new(1).hash(demo_password.to_owned()).await.map_err(|error| anyhow::anyhow!("{error}"))?;
    let mut users = Vec::with_capacity(DEMO_USERS.len());
    let mut tx = pool.begin().await?;
    for (name, email, job, role) in DEMO_USERS {
        let user = db::users::NewUser {
            name,
            email,
            job,
            role,
            password_hash: &hash,
            force_password_reset: false,
            one_time_password_expires_at: None,
        };
        let (row, inserted) = db::users::upsert_demo_user(&mut tx, &user).await?;
        crate::events::record(
            &mut tx,
            if inserted { UserEventKind::Created } else { UserEventKind::Updated },
            None,
            &row,
        )
        .await?;
        users.push(row);
    }
    tx.commit().await?;
    pool.close().await;
    Ok(users)
}
