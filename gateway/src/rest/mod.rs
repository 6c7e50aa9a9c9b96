//! The REST surface under `/api`: spec document 1 and 2, section 7. Each call is translated to
//! gRPC calls to the service that owns the data.

/// A REST view of a service's message, declared field by field with what fills each field
/// from the message `$from` (by default its field of the same name), so each field is written
/// once: the struct (Serialize and ToSchema) and `From<$source>`, or, where the view also needs
/// what the message refers to (a user's name for an id), `new($from, $arg)`.
macro_rules! view {
    ($(#[$meta:meta])* pub struct $name:ident from $from:ident: $source:ty $(, $arg:ident: $arg_type:ty)? {
        $($(#[$field_meta:meta])* $field:ident: $type:ty $(= $value:expr)?),* $(,)?
    }) => {
        #[derive(Debug, serde::Serialize, utoipa::ToSchema)]
        $(#[$meta])*
        pub struct $name {
            $($(#[$field_meta])* pub $field: $type,)*
        }

        view!(@impl $name from $from: $source $(, $arg: $arg_type)? { $($field $(= $value)?),* });
    };
    (@impl $name:ident from $from:ident: $source:ty { $($field:ident $(= $value:expr)?),* }) => {
        impl From<$source> for $name {
            fn from($from: $source) -> Self {
                Self { $($field: view!(@value $from $field $($value)?),)* }
            }
        }
    };
    (@impl $name:ident from $from:ident: $source:ty, $arg:ident: $arg_type:ty {
        $($field:ident $(= $value:expr)?),*
    }) => {
        impl $name {
            /// The view of a message whose references (user ids, directory ids) `$arg` names.
            pub(crate) fn new($from: $source, $arg: $arg_type) -> Self {
                Self { $($field: view!(@value $from $field $($value)?),)* }
            }
        }
    };
    (@value $from:ident $field:ident) => {
        $from.$field
    };
    (@value $from:ident $field:ident $value:expr) => {
        $value
    };
}

pub mod accounts;
pub mod call_banks;
pub mod companies;
pub mod contacts;
pub mod contracts;
pub mod directories;
mod directory;

pub use directory::DirectoryCache;
pub mod leads;
pub mod notes_tasks;
pub mod reports;
pub mod rfps;
pub mod statements;
pub mod users;

use std::{future::Future, sync::Arc};

use axum::{Json, extract::DefaultBodyLimit, http::StatusCode, response::IntoResponse};
use eris_proto::sourcing::v1::Commodity;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouter, UtoipaMethodRouterExt},
    routes,
};

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    openapi,
};

/// A service's answer as the REST call's: its message, or its failure (`area` names the service).
pub(crate) trait Answer<T> {
    fn answer(self, area: &str) -> ApiResult<T>;
}

impl<T> Answer<T> for Result<tonic::Response<T>, tonic::Status> {
    fn answer(self, area: &str) -> ApiResult<T> {
        self.map(tonic::Response::into_inner).map_err(|status| ApiError::from_status(&status, area))
    }
}

/// An answer of a service without the record it must hold.
pub(crate) fn missing() -> ApiError {
    ApiError::new(StatusCode::BAD_GATEWAY, "The service answered without the record.")
}

/// What a change answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct Done {
    pub message: String,
}

/// The answer of a change: what was done.
pub(crate) fn done(message: &str) -> ApiResult<Json<Done>> {
    Ok(Json(Done { message: message.to_owned() }))
}

/// The id of a created record.
#[derive(Debug, Serialize, ToSchema)]
pub struct InsertId {
    #[serde(rename = "insertId")]
    pub insert_id: i64,
}

/// The answer of a creation: 201 and the new record's id.
pub(crate) fn created_id(insert_id: i64) -> ApiResult<(StatusCode, Json<InsertId>)> {
    Ok((StatusCode::CREATED, Json(InsertId { insert_id })))
}

/// The update mask naming the fields present.
pub(crate) fn mask(paths: Vec<&str>) -> Option<prost_types::FieldMask> {
    Some(prost_types::FieldMask { paths: paths.into_iter().map(str::to_owned).collect() })
}

/// Sets `target` to `value` when an edit sent it, and names the field in `paths` (its update mask).
pub(crate) fn set<T>(paths: &mut Vec<&'static str>, path: &'static str, value: Option<T>, target: &mut T) {
    if let Some(value) = value {
        *target = value;
        paths.push(path);
    }
}

/// Text a service leaves empty for none.
pub(crate) fn text(text: String) -> Option<String> {
    (!text.is_empty()).then_some(text)
}

/// An id a service leaves 0 for none.
pub(crate) fn id(id: i64) -> Option<i64> {
    (id > 0).then_some(id)
}

/// A protobuf timestamp as RFC 3339, to the second.
pub(crate) fn rfc3339(time: Option<prost_types::Timestamp>) -> Option<String> {
    time.and_then(|t| chrono::DateTime::from_timestamp(t.seconds, 0)).map(|t| t.to_rfc3339())
}

/// A commodity's REST name (its stored name), from the proto's number.
pub(crate) fn commodity_name(commodity: i32) -> &'static str {
    eris_platform::vocabulary::Commodity::name_of_proto(commodity)
}

