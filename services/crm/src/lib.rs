//! The crm service: companies (leads), affiliates, notes, tasks and call banks.

mod convert;
pub mod db;
pub mod domain;
pub mod error;
mod grpc;
pub mod seed;
#[cfg(feature = "testing")]
pub mod testing;

use std::{future::Future, net::SocketAddr, sync::Arc};

use eris_platform::{
    auth::{AuthLayer, Caller, Revocations, TokenVerifier},
    config::{DatabaseArgs, RedisArgs, ShutdownArgs, TokenArgs},
    kv::Kv,
    serve::{GrpcService, serve_grpc},
};
use eris_proto::{
    crm::v1::{
        call_bank_service_server::CallBankServiceServer, company_service_server::CompanyServiceServer,
        note_service_server::NoteServiceServer, task_service_server::TaskServiceServer,
    },
    identity::v1::Role,
};
use sqlx::{PgPool, migrate::Migrator};
use tokio::net::TcpListener;
use tonic::service::Routes;

/// The migrations of the crm schema.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// The schema this service owns.
pub const SCHEMA: &str = "crm";

/// The crm service's settings.
#[derive(Debug, Clone, clap::Parser)]
#[command(name = "eris-crm", about = "Eris crm: companies, affiliates, notes, tasks and call banks")]
pub struct Config {
    /// Address the gRPC server listens on.
    #[arg(long, env = "ERIS_LISTEN", default_value = "127.0.0.1:50052")]
    pub listen: SocketAddr,
    #[command(flatten)]
    pub database: DatabaseArgs,
    #[command(flatten)]
    pub redis: RedisArgs,
    #[command(flatten)]
    pub token: TokenArgs,
    #[command(flatten)]
    pub shutdown: ShutdownArgs,
}

/// Everything the handlers share.
pub(crate) struct State {
    pool: PgPool,
}

/// Sales users see only companies where they hold a team role and change no company data.
pub(crate) fn visible_to(caller: &Caller) -> Option<i64> {
    (caller.role == Role::Sales).then_some(caller.user_id)
}

/// Whether the caller may change company data (everyone but Sales).
pub(crate) fn may_edit_companies(caller: &Caller) -> bool {
    caller.role != Role::Sales
}

/// Connects, migrates and serves on `listener` until `shutdown` completes.
pub async fn serve(
    config: Config,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let pool = eris_platform::db::connect(&config.database, SCHEMA, &MIGRATOR).await?;
    let kv = Kv::connect(&config.redis).await?;
    let verifier = Arc::new(TokenVerifier::from_config(&config.token, Revocations::new(kv)).await?);
    let state = Arc::new(State { pool });
    let routes = Routes::new(CompanyServiceServer::new(grpc::CompanyApi(state.clone())))
        .add_service(NoteServiceServer::new(grpc::NoteApi(state.clone())))
        .add_service(TaskServiceServer::new(grpc::TaskApi(state.clone())))
        .add_service(CallBankServiceServer::new(grpc::CallBankApi(state)));
    let service = GrpcService {
        names: &[
            "eris.crm.v1.CompanyService",
            "eris.crm.v1.NoteService",
            "eris.crm.v1.TaskService",
            "eris.crm.v1.CallBankService",
        ],
        routes,
        auth: AuthLayer::new(verifier, &[]),
    };
    serve_grpc(listener, service, &config.shutdown, shutdown).await
}
