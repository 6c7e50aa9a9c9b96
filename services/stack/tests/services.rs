//! The four services that later features fill: each migrates its own schema, serves health and
//! reflection, refuses calls without a valid token, and stops gracefully.

mod common;

use std::time::Duration;

use eris_platform::testing::{TestDatabase, service_args};
use tokio::sync::oneshot;
use tonic::{Code, transport::Channel};
use tonic_health::pb::{HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient};
use tonic_reflection::pb::v1::{
    ServerReflectionRequest, server_reflection_client::ServerReflectionClient,
    server_reflection_request::MessageRequest, server_reflection_response::MessageResponse,
};

async fn spawn_identity(database: &TestDatabase) -> String {
    format!("http://{}", eris_identity::testing::spawn(database, |_| {}).await)
}

macro_rules! service_test {
    ($test:ident, $krate:ident, $config:path, $schema:literal, $service:literal) => {
        #[tokio::test]
        async fn $test() {
            let database = TestDatabase::new().await;
            let identity_url = spawn_identity(&database).await;
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let address = listener.local_addr().unwrap();
            let mut service = service_args(&database, identity_url);
            service.shutdown.grace_ms = 300;
            let config = $config(address, service);
            let (stop, stopped) = oneshot::channel::<()>();
            let server = tokio::spawn($krate::serve(
                config,
                listener,
                Box::pin(async move {
                    let _ = stopped.await;
                }),
            ));
            let channel = Channel::from_shared(format!("http://{address}")).unwrap().connect_lazy();
            check_service(channel.clone(), &database, $schema, $service).await;

            // Stopping: health turns NOT_SERVING during the grace period, then the server ends.
            stop.send(()).unwrap();
            tokio::time::sleep(Duration::from_millis(100)).await;
            let status = health(channel.clone(), $service).await;
            assert_eq!(status, Some(ServingStatus::NotServing));
            tokio::time::timeout(Duration::from_secs(5), server).await.unwrap().unwrap().unwrap();
        }
    };
}

async fn health(channel: Channel, service: &str) -> Option<ServingStatus> {
    let response = HealthClient::new(channel).check(HealthCheckRequest { service: service.into() }).await.ok()?;
    ServingStatus::try_from(response.into_inner().status).ok()
}

async fn check_service(channel: Channel, database: &TestDatabase, schema: &str, service: &str) {
    assert_eq!(health(channel.clone(), service).await, Some(ServingStatus::Serving));
    assert_eq!(health(channel.clone(), "").await, Some(ServingStatus::Serving));

    let request = ServerReflectionRequest {
        host: String::new(),
        message_request: Some(MessageRequest::ListServices(String::new())),
    };
    let mut stream = ServerReflectionClient::new(channel.clone())
        .server_reflection_info(tokio_stream::iter([request]))
        .await
        .unwrap()
        .into_inner();
    let listed = match stream.message().await.unwrap().unwrap().message_response.unwrap() {
        MessageResponse::ListServicesResponse(list) => list.service.into_iter().map(|s| s.name).collect::<Vec<_>>(),
        other => panic!("unexpected reflection answer {other:?}"),
    };
    assert!(listed.iter().any(|name| name == service), "{listed:?}");

    // Any call of the service's package needs a token.
    let mut grpc = tonic::client::Grpc::new(channel);
    grpc.ready().await.unwrap();
    let path: http::uri::PathAndQuery = format!("/{service}/AnyCall").parse().unwrap();
    let codec = tonic_prost::ProstCodec::<(), ()>::default();
    let refused = grpc.unary(tonic::Request::new(()), path, codec).await.unwrap_err();
    assert_eq!(refused.code(), Code::Unauthenticated);

    // The service migrated its own schema.
    let pool = sqlx::PgPool::connect(&database.url()).await.unwrap();
    let migrated: bool = sqlx::query_scalar(
        "select exists (select 1 from information_schema.tables where table_schema = $1 and table_name = '_sqlx_migrations')",
    )
    .bind(schema)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(migrated, "{schema} has its migration table");
}

service_test!(
    crm_serves_health_reflection_and_refuses_calls_without_a_token,
    eris_crm,
    common::crm,
    "crm",
    "eris.crm.v1.CompanyService"
);
service_test!(
    contracts_serves_health_reflection_and_refuses_calls_without_a_token,
    eris_contracts,
    common::contracts,
    "contracts",
    "eris.contracts.v1.ContractService"
);
service_test!(
    sourcing_serves_health_reflection_and_refuses_calls_without_a_token,
    eris_sourcing,
    common::sourcing,
    "sourcing",
    "eris.sourcing.v1.SourcingService"
);
service_test!(
    reporting_serves_health_reflection_and_refuses_calls_without_a_token,
    eris_reporting,
    common::reporting,
    "reporting",
    "eris.reporting.v1.ReportService"
);
