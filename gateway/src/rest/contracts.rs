//! Contracts, payments, DR payment history and hedges: spec 2 section 7 ("Contracts (standard)",
//! "Payments and DR history", "Beta contracts, payments, hedges", "Contract report lists"),
//! translated to the contracts service, plus the contract file's upload and download.

use axum::{
    Json,
    body::Bytes,
    extract::Path,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use eris_platform::local::Channel;
use eris_platform::vocabulary::CONTRACT_STATUSES;
use eris_proto::{
    common::v1::Date,
    contracts::v1::{
        BookFilter, Contract, ContractScope, ContractStatus, CreateContractRequest, CreateDrPaymentRequest,
        CreateFileUploadRequest, CreateHedgeRequest, CreatePaymentsRequest, DeleteContractFileRequest,
        DeleteContractRequest, DeleteDrPaymentRequest, DeleteHedgeRequest, DeletePaymentRequest, DrPayment,
        GetContractFileRequest, GetContractRequest, GetHedgeRequest, Hedge, ListBookContractsRequest,
        ListContractsRequest, ListDrPaymentsRequest, ListHedgesRequest, ListPaymentsRequest, PastePaymentsRequest,
        Payment, PaymentTotals, ProjectedPaymentUpdate, ProjectionBasis, UpdateContractRequest, UpdateHedgeRequest,
        UpdatePaymentRequest, UpdateProjectedPaymentsRequest, UploadContractFileRequest,
        contract_service_client::ContractServiceClient, hedge_service_client::HedgeServiceClient,
        payment_service_client::PaymentServiceClient,
    },
    identity::v1::{BatchGetUsersRequest, user_service_client::UserServiceClient},
    sourcing::v1::Commodity,
};
use prost_types::FieldMask;
use serde::{Deserialize, Serialize, de::IgnoredAny};
use serde_json::Value;
use utoipa::ToSchema;

use super::{Answer, Done, all_pages, commodity_value, done, id, missing, rfc3339, text};
use super::{
    accounts::number_text,
    commodity_name,
    leads::{iso, parse_iso},
    rfps::ids_of,
};
use crate::{
    auth::CallContext,
    error::{ApiError, ApiResult, ErrorBody},
};

/// The largest contract file accepted (the contracts service checks it too).
pub const MAX_FILE_BYTES: usize = 25 * 1024 * 1024;

fn contracts(ctx: &CallContext) -> ContractServiceClient<Channel> {
    ContractServiceClient::new(ctx.channel("contracts"))
        .max_decoding_message_size(MAX_FILE_BYTES + 1024 * 1024)
        .max_encoding_message_size(MAX_FILE_BYTES + 1024 * 1024)
}

fn payments(ctx: &CallContext) -> PaymentServiceClient<Channel> {
    PaymentServiceClient::new(ctx.channel("contracts"))
}

fn hedges(ctx: &CallContext) -> HedgeServiceClient<Channel> {
    HedgeServiceClient::new(ctx.channel("contracts"))
}

/// A contract's commodity; All, like none, is any.
fn parse_commodity(text: &str) -> ApiResult<i32> {
    let all = text.trim().eq_ignore_ascii_case("all");
    Ok(if all { Commodity::Unspecified } else { commodity_value(text)? }.into())
}

view! {
    /// A contract as the REST surface shows it.
    #[serde(rename_all = "PascalCase")]
    pub struct ContractJson from c: Contract {
        contract_id: i64,
        lead_id: i64 = c.company_id,
        company_name: String,
        inside_sales_id: Option<i64> = id(c.inside_sales_user_id),
        closer1_id: Option<i64> = id(c.closer1_user_id),
        closer2_id: Option<i64> = id(c.closer2_user_id),
        analyst_id: Option<i64> = id(c.analyst_user_id),
        support_analyst1_id: Option<i64> = id(c.support_analyst1_user_id),
        support_analyst2_id: Option<i64> = id(c.support_analyst2_user_id),
        affiliate: String,
        /// Electric, Gas or DR.
        commodity: String = commodity_name(c.commodity).to_owned(),
        utility_id: Option<i64> = id(c.utility_id),
        state: String,
        /// ISO date.
        date_signed: Option<String> = iso(c.date_signed.as_ref()),
        /// DR only: JMI or Provider.
        signed_through: String,
        /// DR only: the provider's supplier id.
        provider_id: Option<i64> = id(c.provider_supplier_id),
        pricing_type: String,
        contract_type: String,
        supplier_id: Option<i64> = id(c.supplier_id),
        /// ISO date.
        start_date: Option<String> = iso(c.start_date.as_ref()),
        /// Months.
        term_length: Option<i32> = (c.term_months > 0).then_some(c.term_months),
        /// Decimal text.
        contract_rate: Option<String> = text(c.contract_rate),
        rate_type: String,
        /// Decimal text.
        fee: Option<String> = text(c.fee),
        billing_type: String,
        /// Percent, decimal text.
        tax_exempt: Option<String> = text(c.tax_exempt),
        green_power: bool,
        payment_schedule: String,
        /// Percent, decimal text.
        revenue_split: Option<String> = text(c.revenue_split),
        notes: String,
        capacity_percentage: Option<String> = text(c.capacity_percentage),
        energy_percentage: Option<String> = text(c.energy_percentage),
        #[serde(rename = "JMIPercentage")]
        jmi_percentage: Option<String> = text(c.jmi_percentage),
        /// Account ids.
        accounts: Vec<i64> = c.account_ids,
        /// Index into the status list (0 Active, 1 Active - Renewed, 2 Active - Lost, 3 Inactive).
        status: i32,
        /// The status's name.
        status_name: String = CONTRACT_STATUSES.get(c.status as usize).copied().unwrap_or_default().to_owned(),
        previous_status: i32,
        /// Active unless the status is Inactive.
        active_state: String =
            if c.status == ContractStatus::Inactive as i32 { "Inactive" } else { "Active" }.to_owned(),
        is_beta_row: bool = c.beta,
        /// The contract file's name; absent when none (GET /api/contractFiles/{ContractId} serves it).
        #[serde(rename = "pdf")]
        pdf: Option<String> = text(c.file_name),
        contract_annual_volume: String = c.annual_volume,
        contract_term_volume: String = c.term_volume,
        annual_fee_total: String,
        term_fee_total: String,
        /// ISO date.
        end_date: Option<String> = iso(c.end_date.as_ref()),
        /// Send it back with an update: a field someone else changed since is refused (409).
        version: i64,
        /// "Fee" or "Rate": what projected payments are computed from.
        projection_basis: String = basis_name(c.projection_basis.try_into().unwrap_or_default()).to_owned(),
    }
}

fn basis_name(basis: ProjectionBasis) -> &'static str {
    match basis {
        ProjectionBasis::Rate => "Rate",
        ProjectionBasis::Fee | ProjectionBasis::Unspecified => "Fee",
    }
}

