//! The in-process transport. When a caller and the service it calls share a process (`eris-stack`,
//! the embedded default), their gRPC connection is an in-memory pipe instead of loopback TCP:
//! no sockets, no system calls, no kernel network stack on each call. A service in another
//! process is reached over TCP as before.
//!
//! The choice is made per connection by the address, so every channel is built the same way
//! ([`channel`]): a service serving in this process registers its port ([`Registration`]), and a
//! connection to a loopback address with a registered port becomes a pipe. Deployed services
//! register only in their own process, so their callers keep using TCP.

use std::{
    collections::HashMap,
    io,
    net::SocketAddr,
    pin::Pin,
    sync::{
        LazyLock, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    task::{Context, Poll},
};

use futures::{Stream, StreamExt, future::BoxFuture};
use http::Uri;
use hyper_util::{client::legacy::connect::HttpConnector, rt::TokioIo};
use tokio::{
    io::{AsyncRead, AsyncWrite, DuplexStream, ReadBuf},
    net::{TcpListener, TcpStream},
    sync::mpsc,
};
use tonic::transport::{
    Channel, Endpoint,
    server::{Connected, TcpConnectInfo},
};
use tower::Service;

/// How much one side of a pipe may write before the other has read (HTTP/2 flow control
/// bounds it further).
const PIPE_BUFFER: usize = 256 * 1024;

/// Whether services register for in-process callers (on unless switched off at start-up).
static ENABLED: AtomicBool = AtomicBool::new(true);

/// The services serving in this process, by port: where a new pipe's server end is handed.
static SERVERS: LazyLock<Mutex<HashMap<u16, mpsc::UnboundedSender<DuplexStream>>>> = LazyLock::new(Default::default);

/// Switches the in-process transport on or off for services started from now on (off: every
/// call goes over loopback TCP, as between processes).
pub fn set_enabled(enabled: bool) {
    ENABLED.store(enabled, Ordering::Relaxed);
}

/// A connection: a TCP stream, or a pipe to a service in this process.
pub enum Link {
    Tcp(TcpStream),
    Local(DuplexStream),
}

/// A service's registration for in-process callers; dropped when it stops serving, so new
/// connections to its port go over TCP (and find whatever listens there then).
pub struct Registration {
    port: u16,
    sender: mpsc::UnboundedSender<DuplexStream>,
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut servers = SERVERS.lock().expect("the in-process registry");
        // Unless a service started on the same port since has registered in its place.
        if servers.get(&self.port).is_some_and(|sender| sender.same_channel(&self.sender)) {
            servers.remove(&self.port);
        }
    }
}

/// The connections a service accepts: from its TCP listener and, when the in-process transport
/// is on, from callers in this process. Keep the registration while serving.
pub fn incoming(listener: TcpListener) -> io::Result<(impl Stream<Item = io::Result<Link>>, Option<Registration>)> {
    let address = listener.local_addr()?;
    let tcp = tokio_stream::wrappers::TcpListenerStream::new(listener).map(|stream| {
        let stream = stream?;
        stream.set_nodelay(true)?;
        Ok(Link::Tcp(stream))
    });
    let (sender, receiver) = mpsc::unbounded_channel();
    let registration = register(address, sender);
    let local = tokio_stream::wrappers::UnboundedReceiverStream::new(receiver).map(|pipe| Ok(Link::Local(pipe)));
    Ok((futures::stream::select(tcp, local), registration))
}

fn register(address: SocketAddr, sender: mpsc::UnboundedSender<DuplexStream>) -> Option<Registration> {
    let reachable = address.ip().is_loopback() || address.ip().is_unspecified();
    if !ENABLED.load(Ordering::Relaxed) || !reachable {
        return None;
    }
    SERVERS.lock().expect("the in-process registry").insert(address.port(), sender.clone());
    Some(Registration { port: address.port(), sender })
}

/// A lazily connected channel to `endpoint`: a pipe when the service serves in this process,
/// TCP (with TCP_NODELAY) otherwise. The endpoint's timeouts apply to both.
pub fn channel(endpoint: &Endpoint) -> Channel {
    let mut tcp = HttpConnector::new();
    tcp.enforce_http(false);
    tcp.set_nodelay(true);
    endpoint.connect_with_connector_lazy(Connector { tcp })
}

/// A lazily connected channel to a service's URL; see [`channel`].
pub fn channel_to(url: &str) -> Result<Channel, tonic::transport::Error> {
    Ok(channel(&Endpoint::from_shared(url.to_owned())?))
}

/// Opens a pipe to the service serving on `uri`'s port in this process, if there is one.
fn pipe_to(uri: &Uri) -> Option<DuplexStream> {
    let loopback = matches!(uri.host()?, "localhost" | "[::1]" | "::1") || uri.host()?.starts_with("127.");
    if !loopback {
        return None;
    }
    let port = uri.port_u16().unwrap_or(80);
    let mut servers = SERVERS.lock().expect("the in-process registry");
    let sender = servers.get(&port)?;
    let (client, server) = tokio::io::duplex(PIPE_BUFFER);
    if sender.send(server).is_err() {
        // The service stopped without its registration being dropped yet.
        servers.remove(&port);
        return None;
    }
    Some(client)
}

