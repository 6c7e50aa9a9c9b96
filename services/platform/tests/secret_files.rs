//! Secrets given as files (`X_FILE`), as the Kubernetes manifests mount them.

use std::{collections::HashMap, ffi::OsString, path::PathBuf, process::Command};

use eris_platform::config::{SecretFileError, load_secret_files, secrets_from_files};

/// A file of its own in the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn with(content: &str) -> Self {
        let path = std::env::temp_dir().join(format!("eris-secret-{}", uuid::Uuid::new_v4().simple()));
        std::fs::write(&path, content).expect("temporary file");
        Self(path)
    }

    fn path(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> {
    let map: HashMap<String, OsString> = pairs.iter().map(|(k, v)| (k.to_string(), OsString::from(v))).collect();
    move |name| map.get(name).cloned()
}

#[test]
fn a_secret_is_the_content_of_the_file_its_file_variable_names_without_trailing_newlines() {
    let database = TempFile::with("postgres://eris_crm:pw@db:5432/eris\n");
    let key = TempFile::with("-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\r\n\n");
    let secrets = secrets_from_files(env(&[
        ("DATABASE_URL_FILE", &database.path()),
        ("ERIS_JWT_PRIVATE_KEY_FILE", &key.path()),
        ("ERIS_SERVICE_SECRET", "given directly"),
    ]))
    .unwrap();
    assert_eq!(
        secrets,
        vec![
            ("DATABASE_URL", "postgres://eris_crm:pw@db:5432/eris".to_owned()),
            ("ERIS_JWT_PRIVATE_KEY", "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----".to_owned()),
        ]
    );
}

#[test]
fn nothing_is_read_when_no_file_variable_is_set() {
    assert!(
        secrets_from_files(env(&[("DATABASE_URL", "postgres://x"), ("ERIS_SERVICE_SECRET_FILE", "")]))
            .unwrap()
            .is_empty()
    );
}

#[test]
fn a_secret_set_both_directly_and_as_a_file_is_refused() {
    let file = TempFile::with("from the file");
    let error = secrets_from_files(env(&[("ERIS_PROXY_SECRET", "direct"), ("ERIS_PROXY_SECRET_FILE", &file.path())]))
        .unwrap_err();
    assert!(matches!(error, SecretFileError::BothSet { variable: "ERIS_PROXY_SECRET" }));
    assert_eq!(error.to_string(), "ERIS_PROXY_SECRET and ERIS_PROXY_SECRET_FILE are both set: set only one of them");
}

#[test]
fn a_missing_file_is_reported_with_its_variable_and_path() {
    let missing = std::env::temp_dir().join("eris-secret-that-does-not-exist");
    let error = secrets_from_files(env(&[("ERIS_CONTRACT_UPLOAD_KEY_FILE", missing.to_str().unwrap())])).unwrap_err();
    let message = error.to_string();
    assert!(
        message.starts_with(&format!("ERIS_CONTRACT_UPLOAD_KEY_FILE: cannot read {}: ", missing.display())),
        "{message}"
    );
}

#[test]
fn an_empty_file_is_refused_rather_than_taken_as_an_empty_secret() {
    let file = TempFile::with("\n");
    let error = secrets_from_files(env(&[("ERIS_SERVICE_SECRET_FILE", &file.path())])).unwrap_err();
    assert_eq!(error.to_string(), format!("ERIS_SERVICE_SECRET_FILE: {} is empty", file.path()));
}

/// The test binary run again as a child: it loads the secret files (starting itself again with
/// the secret in its environment) and prints what it then sees.
#[test]
fn child_prints_the_secret_after_loading_files() {
    if std::env::var_os("ERIS_SECRET_FILES_CHILD").is_none() {
        return;
    }
    load_secret_files().expect("secret files loaded");
    let secret = std::env::var("ERIS_SERVICE_SECRET").unwrap_or_default();
    let file = std::env::var_os("ERIS_SERVICE_SECRET_FILE");
    println!("secret={secret} file_still_set={}", file.is_some());
}

/// Runs [`child_prints_the_secret_after_loading_files`] with `ERIS_SERVICE_SECRET_FILE` naming
/// `path`: whether it succeeded, and what it wrote.
fn run_child(path: &str) -> (bool, String) {
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["child_prints_the_secret_after_loading_files", "--exact", "--nocapture", "--test-threads=1"])
        .env("ERIS_SECRET_FILES_CHILD", "1")
        .env_remove("ERIS_SERVICE_SECRET")
        .env("ERIS_SERVICE_SECRET_FILE", path)
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

#[test]
fn a_process_sees_the_file_s_secret_in_its_environment_after_loading_it() {
    let file = TempFile::with("the-service-secret\n");
    let (succeeded, output) = run_child(&file.path());
    assert!(succeeded, "{output}");
    assert!(output.contains("secret=the-service-secret file_still_set=false"), "{output}");
}

#[test]
fn a_process_whose_secret_file_cannot_be_read_stops_naming_the_variable() {
    let (succeeded, output) = run_child("/nonexistent/eris-secret");
    assert!(!succeeded, "{output}");
    assert!(output.contains("ERIS_SERVICE_SECRET_FILE: cannot read /nonexistent/eris-secret"), "{output}");
}
