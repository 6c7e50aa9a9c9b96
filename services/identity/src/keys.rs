//! The Ed25519 key that signs tokens, and token issuing.

use base64::{Engine, engine::general_purpose::STANDARD};
use eris_platform::auth::{Claims, ISSUER, role_name};
use eris_platform::db::Db;
use eris_proto::identity::v1::Role;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use ring::signature::{Ed25519KeyPair, KeyPair};

use crate::db;

/// The DER prefix of an Ed25519 SubjectPublicKeyInfo; the 32 key bytes follow it.
const ED25519_SPKI_PREFIX: [u8; 12] = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];

/// Signs tokens; knows its public half.
pub struct SigningKey {
    encoding: EncodingKey,
    public_key_pem: String,
}

/// A token and when it expires.
pub struct IssuedToken {
    pub token: String,
    pub expires_at: i64,
}

/// Who a token is for.
pub struct Subject<'a> {
    pub user_id: i64,
    pub name: &'a str,
    pub role: Role,
    pub force_password_reset: bool,
    /// The user's token generation now.
    pub generation: i64,
}

impl SigningKey {
    /// The configured key, else the one kept in the database, else a new one stored there.
    pub async fn load(configured: Option<&str>, pool: &Db) -> anyhow::Result<Self> {
        let pem = match configured {
            Some(pem) => pem.to_owned(),
            None => match db::keys::select_signing_key(pool).await? {
                Some(pem) => pem,
                None => {
                    let generated = generate_pem()?;
                    // Another replica may have stored one first; everyone uses whichever won.
                    db::keys::insert_signing_key(pool, "EdDSA", &generated).await?;
                    db::keys::select_signing_key(pool).await?.unwrap_or(generated)
                }
            },
        };
        Self::from_private_pem(&pem)
    }

    /// A key from PKCS#8 PEM.
    pub fn from_private_pem(pem: &str) -> anyhow::Result<Self> {
        let der = pem_body(pem, "PRIVATE KEY")?;
        let pair = Ed25519KeyPair::from_pkcs8_maybe_unchecked(&der)
            .map_err(|_| anyhow::anyhow!("the signing key is not an Ed25519 PKCS#8 key"))?;
        let mut spki = ED25519_SPKI_PREFIX.to_vec();
        spki.extend_from_slice(pair.public_key().as_ref());
        Ok(Self { encoding: EncodingKey::from_ed_der(&der), public_key_pem: to_pem("PUBLIC KEY", &spki) })
    }

    /// The public key as PEM (SubjectPublicKeyInfo), for every verifier.
    pub fn public_key_pem(&self) -> &str {
        &self.public_key_pem
    }

    /// Signs a token for the subject, valid for `ttl_seconds`.
    pub fn issue(&self, subject: &Subject<'_>, ttl_seconds: i64) -> anyhow::Result<IssuedToken> {
        let now = eris_platform::auth::now_ms() / 1000;
        let claims = Claims {
            sub: subject.user_id.to_string(),
            name: subject.name.to_owned(),
            role: role_name(subject.role).to_owned(),
            pwd_reset: subject.force_password_reset,
            jti: uuid::Uuid::new_v4().to_string(),
            generation: subject.generation,
            iss: ISSUER.to_owned(),
            iat: now,
            exp: now + ttl_seconds,
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::EdDSA), &claims, &self.encoding)?;
        Ok(IssuedToken { token, expires_at: claims.exp })
    }
}

fn generate_pem() -> anyhow::Result<String> {
    let pkcs8 = Ed25519KeyPair::generate_pkcs8(&ring::rand::SystemRandom::new())
        .map_err(|_| anyhow::anyhow!("could not generate a signing key"))?;
    Ok(to_pem("PRIVATE KEY", pkcs8.as_ref()))
}

fn to_pem(label: &str, der: &[u8]) -> String {
    let body = STANDARD.encode(der);
    let lines: Vec<&str> =
        body.as_bytes().chunks(64).map(|c| std::str::from_utf8(c).expect("base64 is ascii")).collect();
    format!("-----BEGIN {label}-----\n{}\n-----END {label}-----\n", lines.join("\n"))
}

fn pem_body(pem: &str, label: &str) -> anyhow::Result<Vec<u8>> {
    let begin = format!("-----BEGIN {label}-----");
    let end = format!("-----END {label}-----");
    let start = pem.find(&begin).ok_or_else(|| anyhow::anyhow!("not a PEM {label}"))? + begin.len();
    let stop = pem[start..].find(&end).ok_or_else(|| anyhow::anyhow!("not a PEM {label}"))? + start;
    let body: String = pem[start..stop].split_whitespace().collect();
    Ok(STANDARD.decode(body)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_key_round_trips_through_pem_and_verifies_its_own_tokens() {
        let key = SigningKey::from_private_pem(&generate_pem().unwrap()).unwrap();
        let subject =
            Subject { user_id: 7, name: "Dana", role: Role::Sales, force_password_reset: false, generation: 3 };
        let issued = key.issue(&subject, 60).unwrap();
        let decoding = jsonwebtoken::DecodingKey::from_ed_pem(key.public_key_pem().as_bytes()).unwrap();
        let mut validation = jsonwebtoken::Validation::new(Algorithm::EdDSA);
        validation.set_issuer(&[ISSUER]);
        let claims = jsonwebtoken::decode::<Claims>(&issued.token, &decoding, &validation).unwrap().claims;
        assert_eq!(claims.sub, "7");
        assert_eq!(claims.role, "Sales");
        assert_eq!(claims.generation, 3);
    }

    #[test]
    fn a_token_signed_by_another_key_is_refused() {
        let ours = SigningKey::from_private_pem(&generate_pem().unwrap()).unwrap();
        let theirs = SigningKey::from_private_pem(&generate_pem().unwrap()).unwrap();
        let subject =
            Subject { user_id: 1, name: "X", role: Role::Management, force_password_reset: false, generation: 3 };
        let forged = theirs.issue(&subject, 60).unwrap();
        let decoding = jsonwebtoken::DecodingKey::from_ed_pem(ours.public_key_pem().as_bytes()).unwrap();
        let validation = jsonwebtoken::Validation::new(Algorithm::EdDSA);
        assert!(jsonwebtoken::decode::<Claims>(&forged.token, &decoding, &validation).is_err());
    }
}
