//! ContractService: contracts, their lists, export and files.

use std::sync::Arc;

use eris_platform::{
    edits::{Patch, named_fields},
    values::{decimal_text, page_size, parse_date, timestamp},
};
use eris_proto::contracts::v1::{
    BookFilter, ContractScope, CreateContractRequest, CreateContractResponse, CreateFileUploadRequest,
    CreateFileUploadResponse, DeleteContractFileRequest, DeleteContractFileResponse, DeleteContractRequest,
    DeleteContractResponse, ExportContractsRequest, ExportContractsResponse, GetContractFileRequest,
    GetContractFileResponse, GetContractRequest, GetContractResponse, ListBookContractsRequest,
    ListBookContractsResponse, ListContractsRequest, ListContractsResponse, UpdateContractRequest,
    UpdateContractResponse, UploadContractFileRequest, UploadContractFileResponse,
    contract_service_server::ContractService,
};
use tonic::{Request, Response, Status};

use super::screen_caller;
use crate::{
    State,
    db::contracts::CompanyQuery,
    domain::{
        contracts::{FileUpload, TypedBookFilter, page_token, parse_page_token},
        fields::FIELDS,
        vocabulary::Commodity,
    },
    error::{Result, invalid},
    proto::{contract_to_proto, typed_contract},
};

pub(crate) struct ContractApi(pub(crate) Arc<State>);

fn book_filter(filter: Option<&BookFilter>) -> Result<TypedBookFilter> {
    let Some(filter) = filter else { return Ok(TypedBookFilter::default()) };
    let scope =
        ContractScope::try_from(filter.scope).map_err(|_| invalid("Choose All, Active Only or Future Only."))?;
    Ok(TypedBookFilter {
        commodity: Commodity::from_proto(filter.commodity)?,
        user_id: filter.user_id,
        active_only: scope == ContractScope::ActiveOnly,
        future_only: scope == ContractScope::FutureOnly,
        signed_from: parse_date("Date Signed Start", filter.date_signed_from.as_ref())?,
        signed_to: parse_date("Date Signed End", filter.date_signed_to.as_ref())?,
    })
}

/// A search text: trimmed, at most 200 characters, no control characters; `None` when empty.
fn search_text(query: &str) -> Result<Option<String>> {
    let text = eris_platform::text::line(query, "Search", 200, false)?;
    Ok((!text.is_empty()).then_some(text))
}