/// A contract's fields as sent: present fields are set (an update changes only those). Team
/// members are user ids (GET /api/user/getActiveUsers lists them), or names, matched exactly.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
pub struct ContractFields {
    /// The company, for a new contract (or LeadId in the address).
    pub lead_id: Option<i64>,
    /// For an update: the contract (or ContractId in the address).
    pub contract_id: Option<i64>,
    /// A user id, or a user's name.
    #[schema(value_type = Option<Object>)]
    pub inside_sales: Option<Value>,
    #[schema(value_type = Option<Object>)]
    pub closer1: Option<Value>,
    #[schema(value_type = Option<Object>)]
    pub closer2: Option<Value>,
    #[schema(value_type = Option<Object>)]
    pub analyst: Option<Value>,
    pub support_analyst1_id: Option<i64>,
    pub support_analyst2_id: Option<i64>,
    pub affiliate: Option<String>,
    /// Electric, Gas or DR.
    pub commodity: Option<String>,
    pub utility_id: Option<i64>,
    pub state: Option<String>,
    /// ISO date.
    pub date_signed: Option<String>,
    pub signed_through: Option<String>,
    pub provider_id: Option<i64>,
    pub pricing_type: Option<String>,
    pub contract_type: Option<String>,
    pub supplier_id: Option<i64>,
    /// ISO date.
    pub start_date: Option<String>,
    /// Months, 1 to 240.
    #[schema(minimum = 1, maximum = 240)]
    pub term_length: Option<i32>,
    /// A plain decimal, at most 7 integer digits and 5 decimals, not negative.
    #[serde(deserialize_with = "number_text")]
    #[schema(value_type = Option<String>, pattern = r"^\d{1,7}(\.\d{1,5})?$")]
    pub contract_rate: Option<String>,
    pub rate_type: Option<String>,
    /// A plain decimal, at most 7 integer digits and 5 decimals, not negative.
    #[serde(deserialize_with = "number_text")]
    #[schema(value_type = Option<String>, pattern = r"^\d{1,7}(\.\d{1,5})?$")]
    pub fee: Option<String>,
    pub billing_type: Option<String>,
    /// Percent, 0 to 100, at most 4 decimals.
    #[serde(deserialize_with = "number_text")]
    #[schema(value_type = Option<String>, pattern = r"^\d{1,3}(\.\d{1,4})?$")]
    pub tax_exempt: Option<String>,
    pub green_power: Option<bool>,
    pub payment_schedule: Option<String>,
    /// Percent, 0 to 100, at most 4 decimals.
    #[serde(deserialize_with = "number_text")]
    #[schema(value_type = Option<String>, pattern = r"^\d{1,3}(\.\d{1,4})?$")]
    pub revenue_split: Option<String>,
    pub notes: Option<String>,
    /// Percent, 0 to 100, at most 4 decimals.
    #[serde(deserialize_with = "number_text")]
    #[schema(value_type = Option<String>, pattern = r"^\d{1,3}(\.\d{1,4})?$")]
    pub capacity_percentage: Option<String>,
    /// Percent, 0 to 100, at most 4 decimals.
    #[serde(deserialize_with = "number_text")]
    #[schema(value_type = Option<String>, pattern = r"^\d{1,3}(\.\d{1,4})?$")]
    pub energy_percentage: Option<String>,
    /// Percent, 0 to 100, at most 4 decimals.
    #[serde(rename = "JMIPercentage", deserialize_with = "number_text")]
    #[schema(value_type = Option<String>, pattern = r"^\d{1,3}(\.\d{1,4})?$")]
    pub jmi_percentage: Option<String>,
    /// Account ids, or objects with AccountId.
    #[schema(value_type = Option<Vec<Object>>)]
    pub accounts: Option<Vec<Value>>,
    /// Index into the status list (0 Active, 1 Active - Renewed, 2 Active - Lost, 3 Inactive).
    #[schema(minimum = 0, maximum = 3)]
    pub status: Option<i32>,
    /// "Fee" or "Rate": what projected payments are computed from. A new contract takes its
    /// form's (Rate for the beta form, Fee otherwise); an update changes it only when sent, and
    /// only for Management and Admin.
    pub projection_basis: Option<String>,
    /// The version read, for an update.
    pub version: Option<i64>,
    // A contract as read (GET) may be sent back whole: its read-only fields are accepted and
    // ignored; any other field is refused by name.
    #[schema(ignore)]
    pub company_name: Option<IgnoredAny>,
    #[schema(ignore)]
    pub inside_sales_id: Option<IgnoredAny>,
    #[schema(ignore)]
    pub closer1_id: Option<IgnoredAny>,
    #[schema(ignore)]
    pub closer2_id: Option<IgnoredAny>,
    #[schema(ignore)]
    pub analyst_id: Option<IgnoredAny>,
    #[schema(ignore)]
    pub status_name: Option<IgnoredAny>,
    #[schema(ignore)]
    pub previous_status: Option<IgnoredAny>,
    #[schema(ignore)]
    pub active_state: Option<IgnoredAny>,
    #[schema(ignore)]
    pub is_beta_row: Option<IgnoredAny>,
    #[schema(ignore)]
    pub contract_annual_volume: Option<IgnoredAny>,
    #[schema(ignore)]
    pub contract_term_volume: Option<IgnoredAny>,
    #[schema(ignore)]
    pub annual_fee_total: Option<IgnoredAny>,
    #[schema(ignore)]
    pub term_fee_total: Option<IgnoredAny>,
    #[schema(ignore)]
    pub end_date: Option<IgnoredAny>,
    #[serde(rename = "pdf")]
    #[schema(ignore)]
    pub pdf: Option<IgnoredAny>,
}

/// A team member as sent: a user id, or a user's name (looked up); null or empty for none.
enum Member {
    Id(i64),
    Name(String),
}

fn member(value: &Value, label: &str) -> ApiResult<Member> {
    match value {
        Value::Null => Some(Member::Id(0)),
        Value::Number(n) => n.as_i64().filter(|id| *id >= 0).map(Member::Id),
        Value::String(s) if s.trim().is_empty() => Some(Member::Id(0)),
        Value::String(s) => {
            Some(s.trim().parse().map(Member::Id).unwrap_or_else(|_| Member::Name(s.trim().to_owned())))
        }
        _ => None,
    }
    .ok_or_else(|| ApiError::bad_request(format!("{label} must be a user id or name.")))
}

