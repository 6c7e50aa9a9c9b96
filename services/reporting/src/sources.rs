//! The source services a rebuild reads its snapshots from: their addresses, channels, and the
//! transaction snapshot each was last read at.

use std::collections::HashMap;

use eris_platform::config::{Secret, ServiceSecretArgs};
use eris_platform::local::Channel;
use sqlx::PgConnection;

/// The services a rebuild reads its snapshots from.
#[derive(Debug, Clone, clap::Args)]
pub struct SourceArgs {
    /// The identity service (users).
    #[arg(
        id = "identity_source_url",
        long = "identity-source-url",
        env = "ERIS_IDENTITY_URL",
        default_value = "http://127.0.0.1:50051"
    )]
    pub identity_url: String,
    /// The crm service (companies).
    #[arg(long = "crm-url", env = "ERIS_CRM_URL", default_value = "http://127.0.0.1:50052")]
    pub crm_url: String,
    /// The contracts service (contracts and payments).
    #[arg(long = "contracts-url", env = "ERIS_CONTRACTS_URL", default_value = "http://127.0.0.1:50053")]
    pub contracts_url: String,
    /// The sourcing service (suppliers and utilities).
    #[arg(long = "sourcing-url", env = "ERIS_SOURCING_URL", default_value = "http://127.0.0.1:50054")]
    pub sourcing_url: String,
}

impl Default for SourceArgs {
    /// Each service at its default address.
    fn default() -> Self {
        Self {
            identity_url: "http://127.0.0.1:50051".into(),
            crm_url: "http://127.0.0.1:50052".into(),
            contracts_url: "http://127.0.0.1:50053".into(),
            sourcing_url: "http://127.0.0.1:50054".into(),
        }
    }
}

impl SourceArgs {
    /// Lazily connected channels to each source, with the secret that opens snapshots; an error
    /// when no secret is set.
    pub fn sources(&self, secret: &ServiceSecretArgs) -> anyhow::Result<Sources> {
        let secret = secret.service_secret.clone().ok_or_else(|| anyhow::anyhow!("ERIS_SERVICE_SECRET is not set"))?;
        let channel = |url: &str| -> anyhow::Result<Channel> { Ok(eris_platform::local::channel_to(url)?) };
        Ok(Sources {
            channels: vec![
                ("identity", channel(&self.identity_url)?),
                ("crm", channel(&self.crm_url)?),
                ("contracts", channel(&self.contracts_url)?),
                ("sourcing", channel(&self.sourcing_url)?),
            ],
            secret,
        })
    }
}

/// What a rebuild reads: each source service's channel, and the secret that opens snapshots.
#[derive(Clone)]
pub struct Sources {
    pub channels: Vec<(&'static str, Channel)>,
    pub secret: Secret,
}

/// A source's transaction snapshot, as `pg_snapshot` text (`xmin:xmax:xip,...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceSnapshot {
    xmin: u64,
    xmax: u64,
    in_progress: Vec<u64>,
}

impl SourceSnapshot {
    /// Parses `pg_snapshot` text; none when it is not one.
    pub fn parse(text: &str) -> Option<Self> {
        let mut parts = text.trim().split(':');
        let xmin = parts.next()?.parse().ok()?;
        let xmax = parts.next()?.parse().ok()?;
        let list = parts.next()?;
        if parts.next().is_some() || xmin > xmax {
            return None;
        }
        let in_progress = if list.is_empty() {
            Vec::new()
        } else {
            list.split(',').map(str::parse).collect::<Result<_, _>>().ok()?
        };
        Some(Self { xmin, xmax, in_progress })
    }

    /// Whether the snapshot saw the transaction `txid` (decimal text) committed, as PostgreSQL's
    /// `pg_visible_in_snapshot`. An event without a transaction id (published before they were
    /// recorded) counts as unseen and is applied; versions keep that safe.
    pub fn saw(&self, txid: &str) -> bool {
        let Ok(txid) = txid.parse::<u64>() else { return false };
        txid < self.xmin || (txid < self.xmax && !self.in_progress.contains(&txid))
    }

    /// The snapshot each source was last rebuilt from.
    pub async fn load(conn: &mut PgConnection) -> sqlx::Result<HashMap<String, SourceSnapshot>> {
        let rows: Vec<(String, String)> =
            sqlx::query_as("select service, snapshot from rebuild_position").fetch_all(conn).await?;
        Ok(rows.into_iter().filter_map(|(service, text)| Some((service, Self::parse(&text)?))).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_sees_what_committed_before_it() {
        let snapshot = SourceSnapshot::parse("100:110:102,105").unwrap();
        assert!(snapshot.saw("99"));
        assert!(snapshot.saw("101"));
        assert!(!snapshot.saw("102"), "running when the snapshot was taken");
        assert!(!snapshot.saw("105"));
        assert!(snapshot.saw("109"));
        assert!(!snapshot.saw("110"), "started after the snapshot");
        assert!(!snapshot.saw(""), "no transaction id recorded");
        assert_eq!(SourceSnapshot::parse("7:7:"), Some(SourceSnapshot { xmin: 7, xmax: 7, in_progress: vec![] }));
        for bad in ["", "1:2", "2:1:", "a:2:", "1:2:x", "1:2:3:4"] {
            assert_eq!(SourceSnapshot::parse(bad), None, "{bad}");
        }
    }
}
