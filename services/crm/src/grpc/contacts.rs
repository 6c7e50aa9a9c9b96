//! ContactService.

use std::sync::Arc;

use eris_platform::{
    auth::caller,
    edits::{Patch, named_fields},
};
use eris_proto::crm::v1::{
    CreateContactRequest, CreateContactResponse, DeleteContactRequest, DeleteContactResponse, GetContactRequest,
    GetContactResponse, ListContactsRequest, ListContactsResponse, UpdateContactRequest, UpdateContactResponse,
    contact_service_server::ContactService,
};
use serde_json::json;
use tonic::{Request, Response, Status};

use super::{decode_token, finish_page, page_size};
use crate::{
    State,
    domain::{contact_record::FIELDS, contacts},
    error::{Result, invalid},
    proto::{contact_fields_of, contact_to_proto},
};

pub(crate) struct ContactApi(pub(crate) Arc<State>);

#[tonic::async_trait]
impl ContactService for ContactApi {
    #[tracing::instrument(skip_all)]
    async fn list_contacts(
        &self,
        request: Request<ListContactsRequest>,
    ) -> Result<Response<ListContactsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let limit = page_size(request.page_size, 500, 1000)?;
        let after = decode_token(&request.page_token)?
            .map(|value| {
                let part = |index: usize| value.get(index).and_then(|v| v.as_str()).map(str::to_owned);
                match (part(0), part(1), value.get(2).and_then(serde_json::Value::as_i64)) {
                    (Some(last), Some(first), Some(id)) => Ok((last, first, id)),
                    _ => Err(invalid("page_token is not valid.")),
                }
            })
            .transpose()?;
        let mut rows = self.0.list_contacts(&caller, request.company_id, after, limit + 1).await?;
        let next_page_token = finish_page(&mut rows, limit, |row| {
            json!([row.fields.last_name.to_lowercase(), row.fields.first_name.to_lowercase(), row.contact_id])
        });
        Ok(Response::new(ListContactsResponse {
            contacts: rows.into_iter().map(contact_to_proto).collect(),
            next_page_token,
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_contact(&self, request: Request<GetContactRequest>) -> Result<Response<GetContactResponse>, Status> {
        let caller = caller(&request)?.clone();
        let row = self.0.readable_contact(&caller, request.get_ref().contact_id).await?;
        Ok(Response::new(GetContactResponse { contact: Some(contact_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_contact(
        &self,
        request: Request<CreateContactRequest>,
    ) -> Result<Response<CreateContactResponse>, Status> {
        let caller = caller(&request)?.clone();
        let contact = request.into_inner().contact.ok_or_else(|| invalid("contact is required."))?;
        let named: Vec<String> = FIELDS.iter().map(|f| (*f).to_owned()).collect();
        let fields = contact_fields_of(&contact, &named)?;
        contacts::validate(&fields)?;
        let row = self.0.create_contact(&caller, contact.company_id, fields).await?;
        Ok(Response::new(CreateContactResponse { contact: Some(contact_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_contact(
        &self,
        request: Request<UpdateContactRequest>,
    ) -> Result<Response<UpdateContactResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateContactRequest { contact, update_mask } = request.into_inner();
        let contact = contact.ok_or_else(|| invalid("contact is required."))?;
        let named = named_fields(update_mask.map(|mask| mask.paths).unwrap_or_default());
        let fields = contact_fields_of(&contact, &named)?;
        let patch = Patch { record_id: contact.contact_id, version: contact.version, fields, named };
        let row = self.0.update_contact(&caller, patch).await?;
        Ok(Response::new(UpdateContactResponse { contact: Some(contact_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_contact(
        &self,
        request: Request<DeleteContactRequest>,
    ) -> Result<Response<DeleteContactResponse>, Status> {
        let caller = caller(&request)?.clone();
        self.0.delete_contact(&caller, request.get_ref().contact_id).await?;
        Ok(Response::new(DeleteContactResponse {}))
    }
}