impl ContractFields {
    async fn to_proto(&self, ctx: &CallContext) -> ApiResult<(Contract, Vec<&'static str>)> {
        let mut c = Contract { version: self.version.unwrap_or(0), ..Default::default() };
        let mut paths = Vec::new();
        let members: [(&Option<Value>, &'static str, &'static str); 4] = [
            (&self.inside_sales, "inside_sales_user_id", "InsideSales"),
            (&self.closer1, "closer1_user_id", "Closer1"),
            (&self.closer2, "closer2_user_id", "Closer2"),
            (&self.analyst, "analyst_user_id", "Analyst"),
        ];
        let mut names = Vec::new();
        let mut resolved = Vec::new();
        for (value, path, label) in members {
            if let Some(value) = value {
                match member(value, label)? {
                    Member::Id(id) => resolved.push((path, id)),
                    Member::Name(name) => names.push((path, label, name)),
                }
                paths.push(path);
            }
        }
        if !names.is_empty() {
            let request =
                BatchGetUsersRequest { names: names.iter().map(|n| n.2.clone()).collect(), ..Default::default() };
            let found = UserServiceClient::new(ctx.channel("identity")).batch_get_users(ctx.request(request)).await;
            let users = found.answer("identity")?.users;
            for (path, label, name) in names {
                let user = users.iter().find(|u| u.name.eq_ignore_ascii_case(&name));
                let user = user.ok_or_else(|| ApiError::bad_request(format!("{label}: no user is named {name}.")))?;
                resolved.push((path, user.user_id));
            }
        }
        for (path, id) in resolved {
            match path {
                "inside_sales_user_id" => c.inside_sales_user_id = id,
                "closer1_user_id" => c.closer1_user_id = id,
                "closer2_user_id" => c.closer2_user_id = id,
                _ => c.analyst_user_id = id,
            }
        }
        macro_rules! copy {
            ($($source:ident => $target:ident),* $(,)?) => {$(
                if let Some(value) = &self.$source {
                    c.$target = value.clone();
                    paths.push(stringify!($target));
                }
            )*};
        }
        copy!(
            support_analyst1_id => support_analyst1_user_id,
            support_analyst2_id => support_analyst2_user_id,
            affiliate => affiliate,
            utility_id => utility_id,
            state => state,
            signed_through => signed_through,
            provider_id => provider_supplier_id,
            pricing_type => pricing_type,
            contract_type => contract_type,
            supplier_id => supplier_id,
            term_length => term_months,
            contract_rate => contract_rate,
            rate_type => rate_type,
            fee => fee,
            billing_type => billing_type,
            tax_exempt => tax_exempt,
            green_power => green_power,
            payment_schedule => payment_schedule,
            revenue_split => revenue_split,
            notes => notes,
            capacity_percentage => capacity_percentage,
            energy_percentage => energy_percentage,
            jmi_percentage => jmi_percentage,
            status => status,
        );
        if let Some(commodity) = &self.commodity {
            c.commodity = parse_commodity(commodity)?;
            paths.push("commodity");
        }
        if let Some(date) = &self.date_signed {
            c.date_signed = parse_iso("DateSigned", Some(date))?;
            paths.push("date_signed");
        }
        if let Some(date) = &self.start_date {
            c.start_date = parse_iso("StartDate", Some(date))?;
            paths.push("start_date");
        }
        if self.term_length.is_some_and(|months| !(1..=240).contains(&months)) {
            // The service reads 0 as "no term"; over REST a term sent is a term.
            return Err(ApiError::bad_request("Term length must be between 1 and 240 months."));
        }
        if let Some(accounts) = &self.accounts {
            c.account_ids = ids_of(accounts, "AccountId", "Accounts")?;
            paths.push("account_ids");
        }
        if let Some(basis) = &self.projection_basis {
            let basis = match basis.trim().to_ascii_lowercase().as_str() {
                "fee" => ProjectionBasis::Fee,
                "rate" => ProjectionBasis::Rate,
                _ => return Err(ApiError::bad_request("ProjectionBasis must be Fee or Rate.")),
            };
            c.projection_basis = basis.into();
            paths.push("projection_basis");
        }
        Ok((c, paths))
    }
}

async fn create(ctx: &CallContext, body: &ContractFields, lead_id: Option<i64>, beta: bool) -> ApiResult<Contract> {
    let (mut contract, _) = body.to_proto(ctx).await?;
    contract.company_id =
        lead_id.or(body.lead_id).filter(|id| *id > 0).ok_or_else(|| ApiError::bad_request("LeadId is required."))?;
    let created =
        contracts(ctx).create_contract(ctx.request(CreateContractRequest { contract: Some(contract), beta })).await;
    created.answer("contracts")?.contract.ok_or_else(missing)
}

async fn update(ctx: &CallContext, contract_id: i64, body: &ContractFields) -> ApiResult<Contract> {
    let (mut contract, paths) = body.to_proto(ctx).await?;
    if paths.is_empty() {
        return Err(ApiError::bad_request("Send at least one field of the contract."));
    }
    contract.contract_id = contract_id;
    if contract.version == 0 {
        // No version read: the save applies over whatever is stored.
        let current = contracts(ctx).get_contract(ctx.request(GetContractRequest { contract_id })).await;
        contract.version = current.answer("contracts")?.contract.ok_or_else(missing)?.version;
    }
    let update_mask = Some(FieldMask { paths: paths.into_iter().map(str::to_owned).collect() });
    let request = ctx.request(UpdateContractRequest { contract: Some(contract), update_mask });
    let updated = contracts(ctx).update_contract(request).await;
    updated.answer("contracts")?.contract.ok_or_else(missing)
}

async fn company_contracts(ctx: &CallContext, company_id: i64) -> ApiResult<Vec<Contract>> {
    all_pages(|page_token| async move {
        let request = ListContractsRequest {
            company_id,
            include_inactive: true,
            page_size: 1000,
            page_token,
            ..Default::default()
        };
        let page = contracts(ctx).list_contracts(ctx.request(request)).await.answer("contracts")?;
        Ok((page.contracts, page.next_page_token))
    })
    .await
}

/// The query of GET /api/getContractsByLeadId.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct LeadQuery {
    /// The lead's id.
    pub lead_id: i64,
}

/// Deletes a contract (with `beta_only`, only one made with the beta form).
async fn remove_contract(ctx: &CallContext, contract_id: i64, beta_only: bool) -> ApiResult<Json<Done>> {
    let request = DeleteContractRequest { contract_id, beta_only };
    contracts(ctx).delete_contract(ctx.request(request)).await.answer("contracts")?;
    done("Contract successfully deleted.")
}

/// Saves a payment (its id and the version read within) and answers it as saved.
async fn save_payment(ctx: &CallContext, payment: Payment) -> ApiResult<PaymentJson> {
    let saved = payments(ctx).update_payment(ctx.request(UpdatePaymentRequest { payment: Some(payment) })).await;
    Ok(PaymentJson::from(saved.answer("contracts")?.payment.ok_or_else(missing)?))
}

async fn remove_payment(ctx: &CallContext, payment_id: i64) -> ApiResult<Json<Done>> {
    payments(ctx).delete_payment(ctx.request(DeletePaymentRequest { payment_id })).await.answer("contracts")?;
    done("Payment deleted.")
}

/// The lead's contracts, Inactive too, latest signed first.
#[utoipa::path(get, path = "/getContractsByLeadId", tag = "contracts", params(LeadQuery),
    responses((status = 200, body = Vec<ContractJson>)))]
pub async fn get_contracts_by_lead_id(
    ctx: CallContext,
    axum::extract::Query(query): axum::extract::Query<LeadQuery>,
) -> ApiResult<Json<Vec<ContractJson>>> {
    let all = company_contracts(&ctx, query.lead_id).await?;
    Ok(Json(all.into_iter().map(ContractJson::from).collect()))
}

