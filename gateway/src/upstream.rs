//! The services behind the gateway: one lazily connected channel each, so a service that is
//! down fails its own calls fast while everything else keeps working.

use std::time::Duration;

use eris_platform::local::Channel;
use tonic::transport::Endpoint;

use crate::config::{Config, UpstreamArgs};

/// One service: its area (the `<area>` of `eris.<area>.v1`) and its channel.
#[derive(Clone)]
pub struct Upstream {
    pub area: &'static str,
    pub channel: Channel,
}

/// Every service, by area.
#[derive(Clone)]
pub struct Upstreams {
    all: Vec<Upstream>,
}

impl Upstreams {
    pub fn new(config: &Config) -> anyhow::Result<Self> {
        let UpstreamArgs { crm_url, contracts_url, sourcing_url, reporting_url, timeout_seconds } = &config.upstreams;
        let timeout = Duration::from_secs(*timeout_seconds);
        let areas = [
            ("identity", &config.token.identity_url),
            ("crm", crm_url),
            ("contracts", contracts_url),
            ("sourcing", sourcing_url),
            ("reporting", reporting_url),
        ];
        let all = areas
            .into_iter()
            .map(|(area, url)| {
                // Direct to a service in this process (eris-stack), TCP to one elsewhere.
                let endpoint = Endpoint::from_shared(url.clone())?.connect_timeout(Duration::from_secs(1));
                let channel = eris_platform::local::channel(endpoint, Some(timeout));
                Ok(Upstream { area, channel })
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Self { all })
    }

    /// Every service.
    pub fn all(&self) -> &[Upstream] {
        &self.all
    }

    /// The service of an area.
    pub fn area(&self, area: &str) -> Option<&Upstream> {
        self.all.iter().find(|upstream| upstream.area == area)
    }

    /// The channel to the service of an area (every area is configured, see `new`).
    pub fn channel(&self, area: &str) -> Channel {
        self.area(area).unwrap_or_else(|| panic!("the {area} service is configured")).channel.clone()
    }

    /// The identity service's channel.
    pub fn identity(&self) -> Channel {
        self.channel("identity")
    }

    /// The service a gRPC path (`/eris.<area>.v1.<Service>/<Method>`) belongs to.
    pub fn for_path(&self, path: &str) -> Option<&Upstream> {
        let package = path.strip_prefix("/eris.")?;
        let (area, rest) = package.split_once('.')?;
        rest.starts_with("v1.").then_some(())?;
        self.area(area)
    }
}

/// The message for calls to a service that cannot be reached.
pub fn unavailable_message(area: &str) -> String {
    format!("The {area} service is unavailable. Please try again shortly.")
}
