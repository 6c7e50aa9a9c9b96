//! Contract files: where they are kept (a local directory or S3-compatible storage, through
//! `object_store`), the short-lived signed tokens upload addresses end with, and the check that a
//! file's content is what its type says.

use std::sync::Arc;

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use chrono::{DateTime, Utc};
use object_store::{ObjectStore, ObjectStoreExt, PutPayload, local::LocalFileSystem, path::Path};
use rand::RngCore;
use ring::hmac;

use crate::{
    config::FileArgs,
    error::{Result, internal, invalid},
};

/// The largest contract file accepted.
pub const MAX_FILE_BYTES: usize = 25 * 1024 * 1024;
/// How long an upload address is accepted.
pub const UPLOAD_LIFETIME: chrono::Duration = chrono::Duration::minutes(10);

pub const PDF: &str = "application/pdf";
pub const XLS: &str = "application/vnd.ms-excel";
pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// The contract file store and the upload key.
#[derive(Clone)]
pub struct Files {
    store: Arc<dyn ObjectStore>,
    key: hmac::Key,
}

impl Files {
    /// The store the settings name: a bucket when one is named, the local directory otherwise.
    pub fn from_args(args: &FileArgs) -> anyhow::Result<Self> {
        let store: Arc<dyn ObjectStore> = match &args.bucket {
            Some(bucket) => {
                // TLS to the store uses ring, as the request signatures do; installing it twice
                // (a second service in one process) is harmless.
                let _ = rustls::crypto::ring::default_provider().install_default();
                Arc::new(
                    object_store::aws::AmazonS3Builder::from_env()
                        .with_bucket_name(bucket)
                        .with_http_connector(object_store::client::ReqwestConnector::default())
                        .build()?,
                )
            }
            None => {
                std::fs::create_dir_all(&args.dir)?;
                Arc::new(LocalFileSystem::new_with_prefix(&args.dir)?)
            }
        };
        let secret = match &args.upload_key {
            Some(key) => key.expose().as_bytes().to_vec(),
            None => {
                let mut bytes = vec![0; 32];
                rand::thread_rng().fill_bytes(&mut bytes);
                bytes
            }
        };
        Ok(Self { store, key: hmac::Key::new(hmac::HMAC_SHA256, &secret) })
    }

    /// A token naming the contract, accepted until `expires`.
    pub fn upload_token(&self, contract_id: i64, expires: DateTime<Utc>) -> String {
        let claim = format!("{contract_id}.{}", expires.timestamp());
        let tag = hmac::sign(&self.key, claim.as_bytes());
        format!("{}.{}", URL_SAFE_NO_PAD.encode(claim), URL_SAFE_NO_PAD.encode(tag.as_ref()))
    }

    /// The contract a token names, if it is ours and not expired at `now`.
    pub fn check_token(&self, token: &str, now: DateTime<Utc>) -> Result<i64> {
        let refused = || invalid("This upload address is not valid or has expired; open the dialog again.");
        let (claim, tag) = token.split_once('.').ok_or_else(refused)?;
        let claim = URL_SAFE_NO_PAD.decode(claim).map_err(|_| refused())?;
        let tag = URL_SAFE_NO_PAD.decode(tag).map_err(|_| refused())?;
        hmac::verify(&self.key, &claim, &tag).map_err(|_| refused())?;
        let claim = String::from_utf8(claim).map_err(|_| refused())?;
        let (contract_id, expires) = claim.split_once('.').ok_or_else(refused)?;
        let expires: i64 = expires.parse().map_err(|_| refused())?;
        if now.timestamp() > expires {
            return Err(refused());
        }
        contract_id.parse().map_err(|_| refused())
    }

    pub async fn put(&self, key: &str, content: Vec<u8>) -> Result<()> {
        self.store.put(&Path::from(key), PutPayload::from(content)).await.map_err(internal)?;
        Ok(())
    }

    pub async fn get(&self, key: &str) -> Result<Vec<u8>> {
        let found = self.store.get(&Path::from(key)).await.map_err(internal)?;
        Ok(found.bytes().await.map_err(internal)?.to_vec())
    }