/// Makes a contract for LeadId (Management, Admin and Customer Care).
#[utoipa::path(post, path = "/contracts", tag = "contracts", responses((status = 201, body = ContractJson)))]
pub async fn create_contract(
    ctx: CallContext,
    Json(body): Json<ContractFields>,
) -> ApiResult<(StatusCode, Json<ContractJson>)> {
    let contract = create(&ctx, &body, None, false).await?;
    Ok((StatusCode::CREATED, Json(ContractJson::from(contract))))
}

/// Changes the fields present (with Version: refused with 409 when one of them was changed by
/// someone else since).
#[utoipa::path(put, path = "/contracts/{ContractId}", tag = "contracts",
    responses((status = 200, body = ContractJson)))]
pub async fn update_contract(
    ctx: CallContext,
    Path(contract_id): Path<i64>,
    Json(body): Json<ContractFields>,
) -> ApiResult<Json<ContractJson>> {
    Ok(Json(ContractJson::from(update(&ctx, contract_id, &body).await?)))
}

/// Deletes a contract with its payments, DR history, hedges and file.
#[utoipa::path(delete, path = "/contracts/{ContractId}", tag = "contracts", responses((status = 200, body = Done)))]
pub async fn delete_contract(ctx: CallContext, Path(contract_id): Path<i64>) -> ApiResult<Json<Done>> {
    remove_contract(&ctx, contract_id, false).await
}

/// A signed upload address.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadAddress {
    /// PUT the file here (with the Authorization header, Content-Type and X-File-Name).
    pub url: String,
    /// When the address stops being accepted (RFC 3339).
    pub expires_at: String,
}

/// A short-lived signed address to PUT the contract's file to.
#[utoipa::path(get, path = "/uploadContractPDF/{ContractId}", tag = "contracts",
    responses((status = 200, body = UploadAddress)))]
pub async fn upload_contract_pdf(ctx: CallContext, Path(contract_id): Path<i64>) -> ApiResult<Json<UploadAddress>> {
    let made = contracts(&ctx).create_file_upload(ctx.request(CreateFileUploadRequest { contract_id })).await;
    let made = made.answer("contracts")?;
    let expires = rfc3339(made.expire_time).unwrap_or_default();
    Ok(Json(UploadAddress { url: format!("/api/contractFiles/upload/{}", made.token), expires_at: expires }))
}

/// Stores the contract's file (PDF or Excel whose content matches its type, at most 25 MB) at an
/// address from uploadContractPDF.
#[utoipa::path(put, path = "/contractFiles/upload/{token}", tag = "contracts",
    params(("token" = String, Path, description = "The signed token; it works once")),
    request_body(content = Vec<u8>, content_type = "application/octet-stream",
        description = "The file's bytes, sent with its own type as Content-Type (application/pdf, \
        application/vnd.ms-excel or the .xlsx type); any other type is refused"),
    responses((status = 200, body = ContractJson), (status = 411, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn put_contract_file(
    ctx: CallContext,
    Path(token): Path<String>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> ApiResult<Json<ContractJson>> {
    use futures::StreamExt;

    // The size first: a file too large is refused before a byte of it is read, and the service
    // refuses an upload that ends short of it (a client gone mid-file).
    let size: u64 = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| ApiError::new(StatusCode::LENGTH_REQUIRED, "Send the file with its Content-Length."))?;
    if size > MAX_FILE_BYTES as u64 {
        return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "The file must be at most 25 MB."));
    }
    let _place = UPLOADS.try_acquire().map_err(|_| {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, "Too many files are being uploaded at once; try again shortly.")
    })?;
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    // The service names the file; X-File-Name, once sent by clients, is not used. The body goes
    // on in the pieces it arrives in: neither the gateway nor the service holds it whole.
    let first = UploadContractFileRequest {
        token,
        content_type,
        size: i64::try_from(size).unwrap_or(i64::MAX),
        ..Default::default()
    };
    let pieces = body
        .into_data_stream()
        .take_while(|piece| std::future::ready(piece.is_ok()))
        .filter_map(|piece| std::future::ready(piece.ok()))
        .map(|piece| UploadContractFileRequest { content: Vec::from(piece), ..Default::default() });
    let request = futures::stream::iter([first]).chain(pieces);
    let stored = contracts(&ctx).upload_contract_file(ctx.request(request)).await.answer("contracts")?;
    Ok(Json(ContractJson::from(stored.contract.ok_or_else(missing)?)))
}

/// Contract file uploads at once, over every user (each holds a few megabytes while it runs).
static UPLOADS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(8);

/// The contract's file.
#[utoipa::path(get, path = "/contractFiles/{ContractId}", tag = "contracts",
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>)))]
pub async fn get_contract_file(ctx: CallContext, Path(contract_id): Path<i64>) -> ApiResult<Response> {
    use futures::StreamExt;

    let found = contracts(&ctx).get_contract_file(ctx.request(GetContractFileRequest { contract_id })).await;
    let mut pieces = found.answer("contracts")?;
    let first = pieces
        .message()
        .await
        .map_err(|s| crate::error::ApiError::from_status(&s, "contracts"))?
        .ok_or_else(missing)?;
    // The service makes the name ("Contract 42.pdf"); only plain characters pass all the same.
    let ascii: String =
        first.file_name.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '.' | '-' | '_')).collect();
    let disposition = format!("inline; filename=\"{}\"", if ascii.is_empty() { "contract" } else { &ascii });
    // The pieces go out as they come: a download holds a few of them, never the whole file.
    let body = axum::body::Body::from_stream(pieces.map(|piece| {
        piece
            .map(|piece| Bytes::from(piece.content))
            .map_err(|status| std::io::Error::other(status.message().to_owned()))
    }));
    Ok((
        [
            (header::CONTENT_TYPE, first.content_type),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CONTENT_LENGTH, first.size.to_string()),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        body,
    )
        .into_response())
}

/// The body of POST /api/deleteContractPdf.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeleteContractPdf {
    pub contract_id: i64,
}

/// Removes the contract's file.
#[utoipa::path(post, path = "/deleteContractPdf", tag = "contracts", responses((status = 200, body = ContractJson)))]
pub async fn delete_contract_pdf(
    ctx: CallContext,
    Json(body): Json<DeleteContractPdf>,
) -> ApiResult<Json<ContractJson>> {
    let request = DeleteContractFileRequest { contract_id: body.contract_id };
    let done = contracts(&ctx).delete_contract_file(ctx.request(request)).await.answer("contracts")?;
    Ok(Json(ContractJson::from(done.contract.ok_or_else(missing)?)))
}

