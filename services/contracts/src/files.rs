//! Contract files: where they are kept (a local directory or S3-compatible storage, through
//! `object_store`), the short-lived signed tokens upload addresses end with, and the check that a
//! file's content is what its type says.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use bytes::Bytes;
use chrono::{DateTime, Utc};
use futures::stream::BoxStream;
use object_store::{ObjectStore, ObjectStoreExt, local::LocalFileSystem, path::Path};
use rand::RngCore;
use ring::hmac;

use crate::{
    config::FileArgs,
    error::{Result, internal, invalid},
};

/// The largest contract file accepted.
pub const MAX_FILE_BYTES: usize = 25 * 1024 * 1024;
/// Downloads of contract files at once, per user and overall.
pub const DOWNLOADS_PER_USER: usize = 5;
pub const DOWNLOADS_OVERALL: usize = 32;
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

    /// A token naming the contract, accepted until `expires`, with a nonce of its own (the
    /// address works once: the nonce is kept when used).
    pub fn upload_token(&self, contract_id: i64, expires: DateTime<Utc>) -> String {
        let mut nonce = [0u8; 16];
        rand::thread_rng().fill_bytes(&mut nonce);
        let claim = format!("{contract_id}.{}.{}", expires.timestamp(), URL_SAFE_NO_PAD.encode(nonce));
        let tag = hmac::sign(&self.key, claim.as_bytes());
        format!("{}.{}", URL_SAFE_NO_PAD.encode(claim), URL_SAFE_NO_PAD.encode(tag.as_ref()))
    }

    /// The contract a token names and its nonce, if it is ours and not expired at `now`.
    pub fn check_token(&self, token: &str, now: DateTime<Utc>) -> Result<(i64, String)> {
        let refused = || invalid("This upload address is not valid or has expired; open the dialog again.");
        let (claim, tag) = token.split_once('.').ok_or_else(refused)?;
        let claim = URL_SAFE_NO_PAD.decode(claim).map_err(|_| refused())?;
        let tag = URL_SAFE_NO_PAD.decode(tag).map_err(|_| refused())?;
        hmac::verify(&self.key, &claim, &tag).map_err(|_| refused())?;
        let claim = String::from_utf8(claim).map_err(|_| refused())?;
        let mut parts = claim.splitn(3, '.');
        let (Some(contract_id), Some(expires), Some(nonce)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(refused());
        };
        let expires: i64 = expires.parse().map_err(|_| refused())?;
        if now.timestamp() > expires || nonce.is_empty() {
            return Err(refused());
        }
        Ok((contract_id.parse().map_err(|_| refused())?, nonce.to_owned()))
    }

    /// The file's size and its bytes as the store reads them, piece by piece: a download holds
    /// a few pieces, never the whole file.
    pub async fn open(&self, key: &str) -> Result<(u64, BoxStream<'static, object_store::Result<Bytes>>)> {
        let found = self.store.get(&Path::from(key)).await.map_err(internal)?;
        Ok((found.meta.size, found.into_stream()))
    }

    /// Starts writing a file: written in parts as they fill, finished or aborted by the caller.
    pub async fn create(&self, key: &str) -> Result<object_store::WriteMultipart> {
        let upload = self.store.put_multipart(&Path::from(key)).await.map_err(internal)?;
        Ok(object_store::WriteMultipart::new(upload))
    }

    /// Removes a file; one already gone is fine.
    pub async fn delete(&self, key: &str) -> Result<()> {
        match self.store.delete(&Path::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(error) => Err(internal(error)),
        }
    }
}

/// The type a file claims, if it is one a contract keeps.
pub fn claimed_type(claimed: &str) -> Result<&'static str> {
    match claimed.split(';').next().unwrap_or_default().trim().to_ascii_lowercase().as_str() {
        PDF => Ok(PDF),
        XLS => Ok(XLS),
        XLSX => Ok(XLSX),
        _ => Err(invalid("Upload a PDF or Excel file.")),
    }
}

/// Checks a file's content as it comes, piece by piece, keeping only its first bytes and its last
/// KiB: a PDF starts with "%PDF-" and ends with its "%%EOF" marker (in its last KiB), an .xls is
/// an OLE compound file, an .xlsx a ZIP archive; none is larger than 25 MB.
pub struct ContentCheck {
    kind: &'static str,
    head: Vec<u8>,
    tail: Vec<u8>,
    size: usize,
}

impl ContentCheck {
    pub fn new(kind: &'static str) -> Self {
        Self { kind, head: Vec::with_capacity(8), tail: Vec::with_capacity(2048), size: 0 }
    }

    /// Takes the next piece; refuses as soon as the file is too large.
    pub fn feed(&mut self, piece: &[u8]) -> Result<()> {
        self.size += piece.len();
        if self.size > MAX_FILE_BYTES {
            return Err(invalid("The file must be at most 25 MB."));
        }
        let wanted = 8usize.saturating_sub(self.head.len()).min(piece.len());
        self.head.extend_from_slice(&piece[..wanted]);
        self.tail.extend_from_slice(&piece[piece.len().saturating_sub(1024)..]);
        if self.tail.len() > 1024 {
            self.tail.drain(..self.tail.len() - 1024);
        }
        Ok(())
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// The type, once the whole file was fed, when the content is what the type says.
    pub fn finish(&self) -> Result<&'static str> {
        let matches = |magic: &[u8]| self.head.starts_with(magic);
        let whole = match self.kind {
            PDF => matches(b"%PDF-") && self.tail.windows(5).any(|window| window == b"%%EOF"),
            XLS => matches(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]),
            _ => matches(b"PK\x03\x04"),
        };
        if whole { Ok(self.kind) } else { Err(invalid("The file's content is not what its type says.")) }
    }
}

