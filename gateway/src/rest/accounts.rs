//! Accounts, usage and capacity histories: spec 2 section 7 ("Accounts, usage, history"), each
//! call translated to crm's AccountService. Accounts name utilities and suppliers by id; the JSON
//! also names them, resolved from sourcing's directories.

use axum::{Json, extract::Path, http::StatusCode};
use eris_platform::local::Channel;
use eris_proto::{
    crm::v1::{
        Account, AccountCommodity, CapacityKind, CapacityRecord, CreateAccountRequest, CreateCapacityRecordRequest,
        DeleteAccountRequest, DeleteCapacityRecordRequest, DrStatus, GetUsageRequest, ImportAccountsRequest, ImportRow,
        ListAccountsRequest, ListCapacityRecordsRequest, OpenState, UpdateAccountRequest, UpdateUsageRequest,
        UsageMonth, account_service_client::AccountServiceClient,
    },
    sourcing::v1::{Commodity, Supplier, Utility},
};
use prost_types::FieldMask;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::{Answer, Done, done, id, missing, set, text};
use super::{
    directories::{list_suppliers, list_utilities},
    leads::{iso, parse_iso},
};
use crate::{
    auth::CallContext,
    error::{ApiError, ApiResult},
};

fn client(ctx: &CallContext) -> AccountServiceClient<Channel> {
    AccountServiceClient::new(ctx.channel("crm"))
}

/// The directories an account's names come from.
pub(crate) struct Names {
    utilities: Vec<Utility>,
    suppliers: Vec<Supplier>,
}

impl Names {
    async fn fetch(ctx: &CallContext) -> ApiResult<Self> {
        let (utilities, suppliers) = tokio::try_join!(list_utilities(ctx), list_suppliers(ctx, true))?;
        Ok(Self { utilities, suppliers })
    }

    fn utility(&self, id: i64) -> Option<String> {
        self.utilities.iter().find(|u| u.utility_id == id).map(|u| u.name.clone())
    }

    fn supplier(&self, id: i64) -> Option<String> {
        self.suppliers.iter().find(|s| s.supplier_id == id).map(|s| s.name.clone())
    }
}

view! {
    /// An account as the REST surface shows it. Numbers are decimal strings; a field with no value is
    /// left out (a company's 2,000 accounts are a third smaller for it).
    #[serde(rename_all = "PascalCase")]
    pub struct AccountJson from account: Account, names: &Names {
        account_id: i64,
        lead_id: i64 = account.company_id,
        /// Site name.
        name: String,
        len: String,
        account_number: String,
        secondary_account_number: String,
        /// The utility's name.
        #[serde(skip_serializing_if = "Option::is_none")]
        utility: Option<String> = names.utility(account.utility_id),
        #[serde(skip_serializing_if = "Option::is_none")]
        utility_id: Option<i64> = id(account.utility_id),
        zone: String,
        /// The supplier's name (SupplierName).
        #[serde(skip_serializing_if = "Option::is_none")]
        supplier: Option<String> = names.supplier(account.supplier_id),
        #[serde(skip_serializing_if = "Option::is_none")]
        supplier_id: Option<i64> = id(account.supplier_id),
        /// Electric or Gas.
        commodity: String =
            if account.commodity == i32::from(AccountCommodity::Gas) { "Gas" } else { "Electric" }.into(),
        rate_class: String,
        address: String,
        city: String,
        state: String,
        zip: String,
        /// Open or Closed.
        open_state: String = if account.open_state == i32::from(OpenState::Closed) { "Closed" } else { "Open" }.into(),
        /// A percent, 0 to 100.
        #[serde(skip_serializing_if = "Option::is_none")]
        tax_exempt_status: Option<String> = text(account.tax_exempt_percent),
        #[serde(skip_serializing_if = "Option::is_none")]
        contract_end_date: Option<String> = iso(account.contract_end_date.as_ref()),
        #[serde(rename = "PLC")]
        #[serde(skip_serializing_if = "Option::is_none")]
        plc: Option<String> = text(account.plc),
        #[serde(rename = "NSPL")]
        #[serde(skip_serializing_if = "Option::is_none")]
        nspl: Option<String> = text(account.nspl),
        #[serde(rename = "IsDR")]
        is_dr: bool,
        /// Registered or Unregistered (DR accounts).
        #[serde(skip_serializing_if = "Option::is_none")]
        status: Option<String> = match DrStatus::try_from(account.dr_status).unwrap_or_default() {
            DrStatus::Registered => Some("Registered".into()),
            DrStatus::Unregistered => Some("Unregistered".into()),
            DrStatus::Unspecified => None,
        },
        /// The DR provider's name.
        #[serde(skip_serializing_if = "Option::is_none")]
        provider: Option<String> = names.supplier(account.dr_provider_supplier_id),
        #[serde(skip_serializing_if = "Option::is_none")]
        provider_id: Option<i64> = id(account.dr_provider_supplier_id),
        #[serde(rename = "SummerRegisteredKW")]
        #[serde(skip_serializing_if = "Option::is_none")]
        summer_registered_kw: Option<String> = text(account.summer_registered_kw),
        #[serde(rename = "WinterRegisteredKW")]
        #[serde(skip_serializing_if = "Option::is_none")]
        winter_registered_kw: Option<String> = text(account.winter_registered_kw),
        #[serde(skip_serializing_if = "Option::is_none")]
        annual_kwh: Option<String> = text(account.annual_kwh),
        #[serde(skip_serializing_if = "Option::is_none")]
        annual_therms: Option<String> = text(account.annual_therms),
        #[serde(skip_serializing_if = "Option::is_none")]
        load_factor: Option<String> = text(account.load_factor),
        /// Send it back with an update: a field someone else changed since is refused (409).
        version: i64,
    }
}

