//! Passwords: hashing with argon2id at OWASP's parameters off the async threads, at most a few
//! at once (each holds ~19 MiB), the rules a new password must meet, and one-time passwords.

use std::{
    collections::HashSet,
    sync::{Arc, LazyLock, OnceLock},
    time::Duration,
};

use argon2::{
    Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version,
    password_hash::{SaltString, rand_core::OsRng},
};
use rand::Rng;
use tokio::sync::Semaphore;

use crate::error::{Error, Result};

/// Shortest password accepted (ASVS 2.1.1).
pub const MIN_LENGTH: usize = 12;
/// Longest password accepted (ASVS 2.1.2 asks for at least 64 allowed).
pub const MAX_LENGTH: usize = 128;
/// How long a password check waits for its turn before it is refused.
const QUEUE_PATIENCE: Duration = Duration::from_secs(2);

/// The most common passwords, lower-cased, most common first (30,000, from zxcvbn 4.4.2's
/// frequency list, MIT licence).
static COMMON: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| include_str!("common_passwords.txt").lines().filter(|line| !line.is_empty()).collect());

fn argon2() -> Argon2<'static> {
    // OWASP: m = 19 MiB, t = 2, p = 1.
    let params = Params::new(19_456, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes and checks passwords, at most `limit` at a time.
#[derive(Clone)]
pub struct Hasher {
    permits: Arc<Semaphore>,
}

impl Hasher {
    /// `limit` checks at once; 0 means one per core.
    pub fn new(limit: usize) -> Self {
        let limit = if limit == 0 { eris_platform::cpu::cores() } else { limit };
        Self { permits: Arc::new(Semaphore::new(limit)) }
    }

    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> anyhow::Result<T> + Send + 'static) -> Result<T> {
        let permit = tokio::time::timeout(QUEUE_PATIENCE, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| Error::Busy)?
            .map_err(|_| Error::Busy)?;
        let result = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|error| eris_platform::Error::Internal(error.into()))?;
        Ok(result.map_err(eris_platform::Error::Internal)?)
    }

    /// Hashes a password (PHC string).
    pub async fn hash(&self, password: String) -> Result<String> {
        self.run(move || {
            let salt = SaltString::generate(&mut OsRng);
            argon2().hash_password(password.as_bytes(), &salt).map(|hash| hash.to_string()).map_err(anyhow::Error::msg)
        })
        .await
    }

    /// Whether the password matches the hash. With no hash (unknown user) it checks a dummy one,
    /// so both cases take the same time.
    pub async fn verify(&self, password: String, hash: Option<String>) -> Result<bool> {
        self.run(move || {
            let known = hash.is_some();
            let hash = hash.unwrap_or_else(|| dummy_hash().to_owned());
            let parsed = PasswordHash::new(&hash).map_err(anyhow::Error::msg)?;
            Ok(argon2().verify_password(password.as_bytes(), &parsed).is_ok() && known)
        })
        .await
    }
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::generate(&mut OsRng);
        argon2().hash_password(b"no user has this password", &salt).expect("hash").to_string()
    })
}

/// Refuses a new password that is too short or too long, or common (ASVS 2.1.1, 2.1.2, 2.1.7),
/// and nothing else: no rules about kinds of characters (ASVS 2.1.9).
pub fn check_new(password: &str) -> Result<()> {
    let length = password.chars().count();
    if length < MIN_LENGTH {
        return Err(Error::PasswordTooShort(MIN_LENGTH));
    }
    if length > MAX_LENGTH {
        return Err(Error::PasswordTooLong(MAX_LENGTH));
    }
    if is_common(password) {
        return Err(Error::PasswordTooCommon);
    }
    Ok(())
}

/// On the list, or a listed password with digits and symbols added at the end (`password2026!`),
/// or one short piece repeated (`abcabcabcabc`).
fn is_common(password: &str) -> bool {
    let lower = password.to_lowercase();
    let stem = lower.trim_end_matches(|c: char| c.is_ascii_digit() || c.is_ascii_punctuation());
    let repeated = (1..=lower.len() / 2).any(|size| {
        lower.len().is_multiple_of(size)
            && lower.is_char_boundary(size)
            && lower.as_bytes().chunks(size).all(|chunk| chunk == &lower.as_bytes()[..size])
    });
    COMMON.contains(lower.as_str()) || (stem.chars().count() >= 4 && COMMON.contains(stem)) || repeated
}

/// How long a one-time password works.
pub const ONE_TIME_VALIDITY: chrono::TimeDelta = chrono::TimeDelta::hours(24);

/// A random one-time password: 16 characters from an alphabet without look-alikes (about 90 bits).
pub fn one_time() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut rng = rand::thread_rng();
    (0..16).map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_passwords_need_length_and_must_not_be_common() {
        assert!(matches!(check_new("short-pw"), Err(Error::PasswordTooShort(MIN_LENGTH))));
        assert!(matches!(check_new(&"x".repeat(MAX_LENGTH + 1)), Err(Error::PasswordTooLong(MAX_LENGTH))));
        for common in ["qwerty123456", "1qaz2wsx3edc", "Password2026!", "iloveyou12345", "abcabcabcabc", "aaaaaaaaaaaa"]
        {
            assert!(matches!(check_new(common), Err(Error::PasswordTooCommon)), "{common}");
        }
        for fine in ["correct horse battery", "tulip-ledger-quarry", "Zq8#mv2!pLr0"] {
            assert!(check_new(fine).is_ok(), "{fine}");
        }
    }

    #[test]
    fn one_time_passwords_are_long_and_differ() {
        let (a, b) = (one_time(), one_time());
        assert_eq!(a.chars().count(), 16);
        assert_ne!(a, b);
    }

    #[tokio::test]
    async fn checks_beyond_the_limit_wait_and_then_are_refused() {
        let hasher = Hasher::new(1);
        let held = hasher.permits.clone().acquire_owned().await.unwrap();
        let refused = hasher.verify("x".into(), None).await;
        assert!(matches!(refused, Err(Error::Busy)));
        drop(held);
        assert!(!hasher.verify("x".into(), None).await.unwrap());
    }
}