#[derive(Clone)]
struct Connector {
    tcp: HttpConnector,
}

impl Service<Uri> for Connector {
    type Response = TokioIo<Link>;
    type Error = Box<dyn std::error::Error + Send + Sync>;
    type Future = BoxFuture<'static, Result<Self::Response, Self::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.tcp.poll_ready(cx).map_err(Into::into)
    }

    fn call(&mut self, uri: Uri) -> Self::Future {
        if let Some(pipe) = pipe_to(&uri) {
            return Box::pin(async move { Ok(TokioIo::new(Link::Local(pipe))) });
        }
        let connecting = self.tcp.call(uri);
        Box::pin(async move { Ok(TokioIo::new(Link::Tcp(connecting.await?.into_inner()))) })
    }
}

impl Connected for Link {
    type ConnectInfo = TcpConnectInfo;

    fn connect_info(&self) -> Self::ConnectInfo {
        match self {
            Link::Tcp(stream) => stream.connect_info(),
            Link::Local(_) => TcpConnectInfo { local_addr: None, remote_addr: None },
        }
    }
}

impl AsyncRead for Link {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Link::Tcp(stream) => Pin::new(stream).poll_read(cx, buf),
            Link::Local(pipe) => Pin::new(pipe).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for Link {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        match self.get_mut() {
            Link::Tcp(stream) => Pin::new(stream).poll_write(cx, buf),
            Link::Local(pipe) => Pin::new(pipe).poll_write(cx, buf),
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        match self.get_mut() {
            Link::Tcp(stream) => Pin::new(stream).poll_write_vectored(cx, bufs),
            Link::Local(pipe) => Pin::new(pipe).poll_write_vectored(cx, bufs),
        }
    }

    fn is_write_vectored(&self) -> bool {
        match self {
            Link::Tcp(stream) => stream.is_write_vectored(),
            Link::Local(pipe) => pipe.is_write_vectored(),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Link::Tcp(stream) => Pin::new(stream).poll_flush(cx),
            Link::Local(pipe) => Pin::new(pipe).poll_flush(cx),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            Link::Tcp(stream) => Pin::new(stream).poll_shutdown(cx),
            Link::Local(pipe) => Pin::new(pipe).poll_shutdown(cx),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    };

    use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

    use super::*;

    /// Serves gRPC health on a loopback port, counting the connections that came over TCP and
    /// through pipes.
    async fn health_server() -> (u16, Option<Registration>, Arc<[AtomicUsize; 2]>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let port = listener.local_addr().expect("its address").port();
        let (incoming, registration) = incoming(listener).expect("incoming");
        let counts: Arc<[AtomicUsize; 2]> = Arc::new(Default::default());
        let seen = counts.clone();
        let incoming = incoming.inspect(move |link| {
            let kind = usize::from(matches!(link, Ok(Link::Local(_))));
            seen[kind].fetch_add(1, Ordering::SeqCst);
        });
        let (_, health) = tonic_health::server::health_reporter();
        tokio::spawn(tonic::transport::Server::builder().add_service(health).serve_with_incoming(incoming));
        (port, registration, counts)
    }

    async fn check(port: u16) -> bool {
        let channel = channel_to(&format!("http://127.0.0.1:{port}")).expect("a channel");
        HealthClient::new(channel).check(HealthCheckRequest::default()).await.is_ok()
    }

    #[tokio::test]
    async fn a_service_in_this_process_is_called_through_a_pipe_and_over_tcp_once_it_has_stopped_registering() {
        let (port, registration, counts) = health_server().await;
        assert!(registration.is_some());
        assert!(check(port).await);
        assert_eq!([counts[0].load(Ordering::SeqCst), counts[1].load(Ordering::SeqCst)], [0, 1], "[tcp, pipe]");

        drop(registration);
        assert!(check(port).await);
        assert_eq!([counts[0].load(Ordering::SeqCst), counts[1].load(Ordering::SeqCst)], [1, 1], "[tcp, pipe]");
    }

    #[test]
    fn a_service_restarted_on_the_same_port_keeps_its_registration_when_the_old_one_goes() {
        let address: SocketAddr = "127.0.0.1:1".parse().expect("an address");
        let (old_sender, _old) = mpsc::unbounded_channel();
        let (new_sender, mut new) = mpsc::unbounded_channel();
        let old_registration = register(address, old_sender);
        let _new_registration = register(address, new_sender);
        drop(old_registration);
        let uri: Uri = "http://127.0.0.1:1".parse().expect("a uri");
        assert!(pipe_to(&uri).is_some());
        assert!(new.try_recv().is_ok(), "the pipe went to the service registered last");
    }

    #[tokio::test]
    async fn switched_off_services_do_not_register_and_are_called_over_tcp() {
        set_enabled(false);
        let (port, registration, counts) = health_server().await;
        assert!(registration.is_none());
        assert!(check(port).await);
        assert_eq!([counts[0].load(Ordering::SeqCst), counts[1].load(Ordering::SeqCst)], [1, 0], "[tcp, pipe]");
    }
}
