//! SupplierService: suppliers and their contacts.

use std::sync::Arc;

use eris_platform::{
    auth::caller,
    edits::{Patch, named_fields},
};
use eris_proto::sourcing::v1::{
    CreateSupplierContactRequest, CreateSupplierContactResponse, CreateSupplierRequest, CreateSupplierResponse,
    DeleteSupplierContactRequest, DeleteSupplierContactResponse, DeleteSupplierRequest, DeleteSupplierResponse,
    GetSupplierRequest, GetSupplierResponse, ListSupplierContactsRequest, ListSupplierContactsResponse,
    ListSuppliersRequest, ListSuppliersResponse, UpdateSupplierContactRequest, UpdateSupplierContactResponse,
    UpdateSupplierRequest, UpdateSupplierResponse, supplier_service_server::SupplierService,
};
use tonic::{Request, Response, Status};

use crate::{
    State,
    db::suppliers::{SupplierContactFields, SupplierFields},
    domain::vocabulary::Commodity,
    error::invalid,
    proto::{ProtoFields, supplier_contact_to_proto, supplier_to_proto},
};

pub(crate) struct SupplierApi(pub(crate) Arc<State>);

#[tonic::async_trait]
impl SupplierService for SupplierApi {
    #[tracing::instrument(skip_all)]
    async fn list_suppliers(
        &self,
        request: Request<ListSuppliersRequest>,
    ) -> Result<Response<ListSuppliersResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.get_ref();
        let rows =
            self.0.list_suppliers(&caller, Commodity::from_proto(request.commodity)?, request.include_archived).await?;
        Ok(Response::new(ListSuppliersResponse { suppliers: rows.into_iter().map(supplier_to_proto).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_supplier(
        &self,
        request: Request<GetSupplierRequest>,
    ) -> Result<Response<GetSupplierResponse>, Status> {
        let caller = caller(&request)?.clone();
        let row = self.0.get_supplier(&caller, request.get_ref().supplier_id).await?;
        Ok(Response::new(GetSupplierResponse { supplier: Some(supplier_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_supplier(
        &self,
        request: Request<CreateSupplierRequest>,
    ) -> Result<Response<CreateSupplierResponse>, Status> {
        let caller = caller(&request)?.clone();
        let supplier = request.into_inner().supplier.ok_or_else(|| invalid("supplier is required."))?;
        let fields = SupplierFields::read(&supplier, SupplierFields::FIELDS)?;
        let row = self.0.create_supplier(&caller, fields).await?;
        Ok(Response::new(CreateSupplierResponse { supplier: Some(supplier_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_supplier(
        &self,
        request: Request<UpdateSupplierRequest>,
    ) -> Result<Response<UpdateSupplierResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateSupplierRequest { supplier, update_mask } = request.into_inner();
        let supplier = supplier.ok_or_else(|| invalid("supplier is required."))?;
        let named = named_fields(update_mask.map(|mask| mask.paths).unwrap_or_default());
        let fields = SupplierFields::read(&supplier, &named)?;
        let patch = Patch { record_id: supplier.supplier_id, version: supplier.version, fields, named };
        let row = self.0.update_supplier(&caller, patch).await?;
        Ok(Response::new(UpdateSupplierResponse { supplier: Some(supplier_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_supplier(
        &self,
        request: Request<DeleteSupplierRequest>,
    ) -> Result<Response<DeleteSupplierResponse>, Status> {
        let caller = caller(&request)?.clone();
        let row = self.0.archive_supplier(&caller, request.get_ref().supplier_id).await?;
        Ok(Response::new(DeleteSupplierResponse { supplier: Some(supplier_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_supplier_contacts(
        &self,
        request: Request<ListSupplierContactsRequest>,
    ) -> Result<Response<ListSupplierContactsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let rows = self.0.list_supplier_contacts(&caller, request.get_ref().supplier_id).await?;
        Ok(Response::new(ListSupplierContactsResponse {
            contacts: rows.into_iter().map(supplier_contact_to_proto).collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_supplier_contact(
        &self,
        request: Request<CreateSupplierContactRequest>,
    ) -> Result<Response<CreateSupplierContactResponse>, Status> {
        let caller = caller(&request)?.clone();
        let contact = request.into_inner().contact.ok_or_else(|| invalid("contact is required."))?;
        let fields = SupplierContactFields::read(&contact, SupplierContactFields::FIELDS)?;
        let row = self.0.create_supplier_contact(&caller, contact.supplier_id, fields).await?;
        Ok(Response::new(CreateSupplierContactResponse { contact: Some(supplier_contact_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_supplier_contact(
        &self,
        request: Request<UpdateSupplierContactRequest>,
    ) -> Result<Response<UpdateSupplierContactResponse>, Status> {
        let caller = caller(&request)?.clone();
        let UpdateSupplierContactRequest { contact, update_mask } = request.into_inner();
        let contact = contact.ok_or_else(|| invalid("contact is required."))?;
        let named = named_fields(update_mask.map(|mask| mask.paths).unwrap_or_default());
        let fields = SupplierContactFields::read(&contact, &named)?;
        let patch = Patch { record_id: contact.supplier_contact_id, version: contact.version, fields, named };
        let row = self.0.update_supplier_contact(&caller, patch).await?;
        Ok(Response::new(UpdateSupplierContactResponse { contact: Some(supplier_contact_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_supplier_contact(
        &self,
        request: Request<DeleteSupplierContactRequest>,
    ) -> Result<Response<DeleteSupplierContactResponse>, Status> {
        let caller = caller(&request)?.clone();
        self.0.delete_supplier_contact(&caller, request.get_ref().supplier_contact_id).await?;
        Ok(Response::new(DeleteSupplierContactResponse {}))
    }
}
