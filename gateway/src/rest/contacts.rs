//! Company contacts: spec 2 section 7 ("Contacts"), translated to crm's ContactService.

use axum::{
    Json,
    extract::{Path, Query},
    http::StatusCode,
};
use eris_platform::local::Channel;
use eris_proto::crm::v1::{
    Contact, CreateContactRequest, DeleteContactRequest, ListContactsRequest, UpdateContactRequest,
    contact_service_client::ContactServiceClient,
};
use prost_types::FieldMask;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::{Answer, Done, all_pages, done, missing, set};
use crate::{
    auth::CallContext,
    error::{ApiError, ApiResult},
};

fn client(ctx: &CallContext) -> ContactServiceClient<Channel> {
    ContactServiceClient::new(ctx.channel("crm"))
}

view! {
    /// A contact as the REST surface shows it.
    #[serde(rename_all = "PascalCase")]
    pub struct ContactJson from contact: Contact {
        contact_id: i64,
        lead_id: i64 = contact.company_id,
        firstname: String = contact.first_name,
        lastname: String = contact.last_name,
        email: String,
        title: String,
        office_phone: String,
        cell_phone: String,
        contact_type: String,
        /// Priority, 1 (highest) to 15; absent when not ranked.
        contact_rank: Option<i32> = (contact.priority > 0).then_some(contact.priority),
        /// Send it back with an update: a field someone else changed since is refused (409).
        version: i64,
    }
}

/// `GET /api/contacts` query.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ContactsQuery {
    /// The lead's id.
    pub lead_id: i64,
}

/// A lead's contacts, by last name.
#[utoipa::path(get, path = "/contacts", tag = "contacts", params(ContactsQuery),
    responses((status = 200, body = [ContactJson])))]
pub async fn list_contacts(ctx: CallContext, Query(query): Query<ContactsQuery>) -> ApiResult<Json<Vec<ContactJson>>> {
    let ctx = &ctx;
    let contacts = all_pages(|page_token| async move {
        let request = ListContactsRequest { company_id: query.lead_id, page_size: 1000, page_token };
        let page = client(ctx).list_contacts(ctx.request(request)).await.answer("crm")?;
        Ok((page.contacts, page.next_page_token))
    });
    Ok(Json(contacts.await?.into_iter().map(ContactJson::from).collect()))
}

/// A contact's fields as sent; absent fields are left as they are on an update.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
pub struct ContactFields {
    /// The lead, for a new contact.
    pub lead_id: Option<i64>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub email: Option<String>,
    pub title: Option<String>,
    pub office_phone: Option<String>,
    pub cell_phone: Option<String>,
    pub contact_type: Option<String>,
    /// 1 to 15; null when not ranked.
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<i64>)]
    pub contact_rank: Option<Option<i64>>,
    /// The version read; without it the contact is taken as read now.
    pub version: Option<i64>,
}

/// A field that may be sent as null: absent is `None`, null is `Some(None)`.
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(deserializer).map(Some)
}

impl ContactFields {
    fn to_proto(&self, contact_id: i64) -> ApiResult<(Contact, Vec<&'static str>)> {
        let mut contact = Contact {
            contact_id,
            company_id: self.lead_id.unwrap_or(0),
            version: self.version.unwrap_or(0),
            ..Default::default()
        };
        let mut paths = Vec::new();
        set(&mut paths, "first_name", self.firstname.clone(), &mut contact.first_name);
        set(&mut paths, "last_name", self.lastname.clone(), &mut contact.last_name);
        set(&mut paths, "email", self.email.clone(), &mut contact.email);
        set(&mut paths, "title", self.title.clone(), &mut contact.title);
        set(&mut paths, "office_phone", self.office_phone.clone(), &mut contact.office_phone);
        set(&mut paths, "cell_phone", self.cell_phone.clone(), &mut contact.cell_phone);
        set(&mut paths, "contact_type", self.contact_type.clone(), &mut contact.contact_type);
        if let Some(rank) = self.contact_rank {
            // Out of range values reach the service, which answers with the spec's text.
            contact.priority = i32::try_from(rank.unwrap_or(0)).unwrap_or(i32::MAX);
            paths.push("priority");
        }
        Ok((contact, paths))
    }
}

/// Adds a contact to the lead named by LeadId (every role, for leads it may see).
#[utoipa::path(post, path = "/contacts", tag = "contacts", responses((status = 201, body = ContactJson)))]
pub async fn create_contact(
    ctx: CallContext,
    Json(body): Json<ContactFields>,
) -> ApiResult<(StatusCode, Json<ContactJson>)> {
    let (contact, _) = body.to_proto(0)?;
    if contact.company_id <= 0 {
        return Err(ApiError::bad_request("LeadId is required."));
    }
    let request = ctx.request(CreateContactRequest { contact: Some(contact) });
    let created = client(&ctx).create_contact(request).await.answer("crm")?.contact.ok_or_else(missing)?;
    Ok((StatusCode::CREATED, Json(ContactJson::from(created))))
}

/// Changes the fields present; a field someone else changed after Version is refused (409).
#[utoipa::path(put, path = "/contacts/{ContactId}", tag = "contacts", responses((status = 200, body = ContactJson)))]
pub async fn update_contact(
    ctx: CallContext,
    Path(contact_id): Path<i64>,
    Json(body): Json<ContactFields>,
) -> ApiResult<Json<ContactJson>> {
    let (contact, paths) = body.to_proto(contact_id)?;
    if paths.is_empty() {
        return Err(ApiError::bad_request("Send at least one field of the contact."));
    }
    let update_mask = Some(FieldMask { paths: paths.into_iter().map(str::to_owned).collect() });
    let request = ctx.request(UpdateContactRequest { contact: Some(contact), update_mask });
    let updated = client(&ctx).update_contact(request).await.answer("crm")?.contact.ok_or_else(missing)?;
    Ok(Json(ContactJson::from(updated)))
}

/// Deletes a contact.
#[utoipa::path(delete, path = "/contacts/{ContactId}", tag = "contacts", responses((status = 200, body = Done)))]
pub async fn delete_contact(ctx: CallContext, Path(contact_id): Path<i64>) -> ApiResult<Json<Done>> {
    client(&ctx).delete_contact(ctx.request(DeleteContactRequest { contact_id })).await.answer("crm")?;
    done("Contact deleted.")
}
