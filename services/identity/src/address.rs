//! The client address of a call: a trusted proxy's word for it, else the peer's own.

use std::{net::IpAddr, str::FromStr};

/// An address or a CIDR range, e.g. `10.0.0.0/8` or `::1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network {
    address: IpAddr,
    prefix: u8,
}

impl FromStr for Network {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (address, prefix) = text.trim().split_once('/').map_or((text.trim(), None), |(a, p)| (a, Some(p)));
        let address: IpAddr = address.parse().map_err(|_| format!("{text:?} is not an address or CIDR range"))?;
        let bits = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => bits,
            Some(prefix) => {
                prefix.parse().ok().filter(|p| *p <= bits).ok_or_else(|| format!("bad prefix in {text:?}"))?
            }
        };
        Ok(Self { address, prefix })
    }
}

impl Network {
    /// Whether the address is in this network.
    pub fn contains(&self, address: IpAddr) -> bool {
        let address = canonical(address);
        match (canonical(self.address), address) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                masked(u128::from(u32::from(net)), u128::from(u32::from(ip)), 32, self.prefix)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => masked(u128::from(net), u128::from(ip), 128, self.prefix),
            _ => false,
        }
    }
}

fn masked(net: u128, ip: u128, bits: u8, prefix: u8) -> bool {
    let shift = u32::from(bits - prefix.min(bits));
    net.checked_shr(shift).unwrap_or(0) == ip.checked_shr(shift).unwrap_or(0)
}

/// IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`) as the IPv4 address they are.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        v4 => v4,
    }
}

/// Who may name the client of a call: proxies at these addresses, and when a secret is set,
/// only those that send it too.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies {
    pub networks: Vec<Network>,
    pub secret: Option<String>,
}

impl TrustedProxies {
    fn vouches_for<T>(&self, request: &tonic::Request<T>, peer: IpAddr) -> bool {
        let sent = request.metadata().get(eris_platform::auth::PROXY_SECRET_HEADER).map(|value| value.as_bytes());
        let secret_holds = match (&self.secret, sent) {
            (None, _) => true,
            (Some(secret), Some(sent)) => eris_platform::auth::same_bytes(secret.as_bytes(), sent),
            (Some(_), None) => false,
        };
        secret_holds && self.networks.iter().any(|network| network.contains(peer))
    }
}

/// The client's address: the first X-Forwarded-For entry when the peer is a trusted proxy,
/// otherwise the peer's own address.
pub fn client_address<T>(request: &tonic::Request<T>, trusted: &TrustedProxies) -> Option<String> {
    let peer = request.remote_addr().map(|address| canonical(address.ip()));
    let forwarded = || {
        let value = request.metadata().get("x-forwarded-for")?.to_str().ok()?;
        let first = value.split(',').next()?.trim();
        first.parse::<IpAddr>().ok().map(|address| canonical(address).to_string())
    };
    match peer {
        Some(peer) if trusted.vouches_for(request, peer) => forwarded().or(Some(peer.to_string())),
        Some(peer) => Some(peer.to_string()),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(peer: &str, forwarded: Option<&str>) -> tonic::Request<()> {
        let mut request = tonic::Request::new(());
        request.extensions_mut().insert(tonic::transport::server::TcpConnectInfo {
            local_addr: None,
            remote_addr: Some(peer.parse().unwrap()),
        });
        if let Some(forwarded) = forwarded {
            request.metadata_mut().insert("x-forwarded-for", forwarded.parse().unwrap());
        }
        request
    }

    #[test]
    fn networks_hold_their_addresses() {
        let net: Network = "10.1.0.0/16".parse().unwrap();
        assert!(net.contains("10.1.200.3".parse().unwrap()));
        assert!(!net.contains("10.2.0.1".parse().unwrap()));
        assert!(net.contains("::ffff:10.1.0.9".parse().unwrap()));
        let one: Network = "::1".parse().unwrap();
        assert!(one.contains("::1".parse().unwrap()));
        assert!(!one.contains("::2".parse().unwrap()));
        assert!("0.0.0.0/0".parse::<Network>().unwrap().contains("8.8.8.8".parse().unwrap()));
        for bad in ["10.0.0.0/33", "gateway", "1.2.3.4/x", ""] {
            assert!(bad.parse::<Network>().is_err(), "{bad}");
        }
    }

    #[test]
    fn only_a_trusted_proxy_names_the_client() {
        let trusted = TrustedProxies { networks: vec!["127.0.0.1".parse().unwrap()], secret: None };
        let via_gateway = request("127.0.0.1:4000", Some("203.0.113.9, 10.0.0.1"));
        assert_eq!(client_address(&via_gateway, &trusted).as_deref(), Some("203.0.113.9"));
        let direct = request("198.51.100.7:4000", Some("203.0.113.9"));
        assert_eq!(client_address(&direct, &trusted).as_deref(), Some("198.51.100.7"));
        let garbage = request("127.0.0.1:4000", Some("not-an-address"));
        assert_eq!(client_address(&garbage, &trusted).as_deref(), Some("127.0.0.1"));
        assert_eq!(client_address(&via_gateway, &TrustedProxies::default()).as_deref(), Some("127.0.0.1"));
    }

    #[test]
    fn with_a_secret_only_the_proxy_that_sends_it_names_the_client() {
        let trusted =
            TrustedProxies { networks: vec!["127.0.0.1".parse().unwrap()], secret: Some("s3cret-value".into()) };
        let forged = request("127.0.0.1:4000", Some("203.0.113.9"));
        assert_eq!(client_address(&forged, &trusted).as_deref(), Some("127.0.0.1"));
        let mut gateway = request("127.0.0.1:4000", Some("203.0.113.9"));
        gateway.metadata_mut().insert(eris_platform::auth::PROXY_SECRET_HEADER, "s3cret-value".parse().unwrap());
        assert_eq!(client_address(&gateway, &trusted).as_deref(), Some("203.0.113.9"));
        let mut wrong = request("127.0.0.1:4000", Some("203.0.113.9"));
        wrong.metadata_mut().insert(eris_platform::auth::PROXY_SECRET_HEADER, "guess".parse().unwrap());
        assert_eq!(client_address(&wrong, &trusted).as_deref(), Some("127.0.0.1"));
    }
}