/// A number sent as a JSON number or as text ("1,250.5"); null or absent is none.
/// A number as a JSON string may carry it: blank (none), or an optional sign, digits and one
/// decimal point, spaces around. "1,000" is refused rather than read as a thousand or as one.
fn plain_number(text: &str) -> bool {
    let text = text.trim();
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let mut parts = digits.splitn(2, '.');
    let whole = parts.next().unwrap_or_default();
    let fraction = parts.next();
    text.is_empty()
        || (whole.chars().all(|c| c.is_ascii_digit())
            && fraction.is_none_or(|f| f.chars().all(|c| c.is_ascii_digit()))
            && !(whole.is_empty() && fraction.is_none_or(str::is_empty)))
}

pub(crate) fn number_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    match Option::<Value>::deserialize(deserializer)? {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if plain_number(&text) => Ok(Some(text)),
        Some(Value::String(text)) => Err(serde::de::Error::custom(format!(
            "{:?} is not a plain number: digits with an optional sign and decimal point, no thousands separators",
            text.chars().take(40).collect::<String>()
        ))),
        Some(Value::Number(number)) => Ok(Some(number.to_string())),
        Some(other) => Err(serde::de::Error::custom(format!("expected a number, found {other}"))),
    }
}

/// An account's fields as sent: present fields are set (an update changes only those).
/// Utility, Supplier and Provider may be named by id or by name.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "PascalCase", default, deny_unknown_fields)]
pub struct AccountFields {
    /// The company, for a new account.
    pub lead_id: Option<i64>,
    pub name: Option<String>,
    pub len: Option<String>,
    pub account_number: Option<String>,
    pub secondary_account_number: Option<String>,
    pub utility: Option<String>,
    pub utility_id: Option<i64>,
    pub zone: Option<String>,
    pub supplier: Option<String>,
    pub supplier_id: Option<i64>,
    /// Electric or Gas.
    pub commodity: Option<String>,
    pub rate_class: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
    /// Open or Closed.
    pub open_state: Option<String>,
    #[serde(deserialize_with = "number_text")]
    #[schema(value_type = Option<String>)]
    pub tax_exempt_status: Option<String>,
    pub contract_end_date: Option<String>,
    #[serde(rename = "PLC", deserialize_with = "number_text")]
    #[schema(value_type = Option<String>)]
    pub plc: Option<String>,
    #[serde(rename = "NSPL", deserialize_with = "number_text")]
    #[schema(value_type = Option<String>)]
    pub nspl: Option<String>,
    #[serde(rename = "IsDR")]
    pub is_dr: Option<bool>,
    /// Registered or Unregistered.
    pub status: Option<String>,
    pub provider: Option<String>,
    pub provider_id: Option<i64>,
    #[serde(rename = "SummerRegisteredKW", deserialize_with = "number_text")]
    #[schema(value_type = Option<String>)]
    pub summer_registered_kw: Option<String>,
    #[serde(rename = "WinterRegisteredKW", deserialize_with = "number_text")]
    #[schema(value_type = Option<String>)]
    pub winter_registered_kw: Option<String>,
    /// The version read; without it the account is taken as read now.
    pub version: Option<i64>,
}

