//! Utilities with their rate codes, suppliers with their contacts, and rate types: spec 1
//! section 7 ("Utilities and suppliers", "Rate types"), each call translated to sourcing.

use axum::{
    Json,
    extract::{Path, Query},
    http::StatusCode,
};
use eris_proto::sourcing::v1::{
    Commodity, CreateRateTypeRequest, CreateSupplierContactRequest, CreateSupplierRequest, CreateUtilityRequest,
    DeleteRateTypeRequest, DeleteSupplierContactRequest, DeleteSupplierRequest, GetUtilityRequest,
    ListRateCodesRequest, ListRateTypesRequest, ListSupplierContactsRequest, ListSuppliersRequest,
    ListUtilitiesRequest, RateCode, RateType, ReplaceRateCodesRequest, Supplier, SupplierContact,
    UpdateSupplierContactRequest, UpdateSupplierRequest, UpdateUtilityRequest, Utility,
    rate_type_service_client::RateTypeServiceClient, supplier_service_client::SupplierServiceClient,
    utility_service_client::UtilityServiceClient,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{Answer, Done, InsertId, commodity_name, commodity_value, created_id, done, mask, missing, set};
use crate::{
    auth::CallContext,
    error::{ApiError, ApiResult},
};
use eris_platform::local::Channel;

fn utilities(ctx: &CallContext) -> UtilityServiceClient<Channel> {
    UtilityServiceClient::new(ctx.channel("sourcing"))
}

fn suppliers(ctx: &CallContext) -> SupplierServiceClient<Channel> {
    SupplierServiceClient::new(ctx.channel("sourcing"))
}

fn rate_types(ctx: &CallContext) -> RateTypeServiceClient<Channel> {
    RateTypeServiceClient::new(ctx.channel("sourcing"))
}

view! {
    /// A utility as the REST surface shows it.
    #[serde(rename_all = "PascalCase")]
    pub struct UtilityJson from utility: Utility {
        utility_id: i64,
        utility: String = utility.name,
        /// Electric, Gas or DR.
        commodity: String = commodity_name(utility.commodity).into(),
        state: String,
        zone: String,
        #[serde(rename = "RTO")]
        rto: String,
        /// Send it back with an edit: a field someone else changed since is refused (409).
        version: i64,
    }
}

/// Every utility, by name.
#[utoipa::path(get, path = "/getUtilities", tag = "utilities", responses((status = 200, body = [UtilityJson])))]
pub async fn get_utilities(ctx: CallContext) -> ApiResult<Json<Vec<UtilityJson>>> {
    let request = ctx.request(ListUtilitiesRequest { commodity: Commodity::Unspecified.into() });
    let utilities = utilities(&ctx).list_utilities(request).await.answer("sourcing")?;
    Ok(Json(utilities.utilities.into_iter().map(UtilityJson::from).collect()))
}

/// A utility's fields as sent; absent fields are left as they are on an edit.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
pub struct UtilityFields {
    pub utility: Option<String>,
    pub state: Option<String>,
    /// Electric, Gas or DR.
    pub commodity: Option<String>,
    pub zone: Option<String>,
    #[serde(rename = "RTO")]
    pub rto: Option<String>,
    /// The version read; without it the utility is taken as read now.
    pub version: Option<i64>,
}

impl UtilityFields {
    /// The proto utility and the names of the fields present.
    fn to_proto(&self, utility_id: i64) -> ApiResult<(Utility, Vec<&'static str>)> {
        let mut utility = Utility { utility_id, version: self.version.unwrap_or(0), ..Default::default() };
        let mut paths = Vec::new();
        set(&mut paths, "name", self.utility.clone(), &mut utility.name);
        set(&mut paths, "state", self.state.clone(), &mut utility.state);
        if let Some(value) = &self.commodity {
            utility.commodity = commodity_value(value)?.into();
            paths.push("commodity");
        }
        set(&mut paths, "zone", self.zone.clone(), &mut utility.zone);
        set(&mut paths, "rto", self.rto.clone(), &mut utility.rto);
        Ok((utility, paths))
    }
}

/// Adds a utility (Management and Admin).
#[utoipa::path(post, path = "/addUtility/", tag = "utilities", responses((status = 201, body = InsertId)))]
pub async fn add_utility(ctx: CallContext, Json(body): Json<UtilityFields>) -> ApiResult<(StatusCode, Json<InsertId>)> {
    let (utility, _) = body.to_proto(0)?;
    let request = ctx.request(CreateUtilityRequest { utility: Some(utility) });
    let created = utilities(&ctx).create_utility(request).await.answer("sourcing")?.utility.ok_or_else(missing)?;
    created_id(created.utility_id)
}

/// Changes the fields present (Management and Admin).
#[utoipa::path(put, path = "/editUtility/{UtilityId}", tag = "utilities",
    responses((status = 200, body = UtilityJson)))]
