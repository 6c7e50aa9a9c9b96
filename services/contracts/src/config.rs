//! Settings of the contracts service.

use std::{net::SocketAddr, path::PathBuf};

use eris_platform::{
    config::Secret,
    service::{Listen, ServiceArgs},
};

/// The contracts service's settings.
#[derive(Debug, Clone, clap::Parser)]
#[command(
    name = "eris-contracts",
    about = "Eris contracts: contracts, contract files, payments, DR payment history and hedges"
)]
pub struct Config {
    /// Address the gRPC server listens on.
    #[arg(long, env = "ERIS_LISTEN", default_value = "127.0.0.1:50053")]
    pub listen: SocketAddr,
    /// The crm service: contracts name its companies and accounts, which are checked there.
    #[arg(long = "crm-url", env = "ERIS_CRM_URL", default_value = "http://127.0.0.1:50052")]
    pub crm_url: String,
    /// The sourcing service: contracts name its utilities and suppliers.
    #[arg(long = "sourcing-url", env = "ERIS_SOURCING_URL", default_value = "http://127.0.0.1:50054")]
    pub sourcing_url: String,
    /// Users who use the Contracts (BETA) screens, as comma-separated user ids (the same list
    /// identity reads to show the tab).
    #[arg(long, env = "ERIS_CONTRACTS_BETA_USER_IDS", value_delimiter = ',')]
    pub contracts_beta_user_ids: Vec<i64>,
    #[command(flatten)]
    pub files: FileArgs,
    #[command(flatten)]
    pub service: ServiceArgs,
}

/// Where contract files are kept and how upload addresses are signed.
#[derive(Debug, Clone, clap::Args)]
pub struct FileArgs {
    /// A local directory for contract files, used unless an S3 bucket is named.
    #[arg(long = "contract-files-dir", env = "ERIS_CONTRACT_FILES_DIR", default_value = "data/contract-files")]
    pub dir: PathBuf,
    /// An S3-compatible bucket for contract files (MinIO in docker-compose); the AWS_* variables
    /// (AWS_ENDPOINT, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_ALLOW_HTTP) say
    /// where and how.
    #[arg(long = "contract-files-bucket", env = "ERIS_CONTRACT_FILES_BUCKET")]
    pub bucket: Option<String>,
    /// The key upload addresses are signed with. Replicas must share it; when unset each
    /// process makes its own at start (fine for one replica: an address lives 10 minutes).
    #[arg(long = "contract-upload-key", env = "ERIS_CONTRACT_UPLOAD_KEY")]
    pub upload_key: Option<Secret>,
}

impl Listen for Config {
    fn listen(&self) -> SocketAddr {
        self.listen
    }
}