view! {
    /// A payment as the REST surface shows it and takes it.
    #[derive(Default, Deserialize)]
    #[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
    pub struct PaymentJson from p: Payment {
        payment_id: i64,
        contract_id: i64,
        #[schema(minimum = 1, maximum = 12)]
        projected_month: i32,
        #[schema(minimum = 1900, maximum = 2200)]
        projected_year: i32,
        #[serde(deserialize_with = "number_text")]
        #[schema(value_type = Option<String>)]
        revenue_split: Option<String> = text(p.revenue_split),
        #[serde(deserialize_with = "number_text")]
        #[schema(value_type = Option<String>)]
        projected_usage: Option<String> = text(p.projected_usage),
        #[serde(deserialize_with = "number_text")]
        #[schema(value_type = Option<String>)]
        projected_payment: Option<String> = text(p.projected_payment),
        /// 1 to 12; 0 when not yet paid.
        #[schema(minimum = 0, maximum = 12)]
        payment_month: i32,
        /// 1900 to 2200; 0 when not yet paid.
        #[schema(minimum = 0, maximum = 2200)]
        payment_year: i32,
        #[serde(deserialize_with = "number_text")]
        #[schema(value_type = Option<String>)]
        usage_actual: Option<String> = text(p.usage_actual),
        #[serde(deserialize_with = "number_text")]
        #[schema(value_type = Option<String>)]
        payment_actual: Option<String> = text(p.payment_actual),
        payment_type: String,
        version: i64,
    }
}

fn payment_proto(p: &PaymentJson, contract_id: i64) -> Payment {
    Payment {
        payment_id: p.payment_id,
        contract_id,
        projected_month: p.projected_month,
        projected_year: p.projected_year,
        revenue_split: p.revenue_split.clone().unwrap_or_default(),
        projected_usage: p.projected_usage.clone().unwrap_or_default(),
        projected_payment: p.projected_payment.clone().unwrap_or_default(),
        payment_month: p.payment_month,
        payment_year: p.payment_year,
        usage_actual: p.usage_actual.clone().unwrap_or_default(),
        payment_actual: p.payment_actual.clone().unwrap_or_default(),
        payment_type: p.payment_type.clone(),
        version: p.version,
        update_time: None,
    }
}

/// The contract's payments, by projected year and month.
#[utoipa::path(get, path = "/getPayment/{contractId}", tag = "payments",
    responses((status = 200, body = Vec<PaymentJson>)))]
pub async fn get_payment(ctx: CallContext, Path(contract_id): Path<i64>) -> ApiResult<Json<Vec<PaymentJson>>> {
    let found = payments(&ctx).list_payments(ctx.request(ListPaymentsRequest { contract_id })).await;
    Ok(Json(found.answer("contracts")?.payments.into_iter().map(PaymentJson::from).collect()))
}

/// Adds one payment to the contract.
#[utoipa::path(post, path = "/addPayment/{contractId}", tag = "payments",
    responses((status = 201, body = PaymentJson)))]
pub async fn add_payment(
    ctx: CallContext,
    Path(contract_id): Path<i64>,
    Json(body): Json<PaymentJson>,
) -> ApiResult<(StatusCode, Json<PaymentJson>)> {
    let request = CreatePaymentsRequest { contract_id, payments: vec![payment_proto(&body, contract_id)] };
    let added = payments(&ctx).create_payments(ctx.request(request)).await.answer("contracts")?;
    let added = added.payments.into_iter().next().ok_or_else(missing)?;
    Ok((StatusCode::CREATED, Json(PaymentJson::from(added))))
}

/// The body of POST /api/addPastedPayment.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PastedPayments {
    /// Rows of 10 columns: each a tab-separated line, or a list of the 10 cells.
    #[schema(value_type = Vec<Object>)]
    pub datum: Vec<Value>,
    pub contract_id: i64,
}

/// Adds the payments of pasted rows; projected payments are computed by the contract's
/// ProjectionBasis (its fee or its rate).
/// A row that does not parse is named and nothing is added.
#[utoipa::path(post, path = "/addPastedPayment", tag = "payments", responses((status = 201, body = Vec<PaymentJson>)))]
pub async fn add_pasted_payment(
    ctx: CallContext,
    Json(body): Json<PastedPayments>,
) -> ApiResult<(StatusCode, Json<Vec<PaymentJson>>)> {
    let cell = |value: &Value| match value {
        Value::String(s) => s.replace(['\t', '\n', '\r'], " "),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    let lines = body
        .datum
        .iter()
        .map(|row| match row {
            Value::String(line) => Ok(line.replace(['\n', '\r'], " ")),
            Value::Array(cells) => Ok(cells.iter().map(cell).collect::<Vec<_>>().join("\t")),
            _ => Err(ApiError::bad_request("Each pasted row must be a line of text or a list of cells.")),
        })
        .collect::<ApiResult<Vec<_>>>()?;
    let request = PastePaymentsRequest { contract_id: body.contract_id, text: lines.join("\n"), ..Default::default() };
    let added = payments(&ctx).paste_payments(ctx.request(request)).await.answer("contracts")?;
    Ok((StatusCode::CREATED, Json(added.payments.into_iter().map(PaymentJson::from).collect())))
}

/// Changes a payment (with Version: refused with 409 when someone else changed it since).
#[utoipa::path(put, path = "/updatePayment/{PaymentId}", tag = "payments",
    responses((status = 200, body = PaymentJson)))]
pub async fn update_payment(
    ctx: CallContext,
    Path(payment_id): Path<i64>,
    Json(body): Json<PaymentJson>,
) -> ApiResult<Json<PaymentJson>> {
    let mut payment = payment_proto(&body, body.contract_id);
    payment.payment_id = payment_id;
    Ok(Json(save_payment(&ctx, payment).await?))
}

/// Removes a payment.
#[utoipa::path(get, path = "/deletePaymentRecord/{PaymentId}", tag = "payments",
    responses((status = 200, body = Done)))]
pub async fn delete_payment_record(ctx: CallContext, Path(payment_id): Path<i64>) -> ApiResult<Json<Done>> {
    remove_payment(&ctx, payment_id).await
}

/// One payment whose projected payment is recomputed.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", deny_unknown_fields)]
pub struct ProjectedUpdate {
    pub payment_id: i64,
    /// Optional: the figure expected; checked against the one computed by the contract's basis.
    #[serde(default, deserialize_with = "number_text")]
    #[schema(value_type = Option<String>)]
    pub new_proj_payment: Option<String>,
    /// The payment's version read; absent skips the check.
    #[serde(default)]
    pub version: i64,
}

/// The body of POST /api/updateAllProjectedPayments.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProjectedUpdates {
    pub updates: Vec<ProjectedUpdate>,
    pub contract_id: i64,
}

/// Recomputes projected payments of the named payments by the contract's ProjectionBasis, all or
/// none (Management and Admin). NewProjPayment is optional; when sent it must equal the computed
/// figure, else 400 names each payment that differs and nothing changes.
#[utoipa::path(post, path = "/updateAllProjectedPayments", tag = "payments",
    responses((status = 200, body = Vec<PaymentJson>)))]
pub async fn update_all_projected_payments(
    ctx: CallContext,
    Json(body): Json<ProjectedUpdates>,
) -> ApiResult<Json<Vec<PaymentJson>>> {
    let updates = body
        .updates
        .iter()
        .map(|u| ProjectedPaymentUpdate {
            payment_id: u.payment_id,
            projected_payment: u.new_proj_payment.clone().unwrap_or_default(),
            version: u.version,
        })
        .collect();
    let request = UpdateProjectedPaymentsRequest { contract_id: body.contract_id, updates };
    let done = payments(&ctx).update_projected_payments(ctx.request(request)).await.answer("contracts")?;
    Ok(Json(done.payments.into_iter().map(PaymentJson::from).collect()))
}