pub async fn edit_utility(
    ctx: CallContext,
    Path(utility_id): Path<i64>,
    Json(body): Json<UtilityFields>,
) -> ApiResult<Json<UtilityJson>> {
    let (utility, paths) = body.to_proto(utility_id)?;
    let mut client = utilities(&ctx);
    let updated = if paths.is_empty() {
        client.get_utility(ctx.request(GetUtilityRequest { utility_id })).await.answer("sourcing")?.utility
    } else {
        let request = UpdateUtilityRequest { utility: Some(utility), update_mask: mask(paths) };
        client.update_utility(ctx.request(request)).await.answer("sourcing")?.utility
    };
    Ok(Json(UtilityJson::from(updated.ok_or_else(missing)?)))
}

view! {
    /// One rate code of a utility.
    #[derive(Default, Deserialize)]
    #[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
    pub struct RateCodeJson from code: RateCode {
        matrix: String,
        tariff: String,
        desc: String = code.description,
    }
}

/// A utility's rate codes, in their saved order.
#[utoipa::path(get, path = "/getRateCodes/{UtilityId}", tag = "utilities",
    responses((status = 200, body = [RateCodeJson])))]
pub async fn get_rate_codes(ctx: CallContext, Path(utility_id): Path<i64>) -> ApiResult<Json<Vec<RateCodeJson>>> {
    let request = ctx.request(ListRateCodesRequest { utility_id });
    let codes = utilities(&ctx).list_rate_codes(request).await.answer("sourcing")?.rate_codes;
    Ok(Json(codes.into_iter().map(RateCodeJson::from).collect()))
}

/// Replaces a utility's rate codes with the list sent (Management and Admin).
#[utoipa::path(post, path = "/updateRateCodes/{UtilityId}", tag = "utilities", request_body = [RateCodeJson],
    responses((status = 200, body = [RateCodeJson])))]
pub async fn update_rate_codes(
    ctx: CallContext,
    Path(utility_id): Path<i64>,
    Json(body): Json<Vec<RateCodeJson>>,
) -> ApiResult<Json<Vec<RateCodeJson>>> {
    let rate_codes =
        body.into_iter().map(|c| RateCode { matrix: c.matrix, tariff: c.tariff, description: c.desc }).collect();
    let request = ctx.request(ReplaceRateCodesRequest { utility_id, rate_codes });
    let saved = utilities(&ctx).replace_rate_codes(request).await.answer("sourcing")?.rate_codes;
    Ok(Json(saved.into_iter().map(RateCodeJson::from).collect()))
}

view! {
    /// A supplier as the REST surface shows it.
    #[serde(rename_all = "PascalCase")]
    pub struct SupplierJson from supplier: Supplier {
        supplier_id: i64,
        supplier_name: String = supplier.name,
        /// Electric, Gas or DR.
        commodity: String = commodity_name(supplier.commodity).into(),
        /// Spelled as existing clients spell it.
        broke_agreement_status: String = supplier.broker_agreement_status,
        /// Deleted: named where used, gone from pickers.
        archived: bool,
        version: i64,
    }
}

/// `GET /api/getSuppliers` query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct SuppliersQuery {
    /// 1 to list archived (deleted) suppliers too.
    pub include_archived: Option<u8>,
}

/// Every supplier, by name (archived ones only when asked).
#[utoipa::path(get, path = "/getSuppliers", tag = "suppliers", params(SuppliersQuery),
    responses((status = 200, body = [SupplierJson])))]