    /// Removes a file; one already gone is fine.
    pub async fn delete(&self, key: &str) -> Result<()> {
        match self.store.delete(&Path::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(error) => Err(internal(error)),
        }
    }
}

/// The file's type when its content matches the type it claims: a PDF starts with "%PDF-", an
/// .xls is an OLE compound file, an .xlsx a ZIP archive.
pub fn checked_type(claimed: &str, content: &[u8]) -> Result<&'static str> {
    let claimed = claimed.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    let matches = |magic: &[u8]| content.starts_with(magic);
    let kind = match claimed.as_str() {
        PDF if matches(b"%PDF-") => PDF,
        XLS if matches(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) => XLS,
        XLSX if matches(b"PK\x03\x04") => XLSX,
        PDF | XLS | XLSX => return Err(invalid("The file's content is not what its type says.")),
        _ => return Err(invalid("Upload a PDF or Excel file.")),
    };
    if content.len() > MAX_FILE_BYTES {
        return Err(invalid("The file must be at most 25 MB."));
    }
    Ok(kind)
}

/// A file name as stored: the base name only, without control characters, at most 200 characters.
pub fn clean_file_name(name: &str, kind: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = base.chars().filter(|c| !c.is_control()).take(200).collect();
    let cleaned = cleaned.trim();
    if !cleaned.is_empty() {
        return cleaned.to_owned();
    }
    match kind {
        PDF => "contract.pdf".into(),
        XLS => "contract.xls".into(),
        _ => "contract.xlsx".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files() -> Files {
        let dir = std::env::temp_dir().join("eris-contract-files-unit");
        let args = FileArgs { dir, bucket: None, upload_key: Some("k".into()) };
        Files::from_args(&args).unwrap()
    }

    #[test]
    fn a_token_names_its_contract_until_it_expires() {
        let files = files();
        let now = Utc::now();
        let token = files.upload_token(42, now + UPLOAD_LIFETIME);
        assert_eq!(files.check_token(&token, now).unwrap(), 42);
        assert!(files.check_token(&token, now + UPLOAD_LIFETIME + chrono::Duration::seconds(1)).is_err());
    }

    #[test]
    fn a_changed_or_foreign_token_is_refused() {
        let files = files();
        let expires = Utc::now() + UPLOAD_LIFETIME;
        let token = files.upload_token(42, expires);
        let forged = format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(format!("43.{}", expires.timestamp())),
            token.split_once('.').unwrap().1
        );
        assert!(files.check_token(&forged, Utc::now()).is_err());
        let other = Files::from_args(&FileArgs {
            upload_key: Some("other".into()),
            ..FileArgs { dir: std::env::temp_dir(), bucket: None, upload_key: None }
        })
        .unwrap();
        assert!(other.check_token(&token, Utc::now()).is_err());
        for junk in ["", ".", "a.b", "\u{0}"] {
            assert!(files.check_token(junk, Utc::now()).is_err());
        }
    }

    #[test]
    fn content_must_match_the_type_claimed() {
        assert_eq!(checked_type("application/pdf", b"%PDF-1.7 ...").unwrap(), PDF);
        assert_eq!(checked_type(XLSX, b"PK\x03\x04...").unwrap(), XLSX);
        assert_eq!(checked_type(XLS, &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0]).unwrap(), XLS);
        assert!(checked_type(PDF, b"MZ\x90\x00").is_err());
        assert!(checked_type(XLSX, b"%PDF-1.7").is_err());
        assert_eq!(checked_type("text/html", b"<html>").unwrap_err().to_string(), "Upload a PDF or Excel file.");
        let mut big = b"%PDF-".to_vec();
        big.resize(MAX_FILE_BYTES + 1, b' ');
        assert_eq!(checked_type(PDF, &big).unwrap_err().to_string(), "The file must be at most 25 MB.");
    }

    #[test]
    fn file_names_keep_their_base_name_only() {
        assert_eq!(clean_file_name("../../etc/passwd\u{0}.pdf", PDF), "passwd.pdf");
        assert_eq!(clean_file_name("C:\\Users\\me\\Signed contract.pdf", PDF), "Signed contract.pdf");
        assert_eq!(clean_file_name("  ", XLSX), "contract.xlsx");
    }
}
