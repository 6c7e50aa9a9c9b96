//! ContactService.

use std::sync::Arc;

use eris_platform::{
    auth::caller,
    edits::{Patch, named_fields},
    text,
};
use eris_proto::crm::v1::{
    Contact, CreateContactRequest, CreateContactResponse, DeleteContactRequest, DeleteContactResponse,
    GetContactRequest, GetContactResponse, ListContactsRequest, ListContactsResponse, UpdateContactRequest,
    UpdateContactResponse, contact_service_server::ContactService,
};
use serde_json::json;
use tonic::{Request, Response, Status};

use super::{decode_token, finish_page, page_size};
use crate::{
    State,
    db::contacts::ContactFields,
    domain::contacts::{self, contact_type, email, priority},
    error::{Result, invalid},
    proto::contact_to_proto,
};

pub(crate) struct ContactApi(pub(crate) Arc<State>);

const FIELDS: &[&str] =
    &["first_name", "last_name", "email", "title", "office_phone", "cell_phone", "contact_type", "priority"];

/// Reads the named fields of a request's contact, each checked; the others keep their defaults.
fn fields_of(contact: &Contact, named: &[String]) -> Result<ContactFields> {
    let mut fields = ContactFields::default();
    for field in named {
        match field.as_str() {
            "first_name" => fields.first_name = text::line(&contact.first_name, "First Name", 100, false)?,
            "last_name" => fields.last_name = text::line(&contact.last_name, "Last Name", 100, false)?,
            "email" => fields.email = email(&contact.email)?,
            "title" => fields.title = text::line(&contact.title, "Title", 200, false)?,
            "office_phone" => fields.office_phone = text::line(&contact.office_phone, "Office Phone", 50, false)?,
            "cell_phone" => fields.cell_phone = text::line(&contact.cell_phone, "Cell Phone", 50, false)?,
            "contact_type" => fields.contact_type = contact_type(&contact.contact_type)?,
            "priority" => fields.priority = priority(contact.priority)?,
            other => return Err(invalid(format!("{other} cannot be changed here."))),
        }
    }
    Ok(fields)
}

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
        let fields = fields_of(&contact, &named)?;
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
        let fields = fields_of(&contact, &named)?;
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