/// A commodity from its REST name (any case); empty is none.
pub(crate) fn commodity_value(name: &str) -> ApiResult<Commodity> {
    match name.trim().to_ascii_lowercase().as_str() {
        "" => Ok(Commodity::Unspecified),
        "electric" => Ok(Commodity::Electric),
        "gas" => Ok(Commodity::Gas),
        "dr" => Ok(Commodity::Dr),
        _ => Err(ApiError::bad_request("Commodity must be Electric, Gas or DR.")),
    }
}

/// Every item of a listing, asked a page at a time: `page` answers a page's items and the next
/// page's token (empty after the last).
pub(crate) async fn all_pages<T, F, Fut>(mut page: F) -> ApiResult<Vec<T>>
where
    F: FnMut(String) -> Fut,
    Fut: Future<Output = ApiResult<(Vec<T>, String)>>,
{
    let (mut all, mut token) = (Vec::new(), String::new());
    loop {
        let (items, next) = page(token).await?;
        all.extend(items);
        if next.is_empty() {
            return Ok(all);
        }
        token = next;
    }
}

/// Unknown `/api` paths.
pub async fn not_found() -> impl IntoResponse {
    ApiError::new(StatusCode::NOT_FOUND, "No such API call.")
}

/// A part of the route table: the router of its calls and their OpenAPI paths, made together
/// from each handler's `#[utoipa::path]`, so a path is written once.
#[derive(Default)]
pub struct Table {
    pub router: OpenApiRouter<Arc<AppState>>,
    /// Every path routed (under `/api`), the trailing-slash aliases too.
    pub paths: Vec<String>,
}

impl Table {
    /// Routes and documents a handler. A path the spec writes with a trailing slash
    /// (`/addUtility/`) also answers without it, as clients send both; only the spec's is documented.
    fn add(mut self, (schemas, paths, method_router): UtoipaMethodRouter<Arc<AppState>>) -> Self {
        let mut router = std::mem::take(&mut self.router);
        for path in paths.paths.keys() {
            self.paths.push(path.clone());
            if let Some(alias) = path.strip_suffix('/').filter(|alias| !alias.is_empty()) {
                router = router.route(alias, method_router.clone());
                self.paths.push(alias.to_owned());
            }
        }
        self.router = router.routes((schemas, paths, method_router));
        self
    }
}