/// A directory entry named by id or by name (exactly one match, whatever its case).
fn by_id_or_name(label: &str, id: Option<i64>, name: Option<&str>, entries: &[(&str, i64)]) -> ApiResult<Option<i64>> {
    if let Some(id) = id {
        return Ok(Some(id.max(0)));
    }
    let Some(name) = name.map(str::trim) else { return Ok(None) };
    if name.is_empty() {
        return Ok(Some(0));
    }
    let found: Vec<i64> = entries.iter().filter(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, id)| *id).collect();
    match found.as_slice() {
        [one] => Ok(Some(*one)),
        [] => Err(ApiError::bad_request(format!("{label} {name} is not in the list."))),
        _ => Err(ApiError::bad_request(format!("{label} {name} names several; send its id ({label}Id)."))),
    }
}

impl AccountFields {
    /// The proto account and the names of the fields present.
    fn to_proto(&self, account_id: i64, names: Option<&Names>) -> ApiResult<(Account, Vec<&'static str>)> {
        let mut account = Account {
            account_id,
            company_id: self.lead_id.unwrap_or(0),
            version: self.version.unwrap_or(0),
            ..Default::default()
        };
        let mut paths = Vec::new();
        set(&mut paths, "name", self.name.clone(), &mut account.name);
        set(&mut paths, "len", self.len.clone(), &mut account.len);
        set(&mut paths, "account_number", self.account_number.clone(), &mut account.account_number);
        set(
            &mut paths,
            "secondary_account_number",
            self.secondary_account_number.clone(),
            &mut account.secondary_account_number,
        );
        set(&mut paths, "zone", self.zone.clone(), &mut account.zone);
        set(&mut paths, "rate_class", self.rate_class.clone(), &mut account.rate_class);
        set(&mut paths, "address", self.address.clone(), &mut account.address);
        set(&mut paths, "city", self.city.clone(), &mut account.city);
        set(&mut paths, "state", self.state.clone(), &mut account.state);
        set(&mut paths, "zip", self.zip.clone(), &mut account.zip);
        set(&mut paths, "tax_exempt_percent", self.tax_exempt_status.clone(), &mut account.tax_exempt_percent);
        set(&mut paths, "plc", self.plc.clone(), &mut account.plc);
        set(&mut paths, "nspl", self.nspl.clone(), &mut account.nspl);
        set(&mut paths, "summer_registered_kw", self.summer_registered_kw.clone(), &mut account.summer_registered_kw);
        set(&mut paths, "winter_registered_kw", self.winter_registered_kw.clone(), &mut account.winter_registered_kw);
        if let Some(commodity) = &self.commodity {
            account.commodity = match commodity.trim().to_ascii_lowercase().as_str() {
                "electric" => AccountCommodity::Electric,
                "gas" => AccountCommodity::Gas,
                _ => return Err(ApiError::bad_request("Commodity must be Electric or Gas.")),
            }
            .into();
            paths.push("commodity");
        }
        if let Some(open_state) = &self.open_state {
            account.open_state = match open_state.trim().to_ascii_lowercase().as_str() {
                "open" | "" => OpenState::Open,
                "closed" => OpenState::Closed,
                _ => return Err(ApiError::bad_request("OpenState must be Open or Closed.")),
            }
            .into();
            paths.push("open_state");
        }
        if let Some(status) = &self.status {
            account.dr_status = match status.trim().to_ascii_lowercase().as_str() {
                "registered" => DrStatus::Registered,
                "unregistered" => DrStatus::Unregistered,
                "" => DrStatus::Unspecified,
                _ => return Err(ApiError::bad_request("Status must be Registered or Unregistered.")),
            }
            .into();
            paths.push("dr_status");
        }
        set(&mut paths, "is_dr", self.is_dr, &mut account.is_dr);
        if let Some(date) = &self.contract_end_date {
            account.contract_end_date = parse_iso("ContractEndDate", Some(date))?;
            paths.push("contract_end_date");
        }
        let empty = Names { utilities: Vec::new(), suppliers: Vec::new() };
        let names = names.unwrap_or(&empty);
        // A name like "PECO" serves electric, gas and DR, and some serve several states: narrow by
        // the account's commodity and state where they are sent.
        let commodity = match account.commodity() {
            AccountCommodity::Gas => Commodity::Gas,
            _ => Commodity::Electric,
        };
        let state = self.state.as_deref().map(str::trim).unwrap_or_default();
        let utilities: Vec<(&str, i64)> = names
            .utilities
            .iter()
            .filter(|u| u.commodity() == commodity && (state.is_empty() || u.state.eq_ignore_ascii_case(state)))
            .map(|u| (u.name.as_str(), u.utility_id))
            .collect();
        if let Some(utility) = by_id_or_name("Utility", self.utility_id, self.utility.as_deref(), &utilities)? {
            account.utility_id = utility;
            paths.push("utility_id");
        }
        let live: Vec<(&str, i64)> =
            names.suppliers.iter().filter(|s| !s.archived).map(|s| (s.name.as_str(), s.supplier_id)).collect();
        if let Some(supplier) = by_id_or_name("Supplier", self.supplier_id, self.supplier.as_deref(), &live)? {
            account.supplier_id = supplier;
            paths.push("supplier_id");
        }
        if let Some(provider) = by_id_or_name("Provider", self.provider_id, self.provider.as_deref(), &live)? {
            account.dr_provider_supplier_id = provider;
            paths.push("dr_provider_supplier_id");
        }
        Ok((account, paths))
    }

