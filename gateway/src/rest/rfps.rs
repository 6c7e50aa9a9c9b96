//! Requests for pricing: spec 2 section 7 ("RFPs"), translated to sourcing's RfpService, plus
//! the spreadsheets and the prices suppliers return.

use axum::{
    Json,
    extract::{Path, Query},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use eris_platform::local::Channel;
use eris_proto::sourcing::v1::{
    Commodity, CreateRfpQuoteRequest, CreateRfpRequest, DeleteRfpQuoteRequest, DeleteRfpRequest, ExportRfpRequest,
    ExportRfpsRequest, ListRfpQuotesRequest, ListRfpsRequest, ListSuppliersRequest, ListUserRfpsRequest, Rfp,
    RfpOutcome, RfpQuote, SetRfpOutcomeRequest, Supplier, UpdateRfpRequest, rfp_service_client::RfpServiceClient,
    supplier_service_client::SupplierServiceClient,
};
use prost_types::FieldMask;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::{Answer, Done, commodity_name, commodity_value, done, id, missing, set, text};
use super::{
    accounts::number_text,
    directory::Directory,
    leads::{iso, parse_iso, parse_iso_date},
};
use crate::{
    auth::CallContext,
    error::{ApiError, ApiResult},
};

fn client(ctx: &CallContext) -> RfpServiceClient<Channel> {
    RfpServiceClient::new(ctx.channel("sourcing"))
}

/// Supplier names by id, archived suppliers included (an RFP keeps naming them).
async fn suppliers(ctx: &CallContext) -> ApiResult<Vec<Supplier>> {
    let request = ListSuppliersRequest { commodity: 0, include_archived: true };
    let found = SupplierServiceClient::new(ctx.channel("sourcing")).list_suppliers(ctx.request(request)).await;
    Ok(found.answer("sourcing")?.suppliers)
}

view! {
    /// A supplier an RFP asks.
    #[serde(rename_all = "PascalCase")]
    pub struct RfpSupplierJson from supplier_id: i64, suppliers: &[Supplier] {
        supplier_id: i64 = supplier_id,
        supplier_name: String =
            suppliers.iter().find(|s| s.supplier_id == supplier_id).map(|s| s.name.clone()).unwrap_or_default(),
    }
}

/// An account an RFP prices.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct RfpAccountJson {
    pub account_id: i64,
}

view! {
    /// An RFP as the REST surface shows it.
    #[serde(rename_all = "PascalCase")]
    pub struct RfpJson from rfp: Rfp, suppliers: &[Supplier] {
        #[serde(rename = "RFPId")]
        rfp_id: i64,
        lead_id: i64 = rfp.company_id,
        lead_name: String = rfp.company_name,
        len: String,
        address: String,
        city: String,
        state: String,
        zip: String,
        /// Electric or Gas.
        commodity: String = commodity_name(rfp.commodity).into(),
        /// ISO date.
        start_date: Option<String> = iso(rfp.start_date.as_ref()),
        /// ISO date.
        return_date: Option<String> = iso(rfp.return_date.as_ref()),
        /// Business time, H:mm:ss.
        return_time: String = format!("{}:00", rfp.return_time),
        suppliers: Vec<RfpSupplierJson> =
            rfp.supplier_ids.iter().map(|id| RfpSupplierJson::new(*id, suppliers)).collect(),
        /// Month lengths.
        terms: Vec<i32>,
        products: Vec<String>,
        /// Decimal text; absent when none.
        #[serde(skip_serializing_if = "Option::is_none")]
        fee: Option<String> = text(rfp.fee),
        accounts: Vec<RfpAccountJson> =
            rfp.account_ids.into_iter().map(|account_id| RfpAccountJson { account_id }).collect(),
        /// Who made it.
        user_id: i64 = rfp.owner_user_id,
        /// Open, Won or Lost.
        outcome: String = outcome_name(rfp.outcome),
        /// When Won: the price taken.
        #[serde(skip_serializing_if = "Option::is_none")]
        won_price_id: Option<i64> = id(rfp.won_quote_id),
        /// Send it back with an update: a field someone else changed since is refused (409).
        version: i64,
    }
}

