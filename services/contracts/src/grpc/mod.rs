//! gRPC adapters: read each request into the domain's types, call the domain, write the answer.

use eris_proto::contracts::v1::contract_service_server::ContractService;

/// The service's calls, which arrive with its features.
pub(crate) struct ContractsApi;

#[tonic::async_trait]
impl ContractService for ContractsApi {}