view! {
    /// A DR payment as the REST surface shows it.
    #[serde(rename_all = "PascalCase")]
    pub struct DrPaymentJson from p: DrPayment {
        #[serde(rename = "DRHistoryId")]
        dr_history_id: i64 = p.dr_payment_id,
        amount: String,
        /// ISO date.
        date: Option<String> = iso(p.date.as_ref()),
        /// Winter or Summer.
        period: String,
    }
}

/// The DR contract's payment history, latest first.
#[utoipa::path(get, path = "/getDRPaymentHistory/{contractId}", tag = "payments",
    responses((status = 200, body = Vec<DrPaymentJson>)))]
pub async fn get_dr_payment_history(
    ctx: CallContext,
    Path(contract_id): Path<i64>,
) -> ApiResult<Json<Vec<DrPaymentJson>>> {
    let found = payments(&ctx).list_dr_payments(ctx.request(ListDrPaymentsRequest { contract_id })).await;
    Ok(Json(found.answer("contracts")?.dr_payments.into_iter().map(DrPaymentJson::from).collect()))
}

/// The body of POST /api/addDRPaymentHistory.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", deny_unknown_fields)]
pub struct NewDrPayment {
    #[serde(deserialize_with = "number_text", default)]
    #[schema(value_type = String)]
    pub amount: Option<String>,
    /// ISO date.
    #[serde(default)]
    pub date: Option<String>,
    /// Winter or Summer.
    #[serde(default)]
    pub period: String,
}

/// Records a DR payment.
#[utoipa::path(post, path = "/addDRPaymentHistory/{contractId}", tag = "payments",
    responses((status = 201, body = DrPaymentJson)))]
pub async fn add_dr_payment_history(
    ctx: CallContext,
    Path(contract_id): Path<i64>,
    Json(body): Json<NewDrPayment>,
) -> ApiResult<(StatusCode, Json<DrPaymentJson>)> {
    let dr_payment = DrPayment {
        contract_id,
        amount: body.amount.unwrap_or_default(),
        date: parse_iso("Date", body.date.as_deref())?,
        period: body.period,
        ..Default::default()
    };
    let added =
        payments(&ctx).create_dr_payment(ctx.request(CreateDrPaymentRequest { dr_payment: Some(dr_payment) })).await;
    Ok((StatusCode::CREATED, Json(DrPaymentJson::from(added.answer("contracts")?.dr_payment.ok_or_else(missing)?))))
}

/// Removes a DR payment.
#[utoipa::path(get, path = "/deleteDRPaymentHistoryRecord/{DRHistoryId}", tag = "payments",
    responses((status = 200, body = Done)))]
pub async fn delete_dr_payment_history_record(
    ctx: CallContext,
    Path(dr_payment_id): Path<i64>,
) -> ApiResult<Json<Done>> {
    let request = DeleteDrPaymentRequest { dr_payment_id };
    payments(&ctx).delete_dr_payment(ctx.request(request)).await.answer("contracts")?;
    done("Payment history deleted.")
}

/// The beta list: the lead's contracts, Inactive too.
#[utoipa::path(get, path = "/beta/contracts/read/{LeadId}/all", tag = "beta contracts",
    responses((status = 200, body = Vec<ContractJson>)))]
pub async fn beta_read_all(ctx: CallContext, Path(lead_id): Path<i64>) -> ApiResult<Json<Vec<ContractJson>>> {
    Ok(Json(company_contracts(&ctx, lead_id).await?.into_iter().map(ContractJson::from).collect()))
}

/// Payment totals as the beta view shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TotalsJson {
    pub annual_volume: String,
    pub annual_revenue: String,
    pub term_volume: String,
    pub term_revenue: String,
}

fn totals_json(t: Option<PaymentTotals>) -> TotalsJson {
    let t = t.unwrap_or_default();
    TotalsJson {
        annual_volume: t.annual_volume,
        annual_revenue: t.annual_revenue,
        term_volume: t.term_volume,
        term_revenue: t.term_revenue,
    }
}

/// Projected and actual payment totals.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentTotalsJson {
    pub projected: TotalsJson,
    pub actual: TotalsJson,
}

/// One beta contract with its payments and their totals.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BetaContractJson {
    /// The contract, as a list of one.
    pub contract: Vec<ContractJson>,
    pub payments: Vec<PaymentJson>,
    pub payment_totals: PaymentTotalsJson,
}

/// A contract of the lead with its payments and totals.
#[utoipa::path(get, path = "/beta/contracts/read/{LeadId}/{ContractId}", tag = "beta contracts",
    responses((status = 200, body = BetaContractJson)))]
pub async fn beta_read_one(
    ctx: CallContext,
    Path((lead_id, contract_id)): Path<(i64, i64)>,
) -> ApiResult<Json<BetaContractJson>> {
    let found = contracts(&ctx).get_contract(ctx.request(GetContractRequest { contract_id })).await;
    let contract = found.answer("contracts")?.contract.ok_or_else(missing)?;
    if contract.company_id != lead_id {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "Contract not found."));
    }
    let listed = payments(&ctx).list_payments(ctx.request(ListPaymentsRequest { contract_id })).await;
    let listed = listed.answer("contracts")?;
    Ok(Json(BetaContractJson {
        contract: vec![ContractJson::from(contract)],
        payments: listed.payments.into_iter().map(PaymentJson::from).collect(),
        payment_totals: PaymentTotalsJson {
            projected: totals_json(listed.projected),
            actual: totals_json(listed.actual),
        },
    }))
}

/// The body of POST /api/beta/contracts/create.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BetaCreate {
    pub contract: ContractFields,
    /// yyyy-LL-dd HH:mm:ss.SSS (informational: the service stamps its own time).
    #[serde(default)]
    pub timestamp: Option<String>,
    /// Informational: the signed-in user makes the contract.
    #[serde(default)]
    pub user_id: Option<i64>,
}

/// The new contract's id.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewId {
    pub new_id: i64,
}

/// Makes a contract with the beta form's rules: every failing message is returned at once, one
/// per line (400).
#[utoipa::path(post, path = "/beta/contracts/create", tag = "beta contracts", responses((status = 201, body = NewId)))]
pub async fn beta_create(ctx: CallContext, Json(body): Json<BetaCreate>) -> ApiResult<(StatusCode, Json<NewId>)> {
    let contract = create(&ctx, &body.contract, None, true).await?;
    Ok((StatusCode::CREATED, Json(NewId { new_id: contract.contract_id })))
}

/// The body of PUT /api/beta/contracts/update.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BetaUpdate {
    /// With ContractId and the fields to change.
    pub contract: ContractFields,
}

/// Changes the fields present of contract ContractId.
#[utoipa::path(put, path = "/beta/contracts/update", tag = "beta contracts",
    responses((status = 200, body = ContractJson)))]