fn outcome_name(value: i32) -> String {
    match RfpOutcome::try_from(value) {
        Ok(RfpOutcome::Won) => "Won".into(),
        Ok(RfpOutcome::Lost) => "Lost".into(),
        _ => "Open".into(),
    }
}

/// An id sent as a number or as an object with the id under `key` ({"SupplierId": 3}).
pub(crate) fn ids_of(values: &[Value], key: &str, label: &str) -> ApiResult<Vec<i64>> {
    values
        .iter()
        .map(|value| match value {
            Value::Number(n) => n.as_i64(),
            Value::Object(map) => map.get(key).and_then(Value::as_i64),
            _ => None,
        })
        .map(|id| id.filter(|id| *id > 0).ok_or_else(|| ApiError::bad_request(format!("{label} must be ids."))))
        .collect()
}

/// Whole numbers of months, sent as numbers or as numeric strings; none when absent or null.
fn month_counts<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<i32>>, D::Error> {
    use serde::de::Error;
    let Some(values) = Option::<Vec<Value>>::deserialize(deserializer)? else { return Ok(None) };
    let count = |value: &Value| match value {
        Value::Number(n) => n.as_i64().and_then(|n| i32::try_from(n).ok()),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    };
    let counts: Option<Vec<i32>> = values.iter().map(count).collect();
    counts.map(Some).ok_or_else(|| D::Error::custom("Terms must be whole numbers of months."))
}

/// A return time as sent ("11:00:00", "11:00", "9:30") as the service's "HH:MM".
fn return_time(text: &str) -> ApiResult<String> {
    let refused = || ApiError::bad_request("ReturnTime must be a time on the hour or half past (H:mm:ss).");
    let mut parts = text.trim().split(':');
    let hour: u32 = parts.next().and_then(|h| h.parse().ok()).ok_or_else(refused)?;
    let minute: u32 = parts.next().and_then(|m| m.parse().ok()).ok_or_else(refused)?;
    let second: u32 = match parts.next() {
        Some(s) => s.parse().map_err(|_| refused())?,
        None => 0,
    };
    if parts.next().is_some() || hour > 23 || !matches!(minute, 0 | 30) || second != 0 {
        return Err(refused());
    }
    Ok(format!("{hour:02}:{minute:02}"))
}

/// An RFP's fields as sent (`saveRfp`): with RFPId an update of the fields present, without it a
/// new RFP.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
pub struct RfpFields {
    #[serde(rename = "RFPId")]
    pub rfp_id: Option<i64>,
    pub len: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
    /// Electric or Gas.
    pub commodity: Option<String>,
    /// ISO date.
    pub start_date: Option<String>,
    /// ISO date; today when a new RFP has none.
    pub return_date: Option<String>,
    /// H:mm:ss on the hour or half past, business time; 11:00:00 when a new RFP has none.
    pub return_time: Option<String>,
    /// Supplier ids, or objects with SupplierId.
    #[schema(value_type = Option<Vec<Object>>)]
    pub suppliers: Option<Vec<Value>>,
    /// Month lengths, 1 to 240 each, as numbers or numeric strings (`[12, "24"]`).
    #[serde(default, deserialize_with = "month_counts")]
    #[schema(value_type = Option<Vec<i32>>, minimum = 1, maximum = 240)]
    pub terms: Option<Vec<i32>>,
    pub products: Option<Vec<String>>,
    /// A number or decimal text: at most 8 integer digits and 6 decimals, not negative.
    #[serde(deserialize_with = "number_text")]
    #[schema(value_type = Option<String>, pattern = r"^\d{1,8}(\.\d{1,6})?$")]
    pub fee: Option<String>,
    /// Account ids, or objects with AccountId.
    #[schema(value_type = Option<Vec<Object>>)]
    pub accounts: Option<Vec<Value>>,
    /// The version read, for an update.
    pub version: Option<i64>,
}