    /// Whether a directory entry is named by name (and so the directories are needed).
    fn names_by_name(&self) -> bool {
        (self.utility.is_some() && self.utility_id.is_none())
            || (self.supplier.is_some() && self.supplier_id.is_none())
            || (self.provider.is_some() && self.provider_id.is_none())
    }
}

/// A lead's accounts, by site name (every page, streamed from crm in pages of 2,000).
#[utoipa::path(get, path = "/getAccountsByLeadId/{leadId}", tag = "accounts",
    responses((status = 200, body = [AccountJson])))]
pub async fn get_accounts_by_lead_id(ctx: CallContext, Path(lead_id): Path<i64>) -> ApiResult<Json<Vec<AccountJson>>> {
    let mut client = client(&ctx);
    let mut accounts = Vec::new();
    let mut page_token = String::new();
    let names = Names::fetch(&ctx);
    let first = async {
        let request = ListAccountsRequest { company_id: lead_id, page_size: 5000, ..Default::default() };
        client.clone().list_accounts(ctx.request(request)).await.answer("crm")
    };
    let (names, first) = tokio::try_join!(names, first)?;
    let mut page = first;
    loop {
        accounts.extend(page.accounts.into_iter().map(|a| AccountJson::new(a, &names)));
        if page.next_page_token.is_empty() {
            break;
        }
        page_token.clone_from(&page.next_page_token);
        let request = ListAccountsRequest {
            company_id: lead_id,
            page_size: 5000,
            page_token: page_token.clone(),
            ..Default::default()
        };
        page = client.list_accounts(ctx.request(request)).await.answer("crm")?;
    }
    Ok(Json(accounts))
}