/// The route table of `/api`: the calls anyone may make (each checks what it is sent), and the
/// calls that need a signed-in caller.
pub fn tables() -> (Table, Table) {
    let public = Table::default()
        .add(routes!(users::login))
        .add(routes!(users::refresh))
        // Identity checks the token or the refresh token itself: an expired access token still
        // signs out, so the refresh token does not outlive the session.
        .add(routes!(users::logout))
        .add(routes!(openapi::openapi_json))
        // The single-use ticket in the address is the credential: a browser downloads by address.
        .add(routes!(reports::margin_builder_download));
    let protected = Table::default()
        .add(routes!(users::get_all_users))
        .add(routes!(users::get_active_users))
        .add(routes!(users::validate_password))
        .add(routes!(users::change_password))
        .add(routes!(users::update_user))
        .add(routes!(users::new_user))
        .add(routes!(users::reset_user_password))
        .add(routes!(companies::get_all_leads))
        .add(routes!(companies::get_user_leads))
        .add(routes!(companies::get_lead_by_id))
        .add(routes!(companies::lead))
        .add(routes!(companies::delete_lead))
        .add(routes!(companies::new_lead))
        .add(routes!(companies::update_lead))
        .add(routes!(companies::mass_update_leads))
        .add(routes!(companies::affiliates))
        .add(routes!(companies::add_affiliate))
        .add(routes!(notes_tasks::get_notes_by_lead_id))
        .add(routes!(notes_tasks::new_note))
        .add(routes!(notes_tasks::get_tasks_by_lead_id))
        .add(routes!(notes_tasks::get_tasks_by_assignee))
        .add(routes!(notes_tasks::new_task))
        .add(routes!(notes_tasks::update_task))
        .add(routes!(directories::get_utilities))
        .add(routes!(directories::add_utility))
        .add(routes!(directories::edit_utility))
        .add(routes!(directories::get_rate_codes))
        .add(routes!(directories::update_rate_codes))
        .add(routes!(directories::get_suppliers))
        .add(routes!(directories::add_supplier))
        .add(routes!(directories::edit_supplier))
        .add(routes!(directories::delete_supplier))
        .add(routes!(directories::get_supplier_contact_info))
        .add(routes!(directories::add_supplier_contact_info))
        .add(routes!(directories::update_supplier_contact_info))
        .add(routes!(directories::delete_supplier_contact_info))
        .add(routes!(directories::get_rate_types))
        .add(routes!(directories::add_rate_type))
        .add(routes!(directories::delete_rate_type))
        .add(routes!(accounts::get_accounts_by_lead_id))
        .add(routes!(accounts::create_account))
        .add(routes!(accounts::update_account))
        .add(routes!(accounts::delete_account))
        .add(routes!(accounts::get_usage))
        .add(routes!(accounts::update_usage))
        .add(routes!(accounts::import_accounts))
        .add(routes!(accounts::get_plc_history))
        .add(routes!(accounts::update_plc_history))
        .add(routes!(accounts::delete_plc_history_record))
        .add(routes!(accounts::get_nspl_history))
        .add(routes!(accounts::update_nspl_history))
        .add(routes!(accounts::delete_nspl_history_record))
        .add(routes!(accounts::get_summer_kw_history))
        .add(routes!(accounts::update_summer_kw_history))
        .add(routes!(accounts::delete_summer_kw_history_record))
        .add(routes!(accounts::get_winter_kw_history))
        .add(routes!(accounts::update_winter_kw_history))
        .add(routes!(accounts::delete_winter_kw_history_record))
        .add(routes!(contacts::list_contacts))
        .add(routes!(contacts::create_contact))
        .add(routes!(contacts::update_contact))
        .add(routes!(contacts::delete_contact))
        .add(routes!(rfps::save_rfp))
        .add(routes!(rfps::get_rfps_by_lead_id))
        .add(routes!(rfps::get_rfps))
        .add(routes!(rfps::get_user_rfps))
        .add(routes!(rfps::delete_rfp))
        .add(routes!(rfps::rfps_xlsx))
        .add(routes!(contracts::get_contracts_by_lead_id))
        .add(routes!(contracts::create_contract))
        .add(routes!(contracts::update_contract))
        .add(routes!(contracts::delete_contract))
        .add(routes!(contracts::upload_contract_pdf))
        // A contract file may be larger than the default body limit.
        .add(routes!(contracts::put_contract_file).layer(DefaultBodyLimit::max(contracts::MAX_FILE_BYTES + 1)))
        .add(routes!(contracts::get_contract_file))
        .add(routes!(contracts::delete_contract_pdf))
        .add(routes!(contracts::get_payment))
        .add(routes!(contracts::add_payment))
        .add(routes!(contracts::add_pasted_payment))
        .add(routes!(contracts::update_payment))
        .add(routes!(contracts::delete_payment_record))
        .add(routes!(contracts::update_all_projected_payments))
        .add(routes!(contracts::get_dr_payment_history))
        .add(routes!(contracts::add_dr_payment_history))
        .add(routes!(contracts::delete_dr_payment_history_record))
        .add(routes!(contracts::beta_read_all))
        .add(routes!(contracts::beta_read_one))
        .add(routes!(contracts::beta_create))
        .add(routes!(contracts::beta_update))
        .add(routes!(contracts::beta_delete))
        .add(routes!(contracts::beta_payments_create))
        .add(routes!(contracts::beta_payments_update))
        .add(routes!(contracts::beta_payments_delete))
        .add(routes!(contracts::hedges_create))
        .add(routes!(contracts::hedges_read_all))
        .add(routes!(contracts::hedges_read_one))
        .add(routes!(contracts::hedges_update))
        .add(routes!(contracts::hedges_delete))
        .add(routes!(contracts::get_all_contracts))
        // A statement of 50,000 rows is larger than the default body limit.
        .add(
            routes!(statements::post_statement, statements::list_statements)
                .layer(DefaultBodyLimit::max(statements::MAX_MESSAGE_BYTES)),
        )
        .add(routes!(statements::get_statement))
        .add(routes!(statements::link_row))
        .add(routes!(statements::revert_statement))
        .add(routes!(reports::revenue_by_supplier))
        .add(routes!(reports::actual_revenue_by_supplier))
        .add(routes!(reports::contract_year_options))
        .add(routes!(reports::renewal_tracking))
        .add(routes!(reports::renewal_alerts))
        .add(routes!(reports::get_suppliers))
        .add(routes!(reports::get_payment_years))
        .add(routes!(reports::get_projected_years))
        .add(routes!(reports::get_start_months))
        .add(routes!(reports::margin_builder))
        .add(routes!(reports::contract_margin_payments))
        .add(routes!(reports::get_all_payments))
        .add(routes!(reports::margin_builder_export))
        .add(routes!(reports::supplier_outreach))
        .add(routes!(reports::first_months_billing))
        .add(routes!(reports::auto_inactive_contracts))
        .add(routes!(reports::welcome_emails))
        .add(routes!(reports::opportunity_tracker))
        .add(routes!(reports::commission_reconciliation))
        .add(routes!(contracts::get_contracts))
        .add(routes!(rfps::rfp_xlsx))
        .add(routes!(rfps::list_prices))
        .add(routes!(rfps::create_price))
        .add(routes!(rfps::set_outcome))
        .add(routes!(rfps::delete_price))
        .add(routes!(call_banks::list_call_banks))
        .add(routes!(call_banks::create_call_bank))
        .add(routes!(call_banks::update_call_bank))
        .add(routes!(call_banks::delete_call_bank))
        .add(routes!(call_banks::list_call_bank_companies))
        .add(routes!(call_banks::set_call_bank_companies))
        .add(routes!(call_banks::update_call_bank_company));
    (public, protected)
}