impl RfpFields {
    fn to_proto(&self, company_id: i64) -> ApiResult<(Rfp, Vec<&'static str>)> {
        let mut rfp = Rfp {
            rfp_id: self.rfp_id.unwrap_or(0),
            company_id,
            version: self.version.unwrap_or(0),
            ..Default::default()
        };
        let mut paths = Vec::new();
        set(&mut paths, "len", self.len.clone(), &mut rfp.len);
        set(&mut paths, "address", self.address.clone(), &mut rfp.address);
        set(&mut paths, "city", self.city.clone(), &mut rfp.city);
        set(&mut paths, "state", self.state.clone(), &mut rfp.state);
        set(&mut paths, "zip", self.zip.clone(), &mut rfp.zip);
        if let Some(commodity) = &self.commodity {
            let electric_or_gas =
                commodity_value(commodity).ok().filter(|c| matches!(c, Commodity::Electric | Commodity::Gas));
            rfp.commodity =
                electric_or_gas.ok_or_else(|| ApiError::bad_request("Commodity must be Electric or Gas."))?.into();
            paths.push("commodity");
        }
        if let Some(date) = &self.start_date {
            rfp.start_date = parse_iso("StartDate", Some(date))?;
            paths.push("start_date");
        }
        if let Some(date) = &self.return_date {
            rfp.return_date = parse_iso("ReturnDate", Some(date))?;
            paths.push("return_date");
        }
        if let Some(time) = &self.return_time {
            rfp.return_time = return_time(time)?;
            paths.push("return_time");
        }
        if let Some(suppliers) = &self.suppliers {
            rfp.supplier_ids = ids_of(suppliers, "SupplierId", "Suppliers")?;
            paths.push("supplier_ids");
        }
        set(&mut paths, "terms", self.terms.clone(), &mut rfp.terms);
        set(&mut paths, "products", self.products.clone(), &mut rfp.products);
        set(&mut paths, "fee", self.fee.clone(), &mut rfp.fee);
        if let Some(accounts) = &self.accounts {
            rfp.account_ids = ids_of(accounts, "AccountId", "Accounts")?;
            paths.push("account_ids");
        }
        Ok((rfp, paths))
    }
}

/// Makes an RFP for the lead (no RFPId) or changes the fields present of RFP RFPId (Management,
/// Admin and Customer Care).
#[utoipa::path(post, path = "/saveRfp/{leadId}", tag = "rfps",
    responses((status = 201, body = RfpJson), (status = 200, body = RfpJson)))]
pub async fn save_rfp(
    ctx: CallContext,
    Path(lead_id): Path<i64>,
    Json(body): Json<RfpFields>,
) -> ApiResult<(StatusCode, Json<RfpJson>)> {
    let (rfp, paths) = body.to_proto(lead_id)?;
    let mut client = client(&ctx);
    let (status, saved) = if rfp.rfp_id > 0 {
        if paths.is_empty() {
            return Err(ApiError::bad_request("Send at least one field of the RFP."));
        }
        let update_mask = Some(FieldMask { paths: paths.into_iter().map(str::to_owned).collect() });
        let updated = client.update_rfp(ctx.request(UpdateRfpRequest { rfp: Some(rfp), update_mask })).await;
        (StatusCode::OK, updated.answer("sourcing")?.rfp)
    } else {
        let created = client.create_rfp(ctx.request(CreateRfpRequest { rfp: Some(rfp) })).await;
        (StatusCode::CREATED, created.answer("sourcing")?.rfp)
    };
    let saved = saved.ok_or_else(missing)?;
    if saved.company_id != lead_id {
        return Err(ApiError::bad_request("The RFP belongs to another lead."));
    }
    Ok((status, Json(RfpJson::new(saved, &suppliers(&ctx).await?))))
}

