//! A token that stops being valid (its user signed out, or demoted) is refused by every service
//! within a second, though each service keeps the generations it read for a while. Identity and
//! the four services run side by side in one process as in `eris-stack`, each with its own token
//! checks, over the machine's PostgreSQL and Redis: the raise reaches the others in the process
//! before the sign-out answers (separate processes hear it from Redis: `eris-platform`'s
//! `generations` test and the fault suite).

mod common;

use std::{
    net::SocketAddr,
    time::{Duration, Instant},
};

use eris_identity::testing::DEMO_PASSWORD;
use eris_platform::testing::{TestDatabase, service_args};
use eris_proto::identity::v1::{
    Role, SignInRequest, SignInResponse, SignOutRequest, UpdateUserRequest, User,
    auth_service_client::AuthServiceClient, user_service_client::UserServiceClient,
};
use tonic::{Code, Request, transport::Channel};

/// The most a revoked token may still pass anywhere.
const WITHIN: Duration = Duration::from_secs(1);

/// One gRPC service of each server: a call to it passes the token checks first.
const SERVICES: [(&str, &str); 5] = [
    ("identity", "eris.identity.v1.UserService"),
    ("crm", "eris.crm.v1.CompanyService"),
    ("contracts", "eris.contracts.v1.ContractService"),
    ("sourcing", "eris.sourcing.v1.SourcingService"),
    ("reporting", "eris.reporting.v1.ReportService"),
];

struct Stack {
    identity: Channel,
    /// Each server's channel, in the order of `SERVICES`.
    channels: Vec<Channel>,
    _database: TestDatabase,
}

async fn listener() -> (tokio::net::TcpListener, SocketAddr) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    (listener, address)
}

fn channel(address: SocketAddr) -> Channel {
    Channel::from_shared(format!("http://{address}")).unwrap().connect_lazy()
}

async fn spawn_stack() -> Stack {
    let database = TestDatabase::new().await;
    let identity = eris_identity::testing::spawn(&database, |_| {}).await;
    let identity_url = format!("http://{identity}");
    let never = || Box::pin(std::future::pending::<()>());
    let mut channels = vec![channel(identity)];
    let (crm, address) = listener().await;
    tokio::spawn(eris_crm::serve(common::crm(address, service_args(&database, identity_url.clone())), crm, never()));
    channels.push(channel(address));
    let (contracts, address) = listener().await;
    let config = common::contracts(address, service_args(&database, identity_url.clone()));
    tokio::spawn(eris_contracts::serve(config, contracts, never()));
    channels.push(channel(address));
    let (sourcing, address) = listener().await;
    let config = common::sourcing(address, service_args(&database, identity_url.clone()));
    tokio::spawn(eris_sourcing::serve(config, sourcing, never()));
    channels.push(channel(address));
    let (reporting, address) = listener().await;
    let config = common::reporting(address, service_args(&database, identity_url));
    tokio::spawn(eris_reporting::serve(config, reporting, never()));
    channels.push(channel(address));
    Stack { identity: channel(identity), channels, _database: database }
}

fn authed<T>(token: &str, message: T) -> Request<T> {
    let mut request = Request::new(message);
    request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    request
}

impl Stack {
    async fn sign_in(&self, email: &str) -> SignInResponse {
        let request = SignInRequest { username: email.into(), password: DEMO_PASSWORD.into() };
        AuthServiceClient::new(self.identity.clone()).sign_in(request).await.unwrap().into_inner()
    }

    /// Whether the service at `index` lets the token through its checks: a call the service does
    /// not have is answered "unimplemented" once the token has passed, "unauthenticated" before.
    async fn passes(&self, index: usize, token: &str) -> bool {
        let mut grpc = tonic::client::Grpc::new(self.channels[index].clone());
        grpc.ready().await.unwrap();
        let path: http::uri::PathAndQuery = format!("/{}/NoSuchCall", SERVICES[index].1).parse().unwrap();
        let codec = tonic_prost::ProstCodec::<(), ()>::default();
        let status = grpc.unary(authed(token, ()), path, codec).await.unwrap_err();
        match status.code() {
            Code::Unimplemented => true,
            Code::Unauthenticated => false,
            other => panic!("{} answered {other:?}: {}", SERVICES[index].0, status.message()),
        }
    }

    /// Every service takes the token now, and so keeps its generation for a while.
    async fn all_pass(&self, token: &str) {
        for (index, (name, _)) in SERVICES.iter().enumerate() {
            // The first calls may reach a server still starting.
            let deadline = Instant::now() + Duration::from_secs(20);
            while !self.passes(index, token).await {
                assert!(Instant::now() < deadline, "{name} refuses a valid token");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        // Each service subscribes to the announcements at its first check; once it hears them it
        // keeps what it reads, which the second round of checks fills.
        tokio::time::sleep(Duration::from_millis(300)).await;
        for (index, (name, _)) in SERVICES.iter().enumerate() {
            assert!(self.passes(index, token).await, "{name} refuses a valid token");
        }
    }

    /// How long after `since` the last service began to refuse the token, each service asked
    /// every 20 ms; fails once `WITHIN` has passed with a service still taking it.
    async fn all_refuse(&self, token: &str, since: Instant) -> Duration {
        let mut taking: Vec<usize> = (0..SERVICES.len()).collect();
        loop {
            let mut still = Vec::new();
            for index in taking {
                if self.passes(index, token).await {
                    still.push(index);
                }
            }
            taking = still;
            if taking.is_empty() {
                return since.elapsed();
            }
            let names: Vec<_> = taking.iter().map(|index| SERVICES[*index].0).collect();
            assert!(since.elapsed() < WITHIN, "still taking the revoked token after {WITHIN:?}: {names:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

#[tokio::test]
async fn a_signed_out_token_is_refused_by_every_service_within_a_second() {
    let stack = spawn_stack().await;
    let signed_in = stack.sign_in("sales@eris.test").await;
    stack.all_pass(&signed_in.token).await;

    let request =
        authed(&signed_in.token, SignOutRequest { refresh_token: signed_in.refresh_token, everywhere: false });
    AuthServiceClient::new(stack.identity.clone()).sign_out(request).await.unwrap();
    let took = stack.all_refuse(&signed_in.token, Instant::now()).await;
    println!("the signed-out token was refused everywhere after {took:?}");
}

#[tokio::test]
async fn a_demoted_users_token_is_refused_by_every_service_within_a_second() {
    let stack = spawn_stack().await;
    let manager = stack.sign_in("management@eris.test").await;
    let admin = stack.sign_in("admin@eris.test").await;
    stack.all_pass(&admin.token).await;

    let demoted = User { role: Role::Sales.into(), ..admin.user.unwrap() };
    let update_mask = prost_types::FieldMask { paths: vec!["role".into()] };
    let request = authed(&manager.token, UpdateUserRequest { user: Some(demoted), update_mask: Some(update_mask) });
    UserServiceClient::new(stack.identity.clone()).update_user(request).await.unwrap();
    let took = stack.all_refuse(&admin.token, Instant::now()).await;
    println!("the demoted user's token was refused everywhere after {took:?}");
    // The user who demoted them is not signed out.
    stack.all_pass(&manager.token).await;
}
