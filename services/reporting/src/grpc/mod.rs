//! gRPC adapters: read each request into the domain's types, call the domain, write the answer.

use eris_proto::reporting::v1::report_service_server::ReportService;

/// The service's calls, which arrive with its features.
pub(crate) struct ReportingApi;

#[tonic::async_trait]
impl ReportService for ReportingApi {}