async fn list(ctx: &CallContext, request: ListRfpsRequest, most: usize) -> ApiResult<Vec<Rfp>> {
    let mut client = client(ctx);
    let mut rfps = Vec::new();
    let mut request = request;
    loop {
        let page = client.list_rfps(ctx.request(request.clone())).await.answer("sourcing")?;
        rfps.extend(page.rfps);
        if page.next_page_token.is_empty() || rfps.len() >= most {
            break;
        }
        request.page_token = page.next_page_token;
    }
    rfps.truncate(most);
    Ok(rfps)
}

/// A lead's RFPs, latest return date first.
#[utoipa::path(get, path = "/getRFPsByLeadId/{LeadId}", tag = "rfps", responses((status = 200, body = [RfpJson])))]
pub async fn get_rfps_by_lead_id(ctx: CallContext, Path(lead_id): Path<i64>) -> ApiResult<Json<Vec<RfpJson>>> {
    let request = ListRfpsRequest { company_id: lead_id, page_size: 500, ..Default::default() };
    let (rfps, suppliers) = tokio::try_join!(list(&ctx, request, usize::MAX), suppliers(&ctx))?;
    Ok(Json(rfps.into_iter().map(|rfp| RfpJson::new(rfp, &suppliers)).collect()))
}

/// `GET /api/getRFPs` and `GET /api/rfps/xlsx` query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct RfpsQuery {
    /// Only RFPs this user made (ignored for Sales).
    pub user_id: Option<i64>,
    /// Part of the Len, address, city, lead name or a supplier's name.
    pub query: Option<String>,
    /// At most this many RFPs (default and most 5000).
    pub limit: Option<usize>,
}

/// Every RFP the caller may see (Sales: of their companies), latest return date first.
#[utoipa::path(get, path = "/getRFPs", tag = "rfps", params(RfpsQuery), responses((status = 200, body = [RfpJson])))]
pub async fn get_rfps(ctx: CallContext, Query(query): Query<RfpsQuery>) -> ApiResult<Json<Vec<RfpJson>>> {
    let request = ListRfpsRequest {
        owner_user_id: query.user_id.unwrap_or(0),
        query: query.query.unwrap_or_default(),
        page_size: 500,
        ..Default::default()
    };
    let most = query.limit.unwrap_or(5000).clamp(1, 5000);
    let (rfps, suppliers) = tokio::try_join!(list(&ctx, request, most), suppliers(&ctx))?;
    Ok(Json(rfps.into_iter().map(|rfp| RfpJson::new(rfp, &suppliers)).collect()))
}

/// `GET /api/getUserRFPs/{userName}` query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct UserRfpsQuery {
    /// First return date (ISO); when absent, 400 days before `to`, or 90 days ago.
    pub from: Option<String>,
    /// Last return date (ISO); when absent, 400 days after `from`, or 310 days from today.
    pub to: Option<String>,
}

/// The most days a calendar range spans (sourcing's limit).
const CALENDAR_DAYS: u64 = 400;

/// The RFPs the named user made, returning between two dates (the calendar; another user's:
/// Management only).
#[utoipa::path(get, path = "/getUserRFPs/{userName}", tag = "rfps", params(UserRfpsQuery),
    responses((status = 200, body = [RfpJson])))]