pub async fn get_suppliers(
    ctx: CallContext,
    Query(query): Query<SuppliersQuery>,
) -> ApiResult<Json<Vec<SupplierJson>>> {
    let include_archived = query.include_archived == Some(1);
    let suppliers = list_suppliers(&ctx, include_archived).await?;
    Ok(Json(suppliers.into_iter().map(SupplierJson::from).collect()))
}

/// Every supplier, archived ones when asked.
pub(crate) async fn list_suppliers(ctx: &CallContext, include_archived: bool) -> ApiResult<Vec<Supplier>> {
    let request = ctx.request(ListSuppliersRequest { commodity: 0, include_archived });
    Ok(suppliers(ctx).list_suppliers(request).await.answer("sourcing")?.suppliers)
}

/// Every utility.
pub(crate) async fn list_utilities(ctx: &CallContext) -> ApiResult<Vec<Utility>> {
    let request = ctx.request(ListUtilitiesRequest { commodity: 0 });
    Ok(utilities(ctx).list_utilities(request).await.answer("sourcing")?.utilities)
}

/// A supplier's fields as sent; absent fields are left as they are on an edit.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
pub struct SupplierFields {
    pub supplier_name: Option<String>,
    pub commodity: Option<String>,
    pub broke_agreement_status: Option<String>,
    /// The version read; without it the supplier is taken as read now.
    pub version: Option<i64>,
}

impl SupplierFields {
    fn to_proto(&self, supplier_id: i64) -> ApiResult<(Supplier, Vec<&'static str>)> {
        let mut supplier = Supplier { supplier_id, version: self.version.unwrap_or(0), ..Default::default() };
        let mut paths = Vec::new();
        set(&mut paths, "name", self.supplier_name.clone(), &mut supplier.name);
        if let Some(value) = &self.commodity {
            supplier.commodity = commodity_value(value)?.into();
            paths.push("commodity");
        }
        set(
            &mut paths,
            "broker_agreement_status",
            self.broke_agreement_status.clone(),
            &mut supplier.broker_agreement_status,
        );
        Ok((supplier, paths))
    }
}

/// Adds a supplier (Management and Admin).
#[utoipa::path(post, path = "/addSupplier/", tag = "suppliers", responses((status = 201, body = InsertId)))]
pub async fn add_supplier(
    ctx: CallContext,
    Json(body): Json<SupplierFields>,
) -> ApiResult<(StatusCode, Json<InsertId>)> {
    let (supplier, _) = body.to_proto(0)?;
    let request = ctx.request(CreateSupplierRequest { supplier: Some(supplier) });
    let created = suppliers(&ctx).create_supplier(request).await.answer("sourcing")?.supplier.ok_or_else(missing)?;
    created_id(created.supplier_id)
}

/// Changes the fields present (Management and Admin); a rename shows wherever it is used.
#[utoipa::path(put, path = "/editSupplier/{SupplierId}", tag = "suppliers",
    responses((status = 200, body = SupplierJson)))]
pub async fn edit_supplier(
    ctx: CallContext,
    Path(supplier_id): Path<i64>,
    Json(body): Json<SupplierFields>,
) -> ApiResult<Json<SupplierJson>> {
    let (supplier, paths) = body.to_proto(supplier_id)?;
    if paths.is_empty() {
        return Err(ApiError::bad_request("Send at least one of SupplierName, Commodity, BrokeAgreementStatus."));
    }
    let request = UpdateSupplierRequest { supplier: Some(supplier), update_mask: mask(paths) };
    let updated =
        suppliers(&ctx).update_supplier(ctx.request(request)).await.answer("sourcing")?.supplier.ok_or_else(missing)?;
    Ok(Json(SupplierJson::from(updated)))
}

/// Deletes a supplier: it is archived, so accounts and contracts that name it keep its name.
#[utoipa::path(delete, path = "/deleteSupplier/{SupplierId}", tag = "suppliers",
    responses((status = 200, body = SupplierJson)))]