pub async fn beta_update(ctx: CallContext, Json(body): Json<BetaUpdate>) -> ApiResult<Json<ContractJson>> {
    let contract_id = body.contract.contract_id.ok_or_else(|| ApiError::bad_request("ContractId is required."))?;
    Ok(Json(ContractJson::from(update(&ctx, contract_id, &body.contract).await?)))
}

/// Deletes a beta contract (only contracts made with the beta form).
#[utoipa::path(delete, path = "/beta/contracts/delete/{ContractId}", tag = "beta contracts",
    responses((status = 200, body = Done)))]
pub async fn beta_delete(ctx: CallContext, Path(contract_id): Path<i64>) -> ApiResult<Json<Done>> {
    remove_contract(&ctx, contract_id, true).await
}

/// The body of POST /api/beta/payments/create.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BetaPayments {
    pub payments: Vec<PaymentJson>,
    /// Pasted rows: projected payments are recomputed as usage x split / 100 x the contract's rate.
    #[serde(default)]
    pub is_mass_import: bool,
    pub contract_id: i64,
}

/// Adds payments to a contract, all or none.
#[utoipa::path(post, path = "/beta/payments/create", tag = "beta contracts",
    responses((status = 201, body = Vec<PaymentJson>)))]
pub async fn beta_payments_create(
    ctx: CallContext,
    Json(body): Json<BetaPayments>,
) -> ApiResult<(StatusCode, Json<Vec<PaymentJson>>)> {
    let added = if body.is_mass_import {
        let text = body
            .payments
            .iter()
            .map(|p| {
                let cell = |v: &Option<String>| v.clone().unwrap_or_default();
                let month = |m: i32| if m == 0 { String::new() } else { m.to_string() };
                [
                    month(p.projected_month),
                    month(p.projected_year),
                    cell(&p.revenue_split),
                    cell(&p.projected_usage),
                    String::new(),
                    month(p.payment_month),
                    month(p.payment_year),
                    cell(&p.usage_actual),
                    cell(&p.payment_actual),
                    p.payment_type.clone(),
                ]
                .map(|c| c.replace(['\t', '\n', '\r'], " "))
                .join("\t")
            })
            .collect::<Vec<_>>()
            .join("\n");
        let request = PastePaymentsRequest { contract_id: body.contract_id, text, ..Default::default() };
        payments(&ctx).paste_payments(ctx.request(request)).await.answer("contracts")?.payments
    } else {
        let request = CreatePaymentsRequest {
            contract_id: body.contract_id,
            payments: body.payments.iter().map(|p| payment_proto(p, body.contract_id)).collect(),
        };
        payments(&ctx).create_payments(ctx.request(request)).await.answer("contracts")?.payments
    };
    Ok((StatusCode::CREATED, Json(added.into_iter().map(PaymentJson::from).collect())))
}

/// The body of PUT /api/beta/payments/update.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BetaPayment {
    pub payment: PaymentJson,
    pub contract_id: i64,
}

/// Changes a payment.
#[utoipa::path(put, path = "/beta/payments/update", tag = "beta contracts",
    responses((status = 200, body = PaymentJson)))]
pub async fn beta_payments_update(ctx: CallContext, Json(body): Json<BetaPayment>) -> ApiResult<Json<PaymentJson>> {
    Ok(Json(save_payment(&ctx, payment_proto(&body.payment, body.contract_id)).await?))
}

/// Removes a payment.
#[utoipa::path(delete, path = "/beta/payments/delete/{paymentId}", tag = "beta contracts",
    responses((status = 200, body = Done)))]
pub async fn beta_payments_delete(ctx: CallContext, Path(payment_id): Path<i64>) -> ApiResult<Json<Done>> {
    remove_payment(&ctx, payment_id).await
}

view! {
    /// A hedge as the REST surface shows it and takes it.
    #[derive(Default, Deserialize)]
    #[serde(rename_all = "camelCase", default, deny_unknown_fields)]
    pub struct HedgeJson from h: Hedge {
        hedge_id: i64,
        contract_id: i64,
        /// Blank, Load Following Block or Flat Block.
        block_type: String,
        /// ISO date.
        signed_date: Option<String> = iso(h.signed_date.as_ref()),
        /// ISO date of the month's first day.
        start_month: Option<String> = iso(h.start_month.as_ref()),
        /// Months, 0 to 240.
        #[schema(minimum = 0, maximum = 240)]
        term_length: i32 = h.term_months,
        /// A plain decimal, at most 7 integer digits and 5 decimals, not negative.
        #[serde(deserialize_with = "number_text")]
        #[schema(value_type = Option<String>, pattern = r"^\d{1,7}(\.\d{1,5})?$")]
        rate: Option<String> = text(h.rate),
        /// A plain decimal, at most 7 integer digits and 5 decimals, not negative.
        #[serde(deserialize_with = "number_text")]
        #[schema(value_type = Option<String>, pattern = r"^\d{1,7}(\.\d{1,5})?$")]
        fee: Option<String> = text(h.fee),
        creator: i64 = h.creator_user_id,
        /// RFC 3339.
        created_on: Option<String> = instant(h.create_time),
        modifier: i64 = h.modifier_user_id,
        /// RFC 3339.
        modified_on: Option<String> = instant(h.update_time),
        version: i64,
    }
}

fn instant(t: Option<prost_types::Timestamp>) -> Option<String> {
    t.and_then(|t| chrono::DateTime::from_timestamp(t.seconds, t.nanos.max(0) as u32)).map(|t| t.to_rfc3339())
}

fn hedge_proto(h: &HedgeJson, contract_id: i64) -> ApiResult<Hedge> {
    let start_month = match h.start_month.as_deref().map(str::trim) {
        // "2026-03" names a month.
        Some(text) if text.len() == 7 => parse_iso("startMonth", Some(&format!("{text}-01")))?,
        other => parse_iso("startMonth", other)?,
    };
    Ok(Hedge {
        hedge_id: h.hedge_id,
        contract_id,
        block_type: h.block_type.clone(),
        signed_date: parse_iso("signedDate", h.signed_date.as_deref())?,
        start_month,
        term_months: h.term_length,
        rate: h.rate.clone().unwrap_or_default(),
        fee: h.fee.clone().unwrap_or_default(),
        version: h.version,
        ..Default::default()
    })
}

/// The body of POST /api/beta/hedges/create and PUT /api/beta/hedges/update.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HedgeBody {
    pub hedge: HedgeJson,
    pub contract_id: i64,
    /// Informational: the service stamps its own time and the signed-in user.
    #[serde(default)]
    pub timestamp: Option<String>,
    #[serde(default)]
    pub user_id: Option<i64>,
}

/// Adds a hedge to a Hedge contract.
#[utoipa::path(post, path = "/beta/hedges/create", tag = "beta contracts", responses((status = 201, body = HedgeJson)))]
pub async fn hedges_create(ctx: CallContext, Json(body): Json<HedgeBody>) -> ApiResult<(StatusCode, Json<HedgeJson>)> {
    let hedge = hedge_proto(&body.hedge, body.contract_id)?;
    let made = hedges(&ctx).create_hedge(ctx.request(CreateHedgeRequest { hedge: Some(hedge) })).await;
    Ok((StatusCode::CREATED, Json(HedgeJson::from(made.answer("contracts")?.hedge.ok_or_else(missing)?))))
}