/// The file's type when its content, read whole, matches the type it claims (see `ContentCheck`).
pub fn checked_type(claimed: &str, content: &[u8]) -> Result<&'static str> {
    let mut check = ContentCheck::new(claimed_type(claimed)?);
    check.feed(content)?;
    check.finish()
}

/// The name a contract's file is stored and downloaded under, made by the service (a name a
/// client chose never reaches a download's headers): "Contract 42.pdf".
pub fn file_name(contract_id: i64, kind: &str) -> String {
    let extension = match kind {
        PDF => "pdf",
        XLS => "xls",
        _ => "xlsx",
    };
    format!("Contract {contract_id}.{extension}")
}

/// How many downloads run at once, per user and overall: each holds a few pieces of a file and a
/// connection, and more at once are refused rather than queued.
pub struct DownloadLimits {
    per_user: usize,
    overall: usize,
    running: Mutex<(usize, HashMap<i64, usize>)>,
}

/// A download's place, given back when it ends.
pub struct DownloadSlot {
    limits: Arc<DownloadLimits>,
    user_id: i64,
}

impl DownloadLimits {
    pub fn new(per_user: usize, overall: usize) -> Arc<Self> {
        Arc::new(Self { per_user, overall, running: Mutex::new((0, HashMap::new())) })
    }

    /// A place for one more download of `user_id`, or a refusal when the user or everyone is at
    /// the limit.
    pub fn take(self: &Arc<Self>, user_id: i64) -> Result<DownloadSlot> {
        let mut running = self.running.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (total, users) = &mut *running;
        let mine = users.entry(user_id).or_default();
        if *mine >= self.per_user || *total >= self.overall {
            return Err(eris_platform::Error::ResourceExhausted(
                "Too many files are being downloaded at once; try again when one has finished.".into(),
            )
            .into());
        }
        *mine += 1;
        *total += 1;
        Ok(DownloadSlot { limits: self.clone(), user_id })
    }
}

impl Drop for DownloadSlot {
    fn drop(&mut self) {
        let mut running = self.limits.running.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (total, users) = &mut *running;
        *total = total.saturating_sub(1);
        if let Some(mine) = users.get_mut(&self.user_id) {
            *mine = mine.saturating_sub(1);
            if *mine == 0 {
                users.remove(&self.user_id);
            }
        }
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
        let (contract_id, nonce) = files.check_token(&token, now).unwrap();
        assert_eq!(contract_id, 42);
        let again = files.upload_token(42, now + UPLOAD_LIFETIME);
        assert_ne!(files.check_token(&again, now).unwrap().1, nonce, "each address has its own nonce");
        assert!(files.check_token(&token, now + UPLOAD_LIFETIME + chrono::Duration::seconds(1)).is_err());
    }

    #[test]
    fn a_changed_or_foreign_token_is_refused() {
        let files = files();
        let expires = Utc::now() + UPLOAD_LIFETIME;
        let token = files.upload_token(42, expires);
        let forged = format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(format!("43.{}.AAAA", expires.timestamp())),
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
        assert_eq!(checked_type("application/pdf", b"%PDF-1.7 ...\n%%EOF\n").unwrap(), PDF);
        assert!(checked_type(PDF, b"%PDF-1.7 <html><script>").is_err(), "no end marker: not a whole PDF");
        assert_eq!(checked_type(XLSX, b"PK\x03\x04...").unwrap(), XLSX);
        assert_eq!(checked_type(XLS, &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0]).unwrap(), XLS);
        assert!(checked_type(PDF, b"MZ\x90\x00").is_err());
        assert!(checked_type(XLSX, b"%PDF-1.7").is_err());
        assert_eq!(checked_type("text/html", b"<html>").unwrap_err().to_string(), "Upload a PDF or Excel file.");
        let mut big = b"%PDF-".to_vec();
        big.resize(MAX_FILE_BYTES + 1, b' ');
        big.extend_from_slice(b"%%EOF");
        assert_eq!(checked_type(PDF, &big).unwrap_err().to_string(), "The file must be at most 25 MB.");
    }

    #[test]
    fn file_names_are_made_by_the_service() {
        assert_eq!(file_name(42, PDF), "Contract 42.pdf");
        assert_eq!(file_name(7, XLSX), "Contract 7.xlsx");
    }

    #[test]
    fn downloads_are_limited_per_user_and_overall_and_given_back() {
        let limits = DownloadLimits::new(2, 3);
        let a = limits.take(1).unwrap();
        let b = limits.take(1).unwrap();
        assert!(limits.take(1).is_err(), "a user's third at once");
        let c = limits.take(2).unwrap();
        assert!(limits.take(3).is_err(), "everyone's fourth at once");
        drop(a);
        assert!(limits.take(1).is_ok());
        drop((b, c));
    }
}
