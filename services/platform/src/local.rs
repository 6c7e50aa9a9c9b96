//! The in-process transport. When a caller and the service it calls share a process (`eris-stack`,
//! the embedded default), a call is handed straight to the service's own stack (its tracing,
//! token checks and routes): no sockets, no HTTP/2 framing and no connection tasks between the
//! two, only the gRPC message encoded and decoded as on the wire. A service in another process is
//! reached over TCP as before.
//!
//! The choice is made per call by the address, so every channel is built the same way
//! ([`channel`]): a service serving in this process registers its port ([`register`]), and a
//! call to a loopback address with a registered port goes to it directly. Deployed services
//! register only in their own process, so their callers keep using TCP.

use std::{
    collections::HashMap,
    convert::Infallible,
    net::SocketAddr,
    panic::AssertUnwindSafe,
    sync::{
        LazyLock, RwLock,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    task::{Context, Poll},
    time::Duration,
};

use futures::{FutureExt, TryFutureExt, future::BoxFuture};
use tonic::{Status, TimeoutExpired, body::Body, transport::Endpoint};
use tower::{BoxError, Service, ServiceExt, util::BoxCloneSyncService};

/// A service's whole stack as a call in this process reaches it.
pub type LocalService = BoxCloneSyncService<http::Request<Body>, http::Response<Body>, Infallible>;

/// Whether services register for in-process callers (on unless switched off at start-up).
static ENABLED: AtomicBool = AtomicBool::new(true);

/// The services serving in this process, by port, each with its registration's number.
static SERVERS: LazyLock<RwLock<HashMap<u16, (u64, LocalService)>>> = LazyLock::new(Default::default);

/// Numbers registrations, so that an old one dropped late leaves a newer one on its port alone.
static REGISTRATIONS: AtomicU64 = AtomicU64::new(0);

/// Switches the in-process transport on or off for services started from now on (off: every
/// call goes over loopback TCP, as between processes).
pub fn set_enabled(enabled: bool) {
    ENABLED.store(enabled, Ordering::Relaxed);
}

/// A service's registration for in-process callers; dropped when it stops serving, so calls to
/// its port go over TCP again (and find whatever listens there then).
pub struct Registration {
    port: u16,
    number: u64,
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut servers = SERVERS.write().expect("the in-process registry");
        // Unless a service started on the same port since has registered in its place.
        if servers.get(&self.port).is_some_and(|(number, _)| *number == self.number) {
            servers.remove(&self.port);
        }
    }
}

/// Registers `service`, serving on `address`, for callers in this process (unless the in-process
/// transport is off or the address cannot be reached from here as loopback). Keep the
/// registration while serving.
pub fn register(address: SocketAddr, service: LocalService) -> Option<Registration> {
    let reachable = address.ip().is_loopback() || address.ip().is_unspecified();
    if !ENABLED.load(Ordering::Relaxed) || !reachable {
        return None;
    }
    let number = REGISTRATIONS.fetch_add(1, Ordering::Relaxed);
    SERVERS.write().expect("the in-process registry").insert(address.port(), (number, service));
    Some(Registration { port: address.port(), number })
}

/// The service registered on `port`, if one serves there in this process.
fn served(port: u16) -> Option<LocalService> {
    SERVERS.read().expect("the in-process registry").get(&port).map(|(_, service)| service.clone())
}

/// A channel to a service: each call goes directly to the service when it serves in this
/// process, over a lazily connected TCP connection (with TCP_NODELAY) otherwise.
pub struct Channel {
    /// The port, when the address is loopback and so may be served in this process.
    port: Option<u16>,
    tcp: tonic::transport::Channel,
    /// How long a call may take until its answer starts (the TCP channel has the same).
    timeout: Option<Duration>,
    /// The service in this process that the next call goes to, chosen when it was made ready.
    ready: Option<LocalService>,
}

impl Clone for Channel {
    fn clone(&self) -> Self {
        Self { port: self.port, tcp: self.tcp.clone(), timeout: self.timeout, ready: None }
    }
}

impl From<tonic::transport::Channel> for Channel {
    /// A channel that always goes over the network.
    fn from(tcp: tonic::transport::Channel) -> Self {
        Self { port: None, tcp, timeout: None, ready: None }
    }
}

/// A channel to `endpoint`; a call whose answer has not started within `timeout` fails with
/// tonic's `TimeoutExpired`, whichever way it went.
pub fn channel(endpoint: Endpoint, timeout: Option<Duration>) -> Channel {
    let uri = endpoint.uri();
    let loopback =
        uri.host().is_some_and(|host| matches!(host, "localhost" | "[::1]" | "::1") || host.starts_with("127."));
    let port = loopback.then(|| uri.port_u16().unwrap_or(80));
    let endpoint = match timeout {
        Some(timeout) => endpoint.timeout(timeout),
        None => endpoint,
    };
    Channel { port, tcp: endpoint.tcp_nodelay(true).connect_lazy(), timeout, ready: None }
}

/// A channel to a service's URL, without a timeout; see [`channel`].
pub fn channel_to(url: &str) -> Result<Channel, tonic::transport::Error> {
    Ok(channel(Endpoint::from_shared(url.to_owned())?, None))
}