/// Adds an account to the lead named by LeadId (Management, Admin and Customer Care).
#[utoipa::path(post, path = "/accounts", tag = "accounts", responses((status = 201, body = AccountJson)))]
pub async fn create_account(
    ctx: CallContext,
    Json(body): Json<AccountFields>,
) -> ApiResult<(StatusCode, Json<AccountJson>)> {
    let names = Names::fetch(&ctx).await?;
    let (account, _) = body.to_proto(0, Some(&names))?;
    if account.company_id <= 0 {
        return Err(ApiError::bad_request("LeadId is required."));
    }
    let request = ctx.request(CreateAccountRequest { account: Some(account) });
    let created = client(&ctx).create_account(request).await.answer("crm")?.account.ok_or_else(missing)?;
    Ok((StatusCode::CREATED, Json(AccountJson::new(created, &names))))
}

/// Changes the fields present. A whole account sent back keeps newer values of fields it sends
/// unchanged; a field someone else changed after Version is refused (409).
#[utoipa::path(put, path = "/accounts/{AccountId}", tag = "accounts", responses((status = 200, body = AccountJson)))]
pub async fn update_account(
    ctx: CallContext,
    Path(account_id): Path<i64>,
    Json(body): Json<AccountFields>,
) -> ApiResult<Json<AccountJson>> {
    let names = Names::fetch(&ctx).await?;
    let (account, paths) = body.to_proto(account_id, body.names_by_name().then_some(&names))?;
    if paths.is_empty() {
        return Err(ApiError::bad_request("Send at least one field of the account."));
    }
    let update_mask = Some(FieldMask { paths: paths.into_iter().map(str::to_owned).collect() });
    let request = ctx.request(UpdateAccountRequest { account: Some(account), update_mask });
    let updated = client(&ctx).update_account(request).await.answer("crm")?.account.ok_or_else(missing)?;
    Ok(Json(AccountJson::new(updated, &names)))
}

/// Deletes an account with its usage and histories.
#[utoipa::path(delete, path = "/accounts/{AccountId}", tag = "accounts", responses((status = 200, body = Done)))]
pub async fn delete_account(ctx: CallContext, Path(account_id): Path<i64>) -> ApiResult<Json<Done>> {
    client(&ctx).delete_account(ctx.request(DeleteAccountRequest { account_id })).await.answer("crm")?;
    done("Account deleted.")
}

view! {
    /// One month of usage.
    pub struct UsageJson from month: UsageMonth {
        /// 1 (January) to 12.
        #[serde(rename = "Month")]
        month: i32,
        /// kWh or therms.
        val1: Option<String> = text(month.value),
        /// kW (electric).
        val2: Option<String> = text(month.kw),
        /// kWh / kW / 720 to 4 decimals (electric).
        #[serde(rename = "LoadFactor")]
        load_factor: Option<String> = text(month.load_factor),
        /// When the month was last entered.
        #[serde(rename = "EntryDate")]
        entry_date: Option<String> = iso(month.entry_date.as_ref()),
    }
}

/// An account's 12 months of usage, January first.
#[utoipa::path(get, path = "/getUsage/{accountId}", tag = "accounts", responses((status = 200, body = [UsageJson])))]
pub async fn get_usage(ctx: CallContext, Path(account_id): Path<i64>) -> ApiResult<Json<Vec<UsageJson>>> {
    let usage = client(&ctx).get_usage(ctx.request(GetUsageRequest { account_id })).await.answer("crm")?;
    Ok(Json(usage.months.into_iter().map(UsageJson::from).collect()))
}

/// One month of `POST /api/updateUsage`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct UsageEntry {
    /// The month: its name ("Jan" or "January") or number; absent means by its place in the list.
    #[serde(rename = "Name")]
    #[schema(value_type = Option<String>)]
    pub name: Option<Value>,
    #[serde(deserialize_with = "number_text")]
    #[schema(value_type = Option<String>)]
    pub val1: Option<String>,
    #[serde(deserialize_with = "number_text")]
    #[schema(value_type = Option<String>)]
    pub val2: Option<String>,
}