pub async fn get_user_rfps(
    ctx: CallContext,
    Path(user_name): Path<String>,
    Query(query): Query<UserRfpsQuery>,
) -> ApiResult<Json<Vec<RfpJson>>> {
    let user_id = Directory::for_names(&ctx, [user_name.as_str()]).await?.id(&user_name)?;
    if user_id == 0 {
        return Err(ApiError::bad_request("Name the user."));
    }
    let today = ctx.state.business.today();
    let day = |date: chrono::NaiveDate| {
        use chrono::Datelike;
        eris_proto::common::v1::Date { year: date.year(), month: date.month() as i32, day: date.day() as i32 }
    };
    let span = chrono::Days::new(CALENDAR_DAYS);
    // A missing end is taken within the limit from the other, or from today.
    let (from, to) = match (parse_iso_date("from", query.from.as_deref())?, parse_iso_date("to", query.to.as_deref())?)
    {
        (Some(from), Some(to)) => (from, to),
        (Some(from), None) => (from, from.checked_add_days(span).unwrap_or(from)),
        (None, Some(to)) => (to.checked_sub_days(span).unwrap_or(to), to),
        (None, None) => (today - chrono::Days::new(90), today + chrono::Days::new(CALENDAR_DAYS - 90)),
    };
    let request = ListUserRfpsRequest { user_id, from: Some(day(from)), to: Some(day(to)), per_day_limit: 0 };
    let mut rfp_client = client(&ctx);
    let rfps = rfp_client.list_user_rfps(ctx.request(request));
    let (rfps, suppliers) = tokio::try_join!(async { rfps.await.answer("sourcing") }, suppliers(&ctx))?;
    Ok(Json(rfps.rfps.into_iter().map(|rfp| RfpJson::new(rfp, &suppliers)).collect()))
}

/// Deletes an RFP and its prices.
#[utoipa::path(delete, path = "/deleteRFP/{RFPId}", tag = "rfps", responses((status = 200, body = Done)))]
pub async fn delete_rfp(ctx: CallContext, Path(rfp_id): Path<i64>) -> ApiResult<Json<Done>> {
    client(&ctx).delete_rfp(ctx.request(DeleteRfpRequest { rfp_id })).await.answer("sourcing")?;
    done("RFP deleted.")
}

/// The type of an .xlsx file.
const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

fn xlsx(file_name: &str, content: Vec<u8>) -> Response {
    let file_name: String = file_name.chars().filter(|c| c.is_ascii() && !matches!(c, '"' | '\\')).collect();
    (
        [
            (header::CONTENT_TYPE, XLSX.to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file_name}\"")),
        ],
        content,
    )
        .into_response()
}

/// The request for pricing of one RFP, as a supplier's pricing desk receives it (.xlsx).
#[utoipa::path(get, path = "/rfps/{RFPId}/xlsx", tag = "rfps",
    responses((status = 200, description = "The spreadsheet", content_type = XLSX)))]
pub async fn rfp_xlsx(ctx: CallContext, Path(rfp_id): Path<i64>) -> ApiResult<Response> {
    let file = client(&ctx).export_rfp(ctx.request(ExportRfpRequest { rfp_id })).await.answer("sourcing")?;

    Ok(xlsx(&file.file_name, file.content))
}

/// The RFPs getRFPs lists, as RFPs.xlsx (sheet RFPs).
#[utoipa::path(get, path = "/rfps/xlsx", tag = "rfps", params(RfpsQuery),
    responses((status = 200, description = "RFPs.xlsx", content_type = XLSX)))]
pub async fn rfps_xlsx(ctx: CallContext, Query(query): Query<RfpsQuery>) -> ApiResult<Response> {
    let request =
        ExportRfpsRequest { owner_user_id: query.user_id.unwrap_or(0), query: query.query.unwrap_or_default() };
    let file = client(&ctx).export_rfps(ctx.request(request)).await.answer("sourcing")?;
    Ok(xlsx(&file.file_name, file.content))
}

view! {
    /// A price a supplier returned.
    #[serde(rename_all = "PascalCase")]
    pub struct PriceJson from quote: RfpQuote {
        price_id: i64 = quote.quote_id,
        #[serde(rename = "RFPId")]
        rfp_id: i64,
        supplier_id: i64,
        term: i32 = quote.term_months,
        product: String,
        /// Decimal text, per kWh or therm.
        rate: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        fee: Option<String> = (!quote.fee.is_empty()).then_some(quote.fee),
        notes: String,
        /// ISO instant.
        received_at: Option<String> = quote
            .receive_time
            .and_then(|t| chrono::DateTime::from_timestamp(t.seconds, 0))
            .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
    }
}

