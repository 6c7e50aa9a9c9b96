//! The crm service: companies (leads), affiliates, notes, tasks, call banks, accounts with their
//! usage and capacity histories, and contacts.

pub mod access;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
mod events;
mod grpc;
mod peers;
mod proto;
pub mod seed;
#[cfg(feature = "testing")]
pub mod testing;

use eris_platform::db::Db;
use eris_platform::{
    serve::{GrpcService, serve_grpc},
    service::{Resources, Shutdown},
    snapshot::Snapshots,
    time::BusinessTime,
};
use eris_proto::crm::v1::{
    account_service_server::AccountServiceServer, call_bank_service_server::CallBankServiceServer,
    company_service_server::CompanyServiceServer, contact_service_server::ContactServiceServer,
    note_service_server::NoteServiceServer, task_service_server::TaskServiceServer,
};
use sqlx::migrate::Migrator;
use tokio::net::TcpListener;
use tonic::service::Routes;

pub use config::Config;

/// The migrations of the crm schema.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The schema this service owns.
pub const SCHEMA: &str = "crm";

/// Everything the handlers share.
pub(crate) struct State {
    pool: Db,
    /// Identity: users named in requests (assignees, team members) must exist and be active.
    identity: eris_platform::local::Channel,
    /// Sourcing: utilities and suppliers named by accounts must exist there.
    sourcing: eris_platform::local::Channel,
    business: BusinessTime,
}

/// Connects, migrates and serves on `listener` until `shutdown` completes.
pub async fn serve(config: Config, listener: TcpListener, shutdown: Shutdown) -> anyhow::Result<()> {
    let resources = Resources::connect(&config.service, SCHEMA, &MIGRATOR).await?;
    eris_platform::metrics::serve_if_asked(&config.service.metrics).await?;
    // Publishes the outbox to this service's event stream while the service runs.
    let _relay = eris_platform::relay::Relay::new(resources.pool.pool().clone(), resources.kv.clone(), SCHEMA).spawn();
    let state = std::sync::Arc::new(State {
        pool: resources.pool.clone(),
        identity: resources.identity.clone(),
        sourcing: eris_platform::local::channel_to(&config.sourcing_url)?,
        business: BusinessTime::new(config.service.business.time_zone),
    });
    let routes = Routes::new(CompanyServiceServer::new(grpc::CompanyApi(state.clone())))
        .add_service(NoteServiceServer::new(grpc::NoteApi(state.clone())))
        .add_service(TaskServiceServer::new(grpc::TaskApi(state.clone())))
        .add_service(CallBankServiceServer::new(grpc::CallBankApi(state.clone())))
        .add_service(AccountServiceServer::new(grpc::AccountApi(state.clone())))
        .add_service(ContactServiceServer::new(grpc::ContactApi(state)))
        .add_service(Snapshots::server(resources.pool.pool().clone(), grpc::snapshot::PARTS));
    let service = GrpcService {
        names: &[
            "eris.crm.v1.CompanyService",
            "eris.crm.v1.NoteService",
            "eris.crm.v1.TaskService",
            "eris.crm.v1.CallBankService",
            "eris.crm.v1.AccountService",
            "eris.crm.v1.ContactService",
            eris_platform::snapshot::SERVICE_NAME,
        ],
        routes,
        auth: resources.auth(&[]),
        dependencies: resources.dependencies(),
    };
    serve_grpc(listener, service, &config.service.shutdown, shutdown).await
}