pub async fn delete_supplier(ctx: CallContext, Path(supplier_id): Path<i64>) -> ApiResult<Json<SupplierJson>> {
    let request = ctx.request(DeleteSupplierRequest { supplier_id });
    let archived = suppliers(&ctx).delete_supplier(request).await.answer("sourcing")?.supplier.ok_or_else(missing)?;
    Ok(Json(SupplierJson::from(archived)))
}

view! {
    /// A supplier contact as the REST surface shows it.
    #[serde(rename_all = "PascalCase")]
    pub struct SupplierContactJson from contact: SupplierContact {
        supplier_contact_id: i64,
        supplier_id: i64,
        name: String,
        /// Primary, Secondary or Regional.
        contact_type: String,
        /// Electric, Gas, DR, or empty for all.
        commodity: String = commodity_name(contact.commodity).into(),
        email: String,
        support: String,
        pricing_desk: String,
        office_phone: String,
        cell_phone: String,
        version: i64,
    }
}

/// The live suppliers with this name, whatever its case, by id.
async fn suppliers_named(ctx: &CallContext, name: &str) -> ApiResult<Vec<Supplier>> {
    let name = name.trim();
    let mut suppliers: Vec<Supplier> =
        list_suppliers(ctx, false).await?.into_iter().filter(|s| s.name.eq_ignore_ascii_case(name)).collect();
    suppliers.sort_by_key(|s| s.supplier_id);
    Ok(suppliers)
}

/// The contacts of the suppliers with this name (one per commodity it supplies).
#[utoipa::path(get, path = "/getSupplierContactInfo/{supplierName}", tag = "suppliers",
    responses((status = 200, body = [SupplierContactJson])))]
pub async fn get_supplier_contact_info(
    ctx: CallContext,
    Path(supplier_name): Path<String>,
) -> ApiResult<Json<Vec<SupplierContactJson>>> {
    let mut client = suppliers(&ctx);
    let mut contacts = Vec::new();
    for supplier in suppliers_named(&ctx, &supplier_name).await? {
        let request = ListSupplierContactsRequest { supplier_id: supplier.supplier_id };
        let page = client.list_supplier_contacts(ctx.request(request)).await.answer("sourcing")?;
        contacts.extend(page.contacts.into_iter().map(SupplierContactJson::from));
    }
    Ok(Json(contacts))
}

/// A supplier contact's fields as sent; absent fields are left as they are on an edit.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
pub struct SupplierContactFields {
    pub name: Option<String>,
    pub contact_type: Option<String>,
    pub commodity: Option<String>,
    pub email: Option<String>,
    pub support: Option<String>,
    pub pricing_desk: Option<String>,
    pub office_phone: Option<String>,
    pub cell_phone: Option<String>,
    /// The version read; without it the contact is taken as read now.
    pub version: Option<i64>,
}

impl SupplierContactFields {
    fn to_proto(&self, contact_id: i64) -> ApiResult<(SupplierContact, Vec<&'static str>)> {
        let mut contact = SupplierContact {
            supplier_contact_id: contact_id,
            version: self.version.unwrap_or(0),
            ..Default::default()
        };
        let mut paths = Vec::new();
        set(&mut paths, "name", self.name.clone(), &mut contact.name);
        set(&mut paths, "contact_type", self.contact_type.clone(), &mut contact.contact_type);
        set(&mut paths, "email", self.email.clone(), &mut contact.email);
        set(&mut paths, "support", self.support.clone(), &mut contact.support);
        set(&mut paths, "pricing_desk", self.pricing_desk.clone(), &mut contact.pricing_desk);
        set(&mut paths, "office_phone", self.office_phone.clone(), &mut contact.office_phone);
        set(&mut paths, "cell_phone", self.cell_phone.clone(), &mut contact.cell_phone);
        if let Some(value) = &self.commodity {
            contact.commodity = commodity_value(value)?.into();
            paths.push("commodity");
        }
        Ok((contact, paths))
    }
}

/// Adds a contact to the supplier with this name (of the contact's commodity where the name
/// supplies several).
#[utoipa::path(post, path = "/addSupplierContactInfo/{supplierName}", tag = "suppliers",
    responses((status = 201, body = InsertId)))]
