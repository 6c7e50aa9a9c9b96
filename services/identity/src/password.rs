//! Password hashing with argon2id at OWASP's parameters, off the async threads.

use std::sync::OnceLock;

use argon2::{
    Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version,
    password_hash::{SaltString, rand_core::OsRng},
};

fn argon2() -> Argon2<'static> {
    // OWASP: m = 19 MiB, t = 2, p = 1.
    let params = Params::new(19_456, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password (PHC string).
pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        argon2().hash_password(password.as_bytes(), &salt).map(|hash| hash.to_string()).map_err(anyhow::Error::msg)
    })
    .await?
}

/// Whether the password matches the hash. With no hash (unknown user) it checks a dummy one, so
/// both cases take the same time.
pub async fn verify(password: String, hash: Option<String>) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || {
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| dummy_hash().to_owned());
        let parsed = PasswordHash::new(&hash).map_err(anyhow::Error::msg)?;
        Ok(argon2().verify_password(password.as_bytes(), &parsed).is_ok() && known)
    })
    .await?
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::generate(&mut OsRng);
        argon2().hash_password(b"no user has this password", &salt).expect("hash").to_string()
    })
}
