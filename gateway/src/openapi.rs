//! The OpenAPI document of the REST surface, generated from the handlers.

use utoipa::{
    Modify, OpenApi,
    openapi::{
        ContentBuilder, Ref, RefOr, ResponseBuilder,
        path::Operation,
        security::{ApiKey, ApiKeyValue, SecurityScheme},
    },
};

use crate::{
    error::ErrorBody,
    rest::{accounts, call_banks, companies, contacts, contracts, directories, notes_tasks, reports, rfps, users},
};

#[derive(OpenApi)]
#[openapi(
    info(title = "Eris CRM REST API", description = "The compatibility REST surface of the Eris gateway. \
        Send the id_token from /api/user/login as the Authorization header, with or without a Bearer prefix."),
    paths(
        users::login,
        users::refresh,
        users::logout,
        users::get_all_users,
        users::get_active_users,
        users::validate_password,
        users::change_password,
        users::update_user,
        users::new_user,
        users::reset_user_password,
        companies::get_all_leads,
        companies::get_user_leads,
        companies::get_lead_by_id,
        companies::lead,
        companies::delete_lead,
        companies::new_lead,
        companies::update_lead,
        companies::mass_update_leads,
        companies::affiliates,
        companies::add_affiliate,
        notes_tasks::get_notes_by_lead_id,
        notes_tasks::new_note,
        notes_tasks::get_tasks_by_lead_id,
        notes_tasks::get_tasks_by_assignee,
        notes_tasks::new_task,
        notes_tasks::update_task,
        call_banks::list_call_banks,
        call_banks::create_call_bank,
        call_banks::update_call_bank,
        call_banks::delete_call_bank,
        call_banks::list_call_bank_companies,
        call_banks::set_call_bank_companies,
        call_banks::update_call_bank_company,
        directories::get_utilities,
        directories::add_utility,
        directories::edit_utility,
        directories::get_rate_codes,
        directories::update_rate_codes,
        directories::get_suppliers,
        directories::add_supplier,
        directories::edit_supplier,
        directories::delete_supplier,
        directories::get_supplier_contact_info,
        directories::add_supplier_contact_info,
        directories::update_supplier_contact_info,
        directories::delete_supplier_contact_info,
        directories::get_rate_types,
        directories::add_rate_type,
        directories::delete_rate_type,
        accounts::get_accounts_by_lead_id,
        accounts::create_account,
        accounts::update_account,
        accounts::delete_account,
        accounts::get_usage,
        accounts::update_usage,
        accounts::import_accounts,
        accounts::get_plc_history,
        accounts::update_plc_history,
        accounts::delete_plc_history_record,
        accounts::get_nspl_history,
        accounts::update_nspl_history,
        accounts::delete_nspl_history_record,
        accounts::get_summer_kw_history,
        accounts::update_summer_kw_history,
        accounts::delete_summer_kw_history_record,
        accounts::get_winter_kw_history,
        accounts::update_winter_kw_history,
        accounts::delete_winter_kw_history_record,
        contacts::list_contacts,
        contacts::create_contact,
        contacts::update_contact,
        contacts::delete_contact,
        rfps::save_rfp,
        rfps::get_rfps_by_lead_id,
        rfps::get_rfps,
        rfps::get_user_rfps,
        rfps::delete_rfp,
        rfps::rfp_xlsx,
        rfps::rfps_xlsx,
        rfps::list_prices,
        rfps::create_price,
        rfps::delete_price,
        rfps::set_outcome,
        reports::revenue_by_supplier,
        reports::actual_revenue_by_supplier,
        reports::contract_year_options,
        reports::renewal_tracking,
        reports::renewal_alerts,
        reports::get_suppliers,
        reports::get_payment_years,
        reports::get_projected_years,
        reports::get_start_months,
        reports::margin_builder,
        reports::contract_margin_payments,
        reports::margin_builder_export,
        reports::margin_builder_download,
        reports::get_all_payments,
        reports::supplier_outreach,
        reports::first_months_billing,
        reports::auto_inactive_contracts,
        reports::welcome_emails,
        reports::opportunity_tracker,
        reports::commission_reconciliation,
        contracts::get_contracts_by_lead_id,
        contracts::create_contract,
        contracts::update_contract,
        contracts::delete_contract,
        contracts::upload_contract_pdf,
        contracts::put_contract_file,
        contracts::get_contract_file,
        contracts::delete_contract_pdf,
        contracts::get_payment,
        contracts::add_payment,
        contracts::add_pasted_payment,
        contracts::update_payment,
        contracts::delete_payment_record,
        contracts::update_all_projected_payments,
        contracts::get_dr_payment_history,
        contracts::add_dr_payment_history,
        contracts::delete_dr_payment_history_record,
        contracts::beta_read_all,
        contracts::beta_read_one,
        contracts::beta_create,
        contracts::beta_update,
        contracts::beta_delete,
        contracts::beta_payments_create,
        contracts::beta_payments_update,
        contracts::beta_payments_delete,
        contracts::hedges_create,
        contracts::hedges_read_all,
        contracts::hedges_read_one,
        contracts::hedges_update,
        contracts::hedges_delete,
        contracts::get_all_contracts,
        contracts::get_contracts,
    ),
    components(schemas(ErrorBody)),
    modifiers(&TokenAuth, &CommonResponses),
    security(("token" = [])),
    tags(
        (name = "users", description = "Sign-in, passwords and user administration"),
        (name = "companies", description = "Companies (leads) and affiliates"),
        (name = "notes and tasks", description = "Notes and tasks"),
        (name = "call banks", description = "Call banks and their companies"),
        (name = "utilities", description = "Utilities and their rate codes"),
        (name = "suppliers", description = "Suppliers and their contacts"),
        (name = "rate types", description = "Rate types"),
        (name = "accounts", description = "Accounts, usage and capacity histories"),
        (name = "contacts", description = "Company contacts"),
        (name = "rfps", description = "Requests for pricing, their spreadsheets and the prices returned"),
        (name = "contracts", description = "Contracts and their files"),
        (name = "payments", description = "Contract payments and DR payment history"),
        (name = "beta contracts", description = "The beta contract screens: contracts, payments and hedges"),
        (name = "contract lists", description = "The Contracts page's lists of the book"),
        (name = "reports", description = "Reports over the book, from the reporting service's read models"),
    ),
)]
pub struct ApiDoc;