/// `POST /api/updateUsage`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdateUsage {
    pub all_usage: Vec<UsageEntry>,
    pub account_id: i64,
    /// Electric or Gas; the account's own commodity decides.
    #[serde(default)]
    pub commodity: Option<String>,
}

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

fn month_number(name: Option<&Value>, place: usize) -> ApiResult<i32> {
    let bad = || ApiError::bad_request("Each month of allUsage must be named January to December (or 1 to 12).");
    match name {
        None | Some(Value::Null) => i32::try_from(place + 1).map_err(|_| bad()),
        Some(Value::Number(number)) => {
            number.as_i64().filter(|n| (1..=12).contains(n)).map(|n| n as i32).ok_or_else(bad)
        }
        Some(Value::String(text)) => {
            let text = text.trim().to_ascii_lowercase();
            if let Ok(number) = text.parse::<i32>() {
                return if (1..=12).contains(&number) { Ok(number) } else { Err(bad()) };
            }
            MONTHS
                .iter()
                .position(|m| text.len() >= 3 && m.starts_with(&text))
                .map(|index| index as i32 + 1)
                .ok_or_else(bad)
        }
        Some(_) => Err(bad()),
    }
}

/// Replaces an account's usage with the months sent (at most 12).
#[utoipa::path(post, path = "/updateUsage", tag = "accounts", responses((status = 200, body = [UsageJson])))]
pub async fn update_usage(ctx: CallContext, Json(body): Json<UpdateUsage>) -> ApiResult<Json<Vec<UsageJson>>> {
    if body.all_usage.len() > 12 {
        return Err(ApiError::bad_request("allUsage has 12 months at most."));
    }
    let months = body
        .all_usage
        .iter()
        .enumerate()
        .map(|(place, entry)| {
            Ok(UsageMonth {
                month: month_number(entry.name.as_ref(), place)?,
                value: entry.val1.clone().unwrap_or_default(),
                kw: entry.val2.clone().unwrap_or_default(),
                ..Default::default()
            })
        })
        .collect::<ApiResult<Vec<_>>>()?;
    let request = ctx.request(UpdateUsageRequest { account_id: body.account_id, months });
    let saved = client(&ctx).update_usage(request).await.answer("crm")?;
    Ok(Json(saved.months.into_iter().map(UsageJson::from).collect()))
}

/// `POST /api/importAccounts/{leadId}`: the parsed CSV, one object per row keyed by the spec's
/// headers (or one array of cells per row, in the headers' order).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ImportAccounts {
    #[schema(value_type = Vec<Object>)]
    pub my_data: Vec<Value>,
    /// Only check the rows; import nothing.
    #[serde(default)]
    pub validate_only: bool,
}

/// A problem with a row of an import.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct ImportProblemJson {
    /// 1 is the first row after the header; 0 the header.
    pub row: i32,
    pub column: String,
    pub message: String,
}

/// What an import did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct ImportResult {
    pub row_count: i32,
    /// How many accounts were added (none when any row has a problem).
    pub imported: usize,
    pub problems: Vec<ImportProblemJson>,
}

/// The spec's import headers, in order (spec 2 section 5).
const IMPORT_HEADERS: [&str; 16] = [
    "Site Name",
    "LEN",
    "Account #",
    "Secondary Account #",
    "Utility",
    "Supplier",
    "Commodity",
    "Rate Class",
    "Address",
    "City",
    "State",
    "Zip",
    "Tax Exempt Status",
    "PLC",
    "NSPL",
    "Zone",
];