/// The contract's hedges, by start month.
#[utoipa::path(get, path = "/beta/hedges/read/{contractId}/all", tag = "beta contracts",
    responses((status = 200, body = Vec<HedgeJson>)))]
pub async fn hedges_read_all(ctx: CallContext, Path(contract_id): Path<i64>) -> ApiResult<Json<Vec<HedgeJson>>> {
    let found = hedges(&ctx).list_hedges(ctx.request(ListHedgesRequest { contract_id })).await;
    Ok(Json(found.answer("contracts")?.hedges.into_iter().map(HedgeJson::from).collect()))
}

/// One hedge of the contract.
#[utoipa::path(get, path = "/beta/hedges/read/{contractId}/{hedgeId}", tag = "beta contracts",
    responses((status = 200, body = HedgeJson)))]
pub async fn hedges_read_one(
    ctx: CallContext,
    Path((contract_id, hedge_id)): Path<(i64, i64)>,
) -> ApiResult<Json<HedgeJson>> {
    let found = hedges(&ctx).get_hedge(ctx.request(GetHedgeRequest { hedge_id })).await;
    let hedge = found.answer("contracts")?.hedge.ok_or_else(missing)?;
    if hedge.contract_id != contract_id {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "Hedge not found."));
    }
    Ok(Json(HedgeJson::from(hedge)))
}

/// Changes a hedge (with version: refused with 409 when someone else changed it since).
#[utoipa::path(put, path = "/beta/hedges/update", tag = "beta contracts", responses((status = 200, body = HedgeJson)))]
pub async fn hedges_update(ctx: CallContext, Json(body): Json<HedgeBody>) -> ApiResult<Json<HedgeJson>> {
    let hedge = hedge_proto(&body.hedge, body.contract_id)?;
    let saved = hedges(&ctx).update_hedge(ctx.request(UpdateHedgeRequest { hedge: Some(hedge) })).await;
    Ok(Json(HedgeJson::from(saved.answer("contracts")?.hedge.ok_or_else(missing)?)))
}

/// Removes a hedge.
#[utoipa::path(delete, path = "/beta/hedges/delete/{hedgeId}", tag = "beta contracts",
    responses((status = 200, body = Done)))]
pub async fn hedges_delete(ctx: CallContext, Path(hedge_id): Path<i64>) -> ApiResult<Json<Done>> {
    hedges(&ctx).delete_hedge(ctx.request(DeleteHedgeRequest { hedge_id })).await.answer("contracts")?;
    done("Hedge deleted.")
}

/// The Contracts page's filter from the address: Active Only, Future Only or All, and a date
/// range ("null", "undefined" or "-" for an open end).
fn book_filter(filter: &str, start: &str, end: &str) -> ApiResult<BookFilter> {
    let scope = match filter.trim().to_ascii_lowercase().replace(['_', '-', '+'], " ").as_str() {
        "active only" | "active" => ContractScope::ActiveOnly,
        "future only" | "future" => ContractScope::FutureOnly,
        "all" | "" => ContractScope::Unspecified,
        _ => return Err(ApiError::bad_request("The filter must be Active Only, Future Only or All.")),
    };
    let date = |label: &str, text: &str| -> ApiResult<Option<Date>> {
        match text.trim() {
            "" | "null" | "undefined" | "-" => Ok(None),
            text => parse_iso(label, Some(text)),
        }
    };
    Ok(BookFilter {
        scope: scope.into(),
        date_signed_from: date("Date Signed Start", start)?,
        date_signed_to: date("Date Signed End", end)?,
        ..Default::default()
    })
}

/// At most this many contracts in one report list answer.
const BOOK_MOST: usize = 5000;

async fn book(ctx: &CallContext, filter: BookFilter) -> ApiResult<Vec<ContractJson>> {
    let mut all = Vec::new();
    let mut page_token = String::new();
    loop {
        let request = ListBookContractsRequest { filter: Some(filter), page_size: 1000, page_token };
        let page = contracts(ctx).list_book_contracts(ctx.request(request)).await.answer("contracts")?;
        all.extend(page.contracts.into_iter().map(ContractJson::from));
        if page.next_page_token.is_empty() || all.len() >= BOOK_MOST {
            all.truncate(BOOK_MOST);
            return Ok(all);
        }
        page_token = page.next_page_token;
    }
}

/// Every contract of the book by filter and date signed, latest signed first (at most 5,000;
/// Management, Admin and Customer Care).
#[utoipa::path(get, path = "/getAllContracts/{filter}/{dateSignedStart}/{dateSignedEnd}", tag = "contract lists",
    params(("filter" = String, Path, description = "Active Only, Future Only or All"),
        ("dateSignedStart" = String, Path, description = "ISO date, or null"),
        ("dateSignedEnd" = String, Path, description = "ISO date, or null")),
    responses((status = 200, body = Vec<ContractJson>)))]
pub async fn get_all_contracts(
    ctx: CallContext,
    Path((filter, start, end)): Path<(String, String, String)>,
) -> ApiResult<Json<Vec<ContractJson>>> {
    Ok(Json(book(&ctx, book_filter(&filter, &start, &end)?).await?))
}

/// The contracts naming a user in a team role, by filter and date signed (at most 5,000). Sales
/// see their own whatever name they give.
#[utoipa::path(get, path = "/getContracts/{userName}/{filter}/{start}/{end}", tag = "contract lists",
    params(("filter" = String, Path, description = "Active Only, Future Only or All"),
        ("start" = String, Path, description = "ISO date, or null"),
        ("end" = String, Path, description = "ISO date, or null")),
    responses((status = 200, body = Vec<ContractJson>)))]
pub async fn get_contracts(
    ctx: CallContext,
    Path((user_name, filter, start, end)): Path<(String, String, String, String)>,
) -> ApiResult<Json<Vec<ContractJson>>> {
    let mut filter = book_filter(&filter, &start, &end)?;
    let request = BatchGetUsersRequest { names: vec![user_name.clone()], ..Default::default() };
    let found = UserServiceClient::new(ctx.channel("identity")).batch_get_users(ctx.request(request)).await;
    let users = found.answer("identity")?.users;
    let user = users.into_iter().find(|u| u.name.eq_ignore_ascii_case(&user_name));
    filter.user_id = user.ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "User not found."))?.user_id;
    Ok(Json(book(&ctx, filter).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_filters_read_the_spec_words_and_open_ends() {
        let filter = book_filter("Active Only", "2026-01-01", "null").unwrap();
        assert_eq!(filter.scope, i32::from(ContractScope::ActiveOnly));
        assert!(filter.date_signed_from.is_some() && filter.date_signed_to.is_none());
        assert_eq!(book_filter("Future Only", "-", "-").unwrap().scope, i32::from(ContractScope::FutureOnly));
        assert!(book_filter("Someday", "-", "-").is_err());
        assert!(book_filter("All", "2026-02-30", "-").is_err());
    }
}