struct TokenAuth;

impl Modify for TokenAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components
            .add_security_scheme("token", SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("Authorization"))));
    }
}

/// Calls that need no token.
const PUBLIC_PATHS: &[&str] = &["/api/user/login", "/api/user/refresh", "/api/user/logout"];

/// Calls that check a password, throttled like sign-in.
const PASSWORD_PATHS: &[&str] =
    &["/api/user/login", "/api/user/validatePassword/", "/api/user/changePassword", "/api/user/refresh"];

/// The answers any call may give besides its own, documented once here rather than on every
/// handler: an unreadable request (400), a body that is not JSON (415), and for calls that need
/// a token a refused one (401), a role that may not (403), a pending forced reset (412), a record
/// that does not exist or is not the caller's (404), someone else's newer edit (409) and a
/// service that cannot be reached (503).
struct CommonResponses;

fn error_response(code: u16) -> (String, RefOr<utoipa::openapi::Response>) {
    let description = match code {
        400 => "The request cannot be read or a value breaks its rule",
        401 => "No token, or one that is expired or revoked",
        403 => "The caller's role may not do this",
        404 => "No such record, or not one the caller may see",
        409 => "Someone else changed what this changes, or it exists already",
        412 => "The caller must change their password first",
        415 => "The body is not JSON (Content-Type: application/json)",
        429 => "Too many password checks; wait as the message says",
        _ => "A service cannot be reached; try again shortly",
    };
    let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
    let response = ResponseBuilder::new().description(description).content("application/json", content).build();
    (code.to_string(), RefOr::T(response))
}

impl Modify for CommonResponses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for (path, item) in openapi.paths.paths.iter_mut() {
            let public = PUBLIC_PATHS.contains(&path.as_str());
            let checks_password = PASSWORD_PATHS.contains(&path.as_str());
            let operations: [&mut Option<Operation>; 5] =
                [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete];
            for operation in operations.into_iter().flatten() {
                let mut codes = vec![400, 503];
                if operation.request_body.is_some() {
                    codes.push(415);
                }
                if !public {
                    codes.extend([401, 403, 404, 409, 412]);
                }
                if checks_password {
                    codes.push(429);
                }
                for code in codes {
                    let (key, response) = error_response(code);
                    operation.responses.responses.entry(key).or_insert(response);
                }
            }
        }
    }
}