/// An RFP's prices, by term then rate.
#[utoipa::path(get, path = "/rfps/{RFPId}/prices", tag = "rfps", responses((status = 200, body = [PriceJson])))]
pub async fn list_prices(ctx: CallContext, Path(rfp_id): Path<i64>) -> ApiResult<Json<Vec<PriceJson>>> {
    let quotes = client(&ctx).list_rfp_quotes(ctx.request(ListRfpQuotesRequest { rfp_id })).await;
    Ok(Json(quotes.answer("sourcing")?.quotes.into_iter().map(PriceJson::from).collect()))
}

/// A price as sent.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
pub struct PriceFields {
    pub supplier_id: i64,
    pub term: i32,
    pub product: String,
    #[serde(deserialize_with = "number_text")]
    #[schema(value_type = String)]
    pub rate: Option<String>,
    #[serde(deserialize_with = "number_text")]
    #[schema(value_type = Option<String>)]
    pub fee: Option<String>,
    pub notes: String,
}

/// Records a price a supplier returned for one of the RFP's terms.
#[utoipa::path(post, path = "/rfps/{RFPId}/prices", tag = "rfps", responses((status = 201, body = PriceJson)))]
pub async fn create_price(
    ctx: CallContext,
    Path(rfp_id): Path<i64>,
    Json(body): Json<PriceFields>,
) -> ApiResult<(StatusCode, Json<PriceJson>)> {
    let quote = RfpQuote {
        rfp_id,
        supplier_id: body.supplier_id,
        term_months: body.term,
        product: body.product,
        rate: body.rate.unwrap_or_default(),
        fee: body.fee.unwrap_or_default(),
        notes: body.notes,
        ..Default::default()
    };
    let created = client(&ctx).create_rfp_quote(ctx.request(CreateRfpQuoteRequest { quote: Some(quote) })).await;
    let created = created.answer("sourcing")?.quote.ok_or_else(missing)?;
    Ok((StatusCode::CREATED, Json(PriceJson::from(created))))
}

/// Deletes a price recorded in error.
#[utoipa::path(delete, path = "/rfpPrices/{PriceId}", tag = "rfps", responses((status = 200, body = Done)))]
pub async fn delete_price(ctx: CallContext, Path(price_id): Path<i64>) -> ApiResult<Json<Done>> {
    let request = DeleteRfpQuoteRequest { quote_id: price_id };
    client(&ctx).delete_rfp_quote(ctx.request(request)).await.answer("sourcing")?;
    done("Price deleted.")
}

/// Where an RFP stands, as sent.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
pub struct OutcomeFields {
    /// Open, Won or Lost.
    pub outcome: String,
    /// When Won: the price taken.
    pub price_id: Option<i64>,
    /// The RFP's version read.
    pub version: i64,
}

/// Marks an RFP Won (with the price taken), Lost, or Open again.
#[utoipa::path(post, path = "/rfps/{RFPId}/outcome", tag = "rfps", responses((status = 200, body = RfpJson)))]
pub async fn set_outcome(
    ctx: CallContext,
    Path(rfp_id): Path<i64>,
    Json(body): Json<OutcomeFields>,
) -> ApiResult<Json<RfpJson>> {
    let outcome = match body.outcome.as_str() {
        "Open" => RfpOutcome::Open,
        "Won" => RfpOutcome::Won,
        "Lost" => RfpOutcome::Lost,
        _ => return Err(ApiError::bad_request("Outcome must be Open, Won or Lost.")),
    };
    let request = SetRfpOutcomeRequest {
        rfp_id,
        outcome: outcome.into(),
        won_quote_id: body.price_id.unwrap_or(0),
        version: body.version,
    };
    let rfp = client(&ctx).set_rfp_outcome(ctx.request(request)).await.answer("sourcing")?;
    let rfp = rfp.rfp.ok_or_else(missing)?;
    Ok(Json(RfpJson::new(rfp, &suppliers(&ctx).await?)))
}