pub async fn add_supplier_contact_info(
    ctx: CallContext,
    Path(supplier_name): Path<String>,
    Json(body): Json<SupplierContactFields>,
) -> ApiResult<(StatusCode, Json<InsertId>)> {
    let (mut contact, _) = body.to_proto(0)?;
    let named = suppliers_named(&ctx, &supplier_name).await?;
    let supplier = named
        .iter()
        .find(|s| s.commodity == contact.commodity)
        .or_else(|| named.first())
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "Supplier not found."))?;
    contact.supplier_id = supplier.supplier_id;
    let request = ctx.request(CreateSupplierContactRequest { contact: Some(contact) });
    let created =
        suppliers(&ctx).create_supplier_contact(request).await.answer("sourcing")?.contact.ok_or_else(missing)?;
    created_id(created.supplier_contact_id)
}

/// Changes the contact's fields present.
#[utoipa::path(patch, path = "/updateSupplierContactInfo/{SupplierContactId}", tag = "suppliers",
    responses((status = 200, body = SupplierContactJson)))]
pub async fn update_supplier_contact_info(
    ctx: CallContext,
    Path(contact_id): Path<i64>,
    Json(body): Json<SupplierContactFields>,
) -> ApiResult<Json<SupplierContactJson>> {
    let (contact, paths) = body.to_proto(contact_id)?;
    if paths.is_empty() {
        return Err(ApiError::bad_request("Send at least one field of the contact."));
    }
    let request = UpdateSupplierContactRequest { contact: Some(contact), update_mask: mask(paths) };
    let updated = suppliers(&ctx)
        .update_supplier_contact(ctx.request(request))
        .await
        .answer("sourcing")?
        .contact
        .ok_or_else(missing)?;
    Ok(Json(SupplierContactJson::from(updated)))
}

/// Removes a supplier contact.
#[utoipa::path(delete, path = "/deleteSupplierContactInfo/{SupplierContactId}", tag = "suppliers",
    responses((status = 200, body = Done)))]
pub async fn delete_supplier_contact_info(ctx: CallContext, Path(contact_id): Path<i64>) -> ApiResult<Json<Done>> {
    suppliers(&ctx)
        .delete_supplier_contact(ctx.request(DeleteSupplierContactRequest { supplier_contact_id: contact_id }))
        .await
        .answer("sourcing")?;
    done("Contact deleted.")
}

/// A rate type.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
pub struct RateTypeJson {
    pub name: String,
}

/// Every rate type, by name.
#[utoipa::path(get, path = "/rateTypes", tag = "rate types", responses((status = 200, body = [RateTypeJson])))]
pub async fn get_rate_types(ctx: CallContext) -> ApiResult<Json<Vec<RateTypeJson>>> {
    let request = ctx.request(ListRateTypesRequest {});
    let rate_types = rate_types(&ctx).list_rate_types(request).await.answer("sourcing")?.rate_types;
    Ok(Json(rate_types.into_iter().map(|r| RateTypeJson { name: r.name }).collect()))
}

/// Adds a rate type (Management and Admin).
#[utoipa::path(post, path = "/rateTypes", tag = "rate types", responses((status = 201, body = RateTypeJson)))]
pub async fn add_rate_type(
    ctx: CallContext,
    Json(body): Json<RateTypeJson>,
) -> ApiResult<(StatusCode, Json<RateTypeJson>)> {
    let request = ctx.request(CreateRateTypeRequest { rate_type: Some(RateType { name: body.name }) });
    let created = rate_types(&ctx).create_rate_type(request).await.answer("sourcing")?.rate_type.ok_or_else(missing)?;
    Ok((StatusCode::CREATED, Json(RateTypeJson { name: created.name })))
}

/// Deletes a rate type by name (Management and Admin).
#[utoipa::path(delete, path = "/rateTypes/{name}", tag = "rate types", responses((status = 200, body = Done)))]
pub async fn delete_rate_type(ctx: CallContext, Path(name): Path<String>) -> ApiResult<Json<Done>> {
    rate_types(&ctx).delete_rate_type(ctx.request(DeleteRateTypeRequest { name })).await.answer("sourcing")?;
    done("Rate type deleted.")
}