fn cell(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

fn header_cells(object: &Map<String, Value>) -> Vec<String> {
    let mut headers: Vec<String> = IMPORT_HEADERS.iter().map(|h| (*h).to_owned()).collect();
    // A key that is not one of the headers (a misspelt column) is kept, so the service names it.
    for key in object.keys() {
        if !IMPORT_HEADERS.iter().any(|h| h.eq_ignore_ascii_case(key.trim())) && !headers.contains(key) {
            headers.push(key.clone());
        }
    }
    headers
}

/// Checks every row and, when none has a problem, adds them all in one transaction.
#[utoipa::path(post, path = "/importAccounts/{leadId}", tag = "accounts",
    responses((status = 200, body = ImportResult)))]
pub async fn import_accounts(
    ctx: CallContext,
    Path(lead_id): Path<i64>,
    Json(body): Json<ImportAccounts>,
) -> ApiResult<Json<ImportResult>> {
    let rows: Vec<ImportRow> = match body.my_data.first() {
        None => return Err(ApiError::bad_request("You must upload a file")),
        Some(Value::Object(first)) => {
            let headers = header_cells(first);
            let mut rows = vec![ImportRow { cells: headers.clone() }];
            for row in &body.my_data {
                let Value::Object(object) = row else {
                    return Err(ApiError::bad_request("Every row of myData must be an object."));
                };
                let value = |header: &String| {
                    object.iter().find(|(key, _)| key.trim().eq_ignore_ascii_case(header)).map(|(_, v)| cell(v))
                };
                rows.push(ImportRow { cells: headers.iter().map(|h| value(h).unwrap_or_default()).collect() });
            }
            rows
        }
        Some(Value::Array(_)) => {
            let mut rows = vec![ImportRow { cells: IMPORT_HEADERS.iter().map(|h| (*h).to_owned()).collect() }];
            for row in &body.my_data {
                let Value::Array(cells) = row else {
                    return Err(ApiError::bad_request("Every row of myData must be an array."));
                };
                rows.push(ImportRow { cells: cells.iter().map(cell).collect() });
            }
            rows
        }
        Some(_) => return Err(ApiError::bad_request("myData must hold objects or arrays.")),
    };
    let request =
        ImportAccountsRequest { company_id: lead_id, rows, validate_only: body.validate_only, ..Default::default() };
    let result = client(&ctx).import_accounts(ctx.request(request)).await.answer("crm")?;
    Ok(Json(ImportResult {
        row_count: result.row_count,
        imported: result.accounts.len(),
        problems: result
            .problems
            .into_iter()
            .map(|p| ImportProblemJson { row: p.row, column: p.column, message: p.message })
            .collect(),
    }))
}

/// The JSON names of a capacity history: its id field and its value field.
fn capacity_names(kind: CapacityKind) -> (&'static str, &'static str) {
    match kind {
        CapacityKind::Plc => ("PLCHistoryId", "PLC"),
        CapacityKind::Nspl => ("NSPLHistoryId", "NSPL"),
        CapacityKind::SummerKw => ("SummerKWHistoryId", "SummerKW"),
        CapacityKind::WinterKw | CapacityKind::Unspecified => ("WinterKWHistoryId", "WinterKW"),
    }
}

fn capacity_json(kind: CapacityKind, record: CapacityRecord) -> Value {
    let (id_name, value_name) = capacity_names(kind);
    let mut object = Map::new();
    object.insert(id_name.into(), record.capacity_record_id.into());
    object.insert("AccountId".into(), record.account_id.into());
    object.insert(value_name.into(), record.value.into());
    object.insert("StartDate".into(), iso(record.start_date.as_ref()).into());
    object.insert("EndDate".into(), iso(record.end_date.as_ref()).into());
    Value::Object(object)
}

async fn list_capacity(ctx: &CallContext, account_id: i64, kind: CapacityKind) -> ApiResult<Json<Vec<Value>>> {
    let request = ListCapacityRecordsRequest { account_id, kind: kind.into() };
    let records = client(ctx).list_capacity_records(ctx.request(request)).await.answer("crm")?.records;
    Ok(Json(records.into_iter().map(|r| capacity_json(kind, r)).collect()))
}