impl Service<http::Request<Body>> for Channel {
    type Response = http::Response<Body>;
    type Error = BoxError;
    type Future = BoxFuture<'static, Result<Self::Response, Self::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.ready = self.port.and_then(served);
        if self.ready.is_some() {
            // A service's stack is always ready (its routes are).
            return Poll::Ready(Ok(()));
        }
        self.tcp.poll_ready(cx).map_err(Into::into)
    }

    fn call(&mut self, mut request: http::Request<Body>) -> Self::Future {
        let Some(service) = self.ready.take() else {
            return Box::pin(self.tcp.call(request).err_into());
        };
        // Only what a network would carry: the caller's own extensions stay with the caller.
        *request.extensions_mut() = http::Extensions::new();
        // A call that panics fails alone, as its own HTTP/2 stream would, not the caller's task.
        let answer = AssertUnwindSafe(service.oneshot(request)).catch_unwind().map(|outcome| match outcome {
            Ok(Ok(response)) => Ok(response),
            Ok(Err(never)) => match never {},
            Err(_) => Ok(Status::internal("The service failed while answering.").into_http()),
        });
        match self.timeout {
            Some(timeout) => Box::pin(async move {
                tokio::time::timeout(timeout, answer).await.map_err(|_| BoxError::from(TimeoutExpired(())))?
            }),
            None => Box::pin(answer),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    };

    use futures::StreamExt;
    use tokio::net::TcpListener;
    use tonic::{
        service::Routes,
        transport::{Server, server::TcpIncoming},
    };
    use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

    use super::*;

    /// Serves gRPC health on a loopback port, counting the TCP connections and the calls made
    /// in this process.
    async fn health_server() -> (u16, Option<Registration>, Arc<[AtomicUsize; 2]>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("its address");
        let counts: Arc<[AtomicUsize; 2]> = Arc::new(Default::default());
        let (_, health) = tonic_health::server::health_reporter();
        let routes = Routes::new(health);
        let seen = counts.clone();
        let direct = routes.clone().map_request(move |request: http::Request<Body>| {
            seen[1].fetch_add(1, Ordering::SeqCst);
            request
        });
        let registration = register(address, LocalService::new(direct));
        let seen = counts.clone();
        let incoming = TcpIncoming::from(listener).inspect(move |_| {
            seen[0].fetch_add(1, Ordering::SeqCst);
        });
        tokio::spawn(Server::builder().add_routes(routes).serve_with_incoming(incoming));
        (address.port(), registration, counts)
    }

    async fn check(port: u16) -> bool {
        let channel = channel_to(&format!("http://127.0.0.1:{port}")).expect("a channel");
        HealthClient::new(channel).check(HealthCheckRequest::default()).await.is_ok()
    }

    fn counted(counts: &[AtomicUsize; 2]) -> [usize; 2] {
        [counts[0].load(Ordering::SeqCst), counts[1].load(Ordering::SeqCst)]
    }

    #[tokio::test]
    async fn a_service_in_this_process_is_called_directly_and_over_tcp_once_it_has_stopped_registering() {
        let (port, registration, counts) = health_server().await;
        assert!(registration.is_some());
        assert!(check(port).await);
        assert!(check(port).await);
        assert_eq!(counted(&counts), [0, 2], "[tcp connections, direct calls]");

        drop(registration);
        assert!(check(port).await);
        assert_eq!(counted(&counts), [1, 2], "[tcp connections, direct calls]");
    }

    #[tokio::test]
    async fn a_service_restarted_on_the_same_port_keeps_its_registration_when_the_old_one_goes() {
        let address: SocketAddr = "127.0.0.1:1".parse().expect("an address");
        let (_, health) = tonic_health::server::health_reporter();
        let service = LocalService::new(Routes::new(health));
        let old_registration = register(address, service.clone()).expect("registered");
        let new_registration = register(address, service).expect("registered");
        drop(old_registration);
        let kept = SERVERS.read().expect("the registry").get(&1).map(|(number, _)| *number);
        assert_eq!(kept, Some(new_registration.number), "the service registered last stays");
    }

    #[tokio::test]
    async fn switched_off_services_do_not_register_and_are_called_over_tcp() {
        set_enabled(false);
        let (port, registration, counts) = health_server().await;
        assert!(registration.is_none());
        assert!(check(port).await);
        assert_eq!(counted(&counts), [1, 0], "[tcp connections, direct calls]");
    }

    #[tokio::test]
    async fn a_direct_call_gets_no_extensions_from_its_caller_and_times_out_as_over_tcp() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("its address");
        let slow = tower::service_fn(|request: http::Request<Body>| async move {
            assert!(request.extensions().is_empty(), "the caller's extensions stay with the caller");
            tokio::time::sleep(Duration::from_millis(500)).await;
            Ok::<_, Infallible>(http::Response::new(Body::empty()))
        });
        let _registration = register(address, LocalService::new(slow)).expect("registered");
        let endpoint = Endpoint::from_shared(format!("http://{address}")).expect("an endpoint");

        let mut request = http::Request::new(Body::empty());
        request.extensions_mut().insert("the caller's own");
        let patient = channel(endpoint.clone(), Some(Duration::from_secs(5))).oneshot(request).await;
        assert!(patient.is_ok());

        let hasty = channel(endpoint, Some(Duration::from_millis(50))).oneshot(http::Request::new(Body::empty())).await;
        let error = hasty.expect_err("the call outlasts its timeout");
        assert!(error.is::<TimeoutExpired>(), "{error}");
    }

    #[tokio::test]
    async fn a_direct_call_that_panics_answers_internal_and_the_caller_goes_on() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("its address");
        async fn failing(_: http::Request<Body>) -> Result<http::Response<Body>, Infallible> {
            panic!("a fault in a handler")
        }
        let _registration = register(address, LocalService::new(tower::service_fn(failing))).expect("registered");
        let answer = channel_to(&format!("http://{address}"))
            .expect("a channel")
            .oneshot(http::Request::new(Body::empty()))
            .await
            .expect("an answer");
        let status = Status::from_header_map(answer.headers()).expect("a gRPC status");
        assert_eq!(status.code(), tonic::Code::Internal);
    }
}