#[tonic::async_trait]
impl ContractService for ContractApi {
    async fn list_contracts(
        &self,
        request: Request<ListContractsRequest>,
    ) -> Result<Response<ListContractsResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let message = request.get_ref();
        let limit = page_size(message.page_size, 500, 1000)?;
        let after = parse_page_token(&message.page_token)?;
        let query = CompanyQuery {
            company_id: message.company_id,
            include_inactive: message.include_inactive,
            text: search_text(&message.query)?,
            ..Default::default()
        };
        let mut rows = self.0.list_contracts(caller, query, after, limit + 1).await?;
        let more = rows.len() as i64 > limit;
        rows.truncate(limit as usize);
        let next_page_token = if more { rows.last().map(page_token).unwrap_or_default() } else { String::new() };
        Ok(Response::new(ListContractsResponse {
            contracts: rows.into_iter().map(contract_to_proto).collect(),
            next_page_token,
        }))
    }

    async fn get_contract(
        &self,
        request: Request<GetContractRequest>,
    ) -> Result<Response<GetContractResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let row = self.0.get_contract(caller, request.get_ref().contract_id).await?;
        Ok(Response::new(GetContractResponse { contract: Some(contract_to_proto(row)) }))
    }

    async fn create_contract(
        &self,
        request: Request<CreateContractRequest>,
    ) -> Result<Response<CreateContractResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let message = request.get_ref();
        let contract = message.contract.as_ref().ok_or_else(|| invalid("contract is required."))?;
        let typed = typed_contract(contract)?;
        let row = self.0.create_contract(caller, contract.company_id, &typed, message.beta).await?;
        Ok(Response::new(CreateContractResponse { contract: Some(contract_to_proto(row)) }))
    }

    async fn update_contract(
        &self,
        request: Request<UpdateContractRequest>,
    ) -> Result<Response<UpdateContractResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?.clone();
        let message = request.into_inner();
        let contract = message.contract.ok_or_else(|| invalid("contract is required."))?;
        let named = named_fields(message.update_mask.map(|m| m.paths).unwrap_or_default());
        if let Some(unknown) = named.iter().find(|n| !FIELDS.contains(&n.as_str())) {
            return Err(invalid(format!("{unknown} cannot be changed here.")).into());
        }
        let patch = Patch {
            record_id: contract.contract_id,
            version: contract.version,
            fields: typed_contract(&contract)?,
            named,
        };
        let row = self.0.update_contract(&caller, patch).await?;
        Ok(Response::new(UpdateContractResponse { contract: Some(contract_to_proto(row)) }))
    }

    async fn delete_contract(
        &self,
        request: Request<DeleteContractRequest>,
    ) -> Result<Response<DeleteContractResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let message = request.get_ref();
        self.0.delete_contract(caller, message.contract_id, message.beta_only).await?;
        Ok(Response::new(DeleteContractResponse {}))
    }

    async fn list_book_contracts(
        &self,
        request: Request<ListBookContractsRequest>,
    ) -> Result<Response<ListBookContractsResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let message = request.get_ref();
        let limit = page_size(message.page_size, 100, 1000)?;
        let after = parse_page_token(&message.page_token)?;
        let filter = book_filter(message.filter.as_ref())?;
        let (mut rows, totals) = self.0.list_book(caller, &filter, after, limit + 1).await?;
        let more = rows.len() as i64 > limit;
        rows.truncate(limit as usize);
        let next_page_token = if more { rows.last().map(page_token).unwrap_or_default() } else { String::new() };
        let (total_count, total_annual_volume) =
            totals.map(|(count, volume)| (count, decimal_text(Some(volume)))).unwrap_or_default();
        Ok(Response::new(ListBookContractsResponse {
            contracts: rows.into_iter().map(contract_to_proto).collect(),
            next_page_token,
            total_count,
            total_annual_volume,
        }))
    }

    async fn export_contracts(
        &self,
        request: Request<ExportContractsRequest>,
    ) -> Result<Response<ExportContractsResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let message = request.get_ref();
        let company_id = (message.company_id != 0).then_some(message.company_id);
        let filter =
            if company_id.is_some() { TypedBookFilter::default() } else { book_filter(message.filter.as_ref())? };
        let content = self.0.export_contracts(caller, company_id, &filter).await?;
        Ok(Response::new(ExportContractsResponse { file_name: "Contracts.xlsx".into(), content }))
    }

    async fn create_file_upload(
        &self,
        request: Request<CreateFileUploadRequest>,
    ) -> Result<Response<CreateFileUploadResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let (token, expires) = self.0.create_file_upload(caller, request.get_ref().contract_id).await?;
        Ok(Response::new(CreateFileUploadResponse { token, expire_time: Some(timestamp(expires)) }))
    }

    async fn upload_contract_file(
        &self,
        request: Request<tonic::Streaming<UploadContractFileRequest>>,
    ) -> Result<Response<UploadContractFileResponse>, Status> {
        use futures::StreamExt;

        let caller = screen_caller(&self.0, &request)?.clone();
        let mut messages = request.into_inner();
        let first = messages.message().await?.ok_or_else(|| invalid("Send the upload's token first."))?;
        let upload = FileUpload {
            token: first.token,
            content_type: first.content_type,
            size: u64::try_from(first.size).map_err(|_| invalid("The file's size cannot be negative."))?,
        };
        let rest = messages.map(|message| {
            message.map(|m| m.content).map_err(|status| {
                tracing::info!(%status, "a file upload was interrupted");
                invalid("The upload was interrupted; try again.")
            })
        });
        let pieces = futures::stream::iter([Ok(first.content)]).chain(rest);
        let row = self.0.upload_file(&caller, upload, Box::pin(pieces)).await?;
        Ok(Response::new(UploadContractFileResponse { contract: Some(contract_to_proto(row)) }))
    }

    type GetContractFileStream = tokio_stream::wrappers::ReceiverStream<Result<GetContractFileResponse, Status>>;

    async fn get_contract_file(
        &self,
        request: Request<GetContractFileRequest>,
    ) -> Result<Response<Self::GetContractFileStream>, Status> {
        use futures::StreamExt;

        let caller = screen_caller(&self.0, &request)?;
        let mut file = self.0.open_file(caller, request.get_ref().contract_id).await?;
        // A small channel: the reader waits for the client rather than filling memory.
        let (sender, receiver) = tokio::sync::mpsc::channel(4);
        tokio::spawn(async move {
            let _slot = file.slot;
            let first = GetContractFileResponse {
                file_name: file.name,
                content_type: file.kind,
                size: i64::try_from(file.size).unwrap_or(i64::MAX),
                content: Vec::new(),
            };
            if sender.send(Ok(first)).await.is_err() {
                return;
            }
            while let Some(piece) = file.pieces.next().await {
                let message = piece
                    .map(|content| GetContractFileResponse { content: content.into(), ..Default::default() })
                    .map_err(|error| {
                        tracing::error!(%error, "a contract file could not be read");
                        Status::internal("The file could not be read.")
                    });
                let failed = message.is_err();
                if sender.send(message).await.is_err() || failed {
                    return;
                }
            }
        });
        Ok(Response::new(tokio_stream::wrappers::ReceiverStream::new(receiver)))
    }

    async fn delete_contract_file(
        &self,
        request: Request<DeleteContractFileRequest>,
    ) -> Result<Response<DeleteContractFileResponse>, Status> {
        let caller = screen_caller(&self.0, &request)?;
        let row = self.0.delete_file(caller, request.get_ref().contract_id).await?;
        Ok(Response::new(DeleteContractFileResponse { contract: Some(contract_to_proto(row)) }))
    }
}