async fn add_capacity(
    ctx: &CallContext,
    account_id: i64,
    kind: CapacityKind,
    body: &Map<String, Value>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let (_, value_name) = capacity_names(kind);
    let text = |name: &str| body.iter().find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, v)| cell(v));
    let value = text(value_name).unwrap_or_default();
    let record = CapacityRecord {
        account_id,
        kind: kind.into(),
        value,
        start_date: parse_iso("StartDate", text("StartDate").as_deref())?,
        end_date: parse_iso("EndDate", text("EndDate").as_deref())?,
        ..Default::default()
    };
    let request = ctx.request(CreateCapacityRecordRequest { record: Some(record) });
    let created = client(ctx).create_capacity_record(request).await.answer("crm")?.record.ok_or_else(missing)?;
    Ok((StatusCode::CREATED, Json(capacity_json(kind, created))))
}

async fn delete_capacity(ctx: &CallContext, record_id: i64, kind: CapacityKind) -> ApiResult<Json<Done>> {
    let request = DeleteCapacityRecordRequest { capacity_record_id: record_id, kind: kind.into() };
    client(ctx).delete_capacity_record(ctx.request(request)).await.answer("crm")?;
    done("Record deleted.")
}

/// The three calls of one capacity history: list, add, delete (the spec's paths and names).
macro_rules! capacity_calls {
    ($kind:expr, $label:literal, $list:ident, $list_path:literal, $add:ident, $add_path:literal, $delete:ident,
        $delete_path:literal) => {
        #[doc = concat!("An account's ", $label, " history, newest start first.")]
        #[utoipa::path(get, path = $list_path, tag = "accounts", responses((status = 200, body = [Object])))]
        pub async fn $list(ctx: CallContext, Path(account_id): Path<i64>) -> ApiResult<Json<Vec<Value>>> {
            list_capacity(&ctx, account_id, $kind).await
        }

        #[doc = concat!("Adds a ", $label, " record: {StartDate, EndDate, ", $label, "}.")]
        #[utoipa::path(post, path = $add_path, tag = "accounts", request_body = Object,
                                                                            responses((status = 201, body = Object)))]
        pub async fn $add(
            ctx: CallContext,
            Path(account_id): Path<i64>,
            Json(body): Json<Map<String, Value>>,
        ) -> ApiResult<(StatusCode, Json<Value>)> {
            add_capacity(&ctx, account_id, $kind, &body).await
        }

        #[doc = concat!("Deletes a ", $label, " record.")]
        #[utoipa::path(get, path = $delete_path, tag = "accounts", responses((status = 200, body = Done)))]
        pub async fn $delete(ctx: CallContext, Path(record_id): Path<i64>) -> ApiResult<Json<Done>> {
            delete_capacity(&ctx, record_id, $kind).await
        }
    };
}

capacity_calls! {
    CapacityKind::Plc, "PLC", get_plc_history, "/getPLCHistory/{accountId}",
    update_plc_history, "/updatePLCHistory/{accountId}",
    delete_plc_history_record, "/deletePLCHistoryRecord/{PLCHistoryId}"
}
capacity_calls! {
    CapacityKind::Nspl, "NSPL", get_nspl_history, "/getNSPLHistory/{accountId}",
    update_nspl_history, "/updateNSPLHistory/{accountId}",
    delete_nspl_history_record, "/deleteNSPLHistoryRecord/{NSPLHistoryId}"
}
capacity_calls! {
    CapacityKind::SummerKw, "SummerKW", get_summer_kw_history, "/getSummerKWHistory/{accountId}",
    update_summer_kw_history, "/updateSummerKWHistory/{accountId}",
    delete_summer_kw_history_record, "/deleteSummerKWHistoryRecord/{SummerKWHistoryId}"
}
capacity_calls! {
    CapacityKind::WinterKw, "WinterKW", get_winter_kw_history, "/getWinterKWHistory/{accountId}",
    update_winter_kw_history, "/updateWinterKWHistory/{accountId}",
    delete_winter_kw_history_record, "/deleteWinterKWHistoryRecord/{WinterKWHistoryId}"
}
